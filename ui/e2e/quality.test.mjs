// What Lighthouse grades, held in the browser tests against the real binary, on the test phone and on the phone
// Lighthouse's mobile run emulates, over Lighthouse's slow 4G: home (signed out and signed in), login and trade
// pass axe-core's WCAG 2.x A and AA rules; nothing on them moves while the late parts arrive (the fonts, the
// home price card with its chart, a lazy screen's code, the trade prices); the first load of home fetches at
// most 45 KB of fonts and 40 KB of gzipped JavaScript, and every signed-in customer screen (home, trade, wallet,
// statement), from a fresh profile, at most 45 KB of fonts and 50 KB of gzipped JavaScript until it is usable
// (issue 41). dist.test.mjs checks the built files without a browser; fonts.test.mjs checks that the font cuts
// cover the interface's text.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import axe from 'axe-core';
import { launch, shot, viewports } from './browser.mjs';
import { startShop } from './shop.mjs';
import { apiFor, ok } from './api.mjs';

/** MAX_SHIFT bounds the layout shift of a whole visit; Lighthouse's full marks allow 0.1, we aim at none. */
const MAX_SHIFT = 0.01;
/** SETTLE_MS is how long a page is watched after its last late part has arrived. */
const SETTLE_MS = 2000;
/**
 * LOAD_TIMEOUT_MS bounds a page's load on slow 4G while the other lane's journeys share the two cores (a load
 * takes 4–5 s). Twice in CI runs (stops 31 and 32) Chromium held every subresource of a page unanswered for
 * the whole wait, the shop having served the page itself, fonts and scripts from memory; such a stalled load
 * is printed with what it waited for and asked once more.
 */
const LOAD_TIMEOUT_MS = 30_000;
const FONT_BUDGET = 45 * 1024;
const JS_BUDGET = 40 * 1024;
/**
 * SCREEN_JS_BUDGET is a signed-in customer screen's until it is usable (issue 41): the shell's scripts and the
 * screen's own, less what waits for the screen to be done (the trade's code step, the chat socket, the chart).
 */
const SCREEN_JS_BUDGET = 50 * 1024;
/** AXE_TAGS are the rule sets held: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** PHONES are our test phone and the Moto G Power that Lighthouse's mobile run emulates. */
const PHONES = {
  phone: viewports.phone,
  lighthouse: { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 },
};
/** SLOW_4G is Lighthouse's mobile network (150 ms, 1.6 Mbit/s down), so what arrives late arrives late here too. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 };
/** HOME_READY is the home price card's last part: its chart, or the chart's empty state. */
const HOME_READY = '[data-testid="home-sparkline"], [data-testid="home-sparkline-empty"]';

/** TRADE_READY is the trade screen's last late part: the customer's balance in place of its dots. */
const TRADE_READY = '[data-testid="trade-available-rial"]:not(:text-is("…"))';

/**
 * WEIGHED are the screens whose scripts are counted until they are usable, from a fresh profile: their main
 * content with its data in place, the moment every part of usable is in the page (css, with other text than
 * notText), as the page itself sees it (usableAt below). Each holds to budget bytes of gzipped JavaScript;
 * signed-out home keeps its stricter 40 KB (and is held to the end of its visit above, too).
 */
const DOTS = '…';
const WEIGHED = [
  { name: 'home, signed out', url: '/', signedIn: false, budget: JS_BUDGET, usable: [{ css: HOME_READY }] },
  {
    name: 'home, signed in', url: '/', signedIn: true, budget: SCREEN_JS_BUDGET,
    usable: [{ css: HOME_READY }, { css: '[data-testid="home-holdings"]' }],
  },
  {
    name: 'trade', url: '/trade_page', signedIn: true, budget: SCREEN_JS_BUDGET,
    usable: [{ css: '[data-testid="trade-buy-price"]', notText: DOTS }, { css: '[data-testid="trade-available-rial"]', notText: DOTS }, { css: '[data-testid="trade-submit"]' }],
  },
  {
    name: 'wallet', url: '/deposit-withdraw_page', signedIn: true, budget: SCREEN_JS_BUDGET,
    usable: [{ css: '[data-testid="wallet-available-gold"]', notText: DOTS }, { css: '[data-testid="deposit-submit"]' }],
  },
  { name: 'statement', url: '/transactions_page', signedIn: true, budget: SCREEN_JS_BUDGET, usable: [{ css: '[data-testid="statement-row"]' }] },
];

/**
 * watchUsable has every page of context note in window.__usableAt the moment (performance.now()) the DOM first
 * holds every part of usable: a mutation observer's callback runs before the next task, so nothing asked for
 * after that moment can pass for part of the screen's first load.
 */
function watchUsable(context, usable) {
  return context.addInitScript((parts) => {
    const holds = () => parts.every(({ css, notText }) => [...document.querySelectorAll(css)].some((el) => !notText || el.textContent.trim() !== notText));
    const watch = new MutationObserver(() => {
      if (!holds()) return;
      window.__usableAt = performance.now();
      watch.disconnect();
    });
    watch.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, usable);
}

/** SCREENS are the other screens held, each with the selector of its last late part. */
const SCREENS = [
  { name: 'home, signed in', url: '/', ready: HOME_READY, signedIn: true },
  { name: 'login', url: '/login_page', ready: '[data-testid="login-phone"]', signedIn: false },
  {
    name: 'trade', url: '/trade_page', ready: TRADE_READY, signedIn: true,
    // the preview under a typed amount is checked too
    more: { name: 'with a preview', act: (page) => page.getByTestId('trade-rial').fill('1000000'), ready: '[data-testid="trade-preview"]' },
  },
];

let shop;
let browser;
let customer;
const { call, apiLogin, registerCustomer } = apiFor(() => shop);

before(async () => {
  shop = await startShop();
  shop.addAdmin('09350004444', 'quality-desk-secret');
  const admin = await apiLogin('09350004444', 'quality-desk-secret');
  // two prices of today's nine digits, so the home card has a price and its chart a line
  for (const base of ['104500000', '105250000']) {
    ok(await call('/api/admin/prices', { method: 'POST', token: admin.accessToken, body: { base_price: base } }));
  }
  customer = await registerCustomer('09120004444', '004444444');
  ok(await call('/api/adminCharge/charge', {
    method: 'POST', token: admin.accessToken,
    body: { userId: customer.id, type: 'rial', amount: '250000000', description: 'واریز اولیه' },
  }));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/**
 * open starts a fresh phone (empty cache) on slow 4G, signed in when login is given (the session stored as the
 * login screen stores it, before any script of the page runs), that records every layout shift from the start
 * and, given usable, the moment its screen is usable (watchUsable).
 */
async function open(device, login, usable = null) {
  const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  if (usable) await watchUsable(context, usable);
  if (login) {
    await context.addInitScript((l) => {
      localStorage.setItem('authToken', l.accessToken);
      localStorage.setItem('refreshToken', l.refreshToken);
      const { id, first_name, last_name, name, is_admin } = l.user;
      localStorage.setItem('userInfo', JSON.stringify({ id, first_name, last_name, name, is_admin }));
    }, login);
  }
  await context.addInitScript(() => {
    const describe = (node) => {
      const el = node instanceof Element ? node : node?.parentElement;
      if (!el) return String(node?.nodeName);
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${node === el ? '' : 'text in '}${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}${cls}`;
    };
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.hadRecentInput) window.__shifts.push({ value: e.value, at: Math.round(e.startTime), moved: e.sources.map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  await (await context.newCDPSession(page)).send('Network.emulateNetworkConditions', SLOW_4G);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // reopen is the same start in a fresh context, for a retry: a context has its own connections
  return { context, page, errors, reopen: () => open(device, login, usable) };
}

/** load navigates page to url and waits for the load event; a load that never ends is answered as an error
 * naming the requests it still waited for, so that a hang says what hung. */
async function load(page, url) {
  const pending = new Map();
  const started = Date.now();
  const track = (req) => pending.set(req, Date.now() - started);
  const untrack = (req) => pending.delete(req);
  page.on('request', track);
  page.on('requestfinished', untrack);
  page.on('requestfailed', untrack);
  try {
    await page.goto(`${shop.url}${url}`, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    return null;
  } catch (e) {
    const waiting = [...pending].map(([req, at]) => `${req.method()} ${req.url()} (asked at ${at} ms)`).join('\n');
    return new Error(`${e.message}\nstill waiting for:\n${waiting || 'no request'}`);
  } finally {
    page.off('request', track);
    page.off('requestfinished', untrack);
    page.off('requestfailed', untrack);
  }
}

/**
 * settle loads url in the opened page (a stalled load asked once more, in a fresh context: the stalled
 * requests keep the connections of theirs, and a retry beside them once waited for the page itself), then
 * waits for the page's last late part (a selector, or a function of the page that waits), the fonts, and
 * SETTLE_MS. A retry replaces opened's context, page and errors, and calls onReopen with the new page.
 */
async function settle(opened, url, ready, onReopen = () => {}) {
  for (let attempt = 1; ; attempt++) {
    const stalled = await load(opened.page, url);
    if (!stalled) break;
    if (attempt === 2) throw stalled;
    console.log(`# ${url}: a stalled load, asked again in a fresh context: ${stalled.message}`);
    await opened.context.close();
    Object.assign(opened, await opened.reopen());
    onReopen(opened.page);
  }
  const { page } = opened;
  if (typeof ready === 'function') await ready(page);
  else await page.locator(ready).first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(SETTLE_MS);
}

/** assertNoShift fails with every shift and what moved in it. */
async function assertNoShift(page, label) {
  const shifts = await page.evaluate(() => window.__shifts);
  const total = shifts.reduce((n, s) => n + s.value, 0);
  console.log(`${label}: layout shift ${total.toFixed(4)}`);
  assert.ok(total < MAX_SHIFT, `${label}: layout shift ${total.toFixed(4)}\n${JSON.stringify(shifts, null, 1)}`);
}

/** assertAxe runs axe-core in the page, evaluated over CDP (page.addScriptTag's inline script would break the CSP). */
async function assertAxe(page, label) {
  await page.evaluate(axe.source);
  const violations = await page.evaluate((tags) => window.axe.run(document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  }).then((r) => r.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.split('\n').slice(1).join(' ').trim()}`),
  }))), AXE_TAGS);
  assert.deepEqual(violations, [], `${label}: axe violations\n${JSON.stringify(violations, null, 1)}`);
}

/**
 * firstLoad collects the scripts and fonts a page fetches, with the bytes that crossed the network. The
 * collector, given the paths of a part of them (askedBefore), sums only those.
 */
function firstLoad(page) {
  const fetched = [];
  page.on('requestfinished', (req) => {
    const path = new URL(req.url()).pathname;
    if (!/\.(js|woff2)$/.test(path)) return;
    fetched.push((async () => {
      const res = await req.response();
      const { responseBodySize } = await req.sizes();
      // the shop gzips scripts itself; were it to stop, the budget still counts what gzip would send
      const gzip = res.headers()['content-encoding'] === 'gzip';
      const bytes = path.endsWith('.js') && !gzip ? gzipSync(await res.body()).length : responseBodySize;
      return { path, bytes, kind: path.endsWith('.js') ? 'js' : 'font' };
    })());
  });
  return async (only = null) => {
    const files = (await Promise.all(fetched)).filter((f) => !only || only.has(f.path));
    const sum = (kind) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.bytes, 0);
    const count = files.filter((f) => f.kind === 'js').length;
    return { fonts: sum('font'), js: sum('js'), count, list: files.map((f) => `${f.path} ${f.bytes}`).join('\n') };
  };
}

/**
 * askedBefore is the paths of what the page asked for before it was usable (window.__usableAt), by its own
 * clock: a resource's timing starts when it was asked for, on the same clock as performance.now().
 */
function askedBefore(page) {
  return page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => e.startTime < window.__usableAt)
    .map((e) => new URL(e.name).pathname)).then((paths) => new Set(paths));
}

for (const [phone, device] of Object.entries(PHONES)) {
  test(`${phone}: home signed out loads within the font and script budgets, moves nothing, passes axe`, async (t) => {
    const opened = await open(device, null);
    let loaded = firstLoad(opened.page);
    try {
      await settle(opened, '/', HOME_READY, (page) => (loaded = firstLoad(page)));
      const { page, errors } = opened;
      const { fonts, js, list } = await loaded();
      console.log(`${phone}: home's first load: fonts ${fonts} B, scripts ${js} B gzipped\n${list}`);
      await t.test('fonts within 45 KB', () => {
        assert.ok(fonts > 0, 'the page draws with Vazirmatn');
        assert.ok(fonts <= FONT_BUDGET, `fonts on first load: ${fonts} bytes\n${list}`);
      });
      await t.test('scripts within 40 KB gzipped', () => {
        assert.ok(js <= JS_BUDGET, `scripts on first load: ${js} bytes gzipped\n${list}`);
      });
      await t.test('nothing moves', () => assertNoShift(page, `${phone}: home`));
      await t.test('no axe violation', () => assertAxe(page, `${phone}: home`));
      await shot(page, `quality-${phone}-home`);
      assert.deepEqual(errors, []);
    } finally {
      await opened.context.close();
    }
  });

  for (const { name, url, usable, signedIn, budget } of WEIGHED) {
    test(`${phone}: ${name}, from a fresh profile, is usable within ${budget / 1024} KB of scripts`, async (t) => {
      const opened = await open(device, signedIn ? customer : null, usable);
      let loaded = firstLoad(opened.page);
      try {
        await settle(opened, url, (page) => page.waitForFunction(() => window.__usableAt !== undefined), (page) => (loaded = firstLoad(page)));
        const { page, errors } = opened;
        const usableAt = await page.evaluate(() => Math.round(window.__usableAt));
        const { fonts, js, count, list } = await loaded(await askedBefore(page));
        console.log(`${phone}: ${name} until usable (${usableAt} ms): scripts ${js} B gzipped in ${count} files (budget ${budget} B), fonts ${fonts} B\n${list}`);
        await t.test('fonts within 45 KB', () => assert.ok(fonts > 0 && fonts <= FONT_BUDGET, `fonts: ${fonts} bytes\n${list}`));
        await t.test(`scripts within ${budget / 1024} KB gzipped`, () => assert.ok(js <= budget, `scripts: ${js} bytes gzipped\n${list}`));
        assert.deepEqual(errors, []);
      } finally {
        await opened.context.close();
      }
    });
  }

  for (const { name, url, ready, signedIn, more } of SCREENS) {
    test(`${phone}: ${name} moves nothing while its late parts arrive, passes axe`, async (t) => {
      const opened = await open(device, signedIn ? customer : null);
      try {
        await settle(opened, url, ready);
        const { page, errors } = opened;
        await t.test('nothing moves', () => assertNoShift(page, `${phone}: ${name}`));
        await t.test('no axe violation', () => assertAxe(page, `${phone}: ${name}`));
        if (more) {
          await more.act(page);
          await page.locator(more.ready).waitFor();
          await t.test(`no axe violation ${more.name}`, () => assertAxe(page, `${phone}: ${name} ${more.name}`));
        }
        await shot(page, `quality-${phone}-${name.replace(/\W+/g, '-')}`);
        assert.deepEqual(errors, []);
      } finally {
        await opened.context.close();
      }
    });
  }
}
