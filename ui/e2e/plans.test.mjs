// Savings plans on a phone against the real binary (issue 29): a customer makes a weekly plan for today, due
// this minute, confirmed with the texted code; the shop's runner buys it at their price, once, and the
// screen shows the gold bought; a second plan larger than the wallet is skipped for funds, and said so; the
// owner reads the plans' count and switches them off.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { axeViolations, exactly, launch, openPage, shot } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';

let shop;
let browser;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);

before(async () => {
  // the runner looks every second here: a plan due this minute runs at once
  shop = await startShop({ args: ['--plans-every', '1s'], codeSpacingMs: 1000 });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** tehranNow is the Tehran weekday (0 = Saturday) and "HH:MM" now, and the seconds left in this minute. */
function tehranNow() {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tehran', weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date()).map((p) => [p.type, p.value]));
  const weekday = ['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri'].indexOf(parts.weekday);
  return { weekday, time: `${parts.hour}:${parts.minute}`, secondsLeft: 60 - Number(parts.second) };
}

/** thisMinute waits for a fresh minute when the current one is nearly over, and returns the Tehran now. */
async function thisMinute() {
  let now = tehranNow();
  if (now.secondsLeft < 20) {
    await new Promise((r) => setTimeout(r, now.secondsLeft * 1000 + 500));
    now = tehranNow();
  }
  return now;
}

/** makePlan fills the plan form and confirms it with the texted code (the n-th SMS to the phone). */
async function makePlan(page, phone, n, { amount, every, weekday, time }) {
  await page.getByTestId('plan-amount').fill(amount);
  await page.getByTestId('plan-every').selectOption(every);
  if (weekday !== undefined) await page.getByTestId('plan-weekday').selectOption(String(weekday));
  await page.getByTestId('plan-time').fill(time);
  await page.getByTestId('plan-submit').click();
  await page.getByTestId('plan-code-form').waitFor();
  const code = await shop.waitForCode(phone, n);
  for (let i = 0; i < 5; i++) await page.getByTestId(`code-box-${i}`).fill(code[i]);
  await page.getByTestId('plan-confirm').click();
  await page.getByTestId('plan-form').waitFor();
}

test('a weekly plan made with its code buys at its minute, once; a plan beyond the wallet is skipped for funds', { timeout: 180_000 }, async () => {
  shop.addAdmin('09350008888', 'owner-plans-secret');
  const owner = (await apiLogin('09350008888', 'owner-plans-secret')).accessToken;
  await shop.stockVault(owner);
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: '100000000' } }));
  const customer = await registerCustomer('09120008888', '008888888');
  ok(await call('/api/adminCharge/charge', { method: 'POST', token: owner, body: { userId: customer.id, type: 'rial', amount: '10000000' } }));

  // the first call of each plan is 403 {code_required}, as the contract says: the browser logs it
  const { context, page, errors } = await openPage(browser, { expected: /status of 403/ });
  try {
    await loginByPassword(page, customer.phone, 'sara-gold-1');
    await page.goto(`${shop.url}/plans_page`);
    await page.getByTestId('plans-empty').waitFor();
    const now = await thisMinute();
    await makePlan(page, customer.phone, 1, { amount: '1000000', every: 'week', weekday: now.weekday, time: now.time });
    assert.deepEqual(await axeViolations(page), []);

    // the runner buys it within a few seconds; once, however often it looks
    let plans;
    for (let i = 0; i < 50; i++) {
      plans = ok(await call('/api/plans', { token: customer.token })).plans;
      if (Number(plans[0]?.bought_gold) > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(plans[0].bought_gold, '0.010', JSON.stringify(plans[0]));
    await new Promise((r) => setTimeout(r, 2500));
    const balances = ok(await call('/api/wallet/balances', { token: customer.token }));
    assert.equal(balances.balance_rial, '9000000', 'one run, not two');
    await page.reload();
    const id = plans[0].id;
    await page.getByTestId(`plan-total-${id}`).getByText('۰/۰۱۰ گرم').waitFor();
    await page.getByTestId(`plan-history-${id}`).click();
    await page.getByTestId(`plan-runs-${id}`).getByText('گرم خریده شد').waitFor();
    await shot(page, 'phone-plans-01-bought');

    // a daily plan beyond the wallet: skipped, with the reason
    const later = await thisMinute();
    await makePlan(page, customer.phone, 2, { amount: '50000000', every: 'day', time: later.time });
    let skipped;
    for (let i = 0; i < 50 && !skipped; i++) {
      const list = ok(await call('/api/plans', { token: customer.token })).plans;
      const big = list.find((p) => p.amount_rial === '50000000');
      const got = ok(await call(`/api/plans/${big.id}`, { token: customer.token })).plan;
      if (got.history?.length) skipped = got;
      else await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(skipped?.history[0].status, 'skipped');
    assert.equal(skipped.history[0].reason, 'funds');
    await page.reload();
    await page.getByTestId(`plan-history-${skipped.id}`).click();
    await page.getByTestId(`plan-runs-${skipped.id}`).getByText('موجودی ریالی کافی نبود').waitFor();
    const notes = ok(await call('/api/notifications', { token: customer.token })).items;
    assert.ok(notes.some((n) => n.kind === 'plan_skipped') && notes.some((n) => n.kind === 'plan_bought'), JSON.stringify(notes.map((n) => n.kind)));
    await shot(page, 'phone-plans-02-skipped');

    // the owner sees how many plans run and what they buy a day, never whose, and switches them off shop-wide
    const desk = await openPage(browser);
    try {
      await loginByPassword(desk.page, '09350008888', 'owner-plans-secret');
      await desk.page.goto(`${shop.url}/admin-notices_page`);
      await desk.page.getByTestId('plans-active').filter({ hasText: exactly('۲') }).waitFor();
      assert.doesNotMatch(await desk.page.getByTestId('plans-demand').innerText(), /سارا|کریمی|09120008888/);
      await desk.page.getByTestId('plans-switch').click();
      await desk.page.getByTestId('plans-switch-confirm').click();
      await desk.page.locator('[data-testid="plans-demand"][data-enabled="false"]').waitFor();
      assert.equal(ok(await call('/api/admin/plans', { token: owner })).enabled, false);
      assert.deepEqual(await axeViolations(desk.page), []);
      await shot(desk.page, 'phone-plans-03-owner-switched-off');
      assert.deepEqual(desk.errors, []);
    } finally {
      await desk.context.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
