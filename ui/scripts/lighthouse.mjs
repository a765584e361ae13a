// Lighthouse on the real binary as a phone meets it: mobile defaults (Moto G Power, slow 4G, simulated
// throttling), each run in a fresh Chromium profile, signed out and signed in as a customer, and the median of
// the runs. Lighthouse is not among the UI's packages (it is large and CI does not need it); install it
// beside, once, and point the script at it:
//
//   npm install --prefix /tmp/lighthouse lighthouse@12
//   GOLDSHOP_BIN=/tmp/goldshop LIGHTHOUSE_DIR=/tmp/lighthouse node scripts/lighthouse.mjs [runs]
//
// Signing in is what the login screen leaves on the phone (the tokens and the user in localStorage), written
// on the shop's origin at a page that runs none of the app (/healthz), so no service worker and no cached
// file helps the measured load; Lighthouse then keeps that storage (disableStorageReset).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiFor, ok } from '../e2e/api.mjs';
import { startShop } from '../e2e/shop.mjs';

const dir = process.env.LIGHTHOUSE_DIR;
if (!dir) throw new Error('LIGHTHOUSE_DIR must name a folder where lighthouse@12 is installed');
const need = createRequire(join(dir, 'package.json'));
const load = async (name) => import(pathToFileURL(need.resolve(name)).href);
const lighthouse = (await load('lighthouse')).default;
const chromeLauncher = await load('chrome-launcher');
const puppeteer = (await load('puppeteer-core')).default;

const RUNS = Number(process.argv[2] ?? 3);
const ONLY = process.env.LIGHTHOUSE_PAGE; // one path of PAGES, e.g. "/trade_page signed in"
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/login_page', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/trade_page', signedIn: true },
  { path: '/deposit-withdraw_page', signedIn: true },
];
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const shop = await startShop();
let shopEnded = false;
process.on('exit', () => shopEnded || process.kill(shop.pid));
const { call, apiLogin, registerCustomer } = apiFor(() => shop);
shop.addAdmin('09350007777', 'lighthouse-desk-secret');
const admin = await apiLogin('09350007777', 'lighthouse-desk-secret');
for (const base of ['104500000', '105250000']) {
  ok(await call('/api/admin/prices', { method: 'POST', token: admin.accessToken, body: { base_price: base } }));
}
const customer = await registerCustomer('09120007777', '007777777');
ok(await call('/api/adminCharge/charge', { method: 'POST', token: admin.accessToken,
  body: { userId: customer.id, type: 'rial', amount: '250000000', description: 'واریز اولیه' } }));

/** measure runs Lighthouse once on path in a fresh profile. */
async function measure(path, signedIn) {
  const profile = mkdtempSync(join(tmpdir(), 'goldshop-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: FLAGS, userDataDir: profile });
  try {
    if (signedIn) {
      // a fresh login each run: the last run's refresh may have rotated the tokens away
      const login = ok(await call('/api/auth/login', { method: 'POST', body: { phone_number: customer.phone, password: 'sara-gold-1' } }));
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(`${shop.url}/healthz`);
      await page.evaluate((l) => {
        localStorage.setItem('authToken', l.accessToken);
        localStorage.setItem('refreshToken', l.refreshToken);
        const u = l.user;
        localStorage.setItem('userInfo', JSON.stringify({ id: u.id, first_name: u.first_name, last_name: u.last_name, name: u.name, is_admin: u.is_admin, role: u.role }));
      }, login);
      await page.close();
      await browser.disconnect();
    }
    const { lhr } = await lighthouse(`${shop.url}${path}`, {
      port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: signedIn,
    });
    const requests = lhr.audits['network-requests'].details.items;
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    if (process.env.LIGHTHOUSE_DETAIL) {
      // what a slow page waits for: its requests in order, the LCP element and what shifted
      for (const r of requests) console.error(`  ${Math.round(r.networkRequestTime)}–${Math.round(r.networkEndTime)} ms ${r.resourceType} ${r.url.replace(shop.url, '')} ${(r.transferSize / 1024).toFixed(1)} KB`);
      console.error('  LCP', JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet));
      console.error('  shifts', JSON.stringify(lhr.audits['layout-shifts']?.details?.items?.map((i) => [i.node?.snippet, i.score])));
      console.error('  long tasks', JSON.stringify(lhr.audits['long-tasks']?.details?.items?.map((i) => [i.url?.replace(shop.url, ''), Math.round(i.startTime), Math.round(i.duration)])));
      console.error('  main thread', JSON.stringify(lhr.audits['mainthread-work-breakdown']?.details?.items?.map((i) => [i.group, Math.round(i.duration)])));
      console.error('  bootup', JSON.stringify(lhr.audits['bootup-time']?.details?.items?.map((i) => [i.url?.replace(shop.url, ''), Math.round(i.scripting)])));
    }
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      scripts: scripts.length,
      scriptKB: scripts.reduce((n, r) => n + r.transferSize, 0) / 1024,
      failing: lhr.categories.accessibility.score < 1
        ? lhr.categories.accessibility.auditRefs.filter((a) => lhr.audits[a.id].score === 0).map((a) => a.id) : [],
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`| page | performance (runs) | LCP | TBT | CLS | accessibility | JS files / KB |`);
console.log(`|---|---|---|---|---|---|---|`);
for (const { path, signedIn } of PAGES) {
  if (ONLY && ONLY !== `${path} ${signedIn ? 'signed in' : 'signed out'}`) continue;
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(path, signedIn));
  const m = (k) => median(runs.map((r) => r[k]));
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  console.log(`| \`${path}\` ${signedIn ? 'signed in' : 'signed out'} | ${m('performance')} (${runs.map((r) => r.performance).join(', ')}) | ` +
    `${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${m('accessibility')}` +
    `${failing.length ? ` (${failing.join(', ')})` : ''} | ${m('scripts')} / ${m('scriptKB').toFixed(1)} |`);
}
shopEnded = true;
process.kill(shop.pid);
