// Price alerts (issue 18) in Debian's Chromium against the real binary, on a phone: the customer sets an alert
// on their buy price; the owner's new price crosses it; the alert is spent and told once — a notification in
// the app and one SMS line (the console gateway's `notice` line) — and a second lower price tells nothing more.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launch, openPage, shot } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';

const ownerPhone = '09350006666';
const ownerPassword = 'alerts-owner-secret';
const customerPhone = '09120006666';
const customerPassword = 'alerts-gold-1';

let shop;
let owner;
let customer;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;

const setPrice = async (price) => ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: String(price) } }));

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  await setPrice(50_000_000);
  customer = await registerCustomer(customerPhone, '600006666', { password: customerPassword });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('price alerts', () => {
  test('an alert fires once when the price crosses it', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openPage(browser, { expected: /status of 400/ });
    await loginByPassword(page, customerPhone, customerPassword);
    // this browser's sign-in is a new login after the sign-up's (issue 27): read, so the bell counts the alert alone
    ok(await call('/api/notifications/read', { method: 'POST', token: customer.token, body: { all: true } }));
    // the way in: from the trade screen's prices
    await page.goto(`${shop.url}/trade_page`);
    await page.getByTestId('trade-alert-link').click();
    await page.waitForURL(/\/price-alerts_page$/);
    await page.getByTestId('alerts-empty').waitFor();

    // an alert the price already meets is refused in the server's words
    await page.getByTestId('alert-price').fill('60000000');
    await page.getByTestId('alert-submit').click();
    await page.getByText('قیمت شما همین حالا ۵۰٬۰۰۰٬۰۰۰ ریال است').waitFor();

    await page.getByTestId('alert-price').fill('48000000');
    await page.getByTestId('alert-submit').click();
    await page.getByTestId('alert-row').waitFor();
    assert.equal(await page.getByTestId('alert-row').innerText().then((t) => t.includes('وقتی قیمت خرید من ۴۸٬۰۰۰٬۰۰۰ ریال یا کمتر شد')), true);
    await shot(page, 'phone-alerts-01-set');
    assert.deepEqual(await axeViolations(page), []);

    await setPrice(49_000_000); // not yet
    await setPrice(47_500_000); // crossed
    await page.locator('[data-testid="bell-link"]').filter({ hasText: '۱' }).waitFor();
    await setPrice(47_000_000); // spent: nothing more
    const list = ok(await call('/api/notifications', { token: customer.token }));
    assert.deepEqual(list.items.map((n) => n.kind), ['price_alert', 'new_login']);
    assert.match(list.items[0].text, /۴۷٬۵۰۰٬۰۰۰ ریال/);
    const lines = await shop.waitForNotices(customerPhone, 'price-alert', 1);
    assert.equal(lines.length, 1, 'one SMS line');
    assert.match(lines[0], /۴۷٬۵۰۰٬۰۰۰ ریال/);

    await page.reload();
    await page.locator('[data-testid="alert-row"][data-fired="true"]').waitFor();
    assert.match(await page.getByTestId('alert-row').innerText(), /قیمت خرید شما به ۴۷٬۵۰۰٬۰۰۰ ریال رسید/);
    await shot(page, 'phone-alerts-02-fired');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
