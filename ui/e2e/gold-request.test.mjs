// The abshodeh journey in Debian's Chromium against the real binary, on a phone and then a desktop: the shop
// stocks bars and gives two customers gold (through the admin API); customer A sees the bars split into those
// within the available gold and those above it (with the shortfall), asks for nothing and is told to choose,
// requests a bar, is blocked from choosing another while it waits, cancels it after the question, requests
// it again; customer B never sees the bar A holds; the shop approves, readies and delivers it and A's screen
// follows; a second request is rejected with a reason; A's statement shows the physical-gold entry. Screens go
// to test-artifacts/.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { apiFor } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';

/** grams writes "1.327" as the screen does: "۱/۳۲۷". */
const grams = (s) => fa(s).replace('.', '/');

const T = {
  pendingBlocks: 'شما یک درخواست آبشده دارید؛ برای انتخاب آبشده جدید، درخواست قبلی را لغو کنید',
  selectRequired: 'لطفاً یک آبشده انتخاب کنید',
  created: 'درخواست آبشده ثبت شد و پس از بررسی خبر می‌دهیم',
  canceled: 'درخواست لغو شد',
  reason: 'عیار این آبشده در آزمایشگاه دوباره سنجیده می‌شود',
};

let shop;
let browser;
let adminToken;
const adminPhone = '09350003333';
const adminPassword = 'abshodeh-desk-secret';
const password = 'gold-bar-lover-1';
const api = apiFor(() => shop);
/** call talks to the shop as the admin unless options name another token (or null for none). */
const call = (path, options = {}) => api.call(path, { token: adminToken, ...options });

before(async () => {
  shop = await startShop();
  shop.addAdmin(adminPhone, adminPassword);
  adminToken = (await api.apiLogin(adminPhone, adminPassword)).accessToken;
  await shop.stockVault(adminToken);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** registerCustomer signs a customer up through the API and returns their id. */
async function registerCustomer(phone, nine, first_name) {
  return (await api.registerCustomer(phone, nine, { first_name, last_name: 'کریمی', password, birth_date: '1369/04/12' })).id;
}

/** chargeGold gives a customer gold by the admin's manual charge. */
async function chargeGold(userId, amount) {
  const r = await call('/api/adminCharge/charge', { method: 'POST', body: { userId, type: 'gold', amount, description: 'شارژ آزمایشی طلا' }, key: `gold-e2e-${userId}` });
  assert.equal(r.status, 200, JSON.stringify(r.data));
}

/** addBar stocks one bar and returns it as the server keeps it. */
async function addBar(rey, ang, ayar, vazn) {
  const r = await call('/api/admin/abshodeh', { method: 'POST', body: { rey, ang, ayar, vazn } });
  assert.equal(r.status, 200, JSON.stringify(r.data));
  return r.data.bar;
}

/** decide moves a request on, as the admin's review desk would. */
async function decide(id, status, reject_reason = '') {
  const r = await call(`/api/gold/requests/${id}`, { method: 'PUT', body: { status, reject_reason }, key: `decide-${id}-${status}` });
  assert.equal(r.status, 200, JSON.stringify(r.data));
}

/** customerPage logs a customer in through the login screen and opens the abshodeh screen. */
async function customerPage(device, phone) {
  const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await api.loginByPassword(page, phone, password);
  await openGold(page);
  return { context, page, errors };
}

/** openGold (re)opens the abshodeh screen and waits for its data. */
async function openGold(page) {
  await page.goto(`${shop.url}/gold-request_page`);
  await page.getByTestId('gold-balance').waitFor();
}

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text });
const text = (page, id) => page.getByTestId(id).innerText();

/** latestRequestId reads the newest request's id from the requests list. */
async function latestRequestId(page) {
  const row = page.locator('[data-testid^="gold-request-"][data-status]').first();
  await row.waitFor();
  return Number((await row.getAttribute('data-testid')).slice('gold-request-'.length));
}

/** noLatin fails when a Latin letter is on the screen: every word the customer reads is Persian. */
async function noLatin(page, where) {
  const body = await page.locator('body').innerText();
  assert.doesNotMatch(body, /[A-Za-z]/, `English on the screen (${where})`);
}

describe('abshodeh requests', () => {
  for (const [name, device] of Object.entries(viewports)) {
    test(`customers request, cancel and receive a bar on a ${name}`, { timeout: 180_000 }, async () => {
      const n = name === 'phone' ? 1 : 2;
      const s = (page, step) => shot(page, `${name}-gold-${step}`);
      const phoneA = `0912555000${n}`;
      const phoneB = `0912666000${n}`;
      const a = await registerCustomer(phoneA, `04455667${n}`, 'سارا');
      const b = await registerCustomer(phoneB, `05566778${n}`, 'مریم');
      await chargeGold(a, '5');
      await chargeGold(b, '5');

      // vazn750 = floor(vazn × ayar / 750): 2.000, 1.327 and 12.000 grams
      const lab = `آزمایشگاه کیمیا ${fa(n)}`;
      const small = await addBar(lab, `71${n}01`, '750', '2');
      const pure = await addBar(lab, `71${n}02`, '995.5', '1');
      const big = await addBar(lab, `71${n}03`, '900', '10');
      assert.equal(pure.vazn750, '1.327');
      assert.equal(big.vazn750, '12.000');

      const A = await customerPage(device, phoneA);
      const pa = A.page;
      const keys = [];
      pa.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/gold/')) keys.push([new URL(r.url()).pathname, r.headers()['idempotency-key']]);
      });

      // The balance, then the bars split by the available gold, with the figures as the shop entered them.
      assert.equal(await text(pa, 'gold-balance'), '۵/۰۰۰');
      assert.equal(await text(pa, 'gold-available'), '۵/۰۰۰');
      const close = pa.getByTestId('gold-close');
      const higher = pa.getByTestId('gold-higher');
      await close.getByTestId(`bar-${small.id}`).waitFor();
      await close.getByTestId(`bar-${pure.id}`).waitFor();
      await higher.getByTestId(`bar-${big.id}`).waitFor();
      assert.equal(await close.getByTestId(`bar-${big.id}`).count(), 0);
      const pureRow = await close.getByTestId(`bar-${pure.id}`).innerText();
      for (const want of [lab, fa(`71${n}02`), '۹۹۵/۵', '۱/۰۰۰', '۱/۳۲۷']) assert.ok(pureRow.includes(want), `${want} in «${pureRow}»`);
      assert.equal((await text(pa, `shortfall-${big.id}`)).trim(), grams('7.000'));
      assert.equal(await pa.getByTestId('gold-requests-empty').innerText(), 'هنوز درخواست آبشده‌ای ثبت نکرده‌اید');
      await noLatin(pa, 'bars');
      await s(pa, '01-bars');

      // Sending with nothing chosen asks for a choice; choosing shows the bar; «انصراف» drops it.
      await pa.getByTestId('gold-send').click();
      assert.equal(await text(pa, 'gold-selected-error'), T.selectRequired);
      await s(pa, '02-nothing-chosen');
      await pa.getByTestId(`select-${pure.id}`).click();
      assert.equal(await pa.getByTestId('gold-selected-error').count(), 0, 'choosing clears the error');
      assert.equal(await text(pa, 'gold-selected-vazn750'), `${grams('1.327')} گرم`);
      assert.equal(await pa.getByTestId(`select-${pure.id}`).getAttribute('aria-pressed'), 'true');
      await pa.getByTestId('gold-clear').click();
      assert.equal(await pa.getByTestId('gold-selected-vazn750').count(), 0);
      await pa.getByTestId(`select-${small.id}`).click();
      await s(pa, '03-chosen');

      // The request: the server's message, the bar leaves the list, its weight is held from the available gold.
      await pa.getByTestId('gold-send').click();
      await toast(pa, T.created).waitFor();
      await pa.getByTestId('gold-pending-note').waitFor();
      assert.equal(await text(pa, 'gold-pending-note').then((t) => t.includes(T.pendingBlocks)), true);
      const first = await latestRequestId(pa);
      assert.equal(await text(pa, `gold-status-${first}`), 'در انتظار تایید');
      assert.equal(await text(pa, 'gold-available'), '۳/۰۰۰');
      assert.equal(await text(pa, 'gold-balance'), '۵/۰۰۰');
      assert.equal(await close.getByTestId(`bar-${small.id}`).count(), 0, 'a requested bar is reserved');
      assert.equal(await pa.getByTestId('gold-selected').count(), 0, 'no choosing while a request waits');
      const firstRow = await pa.getByTestId(`gold-request-${first}`).innerText();
      for (const want of [lab, fa(`71${n}01`), '۷۵۰', '۲/۰۰۰']) assert.ok(firstRow.includes(want), `${want} in «${firstRow}»`);
      assert.match(firstRow, /[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}/, 'Jalali YY/MM/DD HH:mm');

      // Choosing another bar is blocked, with the reason.
      // (the button is aria-disabled, which Playwright will not click unless forced; a finger can tap it)
      const blocked = pa.getByTestId(`select-${pure.id}`);
      assert.equal(await blocked.getAttribute('aria-disabled'), 'true');
      await blocked.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await blocked.click({ force: true });
      await toast(pa, T.pendingBlocks).waitFor();
      assert.equal(await pa.getByTestId(`select-${pure.id}`).getAttribute('aria-pressed'), 'false');
      await s(pa, '04-pending');

      // Customer B, with the same gold, never sees the bar A holds.
      const B = await customerPage(device, phoneB);
      await B.page.getByTestId('gold-close').getByTestId(`bar-${pure.id}`).waitFor();
      assert.equal(await B.page.getByTestId(`bar-${small.id}`).count(), 0, 'B does not see the bar A holds');
      assert.equal(await B.page.getByTestId('gold-pending-note').count(), 0);
      await noLatin(B.page, 'customer B');
      await s(B.page, '05-other-customer');

      // Cancelling asks first: «خیر» keeps the request, «بله» cancels it and frees the bar and the gold.
      await pa.getByTestId(`gold-cancel-${first}`).click();
      await pa.getByTestId('gold-cancel-dialog').waitFor();
      await noLatin(pa, 'cancel question');
      await s(pa, '06-cancel-question');
      await pa.getByTestId('gold-cancel-no').click();
      await pa.getByTestId('gold-cancel-dialog').waitFor({ state: 'detached' });
      assert.equal(await text(pa, `gold-status-${first}`), 'در انتظار تایید');
      await pa.getByTestId(`gold-cancel-${first}`).click();
      await pa.getByTestId('gold-cancel-yes').click();
      await toast(pa, T.canceled).waitFor();
      await pa.getByTestId('gold-pending-note').waitFor({ state: 'detached' });
      assert.equal(await text(pa, `gold-status-${first}`), 'لغو شده');
      assert.equal(await pa.getByTestId(`gold-cancel-${first}`).count(), 0, 'only a pending request can be cancelled');
      assert.equal(await text(pa, 'gold-available'), '۵/۰۰۰');
      await close.getByTestId(`bar-${small.id}`).waitFor();
      await s(pa, '07-canceled');

      // The same bar again.
      await pa.getByTestId(`select-${small.id}`).click();
      await pa.getByTestId('gold-send').click();
      await toast(pa, T.created).waitFor();
      await pa.getByTestId('gold-pending-note').waitFor();
      const second = await latestRequestId(pa);
      assert.notEqual(second, first);

      // Every money call carried an idempotency key.
      assert.deepEqual(keys.map(([p]) => p), ['/api/gold/request', `/api/gold/requests/cancel/${first}`, '/api/gold/request']);
      for (const [p, key] of keys) assert.ok(key, `${p} without an Idempotency-Key`);
      assert.notEqual(keys[0][1], keys[2][1], 'a new request gets a new key');

      // The shop approves, readies and delivers it; A's screen follows each step.
      await decide(second, 'approved');
      await openGold(pa);
      assert.equal(await text(pa, `gold-status-${second}`), 'تایید شده');
      assert.equal(await text(pa, 'gold-balance'), '۳/۰۰۰', 'approval debits the gold');
      assert.equal(await text(pa, 'gold-available'), '۳/۰۰۰');
      assert.equal(await pa.getByTestId('gold-pending-note').count(), 0, 'an approved request no longer blocks');
      assert.equal(await pa.getByTestId(`gold-cancel-${second}`).count(), 0);
      await decide(second, 'ready');
      await openGold(pa);
      assert.equal(await text(pa, `gold-status-${second}`), 'آماده تحویل');
      await s(pa, '08-ready');
      await decide(second, 'delivered');
      await openGold(pa);
      assert.equal(await text(pa, `gold-status-${second}`), 'تحویل داده شده');
      assert.equal(await pa.getByTestId(`bar-${small.id}`).count(), 0, 'a delivered bar leaves the inventory');

      // A second request, rejected with a reason: the reason is on the screen and the gold is free again.
      await pa.getByTestId(`select-${pure.id}`).click();
      await pa.getByTestId('gold-send').click();
      await toast(pa, T.created).waitFor();
      await pa.getByTestId('gold-pending-note').waitFor();
      const third = await latestRequestId(pa);
      assert.equal(await text(pa, 'gold-available'), grams('1.673'));
      await decide(third, 'rejected', T.reason);
      await openGold(pa);
      assert.equal(await text(pa, `gold-status-${third}`), 'رد شده');
      assert.equal(await text(pa, `gold-reason-${third}`), T.reason);
      assert.equal(await text(pa, 'gold-available'), '۳/۰۰۰');
      await pa.getByTestId(`gold-request-${first}`).waitFor();
      await noLatin(pa, 'requests');
      await s(pa, '09-requests');

      // The statement shows the physical-gold entry with the status it reached.
      await pa.goto(`${shop.url}/transactions_page`);
      const entry = pa.getByTestId('statement-row').filter({ hasText: 'درخواست طلای فیزیکی' }).filter({ hasText: 'تحویل داده شده' });
      await entry.first().waitFor();
      assert.ok((await entry.first().innerText()).includes('۲/۰۰۰'), 'the entry debits the bar’s weight at 750');
      await s(pa, '10-statement');

      assert.deepEqual(A.errors, []);
      assert.deepEqual(B.errors, []);
      await A.context.close();
      await B.context.close();
    });
  }
});
