// Never sell what is not held (issue 17), as the owner and a customer live it, each on a phone in Debian's
// Chromium against the real binary: the owner records a 2 g bar in the vault; the customer's 3 g buy is
// refused on the trade screen with the shortfall and no code texted; the owner records a second bar; the same
// buy goes through with its code; and anyone then reads 3 g owed against 4 g held on /reserves.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launch, openPage, shot } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';

const ownerPhone = '09350009999';
const ownerPassword = 'journey-owner-secret';
const customerPhone = '09120009999';
const customerPassword = 'journey-gold-1';

let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  const owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: '50000000' } }));
  const customer = await registerCustomer(customerPhone, '900009999', { password: customerPassword });
  ok(await call('/api/adminCharge/charge', {
    method: 'POST', token: owner, body: { userId: customer.id, type: 'rial', amount: '1000000000', description: 'واریز اولیه' },
  }));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const text = async (page, testid) => (await page.getByTestId(testid).innerText()).trim();

/** addBar records a 2 g bar of 750 with its five marks through the vault screen. */
async function addBar(page, ingot) {
  await page.getByTestId('vault-add').click();
  await page.getByTestId('vault-add-dialog').waitFor();
  await page.getByTestId('vault-kind').selectOption('bar');
  await page.getByTestId('vault-description').fill('شمش دو گرمی');
  await page.getByTestId('vault-ayar').fill('750');
  await page.getByTestId('vault-vazn').fill('2');
  await page.getByTestId('vault-lab').fill('آزمایشگاه ری');
  await page.getByTestId('vault-ingot_number').fill(ingot);
  await page.getByTestId('vault-standard_code').fill('ISIRI-12');
  await page.getByTestId('vault-production_code').fill(`P-${ingot}`);
  await page.getByTestId('vault-tracking_code').fill(`TR-${ingot}`);
  await page.getByTestId('vault-submit').click();
  await page.getByTestId('vault-add-dialog').waitFor({ state: 'detached' });
}

/** askBuy asks for a buy of grams on the trade screen. */
async function askBuy(page, grams) {
  await page.getByTestId('trade-gold').fill(grams);
  await page.getByTestId('trade-submit').click();
}

describe('the reserve guard', () => {
  test('a buy beyond the vault is refused until the owner brings the gold in', { timeout: 180_000 }, async () => {
    const desk = await openPage(browser);
    await loginByPassword(desk.page, ownerPhone, ownerPassword);
    await desk.page.goto(`${shop.url}/admin-vault_page`);
    await desk.page.getByTestId('vault-empty').waitFor();
    await addBar(desk.page, '۵۰۱');
    await desk.page.waitForFunction(() => document.querySelector('[data-testid="vault-held"]')?.textContent === '۲/۰۰۰');

    // The refusal reaches the customer in the server's words, before any code is texted.
    const customer = await openPage(browser, { expected: /status of 400/ });
    await loginByPassword(customer.page, customerPhone, customerPassword);
    await customer.page.goto(`${shop.url}/trade_page`);
    await customer.page.getByTestId('trade-form').waitFor();
    const texted = shop.smsCount(customerPhone);
    await askBuy(customer.page, '3');
    const refusal = customer.page.getByTestId('toast').filter({ hasText: 'طلای خزانه فروشگاه برای این مقدار کافی نیست؛ ۱ گرم کم است' });
    await refusal.waitFor();
    await shot(customer.page, 'phone-reserve-journey-01-refused');
    assert.equal(await customer.page.getByTestId('trade-code-step').count(), 0, 'no code step');
    assert.equal(shop.smsCount(customerPhone), texted, 'no code texted');
    assert.equal(await customer.page.getByTestId('trade-available-gold').innerText(), '۰/۰۰۰');

    // The owner records more gold; the same buy now goes through.
    await addBar(desk.page, '۵۰۲');
    await desk.page.waitForFunction(() => document.querySelector('[data-testid="vault-held"]')?.textContent === '۴/۰۰۰');
    await shot(desk.page, 'phone-reserve-journey-02-vault');
    await refusal.waitFor({ state: 'detached' });
    await askBuy(customer.page, '3');
    await customer.page.getByTestId('trade-code-step').waitFor();
    const code = await shop.waitForCode(customerPhone, texted);
    for (let i = 0; i < code.length; i++) await customer.page.getByTestId(`code-box-${i}`).fill(code[i]);
    await customer.page.getByTestId('trade-verify').click();
    await customer.page.waitForFunction(() => document.querySelector('[data-testid="trade-available-gold"]')?.textContent === '۳/۰۰۰');
    await shot(customer.page, 'phone-reserve-journey-03-bought');

    // Anyone, signed out, reads the new figures.
    const visitor = await openPage(browser);
    await visitor.page.goto(`${shop.url}/reserves`);
    await visitor.page.getByTestId('reserves-figures').waitFor();
    assert.equal(await text(visitor.page, 'reserves-owed'), '۳/۰۰۰');
    assert.equal(await text(visitor.page, 'reserves-held'), '۴/۰۰۰');
    assert.equal(await text(visitor.page, 'reserves-ratio'), 'پوشش: ۱/۳۳ برابر');
    await shot(visitor.page, 'phone-reserve-journey-04-reserves');

    for (const who of [desk, customer, visitor]) {
      assert.deepEqual(who.errors, []);
      await who.context.close();
    }
  });
});
