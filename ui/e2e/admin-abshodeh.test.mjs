// The abshodeh desk in Debian's Chromium against the real binary, on a phone and a desktop: an admin fills
// the inventory (the vazn750 preview matches the server), edits and deletes a bar, meets the server's
// duplicate-ingot refusal; a customer takes a bar; the admin finds the request with the filters and moves it
// through approved, ready and delivered; the delivered bar is locked in the inventory; a second request is
// rejected from pending without a reason and gets the server's default. Screens go to test-artifacts/.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { apiFor } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';


let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;
let adminToken;
const adminPhone = '09350003333';
const adminPassword = 'abshodeh-desk-secret';

before(async () => {
  shop = await startShop();
  shop.addAdmin(adminPhone, adminPassword);
  adminToken = (await apiLogin(adminPhone, adminPassword)).accessToken;
  await shop.stockVault(adminToken);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** customerWithGold signs a customer up through the API and has the admin charge their gold. */
async function customerWithGold(phone, nine, grams) {
  const customer = await registerCustomer(phone, nine, {
    first_name: 'مریم', last_name: 'صالحی', password: 'maryam-gold-1', birth_date: '1368/03/12',
  });
  const charge = await call('/api/adminCharge/charge', {
    method: 'POST', token: adminToken, key: `e2e-abs-charge-${phone}`,
    body: { userId: customer.id, type: 'gold', amount: grams, description: 'شارژ برای آبشده' },
  });
  assert.equal(charge.status, 200, JSON.stringify(charge.data));
  return { token: customer.token, id: customer.id };
}

let requests = 0;
async function requestBar(customer, barId) {
  const key = `e2e-abs-req-${++requests}`;
  const r = await call('/api/gold/request', { method: 'POST', token: customer.token, key, body: { bar_id: barId } });
  assert.equal(r.status, 200, JSON.stringify(r.data));
  return r.data.request.id;
}

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text }).first();

/** addBar fills the inventory form, checks the preview and returns the new bar's id. */
async function addBar(page, lab, { ang, ayar, vazn, preview }) {
  await page.getByTestId('bar-rey').fill(lab);
  await page.getByTestId('bar-ang').fill(ang);
  await page.getByTestId('bar-ayar').fill(ayar);
  await page.getByTestId('bar-vazn').fill(vazn);
  assert.equal(await page.getByTestId('bar-preview').innerText(), `${preview} گرم`);
  await page.getByTestId('bar-submit').click();
  await toast(page, 'آبشده به انبار اضافه شد').waitFor();
  const row = barRow(page, lab, ang);
  await row.waitFor();
  assert.equal(await page.getByTestId('bar-rey').inputValue(), '', 'the form clears after a save');
  return Number(await row.getAttribute('data-id'));
}

const barRow = (page, lab, ang) => page.locator('[data-testid="bar-row"]', { hasText: lab }).filter({ hasText: fa(ang) });
const byId = (page, testid, id) => page.locator(`[data-testid="${testid}"][data-id="${id}"]`);

describe('admin abshodeh desk', () => {
  for (const [name, device] of Object.entries(viewports)) {
    test(`an admin keeps the inventory and reviews requests on a ${name}`, { timeout: 180_000 }, async () => {
      const n = name === 'phone' ? 1 : 2;
      const lab = n === 1 ? 'آزمایشگاه البرز' : 'آزمایشگاه ری';
      const angs = [`${n}5101`, `${n}5102`, `${n}5103`];
      const phone = `0912888000${n}`;

      const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      await loginByPassword(page, adminPhone, adminPassword);

      // ---- the inventory -------------------------------------------------------------------------
      await page.goto(`${shop.url}/admin-abshodeh_page`);
      await page.getByRole('heading', { name: 'انبار آبشده' }).waitFor();
      await page.getByTestId(n === 1 ? 'bar-empty' : 'bar-row').first().waitFor();
      await shot(page, `${name}-abshodeh-01-inventory-empty`);

      // The form refuses what the server would refuse, before sending.
      await page.getByTestId('bar-submit').click();
      await page.getByText('نام آزمایشگاه را وارد کنید').waitFor();
      await page.getByText('شماره انگ را وارد کنید').waitFor();
      await page.getByText('عیار را وارد کنید').waitFor();
      await page.getByText('وزن را وارد کنید').waitFor();
      await page.getByTestId('bar-ayar').fill('1000.5');
      await page.getByTestId('bar-vazn').fill('۱٫۲۳۴۵');
      assert.equal(await page.getByTestId('bar-vazn').inputValue(), '۱/۲۳۴', 'three decimals at most');
      assert.equal(await page.getByTestId('bar-preview').innerText(), '—');
      await page.getByTestId('bar-submit').click();
      await page.getByText('عیار باید بیشتر از صفر و حداکثر ۱۰۰۰ باشد').waitFor();
      await shot(page, `${name}-abshodeh-02-form-errors`);

      // Three bars; the preview is floor(vazn × ayar / 750) to the milligram, Persian digits accepted.
      const a = await addBar(page, lab, { ang: angs[0], ayar: '۷۴۰٫۵', vazn: '12.345', preview: '۱۲/۱۸۸' });
      assert.equal(await page.getByTestId(`bar-vazn750-${a}`).innerText(), '۱۲/۱۸۸', 'the server agrees with the preview');
      const b = await addBar(page, lab, { ang: fa(angs[1]), ayar: '750', vazn: '5', preview: '۵/۰۰۰' });
      const c = await addBar(page, lab, { ang: angs[2], ayar: '1000', vazn: '10', preview: '۱۳/۳۳۳' });
      assert.equal(await page.getByTestId(`bar-vazn750-${c}`).innerText(), '۱۳/۳۳۳');
      assert.equal(await page.getByTestId(`bar-status-${a}`).innerText(), 'موجود');
      const rowText = await byId(page, 'bar-row', a).innerText();
      assert.match(rowText, /۷۴۰\/۵/);
      assert.doesNotMatch(rowText, /۷۴۰\/۵۰/, 'a purity is written without trailing zeros');
      assert.match(rowText, /۱۲\/۳۴۵/);
      await shot(page, `${name}-abshodeh-03-inventory-added`);

      // The same ingot number in the same lab: the server's 409 message.
      await page.getByTestId('bar-rey').fill(lab);
      await page.getByTestId('bar-ang').fill(fa(angs[0]));
      await page.getByTestId('bar-ayar').fill('750');
      await page.getByTestId('bar-vazn').fill('1');
      await page.getByTestId('bar-submit').click();
      await toast(page, 'این آزمایشگاه آبشده‌ای با همین شماره انگ دارد').waitFor();
      assert.equal(await page.getByTestId('bar-ang').inputValue(), fa(angs[0]), 'a refused bar stays in the form');
      await shot(page, `${name}-abshodeh-04-duplicate`);

      // Edit bar b in the dialog: the figures come prefilled and the preview follows.
      await page.getByTestId(`bar-edit-${b}`).click();
      const dialog = page.getByTestId('bar-edit-dialog');
      await dialog.waitFor();
      assert.equal(await page.getByTestId('edit-rey').inputValue(), lab);
      assert.equal(await page.getByTestId('edit-ayar').inputValue(), '۷۵۰');
      assert.equal(await page.getByTestId('edit-vazn').inputValue(), '۵');
      await page.getByTestId('edit-vazn').fill('6.5');
      await page.getByTestId('edit-ayar').fill('900');
      assert.equal(await page.getByTestId('edit-preview').innerText(), '۷/۸۰۰ گرم');
      await shot(page, `${name}-abshodeh-05-edit`);
      await page.getByTestId('edit-submit').click();
      await toast(page, 'آبشده ویرایش شد').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId(`bar-vazn750-${b}`).filter({ hasText: '۷/۸۰۰' }).waitFor();

      // Delete bar c after the question.
      await page.getByTestId(`bar-delete-${c}`).click();
      await page.getByTestId('bar-delete-dialog').waitFor();
      assert.match(await page.getByTestId('bar-delete-dialog').innerText(), new RegExp(fa(angs[2])));
      await shot(page, `${name}-abshodeh-06-delete-confirm`);
      await page.getByTestId('bar-delete-confirm').click();
      await toast(page, 'آبشده از انبار حذف شد').waitFor();
      await byId(page, 'bar-row', c).waitFor({ state: 'detached' });

      // ---- a customer takes bar a --------------------------------------------------------------------
      const customer = await customerWithGold(phone, `04444444${n}`, '20');
      const first = await requestBar(customer, a);

      // The inventory shows it reserved and locked.
      await page.reload();
      await page.getByTestId(`bar-status-${a}`).filter({ hasText: 'رزرو شده' }).waitFor();
      assert.equal(await page.getByTestId(`bar-edit-${a}`).isDisabled(), true);
      assert.equal(await page.getByTestId(`bar-delete-${a}`).isDisabled(), true);
      assert.match(await page.getByTestId(`bar-lock-${a}`).innerText(), /رزرو شده/);

      // ---- the review -------------------------------------------------------------------------------
      await page.goto(`${shop.url}/admin-gold-requests_page`);
      await page.getByTestId('request-count').waitFor();
      if (name === 'phone') {
        assert.equal(await page.getByTestId('filter-apply').isVisible(), false, 'filters fold away on a phone');
        await page.getByTestId('filters-toggle').click();
      } else {
        assert.equal(await page.getByTestId('filters-toggle').isVisible(), false);
      }
      await page.getByTestId('filter-from').fill('۱۴۰۴/۰۲/۱۰');
      await page.getByTestId('filter-to').fill('۱۴۰۴/۰۲/۰۱');
      await page.getByTestId('filter-apply').click();
      await page.getByText('تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد').first().waitFor();
      await shot(page, `${name}-abshodeh-07-review-dates-wrong`);
      await page.getByTestId('filter-clear').click();
      assert.equal(await page.getByTestId('filter-from').inputValue(), '');

      // Filter by the customer and by status: delivered has none of theirs, pending has the one.
      await page.getByTestId('filter-user').fill(fa(phone));
      await page.getByTestId('filter-status').selectOption('delivered');
      await page.getByTestId('filter-apply').click();
      await page.getByTestId('gr-empty').waitFor();
      await page.getByTestId('filter-status').selectOption('pending');
      await page.getByTestId('filter-apply').click();
      await byId(page, 'gr-row', first).waitFor();
      assert.equal(await page.getByTestId('request-count').innerText(), 'تعداد درخواست‌ها: ۱');
      const row = byId(page, 'gr-row', first);
      const text = await row.innerText();
      for (const want of ['مریم صالحی', fa(phone), lab, fa(angs[0]), '۷۴۰/۵', '۱۲/۳۴۵', '۱۲/۱۸۸', 'در انتظار']) {
        assert.ok(text.includes(want), `the request shows ${want}:\n${text}`);
      }
      assert.match(text, /[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}/, 'a Jalali date');
      assert.equal(await page.getByTestId(`gr-approved-${first}`).innerText(), 'تایید');
      assert.equal(await page.getByTestId(`gr-rejected-${first}`).innerText(), 'رد');
      assert.equal(await page.getByTestId(`gr-ready-${first}`).count(), 0);
      await shot(page, `${name}-abshodeh-08-review-pending`);

      // Show every status of theirs, then approve, make ready, deliver.
      await page.getByTestId('filter-status').selectOption('');
      await page.getByTestId('filter-apply').click();
      // every step forward asks first, naming the customer and the bar's gold
      const decideAfterQuestion = async (decision, step, want) => {
        await page.getByTestId(`gr-${decision}-${first}`).click();
        const question = page.getByTestId('gr-decision-dialog');
        await question.waitFor();
        const said = await question.innerText();
        for (const w of ['مریم صالحی', fa(phone), lab, '۱۲/۱۸۸ گرم', ...want]) assert.ok(said.includes(w), `the question names ${w}:\n${said}`);
        await shot(page, `${name}-abshodeh-${step}-question-${decision}`);
        await page.getByTestId('gr-decision-confirm').click();
        await question.waitFor({ state: 'detached' });
      };
      // «خیر» changes nothing
      await page.getByTestId(`gr-approved-${first}`).click();
      await page.getByTestId('gr-decision-cancel').click();
      await page.getByTestId('gr-decision-dialog').waitFor({ state: 'detached' });
      await page.getByTestId(`gr-status-${first}`).filter({ hasText: 'در انتظار' }).waitFor();
      await decideAfterQuestion('approved', '08b', ['کسر']);
      await toast(page, 'درخواست تایید شد و طلا از حساب مشتری کسر شد').waitFor();
      await page.getByTestId(`gr-status-${first}`).filter({ hasText: 'تایید شده' }).waitFor();
      assert.equal(await page.getByTestId(`gr-approved-${first}`).count(), 0);
      assert.equal(await page.getByTestId(`gr-ready-${first}`).innerText(), 'آماده تحویل');
      assert.equal(await page.getByTestId(`gr-delivered-${first}`).innerText(), 'تحویل داده شد');
      assert.equal(await page.getByTestId(`gr-rejected-${first}`).innerText(), 'رد');
      await shot(page, `${name}-abshodeh-09-review-approved`);
      await decideAfterQuestion('ready', '09b', ['آماده']);
      await toast(page, 'درخواست آماده تحویل است').waitFor();
      await page.getByTestId(`gr-status-${first}`).filter({ hasText: 'آماده تحویل' }).waitFor();
      assert.equal(await page.getByTestId(`gr-ready-${first}`).count(), 0);
      await shot(page, `${name}-abshodeh-10-review-ready`);
      await decideAfterQuestion('delivered', '10b', ['برگشت‌پذیر نیست']);
      await toast(page, 'آبشده تحویل داده شد').waitFor();
      await page.getByTestId(`gr-status-${first}`).filter({ hasText: 'تحویل داده شده' }).waitFor();
      assert.equal(await row.locator('button').count(), 0, 'a delivered request has no actions');
      await shot(page, `${name}-abshodeh-11-review-delivered`);

      const afterDelivery = await call('/api/wallet/balances', { token: customer.token });
      assert.equal(afterDelivery.data.balance_gold, '7.812');

      // The inventory: bar a has left the shop; under the delivered filter it is there, locked.
      await page.goto(`${shop.url}/admin-abshodeh_page`);
      await byId(page, 'bar-row', b).waitFor();
      assert.equal(await byId(page, 'bar-row', a).count(), 0, 'a delivered bar is not in the shop');
      assert.match(await page.getByTestId('bar-show-in-shop').innerText(), /در انبار/);
      await page.getByTestId('bar-show-delivered').click();
      await page.getByTestId(`bar-status-${a}`).filter({ hasText: 'تحویل داده شده' }).waitFor();
      assert.equal(await byId(page, 'bar-row', b).count(), 0, 'the delivered filter shows delivered bars only');
      assert.equal(await page.getByTestId(`bar-edit-${a}`).isDisabled(), true);
      assert.equal(await page.getByTestId(`bar-delete-${a}`).isDisabled(), true);
      assert.match(await page.getByTestId(`bar-lock-${a}`).innerText(), /تحویل داده شده/);
      await byId(page, 'bar-row', a).scrollIntoViewIfNeeded();
      await shot(page, `${name}-abshodeh-12-inventory-delivered`);

      // ---- a second request, rejected from pending without a reason -------------------------------------
      const second = await requestBar(customer, b);
      await page.goto(`${shop.url}/admin-gold-requests_page`);
      await byId(page, 'gr-row', second).waitFor();
      await page.getByTestId(`gr-rejected-${second}`).click();
      await page.getByTestId('gr-reject-dialog').waitFor();
      assert.equal(await page.getByTestId('gr-reject-reason').inputValue(), '');
      await shot(page, `${name}-abshodeh-13-reject-dialog`);
      await page.getByTestId('gr-reject-confirm').click();
      await toast(page, 'درخواست رد شد').waitFor();
      await page.getByTestId('gr-reject-dialog').waitFor({ state: 'detached' });
      await page.getByTestId(`gr-status-${second}`).filter({ hasText: 'رد شده' }).waitFor();
      assert.equal((await page.getByTestId(`gr-reason-${second}`).innerText()).includes('دلیل رد مشخص نشده است'), true);
      await byId(page, 'gr-row', second).scrollIntoViewIfNeeded();
      await shot(page, `${name}-abshodeh-14-review-rejected`);

      // The bar is free again and the customer's gold is whole.
      await page.goto(`${shop.url}/admin-abshodeh_page`);
      await page.getByTestId(`bar-status-${b}`).filter({ hasText: 'موجود' }).waitFor();
      const afterReject = await call('/api/wallet/balances', { token: customer.token });
      assert.equal(afterReject.data.available_gold, '7.812');

      // A server without the route, and a request gone meanwhile: the review's 404 texts.
      await page.route('**/api/gold/admin-requests*', (r) =>
        r.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"مسیر یافت نشد"}' }));
      await page.goto(`${shop.url}/admin-gold-requests_page`);
      await page.getByRole('heading', { name: 'مسیر پیدا نشد، تنظیمات سرور را بررسی کنید' }).waitFor();
      await page.unroute('**/api/gold/admin-requests*');
      const third = await requestBar(customer, b);
      await page.route(`**/api/gold/requests/${third}`, (r) =>
        r.fulfill({ status: 404, contentType: 'application/json', body: '{}' }));
      await page.goto(`${shop.url}/admin-gold-requests_page`);
      await page.getByTestId(`gr-approved-${third}`).click();
      await page.getByTestId('gr-decision-confirm').click();
      await toast(page, 'درخواست با این شناسه پیدا نشد').waitFor();
      await page.unroute(`**/api/gold/requests/${third}`);
      await page.getByTestId(`gr-status-${third}`).filter({ hasText: 'در انتظار' }).waitFor();

      assert.deepEqual(errors.filter((e) => !/40[0-9]|429/.test(e)), [], 'console errors');
      await context.close();
    });
  }
});
