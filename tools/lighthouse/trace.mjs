// A look inside the long tasks of one screen: the same signed-in load as run.mjs's, in Chromium with the CPU
// slowed 4× (Lighthouse's mobile multiplier) and a performance trace; it prints each task over 50 ms with what
// ran in it (script evaluations and calls by URL, timers, idle callbacks, microtasks, style and layout).
//
//   GOLDSHOP_BIN=/tmp/goldshop node trace.mjs /trade_page [runs]
//
// TRACE_JS=1 adds the JavaScript by self time, over the load and in each long task; TRACE_SLOW_4G=1 emulates
// Lighthouse's mobile network; TRACE_NO_FONTS=1 refuses the web fonts (a layout on the fallback fonts, as on a
// phone whose fonts have not come yet); SIGNED_IN=1 signs in for "/" too. Unlike Lighthouse's simulation, the
// times are the page's own at 4× CPU, so they show what a task is made of, not the score.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { seedShop, signIn } from './customer.mjs';
import { startShop } from '../../ui/e2e/shop.mjs';

const path = process.argv[2] ?? '/trade_page';
const RUNS = Number(process.argv[3] ?? 1);
const shop = await startShop();

try {
  const { call, customer } = await seedShop(shop);
  for (let run = 0; run < RUNS; run++) {
    const profile = mkdtempSync(join(tmpdir(), 'goldshop-trace-'));
    const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: 'new', userDataDir: profile,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      if (path !== '/' || process.env.SIGNED_IN) await signIn(page, shop, call, customer.phone);
      if (process.env.TRACE_NO_FONTS) { // the fallback fonts only: what the web font's shaping costs
        await page.setRequestInterception(true);
        page.on('request', (r) => (r.url().endsWith('.woff2') ? r.abort() : r.continue()));
      }
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      if (process.env.TRACE_SLOW_4G) { // Lighthouse's mobile network: 150 ms, 1.6 Mbit/s down, 750 kbit/s up
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6 * 1024 * 1024 / 8 * 0.9, uploadThroughput: 750 * 1024 / 8 * 0.9 });
      }
      if (process.env.TRACE_JS) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      await page.tracing.start({ categories: ['loading', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel', 'v8'] });
      await page.goto(`${shop.url}${path}`, { waitUntil: 'load' });
      await new Promise((r) => setTimeout(r, 6000));
      const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString());
      const tasks = report(trace.traceEvents);
      if (process.env.TRACE_JS) {
        const { profile } = await cdp.send('Profiler.stop');
        functions(profile, 'the whole load');
        for (const t of tasks) functions(profile, `the task at ${t.at} ms`, t.ts, t.ts + t.dur);
      }
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
} finally {
  await shop.stop();
}

function report(events) {
  // the renderer of the shop's page: the process its frame was committed in
  const pids = new Set(events.filter((e) => ['FrameCommittedInBrowser', 'TracingStartedInBrowser'].includes(e.name))
    .flatMap((e) => [e.args?.data, ...(e.args?.data?.frames ?? [])]).filter((d) => d?.url?.startsWith(shop.url) && d.processId)
    .map((d) => d.processId));
  const renderer = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain' && pids.has(e.pid)).map((e) => `${e.pid}:${e.tid}`);
  const onMain = (e) => renderer.includes(`${e.pid}:${e.tid}`);
  // from the document's request: the tasks of the sign-in page it replaces come before it
  const nav = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === `${shop.url}${path}`)?.ts ?? 0;
  const tasks = events.filter((e) => onMain(e) && e.ph === 'X' && e.name === 'RunTask' && e.dur > 50_000 && e.ts >= nav);
  // Lighthouse counts blocking from the first contentful paint on: a task before it holds up the paint, not a tap
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= nav)?.ts;
  let tbt = 0;
  let afterPaint = 0;
  for (const t of tasks) {
    tbt += t.dur / 1000 - 50;
    if (fcp !== undefined) afterPaint += Math.max(0, (t.ts + t.dur - Math.max(t.ts, fcp)) / 1000 - 50);
    const inside = events.filter((e) => onMain(e) && e.ph === 'X' && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e !== t);
    const parts = new Map();
    for (const e of inside) {
      const d = e.args?.data ?? {};
      let key = null;
      if (['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule'].includes(e.name)) key = `${e.name} ${(d.url ?? e.args?.fileName ?? '').replace(shop.url, '')}`;
      else if (e.name === 'FunctionCall') key = `call ${(d.url ?? '').replace(shop.url, '')}:${d.functionName ?? ''}`;
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
  console.log(`blocking (observed, 4× CPU): ${tbt.toFixed(0)} ms over ${tasks.length} long tasks, ${afterPaint.toFixed(0)} ms after the first contentful paint`);
  return tasks.map((t) => ({ ts: t.ts, dur: t.dur, at: ((t.ts - nav) / 1000).toFixed(0) }));
}

/** functions prints where the page's JavaScript spent its time, between from and to if given: self time by
 * function, the top 30 (15 for a task). */
function functions(profile, what, from = -Infinity, to = Infinity) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) continue;
    const f = byId.get(profile.samples[i]).callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(shop.url, '')}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  console.log(`JavaScript in ${what}:`);
  const top = [...self].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, from === -Infinity ? 30 : 15);
  for (const [k, v] of top) console.log(`  ${v.toFixed(1)} ms  ${k}`);
}
