// The admin's money desk in Debian's Chromium against the real binary, on a desktop and a phone: an admin
// charges a registered customer with rial and with gold, sees the panel's figures move, finds the customer in
// the users' balances and reads the ledger's running balances, and rejects the customer's deposit with a
// reason. Every screen is saved as a screenshot in test-artifacts/.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exactly, launch, shot, viewports } from './browser.mjs';
import { apiFor } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa, latin } from './digits.mjs';

/** rialOf reads "۱۲٬۵۰۰٬۰۰۰" back as a BigInt. */
const rialOf = (text) => BigInt(latin(text).replace(/[^0-9-]/g, '') || '0');
/** mgOf reads grams "۱/۲۵۰" back as BigInt milligrams. */
const mgOf = (text) => {
  const [int, frac = ''] = latin(text).replace(/\//g, '.').replace(/[^0-9.]/g, '').split('.');
  return BigInt(int || '0') * 1000n + BigInt((frac + '000').slice(0, 3));
};

// A 1×1 PNG: the smallest receipt the server takes (it checks the content, not the name).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;
const adminPhone = '09350002222';
const adminPassword = 'money-desk-secret';

before(async () => {
  shop = await startShop();
  shop.addAdmin(adminPhone, adminPassword);
  await shop.stockVault((await apiLogin(adminPhone, adminPassword)).accessToken);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

async function figures(page) {
  await page.goto(`${shop.url}/AdminPanel_page`);
  await page.getByTestId('dash-customers-rial').waitFor();
  return {
    rial: rialOf(await page.getByTestId('dash-customers-rial').innerText()),
    gold: mgOf(await page.getByTestId('dash-customers-gold').innerText()),
  };
}

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text });

// One viewport after the other: both charge customers, and the panel's totals are compared exactly.
describe('admin money desk', () => {
  for (const [name, device] of Object.entries(viewports).reverse()) {
    test(`an admin charges, checks and rejects on a ${name}`, { timeout: 180_000 }, async () => {
      const n = name === 'phone' ? 1 : 2;
      const phone = `0912777000${n}`;
      const customer = await registerCustomer(phone, `01234567${n}`);

      const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      await loginByPassword(page, adminPhone, adminPassword);

      // The panel's figures before.
      const before = await figures(page);
      await shot(page, `${name}-money-01-panel-before`);

      // Manual charge: the empty search and a charge before any search are refused.
      await page.goto(`${shop.url}/AdminChargeAccount_page`);
      await page.getByTestId('charge-search').waitFor();
      await page.getByTestId('charge-search').press('Enter');
      await toast(page, 'شناسه، نام یا شماره موبایل کاربر را وارد کنید').waitFor();
      await page.getByTestId('charge-amount').fill('1000');
      await page.getByTestId('charge-submit').click();
      await toast(page, 'ابتدا کاربر را جستجو کنید').waitFor();

      // Find the customer by phone (Enter searches).
      await page.getByTestId('charge-search').fill(fa(phone));
      await page.getByTestId('charge-search').press('Enter');
      await page.getByTestId('charge-found').waitFor();
      await toast(page, 'کاربر پیدا شد').waitFor();
      assert.match(await page.getByTestId('charge-found').innerText(), /سارا کریمی/);
      assert.equal(await page.getByTestId('charge-balance-rial').innerText(), '۰');

      // Rial: digits only, Persian digits accepted, zero refused; then confirm.
      await page.getByTestId('charge-amount').fill('0');
      await page.getByTestId('charge-submit').click();
      await page.getByText('مقدار شارژ باید بیشتر از صفر باشد').waitFor();
      await page.getByTestId('charge-amount').fill('۵۰۰۰۰۰۰ریال');
      assert.equal(await page.getByTestId('charge-amount').inputValue(), '۵٬۰۰۰٬۰۰۰');
      await page.getByTestId('charge-description').fill('شارژ آزمایشی ریالی');
      await page.getByTestId('charge-submit').click();
      await page.getByTestId('charge-dialog').waitFor();
      assert.match(await page.getByTestId('charge-dialog').innerText(), /۵٬۰۰۰٬۰۰۰ ریال/);
      await shot(page, `${name}-money-02-charge-confirm-rial`);
      await page.getByTestId('charge-confirm').click();
      await toast(page, 'شارژ با موفقیت انجام شد').waitFor();
      await page.getByTestId('charge-balance-rial').filter({ hasText: exactly('۵٬۰۰۰٬۰۰۰') }).waitFor();
      assert.equal(await page.getByTestId('charge-amount').inputValue(), '');

      // Gold: switching tabs clears the amount; three decimals at most.
      await page.getByTestId('charge-amount').fill('12');
      await page.getByTestId('charge-tab-gold').click();
      assert.equal(await page.getByTestId('charge-amount').inputValue(), '');
      await page.getByTestId('charge-amount').fill('1.2507');
      assert.equal(await page.getByTestId('charge-amount').inputValue(), '۱/۲۵۰');
      await page.getByTestId('charge-amount').fill('۱/۲۵');
      await page.getByTestId('charge-submit').click();
      await page.getByTestId('charge-dialog').waitFor();
      assert.match(await page.getByTestId('charge-dialog').innerText(), /۱\/۲۵۰ گرم طلا/);
      await page.getByTestId('charge-confirm').click();
      await toast(page, 'شارژ با موفقیت انجام شد').waitFor();
      await page.getByTestId('charge-balance-gold').filter({ hasText: exactly('۱/۲۵۰') }).waitFor();
      await shot(page, `${name}-money-03-charge-done`);

      // The panel's figures moved by exactly what was charged.
      const afterCharge = await figures(page);
      assert.equal(afterCharge.rial - before.rial, 5_000_000n);
      assert.equal(afterCharge.gold - before.gold, 1250n);
      await shot(page, `${name}-money-04-panel-after`);

      // Users' balances: filter down to the customer and open the ledger.
      await page.goto(`${shop.url}/AdminUserBalances_page`);
      await page.getByTestId('balances-row').first().waitFor();
      await page.getByTestId('balances-search').fill(phone);
      await page.getByTestId('balances-min-rial').fill('۴٬۰۰۰٬۰۰۰');
      await page.getByTestId('balances-min-gold').fill('1.25');
      await page.getByTestId('filter-apply').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="balances-row"]').length === 1);
      assert.equal(await page.getByTestId('balances-row').getAttribute('data-id'), String(customer.id));
      await page.getByTestId('balances-max-gold').fill('1.249');
      await page.getByTestId('filter-apply').click();
      await page.getByTestId('balances-empty').waitFor();
      await page.getByTestId('filter-clear').click();
      assert.equal(await page.getByTestId('balances-search').inputValue(), '');
      await page.getByTestId('balances-search').fill(phone);
      await page.getByTestId('filter-apply').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="balances-row"]').length === 1);
      await shot(page, `${name}-money-05-balances`);
      await page.getByTestId(`ledger-open-${customer.id}`).click();
      const modal = page.getByTestId('ledger-modal');
      await modal.waitFor();
      assert.match(await modal.innerText(), new RegExp(`سارا کریمی \\(شناسه ${fa(customer.id)}\\)`));
      const rows = modal.getByTestId('ledger-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 2);
      const running = await rows.evaluateAll((els) => els.map((e) => [e.dataset.runningRial, e.dataset.runningGold]));
      // newest first with the balance after each row, as the customer's own statement
      assert.deepEqual(running, [['5000000', '1.250'], ['5000000', '0.000']]);
      const ledgerText = await modal.innerText();
      assert.match(ledgerText, /شارژ کیف پول/);
      assert.match(ledgerText, /شارژ طلا/);
      assert.match(ledgerText, /۱\/۲۵۰/);
      assert.match(ledgerText, /[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}/);
      await shot(page, `${name}-money-06-ledger`);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      // The customer sends a deposit with a receipt.
      const form = new FormData();
      form.set('amount', '2000000');
      form.set('receipt', new Blob([PNG], { type: 'image/png' }), 'receipt.png');
      const deposit = await call('/api/wallet/deposit', { method: 'POST', token: customer.token, form, key: `e2e-deposit-${n}` });
      assert.equal(deposit.status, 200, JSON.stringify(deposit.data));
      const id = deposit.data.request.id;

      // The panel's quick list shows it, with the receipt.
      await page.goto(`${shop.url}/AdminPanel_page`);
      const quick = page.locator(`[data-testid="pending-row"][data-id="${id}"]`);
      await quick.waitFor();
      assert.match(await quick.innerText(), /۲٬۰۰۰٬۰۰۰/);
      assert.match(await page.getByTestId('dash-pending-deposits').innerText(), /۱ مورد/);
      await page.getByTestId(`panel-reject-${id}`).click();
      await page.getByTestId('reject-dialog').waitFor();
      await page.getByTestId('reject-dialog-submit').click();
      await page.getByText('دلیل رد درخواست را وارد کنید').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('reject-dialog').waitFor({ state: 'detached' });

      // The admin finds it with the filters (behind the filters button on a phone).
      await page.goto(`${shop.url}/AdminWalletRequests_page`);
      await page.getByTestId('request-count').waitFor();
      if (name === 'phone') {
        assert.equal(await page.getByTestId('filter-apply').isVisible(), false);
        await page.getByTestId('filters-toggle').click();
      } else {
        assert.equal(await page.getByTestId('filters-toggle').isVisible(), false);
      }
      await page.getByTestId('filter-from').fill('۱۴۰۴/۰۲/۱۰');
      await page.getByTestId('filter-to').fill('۱۴۰۴/۰۲/۰۱');
      await page.getByTestId('filter-apply').click();
      await page.getByText('تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد').first().waitFor();
      await shot(page, `${name}-money-07-filter-dates-wrong`);
      await page.getByTestId('filter-clear').click();
      assert.equal(await page.getByTestId('filter-from').inputValue(), '');
      await page.getByTestId('filter-user').fill(phone);
      await page.getByTestId('filter-type').selectOption('deposit');
      await page.getByTestId('filter-status').selectOption('pending');
      await page.getByTestId('filter-apply').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="wr-row"]').length === 1);
      assert.equal(await page.getByTestId('request-count').innerText(), 'تعداد درخواست‌ها: ۱');
      const row = page.getByTestId('wr-row');
      assert.match(await row.innerText(), /سارا کریمی/);
      assert.match(await row.innerText(), /۲٬۰۰۰٬۰۰۰/);
      assert.match(await row.innerText(), /در انتظار/);
      assert.equal(await page.getByTestId(`approve-${id}`).innerText(), 'تایید واریز');
      const receipt = page.getByTestId(`receipt-${id}`);
      assert.equal(await receipt.getAttribute('target'), '_blank');
      assert.match(await receipt.getAttribute('href'), /^\/uploads\/receipts\//);
      await page.waitForFunction((rid) => document.querySelector(`[data-testid="receipt-${rid}"] img`)?.naturalWidth > 0, id);
      await shot(page, `${name}-money-08-wallet-requests`);

      // A reject without a reason shows the server's message and changes nothing.
      await page.getByTestId(`reject-${id}`).click();
      await page.locator('[data-testid="toast"][role="alert"]').filter({ hasNotText: 'تاریخ' }).first().waitFor();
      await page.getByTestId(`reject-${id}`).waitFor();
      await page.getByTestId(`reject-reason-${id}`).fill('مبلغ رسید با مبلغ درخواست یکی نیست');
      await page.getByTestId(`reject-${id}`).click();
      await toast(page, 'رد').first().waitFor();
      // the list reloads with the pending filter: the decided request leaves it
      await page.getByTestId('wr-empty').waitFor();
      await page.getByTestId('filter-status').selectOption('rejected');
      await page.getByTestId('filter-apply').click();
      await page.getByTestId(`status-${id}`).filter({ hasText: 'رد شده' }).waitFor();
      assert.equal(await page.getByTestId(`reject-${id}`).count(), 0);
      assert.match(await page.getByTestId('wr-row').innerText(), /مبلغ رسید با مبلغ درخواست یکی نیست/);
      await shot(page, `${name}-money-09-rejected`);

      // The customer sees the rejection and the reason; no money moved.
      const mine = await call('/api/wallet/requests/user', { token: customer.token });
      const decided = mine.data.find((r) => r.id === id);
      assert.equal(decided.status, 'rejected');
      assert.equal(decided.reject_reason, 'مبلغ رسید با مبلغ درخواست یکی نیست');
      const balances = await call('/api/wallet/balances', { token: customer.token });
      assert.equal(balances.data.balance_rial, '5000000');

      assert.deepEqual(errors.filter((e) => !/40[0-9]|429/.test(e)), [], 'console errors');
      await context.close();
    });
  }
});
