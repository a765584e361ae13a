// The admin's trading desk in Debian's Chromium against the real binary, on a phone and a desktop: an admin
// changes a grade's margins and sees the price table follow, moves a customer to another grade and the
// customer's own prices follow, saves trade hours (one window through midnight), weight limits and the referral
// reward's rules that a reload shows again, and finds real trades in the buy/sell listing with its filters. Every screen is saved
// as a screenshot in test-artifacts/.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';

/** rial writes whole rials the way the screens do: "۵۰٬۱۲۳٬۴۵۶". */
const rial = (n) => fa(String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '٬'));

const BASE = 50_000_000n;
const adminPhone = '09350003333';
const adminPassword = 'trading-desk-secret';

let shop;
const api = apiFor(() => shop);
const { call, loginByPassword } = api;
let browser;
let adminToken;
const customers = {};

/** registerCustomer signs a customer up through the API; sms counts the codes sent to the phone so far. */
async function registerCustomer(phone, nine, first_name, last_name) {
  const customer = await api.registerCustomer(phone, nine, { first_name, last_name, password: 'gold-buyer-1', birth_date: '1368/03/12' });
  return { ...customer, sms: 1 };
}

/** trade quotes a trade as the customer, reads its code from the console and confirms it. */
async function trade(customer, type, amountGold) {
  ok(await call(`/api/prices/${type}`, { method: 'POST', token: customer.token, body: { amount_gold: amountGold } }));
  const code = await shop.waitForCode(customer.phone, customer.sms++);
  const done = ok(await call('/api/prices/verify-transaction', {
    method: 'POST', token: customer.token, key: `e2e-${type}-${customer.id}`,
    body: { verification_code: code, transaction_type: type },
  }));
  return done.transaction;
}

before(async () => {
  shop = await startShop();
  shop.addAdmin(adminPhone, adminPassword);
  adminToken = (await api.apiLogin(adminPhone, adminPassword)).accessToken;
  await shop.stockVault(adminToken);
  ok(await call('/api/admin/prices', { method: 'POST', token: adminToken, body: { base_price: String(BASE) } }));

  // One customer buys 1.250 g, another sells 0.500 g: two trades, one of each type, with their own codes.
  customers.buyer = await registerCustomer('09127770101', '012345681', 'نرگس', 'صالحی');
  customers.seller = await registerCustomer('09127770102', '012345682', 'حمید', 'نوری');
  ok(await call('/api/adminCharge/charge', { method: 'POST', token: adminToken, key: 'e2e-charge-buyer', body: { userId: customers.buyer.id, type: 'rial', amount: '100000000' } }));
  ok(await call('/api/adminCharge/charge', { method: 'POST', token: adminToken, key: 'e2e-charge-seller', body: { userId: customers.seller.id, type: 'gold', amount: '2' } }));
  customers.buy = await trade(customers.buyer, 'buy', '1.250');
  customers.sell = await trade(customers.seller, 'sell', '0.500');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text });

/** failing makes the server's answer to method + url a bare 500 while fn runs, so the screens' own texts show. */
async function failing(page, url, method, fn) {
  const handler = (route) => (route.request().method() === method ? route.fulfill({ status: 500, body: '' }) : route.fallback());
  await page.route(url, handler);
  try {
    await fn();
  } finally {
    await page.unroute(url, handler);
  }
}

async function grades() {
  return Object.fromEntries(ok(await call('/api/admin/grades', { token: adminToken })).map((g) => [g.id, g]));
}

describe('admin trading desk', () => {
  for (const [name, device] of Object.entries(viewports)) {
    test(`an admin runs grades, settings and the trade list on a ${name}`, { timeout: 180_000 }, async () => {
      const phone = name === 'phone';
      const grade = phone ? 2 : 4;
      const sellAdd = phone ? 123_456n : 654_321n;
      const buySubtract = phone ? 200_000n : 300_000n;
      const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      await loginByPassword(page, adminPhone, adminPassword);

      // ---- grades: the rules change the price table --------------------------------------------------
      await page.goto(`${shop.url}/admin-grades_page`);
      await page.getByTestId(`price-buy-${grade}`).waitFor();
      assert.match(await page.getByTestId('base-price').innerText(), new RegExp(rial(BASE)));
      await page.getByTestId('user-row').first().waitFor();
      await shot(page, `${name}-trading-01-grades`);

      // an empty margin is refused before anything is sent
      await page.getByTestId(`grade-sell-add-${grade}`).fill('');
      await page.getByTestId(`grade-save-${grade}`).click();
      await page.locator(`[data-testid="grade-row"][data-grade="${grade}"]`).getByText('مقدار باید عددی مثبت باشد').waitFor();
      assert.equal((await grades())[grade].sell_add, '0');

      // typed with Persian digits, regrouped while typing; the preview and then the table follow
      await page.getByTestId(`grade-sell-add-${grade}`).fill(fa(sellAdd));
      assert.equal(await page.getByTestId(`grade-sell-add-${grade}`).inputValue(), rial(sellAdd));
      await page.getByTestId(`grade-buy-subtract-${grade}`).fill(String(buySubtract));
      if (phone) {
        await failing(page, '**/api/admin/grades/*', 'PUT', async () => {
          await page.getByTestId(`grade-save-${grade}`).click();
          await toast(page, 'خطا در ویرایش').waitFor();
        });
      }
      await page.getByTestId(`grade-save-${grade}`).click();
      await toast(page, 'سطح قیمت ذخیره شد').waitFor();
      await page.getByTestId(`price-buy-${grade}`).filter({ hasText: rial(BASE + sellAdd) }).waitFor();
      assert.equal(await page.getByTestId(`price-sell-${grade}`).innerText(), rial(BASE - buySubtract));
      const saved = (await grades())[grade];
      assert.deepEqual([saved.sell_add, saved.buy_subtract], [String(sellAdd), String(buySubtract)]);
      await shot(page, `${name}-trading-02-grade-saved`);

      // ---- a customer's grade: the customer's own prices follow ------------------------------------------
      const buyer = customers.buyer;
      await page.getByTestId('users-search').fill(fa(buyer.phone));
      await page.getByTestId('users-search').press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1);
      const row = page.getByTestId('user-row');
      assert.equal(await row.getAttribute('data-id'), String(buyer.id));
      assert.match(await row.innerText(), /نرگس صالحی/);
      if (phone) {
        // a failed change leaves the select on the grade the customer still has
        await failing(page, '**/api/admin/users/*', 'PUT', async () => {
          await page.getByTestId(`user-grade-${buyer.id}`).selectOption('5');
          await toast(page, 'خطا در به‌روزرسانی').waitFor();
        });
        await page.waitForFunction((id) => document.querySelector(`[data-testid="user-grade-${id}"]`)?.value === '1', buyer.id);
      }
      await page.getByTestId(`user-grade-${buyer.id}`).selectOption(String(grade));
      await toast(page, 'سطح قیمت کاربر تغییر کرد').waitFor();
      const mine = ok(await call('/api/prices/my-prices', { token: buyer.token }));
      assert.equal(mine.grade, grade);
      assert.equal(mine.buy_price, String(BASE + sellAdd));
      assert.equal(mine.sell_price, String(BASE - buySubtract));
      assert.equal(await page.getByTestId(`user-grade-${buyer.id}`).inputValue(), String(grade));
      await shot(page, `${name}-trading-03-user-grade`);

      // a search that finds nobody, then the users list failing: its message stays 5 s and goes
      await page.getByTestId('users-search').fill('کسی-که-نیست');
      await page.getByTestId('users-search-submit').click();
      await page.getByTestId('users-empty').waitFor();
      if (phone) {
        await failing(page, '**/api/admin/users?*', 'GET', async () => {
          await page.getByTestId('users-search-submit').click();
          await page.getByTestId('users-error').filter({ hasText: 'خطا در دریافت کاربران' }).waitFor();
        });
        await page.getByTestId('users-error').waitFor({ state: 'detached', timeout: 7000 });
      }

      // ---- trade hours and weights: saved and shown again after a reload ------------------------------------
      if (phone) {
        await failing(page, '**/api/priceSettings', 'GET', async () => {
          await page.goto(`${shop.url}/AdminPriceSettings_page`);
          await page.getByRole('heading', { name: 'خطا در دریافت تنظیمات' }).waitFor();
          await toast(page, 'خطا در دریافت تنظیمات').waitFor();
        });
        await page.getByRole('button', { name: 'تلاش دوباره' }).click();
      } else {
        await page.goto(`${shop.url}/AdminPriceSettings_page`);
      }
      await page.getByTestId('settings-save').waitFor();
      assert.equal(await page.getByTestId('buy-start').inputValue(), '۰۰:۰۰');
      assert.equal(await page.getByTestId('max-weight').inputValue(), '۱۰۰۰');
      await page.getByTestId('buy-start').fill('۲۲:۳۰');
      await page.getByTestId('buy-end').fill('2:15');
      await page.getByTestId('buy-end').blur();
      assert.equal(await page.getByTestId('buy-end').inputValue(), '۰۲:۱۵');
      assert.match(await page.getByTestId('buy-window').innerText(), /از نیمه‌شب می‌گذرد/);
      await page.getByTestId('sell-start').fill('09:00');
      await page.getByTestId('sell-end').fill('25:00');
      await page.getByTestId('sell-end').blur();
      await page.getByText('ساعت را به شکل ۰۹:۳۰ وارد کنید').waitFor();
      await page.getByTestId('sell-end').fill('17:30');
      assert.equal(await page.getByTestId('sell-window').innerText(), 'هر روز از ۰۹:۰۰ تا ۱۷:۳۰');
      await page.getByTestId('sell-enabled').uncheck();
      assert.match(await page.getByTestId('sell-window').innerText(), /غیرفعال/);

      // the weight rules of admin.md §5: above the maximum ignored, below 0.001 raised, unreadable falls back
      await page.getByTestId('max-weight').fill('5');
      await page.getByTestId('max-weight').blur();
      await page.getByTestId('min-weight').fill('10');
      await page.getByTestId('min-weight').blur();
      await page.getByTestId('min-weight-note').filter({ hasText: 'مقدار قبلی ماند' }).waitFor();
      assert.equal(await page.getByTestId('min-weight').inputValue(), '۰/۰۰۱');
      await page.getByTestId('min-weight').fill('0');
      await page.getByTestId('min-weight').blur();
      await page.getByTestId('min-weight-note').filter({ hasText: 'کمتر از ۰/۰۰۱ گرم' }).waitFor();
      await page.getByTestId('min-weight').fill('۰٫۲۵');
      await page.getByTestId('min-weight').blur();
      await page.getByTestId('max-weight').fill('0.1');
      await page.getByTestId('max-weight').blur();
      await page.getByTestId('max-weight-note').filter({ hasText: 'نمی‌تواند کمتر از حداقل' }).waitFor();
      assert.equal(await page.getByTestId('max-weight').inputValue(), '۵');
      await page.getByTestId('max-weight').fill('');
      await page.getByTestId('max-weight').blur();
      assert.equal(await page.getByTestId('max-weight').inputValue(), '۱۰۰۰');
      await page.getByTestId('max-weight').fill('12.5');

      // the referral reward: an empty least trade, a cap above 100,000 and a price age of 0 are refused, and
      // nothing is sent
      assert.equal(await page.getByTestId('referral-min').inputValue(), '۱٬۰۰۰٬۰۰۰');
      assert.equal(await page.getByTestId('referral-cap').inputValue(), '۱۰');
      await page.getByTestId('referral-min').fill('');
      await page.getByTestId('referral-cap').fill('100001');
      await page.getByTestId('max-age').fill('۰');
      await page.getByTestId('settings-save').click();
      await page.getByText('عددی از ۱ تا ۱۰۰۸۰ دقیقه وارد کنید').waitFor();
      await page.getByText('مبلغی از ۰ تا ۱٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰ ریال وارد کنید').waitFor();
      await page.getByText('عددی از ۰ تا ۱۰۰٬۰۰۰ وارد کنید').waitFor();
      await toast(page, 'لطفاً خطاهای فرم را برطرف کنید').waitFor();
      await shot(page, `${name}-trading-04-settings-errors`);
      const untouched = ok(await call('/api/priceSettings', { token: adminToken }));
      assert.deepEqual([untouched.referral_min_trade_rial, untouched.referral_monthly_cap, untouched.price_max_age_minutes], ['1000000', 10, 30]);
      await page.getByTestId('max-age').fill('45');
      await page.getByTestId('referral-min').fill('۵۰۰۰۰۰۰');
      assert.equal(await page.getByTestId('referral-min').inputValue(), '۵٬۰۰۰٬۰۰۰');
      await page.getByText('معادل ۵۰۰٬۰۰۰ تومان').waitFor();
      await page.getByTestId('referral-cap').fill('۳');
      await shot(page, `${name}-trading-04-settings-filled`);
      if (phone) {
        await failing(page, '**/api/priceSettings', 'PUT', async () => {
          await page.getByTestId('settings-save').click();
          await toast(page, 'خطا در ذخیره‌سازی').waitFor();
        });
      }
      await page.getByTestId('settings-save').click();
      await toast(page, 'تنظیمات با موفقیت ذخیره شد').waitFor();

      const stored = ok(await call('/api/priceSettings', { token: adminToken }));
      assert.deepEqual(stored, {
        buy_enabled: true, sell_enabled: false, buy_start_time: '22:30', buy_end_time: '02:15',
        sell_start_time: '09:00', sell_end_time: '17:30', min_weight: '0.250', max_weight: '12.500', price_max_age_minutes: 45,
        referral_min_trade_rial: '5000000', referral_monthly_cap: 3,
      });
      await page.reload();
      await page.getByTestId('settings-save').waitFor();
      assert.equal(await page.getByTestId('buy-start').inputValue(), '۲۲:۳۰');
      assert.equal(await page.getByTestId('buy-end').inputValue(), '۰۲:۱۵');
      assert.match(await page.getByTestId('buy-window').innerText(), /از نیمه‌شب می‌گذرد/);
      assert.equal(await page.getByTestId('sell-enabled').isChecked(), false);
      assert.equal(await page.getByTestId('buy-enabled').isChecked(), true);
      assert.equal(await page.getByTestId('min-weight').inputValue(), '۰/۲۵');
      assert.equal(await page.getByTestId('max-weight').inputValue(), '۱۲/۵');
      assert.equal(await page.getByTestId('max-age').inputValue(), '۴۵');
      assert.equal(await page.getByTestId('referral-min').inputValue(), '۵٬۰۰۰٬۰۰۰');
      assert.equal(await page.getByTestId('referral-cap').inputValue(), '۳');
      await page.getByText('معادل ۵۰۰٬۰۰۰ تومان').waitFor();
      await shot(page, `${name}-trading-05-settings-reloaded`);
      // back to the defaults, so the other viewport starts from them
      ok(await call('/api/priceSettings', {
        method: 'PUT', token: adminToken,
        body: { buy_enabled: true, sell_enabled: true, buy_start_time: '00:00', buy_end_time: '23:59', sell_start_time: '00:00', sell_end_time: '23:59', min_weight: '0.001', max_weight: '1000', price_max_age_minutes: 30,
          referral_min_trade_rial: '1000000', referral_monthly_cap: 10 },
      }));

      // ---- the buy/sell listing: real trades and the filters ------------------------------------------------
      if (phone) {
        await failing(page, '**/api/adminGoldTransactions/**', 'GET', async () => {
          await page.goto(`${shop.url}/AdminGoldTransactions_page`);
          await page.getByRole('heading', { name: 'خطا در دریافت خرید و فروش‌ها' }).waitFor();
        });
        await page.getByRole('button', { name: 'تلاش دوباره' }).click();
      } else {
        await page.goto(`${shop.url}/AdminGoldTransactions_page`);
      }
      await page.getByTestId('tx-count').waitFor();
      if (phone) {
        assert.equal(await page.getByTestId('filter-apply').isVisible(), false);
        await page.getByTestId('filters-toggle').click();
      } else {
        assert.equal(await page.getByTestId('filters-toggle').isVisible(), false);
      }
      assert.equal(await page.getByTestId('tx-count').innerText(), 'تعداد معاملات: ۲');
      const buyRow = page.locator(`[data-testid="tx-row"][data-id="${customers.buy.id}"]`);
      const sellRow = page.locator(`[data-testid="tx-row"][data-id="${customers.sell.id}"]`);
      const buyText = await buyRow.innerText();
      assert.match(buyText, /نرگس صالحی/);
      assert.match(buyText, new RegExp(fa(customers.buyer.phone)));
      assert.match(buyText, /خرید/);
      assert.match(buyText, /تایید شده/);
      assert.match(buyText, new RegExp(rial(BASE)));
      assert.match(buyText, new RegExp(rial(62_500_000)));
      assert.match(buyText, /[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}/);
      assert.match(await page.getByTestId(`tx-weight-${customers.buy.id}`).innerText(), /۱\/۲۵۰/);
      assert.match(await sellRow.innerText(), /حمید نوری/);
      assert.match(await sellRow.innerText(), new RegExp(rial(25_000_000)));
      assert.match(await page.getByTestId(`tx-weight-${customers.sell.id}`).innerText(), /۰\/۵۰۰/);
      await shot(page, `${name}-trading-06-trades`);

      await page.getByTestId('filter-type').selectOption('sell');
      await page.getByTestId('filter-apply').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="tx-row"]').length === 1);
      assert.equal(await page.getByTestId('tx-row').getAttribute('data-type'), 'sell');
      assert.equal(await page.getByTestId('tx-count').innerText(), 'تعداد معاملات: ۱');

      await page.getByTestId('filter-type').selectOption('');
      await page.getByTestId('filter-min-weight').fill('۱');
      await page.getByTestId('filter-apply').click();
      // the sell row of the last filter leaves and the buy row comes
      await page.waitForFunction((id) => {
        const rows = document.querySelectorAll('[data-testid="tx-row"]');
        return rows.length === 1 && rows[0].dataset.id === String(id);
      }, customers.buy.id);
      await page.getByTestId('filter-max-weight').fill('1.249');
      await page.getByTestId('filter-apply').click();
      await page.getByTestId('tx-empty').filter({ hasText: 'هیچ خرید یا فروشی یافت نشد' }).waitFor();
      assert.equal(await page.getByTestId('tx-count').innerText(), 'تعداد معاملات: ۰');
      await shot(page, `${name}-trading-07-trades-empty`);

      // dates: a start after the end is refused, nothing is searched
      await page.getByTestId('filter-clear').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="tx-row"]').length === 2);
      assert.equal(await page.getByTestId('filter-min-weight').inputValue(), '');
      await page.getByTestId('filter-from').fill('۱۴۰۴/۰۲/۱۰');
      await page.getByTestId('filter-to').fill('۱۴۰۴/۰۲/۰۱');
      await page.getByTestId('filter-apply').click();
      await page.getByText('تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد').first().waitFor();
      assert.equal(await page.getByTestId('tx-row').count(), 2);
      await shot(page, `${name}-trading-08-trades-dates-wrong`);
      await page.getByTestId('filter-clear').click();
      await page.getByTestId('filter-status').selectOption('rejected');
      await page.getByTestId('filter-apply').click();
      await page.getByTestId('tx-empty').waitFor();

      assert.deepEqual(errors.filter((e) => !/40[0-9]|429|500/.test(e)), [], 'console errors');
      await context.close();
    });
  }
});
