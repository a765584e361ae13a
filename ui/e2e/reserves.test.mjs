// The public reserves page (issue 17) in Debian's Chromium against the real binary, on a phone: the owner puts
// 10 g of melted 750 gold in the vault, a customer buys 4 g through the API, and then anyone, signed out, follows
// the home page's link to /reserves and reads 4 g owed, 10 g held and a cover of 2.50, with the 90-day chart
// drawn. The screen goes to ARTIFACTS and passes axe.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launch, openPage, shot } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';

const ownerPhone = '09350008888';
const ownerPassword = 'reserves-owner-secret';
const customerPhone = '09120008888';

let shop;
const { call, apiLogin, registerCustomer } = apiFor(() => shop);
let browser;

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  const owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  ok(await call('/api/admin/vault', {
    method: 'POST', token: owner, body: { kind: 'melted', description: 'آبشده', weight: '10', purity: '750' },
  }));
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: '50000000' } }));
  const customer = await registerCustomer(customerPhone, '800008888');
  ok(await call('/api/adminCharge/charge', {
    method: 'POST', token: owner, body: { userId: customer.id, type: 'rial', amount: '1000000000', description: 'واریز اولیه' },
  }));
  ok(await call('/api/prices/buy', { method: 'POST', token: customer.token, body: { amount_gold: '4' } }));
  const code = await shop.waitForCode(customerPhone, 1);
  ok(await call('/api/prices/verify-transaction', {
    method: 'POST', token: customer.token, key: 'e2e-reserves-buy', body: { verification_code: code, transaction_type: 'buy' },
  }));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('the reserves page', () => {
  test('anyone reads the gold owed and held on a phone', { timeout: 120_000 }, async () => {
    const api = ok(await call('/api/reserves'));
    assert.deepEqual([api.owed, api.held, api.ratio], ['4.000', '10.000', '2.50']);

    const { context, page, errors } = await openPage(browser);

    await page.goto(`${shop.url}/`);
    await page.getByTestId('home-reserves').click();
    await page.waitForURL(/\/reserves$/);
    await page.getByTestId('reserves-figures').waitFor();
    const text = async (id) => (await page.getByTestId(id).innerText()).trim();
    assert.equal(await text('reserves-owed'), '۴/۰۰۰');
    assert.equal(await text('reserves-held'), '۱۰/۰۰۰');
    assert.equal(await text('reserves-ratio'), 'پوشش: ۲/۵۰ برابر');
    assert.match(await text('reserves-updated'), /^آخرین تغییر: [۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}$/);
    assert.equal(await page.locator('h1, h2').filter({ hasText: 'ذخایر طلای فروشگاه' }).count() > 0, true);
    await page.locator('[data-testid="reserves-chart"][data-drawn="true"] canvas').waitFor();
    const axisText = await page.getByTestId('reserves-chart').locator('.u-axis').first().innerText();
    assert.doesNotMatch(axisText, /[0-9]/, 'the axis speaks Persian digits');

    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'reserves-phone');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
