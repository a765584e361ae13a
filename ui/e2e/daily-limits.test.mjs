// Daily trade limits against the real binary (issue 29): the owner sets grade 1's daily buy limit on the
// grades screen (a desktop) and sees it apply to a customer in their own limits' dialog; that customer (a
// phone) reads what is left today on the trade screen, buys under the limit, and is refused over it with the
// message naming the limit and what is left, before any code is texted.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { axeViolations, launch, openPage, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';

const ownerPhone = '09350007777';
const ownerPassword = 'owner-limits-secret';

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

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text });

test('the owner limits a grade\'s daily buys; its customer buys under the limit and is refused over it', { timeout: 180_000 }, async () => {
  shop.addAdmin(ownerPhone, ownerPassword);
  const owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  await shop.stockVault(owner);
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: '100000000' } }));
  const customer = await registerCustomer('09120007777', '007777777');
  ok(await call('/api/adminCharge/charge', { method: 'POST', token: owner, body: { userId: customer.id, type: 'rial', amount: '100000000' } }));

  // ---- the owner, on a desktop: grade 1 may buy 50,000,000 rial a day ---------------------------------------
  const desk = await openPage(browser, { device: viewports.desktop });
  try {
    await loginByPassword(desk.page, ownerPhone, ownerPassword);
    await desk.page.goto(`${shop.url}/admin-grades_page`);
    const field = desk.page.getByTestId('limit-buy_rial-1');
    await field.waitFor();
    await desk.page.getByTestId('limit-buy_gold-1').fill('1.23456'); // a fourth decimal is never typed
    assert.equal(await desk.page.getByTestId('limit-buy_gold-1').inputValue(), '۱/۲۳۴');
    await desk.page.getByTestId('limit-buy_gold-1').fill('');
    await field.fill('۵۰۰۰۰۰۰۰');
    assert.equal(await field.inputValue(), '۵۰٬۰۰۰٬۰۰۰');
    await desk.page.getByTestId('limit-save-1').click();
    await toast(desk.page, 'سقف‌های روزانه ذخیره شد').waitFor();
    const saved = ok(await call('/api/admin/daily-limits', { token: owner })).grades[0];
    assert.deepEqual(saved, { grade: 1, buy_rial: '50000000', buy_gold: null, sell_rial: null, sell_gold: null });
    await shot(desk.page, 'desktop-limits-01-grade');

    // the customer has none of their own: their dialog names the grade's
    await desk.page.getByTestId(`user-limits-${customer.id}`).click();
    await desk.page.getByTestId('user-limits-dialog').getByText('سقف سطح ۱: ۵۰٬۰۰۰٬۰۰۰ ریال').waitFor();
    assert.deepEqual(await axeViolations(desk.page), []);
    await shot(desk.page, 'desktop-limits-02-customer');
    await desk.page.keyboard.press('Escape');
    await desk.page.getByTestId('user-limits-dialog').waitFor({ state: 'detached' });
    assert.deepEqual(desk.errors, []);
  } finally {
    await desk.context.close();
  }

  // ---- the customer, on a phone: a buy under the limit, then one over it ----------------------------------
  // the refused quote is a 400, which the browser logs
  const { context, page, errors } = await openPage(browser, { expected: /status of 400/ });
  try {
    await loginByPassword(page, customer.phone, 'sara-gold-1');
    await page.goto(`${shop.url}/trade_page`);
    const left = page.getByTestId('trade-daily-left');
    await left.filter({ hasText: 'سقف خرید روزانه: امروز ۵۰٬۰۰۰٬۰۰۰ ریال دیگر می‌توانید بخرید' }).waitFor();
    await shot(page, 'phone-limits-03-trade');

    await page.getByTestId('trade-rial').fill('12000000');
    await page.getByTestId('trade-submit').click();
    await page.getByTestId('trade-code-step').waitFor();
    const code = await shop.waitForCode(customer.phone, 1);
    for (let i = 0; i < code.length; i++) await page.getByTestId(`code-box-${i}`).fill(code[i]);
    await page.getByTestId('trade-verify').click();
    await toast(page, 'معامله با موفقیت انجام شد!').waitFor();
    await left.filter({ hasText: 'سقف خرید روزانه: امروز ۳۸٬۰۰۰٬۰۰۰ ریال دیگر می‌توانید بخرید' }).waitFor();

    const sent = shop.smsCount(customer.phone);
    await page.getByTestId('trade-rial').fill('40000000');
    await page.getByTestId('trade-submit').click();
    await toast(page, 'سقف خرید روزانه شما ۵۰٬۰۰۰٬۰۰۰ ریال است؛ امروز ۳۸٬۰۰۰٬۰۰۰ ریال دیگر می‌توانید بخرید').waitFor();
    assert.equal(shop.smsCount(customer.phone), sent, 'no code is texted for a refused quote');
    assert.equal(await page.getByTestId('trade-code-step').count(), 0);
    const balances = ok(await call('/api/wallet/balances', { token: customer.token }));
    assert.equal(balances.balance_rial, '88000000');
    await shot(page, 'phone-limits-04-refused');
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
