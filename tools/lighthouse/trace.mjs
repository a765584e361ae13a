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
import { report } from './tasks.mjs';
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
      const tasks = report(trace.traceEvents, shop.url, path);
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
