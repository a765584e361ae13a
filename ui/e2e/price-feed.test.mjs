// The day price by itself (issue 40) in Debian's Chromium against the real binary, with a price source of our own:
// a small HTTP server on loopback that answers as BrsAPI documents (`{"gold":[{"symbol":"IR_GOLD_18K","price":…,
// "unit":"تومان","time_unix":…}]}`) and can be told to jump. A customer's home opens with what they hold (grams, their
// worth at the sell price, the rial, the change since yesterday) and draws the day's prices as a line, a level one
// with its words right after the shop's first price. The owner sets «قیمت خودکار» up on «تعیین قیمت» (the stand-in's
// address, a key, a margin of 1 %, outside the trading hours too): the feed applies at once; the source jumps 10 %, a
// trial says the new value would be held, a save wakes the job, which holds it; the owner applies it and the shop's
// price is it. No host but loopback is called. Screens go to ARTIFACTS.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launch, openPage, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';

const ownerPhone = '09350004040';
const ownerPassword = 'feed-owner-secret';
const KEY = 'stand-in-key-40';
/** FIRST_BASE is the owner's own first price; the source then answers the same gram in toman. */
const FIRST_BASE = 100_000_000;
/** YESTERDAY_CLOSE is the close the home is told of (a shop cannot set a price in the past). */
const YESTERDAY_CLOSE = 98_000_000;
const GOLD = '2.5';
const artifacts = process.env.ARTIFACTS || 'test-artifacts';

/** rial writes a rial amount grouped in Persian digits, as the screens do. */
const rial = (n) => fa(String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '٬'));
const text = async (page, testid) => (await page.getByTestId(testid).innerText()).trim();
const toast = (page, words) => page.getByTestId('toast').filter({ hasText: words }).first();

let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;
let owner;
let customer;
let source;

/**
 * standIn is our own price source on loopback, in BrsAPI's documented shape: the gold's price in toman at the
 * moment it is asked; jump sets a new price. It keeps the key each request carried.
 */
function standIn(toman) {
  let price = toman;
  const keys = [];
  const server = createServer((req, res) => {
    keys.push(new URL(req.url, 'http://127.0.0.1').searchParams.get('key'));
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({
      gold: [{ symbol: 'IR_GOLD_18K', name: 'طلای ۱۸ عیار', price, unit: 'تومان', time_unix: Math.floor(Date.now() / 1000) }],
      currency: [],
      cryptocurrency: [],
    }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/Api/Market/Gold_Currency.php`,
    keys,
    jump: (next) => { price = next; },
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }),
  })));
}

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: String(FIRST_BASE) } }));
  await shop.stockVault(owner, '1000');
  customer = await registerCustomer('09120004040', '004040404', { first_name: 'نگار', last_name: 'رحیمی' });
  ok(await call('/api/adminCharge/charge', { method: 'POST', token: owner, key: 'feed-gold', body: { userId: customer.id, type: 'gold', amount: GOLD, description: 'شارژ آزمایشی' } }));
  ok(await call('/api/adminCharge/charge', { method: 'POST', token: owner, key: 'feed-rial', body: { userId: customer.id, type: 'rial', amount: '250000000', description: 'شارژ آزمایشی' } }));
  source = await standIn(FIRST_BASE / 10);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
  await source?.close();
});

/** signedIn opens a page of device with the customer's session stored, as the login screen stores it. */
async function signedIn(device) {
  const opened = await openPage(browser, { device });
  await opened.context.addInitScript((l) => {
    localStorage.setItem('authToken', l.accessToken);
    localStorage.setItem('refreshToken', l.refreshToken);
    const { id, first_name, last_name, name, is_admin } = l.user;
    localStorage.setItem('userInfo', JSON.stringify({ id, first_name, last_name, name, is_admin }));
  }, customer);
  return opened;
}

/**
 * withClose adds yesterday's close to the real answer of the home's two days of prices: the shop's prices are
 * all of today, and no call sets one in the past.
 */
async function withClose(page) {
  const at = new Date(Date.now() - 30 * 3600 * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  await page.route((u) => u.pathname === '/api/prices/history' && u.searchParams.get('days') === '2', async (route) => {
    const res = await route.fetch();
    const real = await res.json();
    await route.fulfill({ response: res, json: [...real, { price: String(YESTERDAY_CLOSE), at, source: 'manual' }] });
  });
}

/** line reads the home's sparkline: its polyline's points as numbers, whether it is level, and its words. */
async function line(page) {
  const spark = page.getByTestId('home-sparkline');
  await spark.locator('polyline').waitFor({ state: 'attached' });
  const points = (await spark.locator('polyline').getAttribute('points')).trim().split(/\s+/).map((p) => p.split(',').map(Number));
  return { points, flat: (await spark.getAttribute('data-flat')) === 'true', still: await page.getByTestId('home-sparkline-still').count() };
}

/** fits asserts nothing on the page is wider than the screen. */
async function fits(page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
}

/** sellPrice is the customer's sell price now, as their home reads it. */
const sellPrice = async () => Number(ok(await call('/api/prices/my-prices', { token: customer.accessToken })).sell_price);

describe('the day price by itself', () => {
  for (const [name, device] of [['phone', viewports.phone], ['desktop', viewports.desktop]]) {
    test(`a customer's home on a ${name} opens with what they hold, and draws the day's one price as a level line`, { timeout: 90_000 }, async () => {
      const { context, page, errors } = await signedIn(device);
      if (name === 'desktop') await withClose(page);
      await page.goto(`${shop.url}/`);
      const sell = await sellPrice();
      await page.getByTestId('holdings-gold').filter({ hasText: '۲/۵۰۰ گرم' }).waitFor();
      const worth = Math.floor(2.5 * sell);
      await page.locator(`[data-testid="holdings-worth"][data-value="${worth}"]`).waitFor();
      assert.equal(await text(page, 'holdings-worth'), `${rial(worth)} ریال`);
      assert.equal(await text(page, 'holdings-rial'), `${rial(250_000_000)} ریال`);
      if (name === 'desktop') {
        // 2.5 g × (100,000,000 − 98,000,000)
        await page.locator('[data-testid="holdings-change"][data-direction="up"]').waitFor();
        assert.equal(await text(page, 'holdings-change'), `${rial(5_000_000)} ریال بیشتر`);
      } else {
        // the shop's first price came today: nothing to compare with
        await page.locator('[data-testid="holdings-change"]:not(:text-is("…"))').waitFor();
        assert.equal(await text(page, 'holdings-change'), '—');
      }

      // one price today: a level line across the box, with its words, never an empty box or a dot
      const { points, flat, still } = await line(page);
      assert.ok(points.length >= 2, `a line of ${points.length} points`);
      assert.equal(flat, true);
      assert.equal(points[0][1], points[points.length - 1][1], 'level');
      assert.ok(points[points.length - 1][0] - points[0][0] >= 290, `across the box: ${JSON.stringify(points)}`);
      assert.equal(still, 1);
      assert.equal(await text(page, 'home-sparkline-still'), 'قیمت امروز تغییری نکرده است');
      const box = await page.getByTestId('home-sparkline').boundingBox();
      assert.ok(box && box.width > 100 && box.height >= 60, `the line's box: ${JSON.stringify(box)}`);
      await fits(page);
      await shot(page, `${name}-feed-01-home`);
      assert.deepEqual(await axeViolations(page), [], 'the home passes axe');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('the owner sets «قیمت خودکار» up; it applies, holds a jump of 10 % until the owner applies it', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await openPage(browser, { device: viewports.desktop });
    await loginByPassword(page, ownerPhone, ownerPassword);
    await page.goto(`${shop.url}/prices_page`);
    const section = page.getByTestId('price-feed');
    await section.getByTestId('feed-form').waitFor();
    assert.equal(await text(page, 'feed-state'), 'خاموش');
    assert.equal(await page.getByTestId('feed-url').getAttribute('placeholder'), 'https://brsapi.ir/Api/Market/Gold_Currency.php');
    // the sources by their Persian names
    const names = await page.getByTestId('feed-source').locator('option').allInnerTexts();
    assert.deepEqual(names, ['برس‌ای‌پی‌آی', 'نوسان', 'تی‌جی‌جو', 'نشانی دلخواه']);

    await page.getByTestId('feed-source').selectOption('brsapi');
    await page.getByTestId('feed-url').fill(source.url);
    await page.getByTestId('feed-key').fill(KEY);
    await page.getByTestId('feed-margin-percent').fill('۱');
    await page.getByTestId('feed-outside-hours').check();
    await page.getByTestId('feed-enabled').check();
    assert.equal(await page.getByTestId('feed-every').inputValue(), '۵', 'the durations are minutes');
    await shot(page, 'desktop-feed-02-settings');
    await page.getByTestId('feed-save').click();
    await toast(page, 'تنظیمات قیمت خودکار ذخیره شد').waitFor();
    const saved = ok(await call('/api/admin/price-feed', { token: owner }));
    assert.deepEqual([saved.enabled, saved.source, saved.url, saved.key_set, saved.margin_percent, saved.outside_hours, saved.every],
      [true, 'brsapi', source.url, true, '1.00', true, '5m0s']);
    // a feed that runs folds its settings away above its status, saying them in a line
    await page.locator('[data-testid="feed-settings"]:not([open])').waitFor({ state: 'attached' });
    assert.equal((await text(page, 'feed-summary')).replace(/\s+/g, ' '), 'تنظیمات برس‌ای‌پی‌آی، سود ۱٪، هر ۵ دقیقه');
    await page.getByTestId('feed-summary').click();
    await page.getByTestId('feed-key-state').filter({ hasText: 'کلید ذخیره شده است' }).waitFor();
    assert.equal(await page.getByTestId('feed-key').inputValue(), '', 'the key is never shown again');

    // the job fetches at once: 10,000,000 toman is 100,000,000 rial, 1 % on it
    const first = 101_000_000;
    await page.locator(`[data-testid="feed-applied"][data-value="${first}"]`).waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="feed-applied-by"][data-by="brsapi"]').filter({ hasText: 'برس‌ای‌پی‌آی' }).waitFor();
    assert.equal(await text(page, 'feed-state'), 'به‌روز');
    assert.equal(await page.getByTestId('feed-last-value').getAttribute('data-value'), String(FIRST_BASE));
    await page.locator(`[data-testid="base-price"][data-value="${first}"]`).waitFor();
    assert.ok(source.keys.length >= 1 && source.keys.every((k) => k === KEY), `the source got the key: ${JSON.stringify(source.keys)}`);
    // no word of the section is in Latin letters or digits
    assert.doesNotMatch(await section.innerText(), /[A-Za-z0-9]/);

    // the source jumps 10 %: a trial says it would be held, and applies nothing
    source.jump(11_000_000);
    const held = 111_100_000;
    await page.getByTestId('feed-test').click();
    await page.locator('[data-testid="feed-trial"][data-verdict="held"]').waitFor();
    assert.equal(await text(page, 'feed-trial-base'), `${rial(held)} ریال`);
    assert.match(await text(page, 'feed-trial'), /نگه داشته می‌شود/);
    assert.equal(ok(await call('/api/admin/prices', { token: owner })).base_price, String(first), 'a trial applies nothing');
    await shot(page, 'desktop-feed-03-trial');

    // a save wakes the job, which holds the value for the owner
    await page.getByTestId('feed-save').click();
    await toast(page, 'تنظیمات قیمت خودکار ذخیره شد').waitFor();
    await page.locator(`[data-testid="feed-held"][data-base="${held}"]`).waitFor({ timeout: 30_000 });
    assert.equal(await text(page, 'feed-state'), 'در انتظار تأیید');
    assert.equal(await text(page, 'feed-held-base'), `${rial(held)} ریال`);
    assert.equal(ok(await call('/api/admin/prices', { token: owner })).base_price, String(first), 'a held value is not applied');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'desktop-feed-04-held');
    mkdirSync(artifacts, { recursive: true });
    await section.screenshot({ path: join(artifacts, 'desktop-feed-04-section.png') });
    assert.deepEqual(await axeViolations(page), [], 'the prices screen passes axe');

    // the owner applies it: the shop's price is it, on the screen and in the header
    await page.getByTestId('feed-apply').click();
    await toast(page, 'قیمت در انتظار به‌عنوان قیمت پایه ثبت شد').waitFor();
    await page.locator(`[data-testid="base-price"][data-value="${held}"]`).waitFor();
    await page.locator(`[data-testid="feed-applied"][data-value="${held}"]`).waitFor();
    await page.locator(`[data-testid="header-price"][data-value="${held}"]`).waitFor();
    assert.equal(await page.getByTestId('feed-held').count(), 0);
    assert.equal(ok(await call('/api/prices/prices')).price, String(held));
    await shot(page, 'desktop-feed-05-applied');
    assert.deepEqual(errors, []);
    await context.close();

    // the section on a phone
    const phone = await openPage(browser);
    await loginByPassword(phone.page, ownerPhone, ownerPassword);
    await phone.page.goto(`${shop.url}/prices_page`);
    await phone.page.getByTestId('feed-status').waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the prices screen is ${overflow}px wider than the phone`);
    await phone.page.getByTestId('price-feed').screenshot({ path: join(artifacts, 'phone-feed-06-section.png') });
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  });

  test('after the feed moved the price, the home draws the moves and the worth follows', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await signedIn(viewports.phone);
    await withClose(page);
    await page.goto(`${shop.url}/`);
    const sell = await sellPrice();
    const worth = Math.floor(2.5 * sell);
    await page.locator(`[data-testid="holdings-worth"][data-value="${worth}"]`).waitFor();
    // 2.5 g × (111,100,000 − 98,000,000)
    await page.locator('[data-testid="holdings-change"][data-direction="up"]').waitFor();
    assert.equal(await text(page, 'holdings-change'), `${rial(32_750_000)} ریال بیشتر`);
    const { points, flat, still } = await line(page);
    assert.equal(flat, false);
    assert.equal(still, 0);
    assert.ok(new Set(points.map(([, y]) => y)).size >= 3, `three levels: ${JSON.stringify(points)}`);
    await fits(page);
    await shot(page, 'phone-feed-07-home-moved');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
