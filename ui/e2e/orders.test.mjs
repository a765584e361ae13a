// Standing orders on a phone against the real binary (issue 29): a customer the owner has charged opens the
// orders screen from the trade screen and places a buy of 0.1 g below their price, confirmed with the texted
// code; the screen shows it open and the rial it holds gone from their free balance, and the owner sees only
// its count and hold. The owner lowers the base price on their own price screen, in their own browser; the
// customer's screen, told by the notification, shows the order executed at the new price, and the
// notification is in their list. A second order, cancelled, gives its hold back.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { axeViolations, exactly, launch, openPage, shot } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { fa } from './digits.mjs';
import { startShop } from './shop.mjs';

let shop;
let browser;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);

before(async () => {
  shop = await startShop({ codeSpacingMs: 1000 });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** rial writes a whole number of rials as the screens do: Persian digits grouped by «٬». */
const rial = (n) => fa(BigInt(n).toLocaleString('en-US').replace(/,/g, '٬'));
const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text });
const row = (page, id, status) => page.locator(`[data-testid="order-row"][data-id="${id}"][data-status="${status}"]`);

/** placeOrder submits the filled form and confirms it with the texted code (the n-th SMS to the phone). */
async function placeOrder(page, phone, n) {
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST' && r.status() === 200);
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-code-form').waitFor();
  const code = await shop.waitForCode(phone, n);
  for (let i = 0; i < 5; i++) await page.getByTestId(`code-box-${i}`).fill(code[i]);
  await page.getByTestId('order-confirm').click();
  const { order } = await (await placed).json();
  await page.getByTestId('order-form').waitFor();
  return order;
}

test('a buy order held at its limit executes when the owner lowers the price; a cancelled one gives its hold back', { timeout: 180_000 }, async () => {
  const ownerPhone = '09350007777';
  shop.addAdmin(ownerPhone, 'owner-orders-secret');
  const owner = (await apiLogin(ownerPhone, 'owner-orders-secret')).accessToken;
  await shop.stockVault(owner);
  const base = 100_000_000;
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: String(base) } }));
  const customer = await registerCustomer('09120007777', '007777777');
  const charged = 30_000_000;
  ok(await call('/api/adminCharge/charge', { method: 'POST', token: owner, body: { userId: customer.id, type: 'rial', amount: String(charged) } }));
  const buy = Number(ok(await call('/api/prices/my-prices', { token: customer.token })).buy_price);
  const limit = buy - 5_000_000;
  const hold = limit / 10; // 0.1 g at the limit

  // the first call of each order is 403 {code_required}, as the contract says: the browser logs it
  const { context, page, errors } = await openPage(browser, { expected: /status of 403/ });
  const desk = await openPage(browser);
  try {
    await loginByPassword(page, customer.phone, 'sara-gold-1');
    await page.goto(`${shop.url}/trade_page`);
    await page.getByTestId('trade-orders-link').scrollIntoViewIfNeeded();
    await shot(page, 'phone-orders-00-trade-link');
    await page.getByTestId('trade-orders-link').click();
    await page.waitForURL(`${shop.url}/orders_page`);
    await page.getByTestId('orders-empty').waitFor();
    await page.getByTestId('order-available').filter({ hasText: exactly(`موجودی ریالی آزاد: ${rial(charged)} ریال`) }).waitFor();
    await page.getByTestId('order-price-now').filter({ hasText: `قیمت خرید فعلی شما: ${rial(buy)} ریال` }).waitFor();

    // 0.1 g by weight, at most the limit, valid for the week the form offers
    await page.locator('label', { hasText: 'وزن (گرم)' }).click();
    assert.equal(await page.getByTestId('order-by-gold').isChecked(), true);
    await page.getByTestId('order-gold').fill('0.1');
    await page.getByTestId('order-limit').fill(fa(limit));
    assert.match(await page.getByTestId('order-until').locator('option:checked').innerText(), /^\S+ [۰-۹]+ \S+ [۰-۹]{4}$/);
    const preview = await page.getByTestId('order-preview').innerText();
    assert.match(preview, new RegExp(`خرید ۰/۱۰۰ گرم طلا وقتی قیمت به ${rial(limit)} ریال یا کمتر رسید`));
    assert.match(preview, new RegExp(`${rial(hold)} ریال`));
    await shot(page, 'phone-orders-01-form');
    const first = await placeOrder(page, customer.phone, 1);
    assert.equal(first.status, 'open');
    assert.equal(first.held_rial, String(hold));

    // open, holding its rial: the free balance drops by it, the balance does not
    await row(page, first.id, 'open').waitFor();
    assert.equal(await page.getByTestId(`order-held-${first.id}`).innerText(), `${rial(hold)} ریال`);
    await page.getByTestId('order-available').filter({ hasText: exactly(`موجودی ریالی آزاد: ${rial(charged - hold)} ریال`) }).waitFor();
    const held = ok(await call('/api/wallet/balances', { token: customer.token }));
    assert.equal(held.available_rial, String(charged - hold));
    assert.equal(held.balance_rial, String(charged));
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-orders-02-open');

    // the owner, in their own browser: the count and the hold, never whose; then a base price below the limit
    await loginByPassword(desk.page, ownerPhone, 'owner-orders-secret');
    await desk.page.goto(`${shop.url}/admin-notices_page`);
    await desk.page.getByTestId('orders-open-buy').filter({ hasText: exactly('۱') }).waitFor();
    assert.equal(await desk.page.getByTestId('orders-held-rial').innerText(), `${rial(hold)} ریال`);
    assert.doesNotMatch(await desk.page.getByTestId('orders-demand').innerText(), /کریمی|سارا/);
    await shot(desk.page, 'phone-orders-03-owner-figures');
    const lower = base - 6_000_000;
    const executedAt = buy - 6_000_000;
    await desk.page.goto(`${shop.url}/prices_page`);
    await desk.page.getByTestId('base-price').waitFor();
    await desk.page.getByTestId('base-price-input').fill(fa(lower));
    await desk.page.getByTestId('base-price-submit').click();
    await desk.page.getByTestId('base-price-dialog').waitFor();
    await desk.page.getByTestId('base-price-confirm').click();
    await desk.page.locator(`[data-testid="base-price"][data-value="${lower}"]`).waitFor();

    // the customer's screen, told by the notification, shows it executed at the new price; no reload
    await row(page, first.id, 'executed').waitFor({ timeout: 15_000 });
    assert.equal(await page.getByTestId(`order-trade-${first.id}`).innerText(), `۰/۱۰۰ گرم به ${rial(executedAt / 10)} ریال`);
    await toast(page, 'سفارش شرطی اجرا شد').waitFor();
    const notes = ok(await call('/api/notifications', { token: customer.token })).items;
    assert.equal(notes[0].kind, 'order_executed', JSON.stringify(notes.map((n) => n.kind)));
    const after = ok(await call('/api/wallet/balances', { token: customer.token }));
    assert.equal(after.balance_gold, '0.100');
    assert.equal(after.available_rial, String(charged - executedAt / 10));
    await page.getByTestId('order-available').filter({ hasText: exactly(`موجودی ریالی آزاد: ${rial(charged - executedAt / 10)} ریال`) }).waitFor();
    assert.doesNotMatch(await page.locator('main').innerText(), /[0-9A-Za-z]/, 'Persian digits and words only');
    await shot(page, 'phone-orders-04-executed');
    await page.goto(`${shop.url}/notifications_page`);
    await page.getByText('سفارش شرطی اجرا شد').first().waitFor();
    await shot(page, 'phone-orders-05-notification');

    // a second order, by a rial amount, holds it; cancelled, it gives it back
    await page.goto(`${shop.url}/orders_page`);
    await page.getByTestId('order-rial').fill(fa(2_000_000));
    await page.getByTestId('order-limit').fill(fa(executedAt - 5_000_000));
    await page.getByTestId('order-until').selectOption({ index: 0 });
    const free = charged - executedAt / 10;
    await page.getByTestId('order-available').filter({ hasText: exactly(`موجودی ریالی آزاد: ${rial(free)} ریال`) }).waitFor();
    const second = await placeOrder(page, customer.phone, 2);
    await row(page, second.id, 'open').waitFor();
    await page.getByTestId('order-available').filter({ hasText: exactly(`موجودی ریالی آزاد: ${rial(free - 2_000_000)} ریال`) }).waitFor();
    await page.getByTestId(`order-cancel-${second.id}`).click();
    const dialog = page.getByTestId('order-cancel-dialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), new RegExp(`${rial(2_000_000)} ریال نگه‌داشته‌شده`));
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-orders-06-cancel');
    await page.getByTestId('order-cancel-confirm').click();
    await row(page, second.id, 'canceled').waitFor();
    await page.getByTestId('order-available').filter({ hasText: exactly(`موجودی ریالی آزاد: ${rial(free)} ریال`) }).waitFor();
    assert.equal(ok(await call('/api/wallet/balances', { token: customer.token })).available_rial, String(free));
    await shot(page, 'phone-orders-07-canceled');
    assert.deepEqual(errors, []);
    assert.deepEqual(desk.errors, []);
  } finally {
    await context.close();
    await desk.context.close();
  }
});
