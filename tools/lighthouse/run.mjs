// Lighthouse's mobile run (a Moto G Power on slow 4G, simulated throttling) of the customer screens against the
// real binary (issues 25 and 41): signed-out home, the host's bare baseline, and login signed out; home,
// trade, wallet and statement signed in; each RUNS times in a fresh Chromium profile with an empty HTTP cache,
// the screens taken in turn so that the host's noise falls on all of them alike. Each run waits for a quiet
// host and is taken again when other programs took the CPU meanwhile (host.mjs). It prints a markdown table:
// each screen's median Total Blocking Time with its range, performance score, scripts and their bytes, and its
// TBT over signed-out home's.
//
//   GOLDSHOP_BIN=/tmp/ui-goldshop node run.mjs [runs]      (after npm ci here; see README.md)
//
// LIGHTHOUSE_DETAIL=1 also prints each run's long tasks and requests, and the tasks of the trace Lighthouse
// simulates from that its 4× CPU makes long, each with what ran in it, to see what blocks; LIGHTHOUSE_SCREENS=trade
// (names or paths, semicolon-separated: a name may hold a comma) measures only those screens beside the baseline.
//
// Signing in is what the login screen leaves on the phone (the tokens and the user in localStorage), written at
// the shop's /healthz, which runs none of the app, so no service worker and no cached file helps the load;
// Lighthouse then keeps that storage (disableStorageReset).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { seedShop, signIn } from './customer.mjs';
import { report } from './tasks.mjs';
import { mark, waitForQuiet } from './host.mjs';
import { startShop } from '../../ui/e2e/shop.mjs';

const RUNS = Number(process.argv[2] ?? 5);
/** QUIET is the most of the machine's CPU other programs may take before or during a run that is kept. */
const QUIET = 0.05;
/** RETRIES is how often a run disturbed by other programs is taken again before it is kept as it is. */
const RETRIES = 6;
/** QUIET_WAIT_MS is the longest a run waits for a quiet host. */
const QUIET_WAIT_MS = 10 * 60_000;
const DETAIL = !!process.env.LIGHTHOUSE_DETAIL;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
/** SCREENS are measured in this order each round; the first is the baseline the others are divided by. */
const SCREENS = [
  { name: 'home, signed out', path: '/', signedIn: false },
  { name: 'login', path: '/login_page', signedIn: false },
  { name: 'home, signed in', path: '/', signedIn: true },
  { name: 'trade', path: '/trade_page', signedIn: true },
  { name: 'wallet', path: '/deposit-withdraw_page', signedIn: true },
  { name: 'statement', path: '/transactions_page', signedIn: true },
];
/** ONLY, from LIGHTHOUSE_SCREENS (names or paths, semicolon-separated), narrows a run to some screens beside the baseline. */
const ONLY = process.env.LIGHTHOUSE_SCREENS?.split(';').map((n) => n.trim());
const MEASURED = ONLY ? SCREENS.filter((s, i) => i === 0 || ONLY.includes(s.name) || (s.signedIn && ONLY.includes(s.path))) : SCREENS;
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const shop = await startShop();

/**
 * prepare empties the browser's HTTP cache and, for a signed-in screen, writes a fresh login into the storage of
 * the shop's origin.
 */
async function prepare(port, call, phone, signedIn) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    if (signedIn) await signIn(page, shop, call, phone);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * measure runs Lighthouse once on screen in a fresh profile. Its others is the share of the CPU other programs
 * took meanwhile, read before Chromium ends: a killed browser's helpers are no longer counted as ours.
 */
async function measure(screen, call, phone) {
  const profile = mkdtempSync(join(tmpdir(), 'goldshop-lighthouse-'));
  const window = mark();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir: profile });
  try {
    await prepare(chrome.port, call, phone, screen.signedIn);
    const { lhr, artifacts } = await lighthouse(`${shop.url}${screen.path}`, {
      port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true,
    });
    const scripts = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script');
    if (DETAIL) {
      const tasks = lhr.audits['long-tasks']?.details?.items ?? [];
      // blocking counts from the (simulated) first contentful paint to the page's being interactive
      const at = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      console.error(`${screen.name}: TBT ${at('total-blocking-time')} ms, FCP ${at('first-contentful-paint')} ms, TTI ${at('interactive')} ms; long tasks ` +
        tasks.map((t) => `${t.url?.replace(shop.url, '') ?? '?'}@${Math.round(t.startTime)}+${Math.round(t.duration)}`).join(', '));
      const loaded = lhr.audits['network-requests'].details.items.filter((r) => ['Script', 'Font', 'Fetch', 'Stylesheet'].includes(r.resourceType));
      for (const r of loaded) console.error(`  ${Math.round(r.networkRequestTime)}–${Math.round(r.networkEndTime)} ms ${r.resourceType} ${r.url.replace(shop.url, '')} ${r.transferSize} B`);
      const work = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
      console.error(`  main thread: ${work.map((w) => `${w.group} ${Math.round(w.duration)}`).join(', ')}`);
      // the page's own tasks, unthrottled, that the simulation's 4× CPU makes long (12.5 ms × 4 = 50 ms)
      console.error('  in the trace the simulation starts from:');
      report(artifacts.Trace.traceEvents, shop.url, screen.path, 12.5);
      const boot = lhr.audits['bootup-time']?.details?.items ?? [];
      console.error(`  scripts' time: ${boot.map((b) => `${b.url.replace(shop.url, '')} ${Math.round(b.scripting)}+${Math.round(b.scriptParseCompile)}`).join(', ')}`);
    }
    return {
      others: window.others(),
      version: lhr.lighthouseVersion,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      score: Math.round(lhr.categories.performance.score * 100),
      scripts: scripts.length,
      bytes: scripts.reduce((n, r) => n + r.transferSize, 0),
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

try {
  const { call, customer } = await seedShop(shop);
  const runs = new Map(MEASURED.map((s) => [s, []]));
  let disturbed = 0;
  for (let i = 0; i < RUNS; i++) {
    for (const screen of MEASURED) {
      let r;
      for (let attempt = 0; ; attempt++) {
        const waited = await waitForQuiet(QUIET, QUIET_WAIT_MS);
        r = await measure(screen, call, customer.phone);
        console.error(`run ${i + 1}/${RUNS} ${screen.name}: TBT ${Math.round(r.tbt)} ms, score ${r.score}, ${r.scripts} scripts, ${kb(r.bytes)}` +
          ` (waited ${Math.round(waited / 1000)} s for a quiet host; others took ${(r.others * 100).toFixed(1)} % meanwhile)`);
        if (r.others <= QUIET * 2) break;
        if (attempt === RETRIES) {
          disturbed++;
          break;
        }
      }
      runs.get(screen).push(r);
    }
  }
  const base = median(runs.get(SCREENS[0]).map((r) => r.tbt));
  console.log(`Lighthouse ${runs.get(SCREENS[0])[0].version} mobile, median of ${RUNS} runs each, fresh profile each run, ${new Date().toISOString()}`);
  if (disturbed) console.log(`(${disturbed} runs kept although other programs took more than ${QUIET * 200} % of the CPU)`);
  console.log('');
  console.log('| screen | TBT median | TBT min–max | performance | JS transferred | scripts | TBT ÷ signed-out home |');
  console.log('|---|---|---|---|---|---|---|');
  for (const screen of MEASURED) {
    const rs = runs.get(screen);
    const tbts = rs.map((r) => r.tbt);
    const tbt = median(tbts);
    console.log(`| ${screen.name} (\`${screen.path}\`) | ${Math.round(tbt)} ms | ${Math.round(Math.min(...tbts))}–${Math.round(Math.max(...tbts))} ms | ` +
      `${median(rs.map((r) => r.score))} | ${kb(median(rs.map((r) => r.bytes)))} | ${median(rs.map((r) => r.scripts))} | ` +
      `${base > 0 ? (tbt / base).toFixed(2) : '—'} |`);
  }
} finally {
  await shop.stop();
}
