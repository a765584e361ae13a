// The owner's view of the SMS outbox and of price-alert demand (issue 18) in Debian's Chromium against the real
// binary, on a phone: a customer waits on two buy prices and one sell price, and an approved deposit texts them
// through the console gateway. The owner opens the screen from their home tile and reads ۲ and ۱ waiting alerts
// (counts only, no name) and at least one notice sent, with no problem listed. Staff and the customer are shown
// «not allowed». A shop whose gateway (Kavenegar's API on loopback) refuses every notice lists the refused one with
// the gateway's own words, on a phone and a desktop. Screens go to ARTIFACTS and pass axe.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launch, openPage, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';
import { latin } from './digits.mjs';

const ownerPhone = '09350008888';
const ownerPassword = 'notices-owner-secret';
const customerPhone = '09120008888';
const customerPassword = 'notices-gold-1';
const staffPhone = '09120008889';
const staffPassword = 'notices-staff-secret';

let shop;
const { call, apiLogin, registerCustomer, loginByPassword, approvedDeposit } = apiFor(() => shop);
let browser;
let owner;
let customer;

/** alert has the customer wait on one side's price through the API, as the price-alerts screen does. */
async function alert(side, price) {
  const made = await call('/api/alerts', { method: 'POST', token: customer.token, body: { side, price: String(price) } });
  assert.equal(made.status, 201, JSON.stringify(made.data));
}

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: '50000000' } }));
  customer = await registerCustomer(customerPhone, '800008888', { password: customerPassword });

  // Two buy alerts under the customer's own buy price, one sell alert over their sell price.
  const prices = ok(await call('/api/prices/my-prices', { token: customer.token }));
  const buy = BigInt(prices.buy_price);
  const sell = BigInt(prices.sell_price);
  await alert('buy', buy - 1_000_000n);
  await alert('buy', buy - 2_000_000n);
  await alert('sell', sell + 1_000_000n);

  // An approved deposit queues one notice, which the console gateway sends.
  await approvedDeposit(customer.token, owner, 2000000, 'e2e-notices-deposit');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const text = async (page, testid) => (await page.getByTestId(testid).innerText()).trim();
const latinNumber = (s) => latin(s).replace(/٬/g, ''); // its digits, without the thousands marks

/** quiet waits for the last toast to leave, so a screenshot and axe see the screen alone. */
const quiet = (page) => page.getByTestId('toast').first().waitFor({ state: 'detached' }).catch(() => {});

describe('the SMS outbox and alert demand', () => {
  test('the owner reads the notices sent and the alerts waiting, by count only', { timeout: 180_000 }, async () => {
    const lines = await shop.waitForNotices(customerPhone, 'deposit-approved', 1);
    assert.equal(lines.length, 1, 'the console gateway texted the approval');

    const { context, page, errors } = await openPage(browser);
    await loginByPassword(page, ownerPhone, ownerPassword);
    await page.getByTestId('tile-admin-notices').click();
    await page.waitForURL(/\/admin-notices(_page)?$/);
    await page.getByRole('heading', { name: 'پیامک‌ها و هشدارها' }).waitFor();

    // The demand: counts in Persian digits and no customer's name or phone anywhere on the screen.
    await page.getByTestId('alerts-buy').waitFor();
    assert.equal(await text(page, 'alerts-buy'), '۲');
    assert.equal(await text(page, 'alerts-sell'), '۱');
    const demand = await page.getByTestId('alerts-demand').innerText();
    assert.match(demand, /فقط تعداد؛ نام مشتریان نشان داده نمی‌شود/);
    const body = await page.locator('body').innerText();
    assert.doesNotMatch(body, /سارا|کریمی|۰۹۱۲۰۰۰۸۸۸۸/, 'no customer is named');

    // The outbox: the approval's notice is sent (the outbox sends after the commit, so reload until it shows).
    for (let i = 0; i < 40 && Number(latinNumber(await text(page, 'outbox-sent'))) < 1; i++) {
      await page.waitForTimeout(250);
      await page.reload();
      await page.getByTestId('outbox-sent').waitFor();
    }
    assert.ok(Number(latinNumber(await text(page, 'outbox-sent'))) >= 1, 'at least one notice sent');
    for (const id of ['outbox-sent', 'outbox-queued', 'outbox-failed', 'outbox-unknown']) {
      assert.match(await text(page, id), /^[۰-۹٬]+$/, `${id} is written in Persian digits`);
    }
    assert.equal(await text(page, 'outbox-failed'), '۰');
    assert.equal(await text(page, 'outbox-unknown'), '۰');
    assert.match(await page.locator('body').innerText(), /نامعلوم یعنی درگاه پاسخ روشنی نداد/);
    await page.getByTestId('outbox-empty').waitFor();
    assert.equal(await page.getByTestId('outbox-empty').innerText().then((t) => t.includes('مشکلی در ارسال پیامک‌ها نیست')), true);
    assert.equal(await page.getByTestId('outbox-problem').count(), 0);

    const api = ok(await call('/api/admin/sms-outbox', { token: owner }));
    assert.ok(api.counts.sent >= 1);
    assert.deepEqual(api.problems, []);

    await quiet(page);
    await shot(page, 'phone-notices-01-owner');
    assert.deepEqual(await axeViolations(page), [], 'the screen passes axe');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a gateway in trouble shows its problems, the gateway’s words left to right', { timeout: 120_000 }, async () => {
    // A second shop talks to an SMS gateway on loopback that speaks Kavenegar's API: it sends the codes (so
    // people can sign up) and refuses every notice as Kavenegar does when the account has no credit.
    const codes = [];
    const gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        res.setHeader('Content-Type', 'application/json');
        if (form.get('template') === 'verify') {
          codes.push({ to: form.get('receptor'), code: form.get('token') });
          res.end(JSON.stringify({ return: { status: 200, message: 'تایید شد' }, entries: [] }));
        } else {
          res.end(JSON.stringify({ return: { status: 418, message: 'credit is not enough' }, entries: null }));
        }
      });
    });
    await new Promise((r) => gateway.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${gateway.address().port}`;
    const troubled = await startShop({ args: ['--sms', 'kavenegar', '--sms-key', 'e2e-key', '--sms-url', url] });
    const codeFor = async (phone, n) => {
      for (let i = 0; i < 100; i++) {
        const sent = codes.filter((c) => c.to === phone);
        if (sent.length > n) return sent[n].code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code number ${n + 1} to ${phone}`);
    };
    const there = apiFor(() => ({ ...troubled, waitForCode: codeFor }));
    try {
      troubled.addAdmin(ownerPhone, ownerPassword);
      const boss = (await there.apiLogin(ownerPhone, ownerPassword)).accessToken;
      const buyer = await there.registerCustomer(customerPhone, '800008888', { password: customerPassword });
      await there.approvedDeposit(buyer.token, boss, 2000000, 'e2e-notices-refused');

      for (const [device, name] of [[undefined, 'phone'], [viewports.desktop, 'desktop']]) {
        const { context, page, errors } = await openPage(browser, device ? { device } : {});
        await there.loginByPassword(page, ownerPhone, ownerPassword);
        for (let i = 0; i < 20; i++) {
          await page.goto(`${troubled.url}/admin-notices_page`);
          if (await page.getByTestId('outbox-problem').first().waitFor({ timeout: 2000 }).then(() => true, () => false)) break;
        }
        const row = page.locator('[data-testid="outbox-problem"][data-kind="deposit_approved"]');
        assert.equal(await row.count(), 1, 'the refused notice is listed once');
        assert.match(await row.innerText(), /تایید واریز/);
        assert.equal(await row.locator('code').getAttribute('dir'), 'ltr');
        assert.match(await row.locator('code').innerText(), /credit is not enough/, "the gateway's own words");
        assert.equal(await page.getByTestId('outbox-empty').count(), 0);
        await quiet(page);
        await shot(page, `${name}-notices-03-problems`);
        assert.deepEqual(await axeViolations(page), [], `the problems pass axe on a ${name}`);
        assert.deepEqual(errors, []);
        await context.close();
      }
    } finally {
      await troubled.stop();
      gateway.close();
    }
  });

  test('staff and customers are not allowed in', { timeout: 120_000 }, async () => {
    await registerCustomer(staffPhone, '700008889', { first_name: 'مهدی', last_name: 'نادری', password: staffPassword });
    const made = await call('/api/admin/staff', { method: 'POST', token: owner, body: { phone_number: staffPhone, role: 'staff' } });
    assert.ok(made.status >= 200 && made.status < 300, JSON.stringify(made.data));
    const staff = (await apiLogin(staffPhone, staffPassword)).accessToken;
    assert.equal((await call('/api/admin/sms-outbox', { token: staff })).status, 403);
    assert.equal((await call('/api/admin/alerts', { token: staff })).status, 403);
    assert.equal((await call('/api/admin/alerts', { token: customer.token })).status, 403);

    for (const [phone, password, name] of [[staffPhone, staffPassword, 'staff'], [customerPhone, customerPassword, 'customer']]) {
      const { context, page, errors } = await openPage(browser);
      await loginByPassword(page, phone, password);
      assert.equal(await page.getByTestId('tile-admin-notices').count(), 0, `no tile for ${name}`);
      await page.goto(`${shop.url}/admin-notices_page`);
      await page.getByTestId('not-allowed').waitFor();
      assert.equal(await page.getByTestId('alerts-buy').count(), 0);
      assert.equal(await page.getByTestId('outbox-sent').count(), 0);
      await shot(page, `phone-notices-02-${name}`);
      assert.deepEqual(await axeViolations(page), [], `the refusal passes axe for ${name}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
