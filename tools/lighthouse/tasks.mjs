// The long tasks of a page's main thread in a Chromium trace, with what ran in each: trace.mjs's report, and
// run.mjs's detail on Lighthouse's own trace.

/**
 * report prints each task of the page's main thread longer than overMs (from the document's request for the
 * path on origin) with what ran in it, and the blocking they add up to; it returns the tasks.
 */
export function report(events, origin, path, overMs = 50) {
  // the renderer of the shop's page: the process its frame was committed in
  const pids = new Set(events.filter((e) => ['FrameCommittedInBrowser', 'TracingStartedInBrowser'].includes(e.name))
    .flatMap((e) => [e.args?.data, ...(e.args?.data?.frames ?? [])]).filter((d) => d?.url?.startsWith(origin) && d.processId)
    .map((d) => d.processId));
  const renderer = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain' && pids.has(e.pid)).map((e) => `${e.pid}:${e.tid}`);
  const onMain = (e) => renderer.includes(`${e.pid}:${e.tid}`);
  // from the document's request: the tasks of the sign-in page it replaces come before it
  const nav = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === `${origin}${path}`)?.ts ?? 0;
  const tasks = events.filter((e) => onMain(e) && e.ph === 'X' && e.name === 'RunTask' && e.dur > overMs * 1000 && e.ts >= nav);
  // Lighthouse counts blocking from the first contentful paint on: a task before it holds up the paint, not a tap
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= nav)?.ts;
  let tbt = 0;
  let afterPaint = 0;
  for (const t of tasks) {
    tbt += t.dur / 1000 - overMs;
    if (fcp !== undefined) afterPaint += Math.max(0, (t.ts + t.dur - Math.max(t.ts, fcp)) / 1000 - overMs);
    const inside = events.filter((e) => onMain(e) && e.ph === 'X' && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e !== t);
    const parts = new Map();
    for (const e of inside) {
      const d = e.args?.data ?? {};
      let key = null;
      if (['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule'].includes(e.name)) key = `${e.name} ${(d.url ?? e.args?.fileName ?? '').replace(origin, '')}`;
      else if (e.name === 'FunctionCall') key = `call ${(d.url ?? '').replace(origin, '')}:${d.functionName ?? ''}`;
      else if (['TimerFire', 'FireIdleCallback', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'ParseHTML', 'ParseAuthorStyleSheet', 'Paint', 'PrePaint', 'Layerize', 'EventDispatch', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'XHRReadyStateChange', 'ResourceReceivedData', 'FireAnimationFrame', 'HitTest', 'Commit'].includes(e.name)) key = e.name + (d.type ? ` ${d.type}` : '');
      if (!key) continue;
      parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | ');
    console.log(`task @${((t.ts - nav) / 1000).toFixed(0)} ms ${(t.dur / 1000).toFixed(0)} ms: ${top}`);
    for (const e of inside.filter((e) => e.name === 'Layout' && e.dur > 10_000)) {
      console.log(`    layout ${(e.dur / 1000).toFixed(0)} ms: ${e.args?.beginData?.dirtyObjects}/${e.args?.beginData?.totalObjects} objects, partial ${e.args?.beginData?.partialLayout}, root ${e.args?.endData?.layoutRoots?.length ?? '?'}`);
    }
    if (process.env.TRACE_ALL) {
      const kinds = new Map();
      for (const e of inside) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
      console.log('    all: ' + [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | '));
    }
  }
  console.log(`first contentful paint @${fcp === undefined ? '?' : ((fcp - nav) / 1000).toFixed(0)} ms`);
  console.log(`blocking over ${overMs} ms: ${tbt.toFixed(0)} ms over ${tasks.length} long tasks, ${afterPaint.toFixed(0)} ms after the first contentful paint`);
  return tasks.map((t) => ({ ts: t.ts, dur: t.dur, at: ((t.ts - nav) / 1000).toFixed(0) }));
}
