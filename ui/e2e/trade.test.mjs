// The trade journey in Debian's Chromium against the real binary, on a phone and a desktop viewport at once:
// the shop sets its price, a customer with rial buys by rial, buys by gold (after a resend) and sells by gold,
// each balance on screen moving by exactly what the preview showed, and the statement lists the trades. An
// invitee's first buy pays the inviter one «پاداش دعوت» of 0.005 g and a second buy pays nothing more. Stale
// prices, closed hours and a failed load are shown from doctored answers. Screens go to test-artifacts/.
// Trade codes come one a minute per phone (decisions.md §3); this shop spaces them JOURNEY_CODE_SPACING_MS
// apart (--code-spacing), and the journeys wait that out. The screen counts its own minute before it offers a
// resend: the page's clock is moved on through that minute, not slept through.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { JOURNEY_CODE_SPACING_MS, startShop } from './shop.mjs';
import { apiFor, ok } from './api.mjs';
import { fa, latin } from './digits.mjs';

const CODE_SPACING_MS = JOURNEY_CODE_SPACING_MS + 1000;
const SCREEN_RESEND_MS = 60_000; // the screen's countdown before it offers a resend
const BASE_PRICE = 51234567n;
const SELL_ADD = 250000n; // grade 1: the customer buys at base + 250,000
const BUY_SUBTRACT = 300000n; // and sells at base − 300,000
const BUY_PRICE = BASE_PRICE + SELL_ADD;
const SELL_PRICE = BASE_PRICE - BUY_SUBTRACT;

const rialText = (n) => fa(String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '٬'));
const goldText = (mg) => {
  const s = String(mg).padStart(4, '0');
  return fa(`${s.slice(0, -3).replace(/\B(?=(\d{3})+(?!\d))/g, '٬')}/${s.slice(-3)}`);
};
/** rialOf and mgOf read an amount shown on screen back as a BigInt of rial or milligrams. */
const rialOf = (text) => BigInt(latin(text).replace(/[^0-9]/g, ''));
const mgOf = (text) => {
  const [int, frac = ''] = latin(text).replace(/[٬\s]/g, '').split('/');
  return BigInt(int) * 1000n + BigInt((frac + '000').slice(0, 3));
};
const ceilDiv = (a, b) => (a + b - 1n) / b;

let shop;
let browser;
let adminToken;
const adminPhone = '09350003333';
const adminPassword = 'trade-desk-secret';

const { call, apiLogin, registerCustomer: signUp } = apiFor(() => shop);

/** must is a call that has to succeed; it returns the answer's body. */
async function must(path, opts) {
  return ok(await call(path, opts));
}

before(async () => {
  shop = await startShop({ codeSpacingMs: JOURNEY_CODE_SPACING_MS });
  shop.addAdmin(adminPhone, adminPassword);
  const login = await apiLogin(adminPhone, adminPassword);
  adminToken = login.accessToken;
  await shop.stockVault(adminToken);
  await must('/api/admin/prices', { method: 'POST', token: adminToken, body: { base_price: String(BASE_PRICE) } });
  await must('/api/admin/grades/1', {
    method: 'PUT', token: adminToken, body: { sell_add: String(SELL_ADD), buy_subtract: String(BUY_SUBTRACT) },
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** registerCustomer signs a customer up through the API with the SMS code, optionally with an inviter's code. */
function registerCustomer(phone, nine, referralCode = '') {
  return signUp(phone, nine, {
    first_name: 'مریم', last_name: 'احمدی', password: 'maryam-gold-1', birth_date: '1368/04/12', referral_code: referralCode,
  });
}

async function chargeRial(userId, amount) {
  await must('/api/adminCharge/charge', {
    method: 'POST', token: adminToken, body: { userId, type: 'rial', amount: String(amount), description: 'واریز اولیه' },
  });
}

/** openAs opens a browser on device with the customer's session stored as the login screen stores it. */
async function openAs(device, login) {
  const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${shop.url}/about_page`);
  await page.evaluate((l) => {
    localStorage.setItem('authToken', l.accessToken);
    localStorage.setItem('refreshToken', l.refreshToken);
    const { id, first_name, last_name, name, is_admin } = l.user;
    localStorage.setItem('userInfo', JSON.stringify({ id, first_name, last_name, name, is_admin }));
  }, login);
  // the refused calls the journeys make on purpose (a code too soon, a wrong code) log as resource errors
  const unexpected = () => errors.filter((e) => !/status of (400|429)/.test(e));
  return { context, page, unexpected };
}

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text });

/** textOf waits until the element shows exactly text. */
async function waitText(page, testid, text) {
  await page.waitForFunction(
    ([id, t]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === t,
    [testid, text],
  );
}

async function typeCode(page, code) {
  for (let i = 0; i < code.length; i++) await page.getByTestId(`code-box-${i}`).fill(code[i]);
}

/** available reads the balances free to use, as the trade screen shows them. */
async function available(page) {
  return {
    rial: rialOf(await page.getByTestId('trade-available-rial').innerText()),
    mg: mgOf(await page.getByTestId('trade-available-gold').innerText()),
  };
}

/** preview reads what the form says the trade gives at the current price. */
async function preview(page) {
  await page.getByTestId('trade-preview').waitFor();
  return {
    rial: rialOf(await page.getByTestId('trade-preview-rial').innerText()),
    mg: mgOf(await page.getByTestId('trade-preview-gold').innerText()),
  };
}

/** askQuote presses the request button and returns the trade code the server texted for it. */
async function askQuote(page, phone) {
  const n = shop.smsCount(phone);
  await page.getByTestId('trade-submit').click();
  await page.getByTestId('trade-code-step').waitFor();
  return shop.waitForCode(phone, n);
}

/** checkQuote compares the locked quote on screen with the preview the form showed. */
async function checkQuote(page, type, want, price) {
  assert.equal(await page.getByTestId('quote-type').innerText(), type === 'buy' ? 'خرید طلا' : 'فروش طلا');
  assert.equal(rialOf(await page.getByTestId('quote-rial').innerText()), want.rial);
  assert.equal(mgOf(await page.getByTestId('quote-gold').innerText()), want.mg);
  assert.equal(await page.getByTestId('quote-price').innerText(), rialText(price));
  assert.match(await page.getByTestId('quote-expires').innerText(), /قیمت تا [۰-۲]:[۰-۵][۰-۹] دیگر ثابت است/);
}

/** verify enters the code and waits for the form to come back empty. */
async function verify(page, code) {
  await typeCode(page, code);
  await page.getByTestId('trade-verify').click();
  await toast(page, 'معامله با موفقیت انجام شد!').waitFor();
  // one toast at a time: a "wrong code" before it is gone, not left beside the success
  assert.equal(await page.getByTestId('toast').count(), 1);
  await page.getByTestId('trade-form').waitFor();
  assert.equal(await page.getByTestId('trade-rial').inputValue(), '');
  assert.equal(await page.getByTestId('trade-gold').inputValue(), '');
}

/** afterTrade waits for the balances on screen to move by exactly delta. */
async function afterTrade(page, before, delta) {
  await waitText(page, 'trade-available-rial', rialText(before.rial + delta.rial));
  await waitText(page, 'trade-available-gold', goldText(before.mg + delta.mg));
}

const sleepUntil = (t) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

describe('trade', { concurrency: true }, () => {
  for (const [name, device] of Object.entries(viewports)) {
    test(`a customer buys and sells gold on a ${name}`, { timeout: 330_000 }, async () => {
      const n = name === 'phone' ? 1 : 2;
      const phone = `0912888000${n}`;
      const login = await registerCustomer(phone, `00456789${n}`);
      await chargeRial(login.user.id, 200_000_000);
      const { context, page, unexpected } = await openAs(device, login);
      const s = (step) => shot(page, `${name}-trade-${step}`);

      await page.clock.install(); // runs as the real one until the resend's countdown is moved on
      await page.goto(`${shop.url}/trade_page`);
      await page.getByTestId('trade-form').waitFor();
      await waitText(page, 'trade-available-rial', '۲۰۰٬۰۰۰٬۰۰۰');
      assert.equal(await page.getByTestId('trade-available-gold').innerText(), '۰/۰۰۰');
      assert.equal(await page.getByTestId('trade-buy-price').innerText(), rialText(BUY_PRICE));
      assert.equal(await page.getByTestId('trade-sell-price').innerText(), rialText(SELL_PRICE));
      assert.equal(await page.getByTestId('trade-grade').innerText(), 'سطح قیمت شما: ۱');
      assert.equal(await page.getByTestId('trade-submit').innerText(), 'درخواست خرید');
      assert.match(await page.getByTestId('trade-limits').innerText(), /وزن هر معامله از ۰\/۰۰۱ تا ۱٬۰۰۰\/۰۰۰ گرم/);

      // Nothing typed: the form says what it needs. One input clears the other.
      await page.getByTestId('trade-submit').click();
      await page.getByText('لطفاً مبلغ یا وزن را وارد کنید').waitFor();
      await page.getByTestId('trade-gold').fill('۱٫۲۳۴۵۶');
      assert.equal(await page.getByTestId('trade-gold').inputValue(), '۱/۲۳۴', 'three decimals at most');
      assert.equal(await page.getByTestId('trade-gold-breakdown').innerText(), '۱ گرم و ۲۳۴ سوت');
      await page.getByTestId('trade-rial').fill('۱۰۰۰۰۰۰۰۰');
      assert.equal(await page.getByTestId('trade-rial').inputValue(), '۱۰۰٬۰۰۰٬۰۰۰');
      assert.equal(await page.getByTestId('trade-gold').inputValue(), '', 'the weight empties when an amount is typed');
      await page.getByText('معادل ۱۰٬۰۰۰٬۰۰۰ تومان').waitFor();

      // 1. Buy by rial: the gold is floored to the milligram.
      let before = await available(page);
      let want = await preview(page);
      assert.deepEqual(want, { rial: 100_000_000n, mg: (100_000_000n * 1000n) / BUY_PRICE });
      await s('01-form');
      let code = await askQuote(page, phone);
      const firstCodeAt = Date.now();
      await checkQuote(page, 'buy', want, BUY_PRICE);
      assert.match(await page.getByTestId('trade-code-message').innerText(), /پیامک شد/, "the server's message");
      await page.getByTestId('resend-countdown').waitFor();
      await s('02-code');
      await typeCode(page, code.slice(0, 3));
      await page.getByTestId('trade-verify').click();
      await page.getByText('لطفاً کد ۵ رقمی را کامل وارد کنید').waitFor();
      await typeCode(page, String((Number(code) + 1) % 100000).padStart(5, '0'));
      await page.getByTestId('trade-verify').click();
      await toast(page, 'کد اشتباه است').waitFor();
      await s('02b-wrong-code');
      await verify(page, code);
      await afterTrade(page, before, { rial: -want.rial, mg: want.mg });
      await s('03-after-buy');

      // A second request within the minute: the server's own words say how long to wait.
      await page.getByTestId('trade-gold').fill('0.5');
      await page.getByTestId('trade-submit').click();
      await toast(page, 'صبر کنید').waitFor();
      assert.equal(await page.getByTestId('trade-form').count(), 1, 'the form stays');

      // 2. Buy by gold, after a resend: the rial is rounded up.
      await sleepUntil(firstCodeAt + CODE_SPACING_MS);
      before = await available(page);
      want = await preview(page);
      assert.deepEqual(want, { rial: ceilDiv(500n * BUY_PRICE, 1000n), mg: 500n });
      await askQuote(page, phone);
      const secondCodeAt = Date.now();
      await checkQuote(page, 'buy', want, BUY_PRICE);
      await typeCode(page, '12');
      const sent = shop.smsCount(phone);
      await sleepUntil(secondCodeAt + CODE_SPACING_MS);
      assert.equal(await page.getByTestId('resend-code').count(), 0, 'no resend before the screen\'s minute');
      await page.clock.fastForward(Math.max(0, secondCodeAt + SCREEN_RESEND_MS + 500 - Date.now()));
      await page.getByTestId('resend-code').waitFor();
      await page.getByTestId('resend-code').click();
      await toast(page, 'کد جدید ارسال شد').waitFor();
      code = await shop.waitForCode(phone, sent);
      const resentAt = Date.now();
      assert.equal(await page.getByTestId('code-box-0').inputValue(), '', 'the resend empties the boxes');
      assert.equal(await page.getByTestId('code-box-1').inputValue(), '');
      assert.match(await page.getByTestId('resend-countdown').innerText(), /[۰۱]:[۰-۵][۰-۹]/);
      assert.ok(resentAt - secondCodeAt >= JOURNEY_CODE_SPACING_MS);
      await checkQuote(page, 'buy', want, BUY_PRICE);
      await verify(page, code);
      await afterTrade(page, before, { rial: -want.rial, mg: want.mg });

      // 3. Sell by gold: the rial is rounded down.
      await page.getByTestId('trade-tab-sell').click();
      assert.equal(await page.getByTestId('trade-submit').innerText(), 'درخواست فروش');
      await page.getByTestId('trade-gold').fill('۱٫۲۳۴');
      before = await available(page);
      want = await preview(page);
      assert.deepEqual(want, { rial: (1234n * SELL_PRICE) / 1000n, mg: 1234n });
      await sleepUntil(resentAt + CODE_SPACING_MS);
      code = await askQuote(page, phone);
      await checkQuote(page, 'sell', want, SELL_PRICE);
      await s('04-sell-code');
      await verify(page, code);
      await afterTrade(page, before, { rial: want.rial, mg: -want.mg });
      await s('05-after-sell');

      // The statement lists the three trades, newest first, with their weights.
      await page.goto(`${shop.url}/transactions_page`);
      await page.getByTestId('statement-row').nth(3).waitFor();
      assert.equal(await page.locator('[data-testid="statement-row"][data-type="buy"]').count(), 2);
      const sellRow = await page.locator('[data-testid="statement-row"][data-type="sell"]').innerText();
      assert.match(sellRow, /فروش/);
      assert.match(sellRow, /۱\/۲۳۴/);
      assert.match(sellRow, new RegExp(rialText((1234n * SELL_PRICE) / 1000n)));
      const buys = await page.locator('[data-testid="statement-row"][data-type="buy"]').allInnerTexts();
      assert.ok(buys.some((t) => t.includes('۰/۵۰۰')), 'the buy by gold');
      assert.ok(buys.some((t) => t.includes(goldText((100_000_000n * 1000n) / BUY_PRICE))), 'the buy by rial');
      await s('06-statement');

      assert.deepEqual(unexpected(), [], 'console errors');
      await context.close();
    });
  }

  test('an invitee\'s first trade rewards the inviter once', { timeout: 240_000 }, async () => {
    const inviterPhone = '09128880101';
    const inviteePhone = '09128880102';
    const inviter = await registerCustomer(inviterPhone, '004567801');
    assert.ok(inviter.user.referral_code, 'the inviter has a referral code');
    const invitee = await registerCustomer(inviteePhone, '004567802', inviter.user.referral_code);
    await chargeRial(invitee.user.id, 50_000_000);
    const { context, page, unexpected } = await openAs(viewports.phone, invitee);
    const inviterView = await openAs(viewports.desktop, inviter);

    /** rewards reads the inviter's statement rows of type reward_referral. */
    const rewards = async () => {
      await inviterView.page.goto(`${shop.url}/transactions_page`);
      await inviterView.page.locator('[data-testid="statement-row"], [data-testid="statement-empty"]').first().waitFor();
      return inviterView.page.locator('[data-testid="statement-row"][data-type="reward_referral"]').allInnerTexts();
    };
    assert.deepEqual(await rewards(), []);

    // The first buy, after a look back at the form from the code step.
    await page.goto(`${shop.url}/trade_page`);
    await page.getByTestId('trade-rial').fill('10000000');
    await askQuote(page, inviteePhone);
    const codeAt = Date.now();
    await page.getByTestId('trade-edit').click();
    assert.equal(await page.getByTestId('trade-rial').inputValue(), '۱۰٬۰۰۰٬۰۰۰', 'the amount is kept');
    await sleepUntil(codeAt + CODE_SPACING_MS);
    let code = await askQuote(page, inviteePhone);
    const firstAt = Date.now();
    await verify(page, code);
    let rows = await rewards();
    assert.equal(rows.length, 1);
    assert.match(rows[0], /پاداش دعوت/);
    assert.match(rows[0], /۰\/۰۰۵/);

    // A second buy pays no second reward.
    await page.getByTestId('trade-gold').fill('0.1');
    await sleepUntil(firstAt + CODE_SPACING_MS);
    code = await askQuote(page, inviteePhone);
    await verify(page, code);
    rows = await rewards();
    assert.equal(rows.length, 1, 'one reward per invitee');
    await shot(inviterView.page, 'desktop-trade-07-inviter-statement');

    assert.deepEqual(unexpected(), [], 'console errors');
    assert.deepEqual(inviterView.unexpected(), [], 'console errors of the inviter');
    await inviterView.context.close();
    await context.close();
  });

  test('stale prices, closed hours and a failed load are shown, not hidden', { timeout: 60_000 }, async () => {
    const login = await registerCustomer('09128880201', '004567803');
    const { context, page, unexpected } = await openAs(viewports.phone, login);
    /** doctor rewrites the answer of my-prices with patch. */
    const doctor = async (patch) => {
      await page.unroute('**/api/prices/my-prices');
      await page.route('**/api/prices/my-prices', async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        await route.fulfill({ response: res, json: patch(body) });
      });
      await page.goto(`${shop.url}/trade_page`);
      await page.getByTestId('trade-form').waitFor();
    };

    // the header says it too, from its own poll, on this screen as on every other
    await page.route('**/api/prices/prices', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), is_price_fresh: false } });
    });
    await doctor((b) => ({ ...b, is_price_fresh: false }));
    await page.getByTestId('trade-stale').filter({ hasText: 'قیمت‌ها به‌روز نیستند' }).waitFor();
    await page.getByTestId('header-price-label').filter({ hasText: 'قیمت به‌روز نیست؛ معامله متوقف است' }).waitFor();
    assert.equal(await page.getByTestId('trade-rial').isDisabled(), true);
    assert.equal(await page.getByTestId('trade-gold').isDisabled(), true);
    assert.equal(await page.getByTestId('trade-submit').isDisabled(), true);
    await shot(page, 'phone-trade-08-stale');
    await page.unroute('**/api/prices/prices');

    await doctor((b) => ({
      ...b, trading: { ...b.trading, buy_open: false, buy_start_time: '08:00', buy_end_time: '20:00' },
    }));
    assert.equal(await page.getByTestId('trade-closed').innerText(), 'خرید طلا اکنون ممکن نیست؛ ساعت خرید: ۰۸:۰۰ تا ۲۰:۰۰');
    assert.equal(await page.getByTestId('trade-submit').isDisabled(), true);
    await page.getByTestId('trade-tab-sell').click();
    assert.equal(await page.getByTestId('trade-closed').count(), 0, 'selling is still open');
    assert.equal(await page.getByTestId('trade-submit').isDisabled(), false);

    await doctor((b) => ({ ...b, trading: { ...b.trading, sell_enabled: false, sell_open: false } }));
    await page.getByTestId('trade-tab-sell').click();
    assert.equal(await page.getByTestId('trade-closed').innerText(), 'فروش طلا فعلاً غیرفعال است');
    assert.equal(await page.getByTestId('trade-submit').isDisabled(), true);

    await page.unroute('**/api/prices/my-prices');
    await page.route('**/api/prices/my-prices', (route) => route.fulfill({ status: 503, json: { message: 'سرویس قیمت در دسترس نیست' } }));
    await page.goto(`${shop.url}/trade_page`);
    await toast(page, 'سرویس قیمت در دسترس نیست').waitFor();
    await page.getByText('خطا در دریافت اطلاعات').waitFor();
    await page.unroute('**/api/prices/my-prices');
    await page.getByRole('button', { name: 'تلاش دوباره' }).click();
    await page.getByTestId('trade-form').waitFor();

    assert.deepEqual(unexpected().filter((e) => !/503/.test(e)), [], 'console errors');
    await context.close();
  });
});
