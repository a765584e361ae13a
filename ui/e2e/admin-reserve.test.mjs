// The owner's reserve panel and exports (issue 17) in Debian's Chromium against the real binary, on a phone:
// with 10 g of melted 750 gold in the vault and a customer who bought 4 g, the owner reads 4.000 owed and
// 10.000 held, sets a margin of 2.5 % and sees the room shrink, watches the banner turn to «near» and then
// to «short» as another customer buys and the margin grows, switches the guard off only after confirming,
// records a bank balance on a Jalali day and reads the total against the customers' rial. The exports screen
// offers four links carrying the Gregorian days of the picked Jalali range, and one of them, fetched from the
// page with the session's cookie, is a CSV with the byte-order mark. Staff open neither screen. Screens go to
// ARTIFACTS and pass axe.
import assert from 'node:assert/strict';
import { toGregorian, toJalaali } from 'jalaali-js';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launch, openPage, shot } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';

const ownerPhone = '09350006666';
const ownerPassword = 'reserve-owner-secret';
const customerPhone = '09120006666';
const secondPhone = '09120006668';
const staffPhone = '09120006667';
const staffPassword = 'reserve-staff-secret';

let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;
let owner;

/**
 * buy has a customer buy grams of gold through the API with the SMS code, as the trade screen does. Each
 * customer buys once: a second code to the same phone within a minute is refused (429).
 */
async function buy(who, grams) {
  ok(await call('/api/prices/buy', { method: 'POST', token: who.token, body: { amount_gold: grams } }));
  const code = await shop.waitForCode(who.phone, 1);
  ok(await call('/api/prices/verify-transaction', {
    method: 'POST', token: who.token, key: `e2e-reserve-buy-${who.phone}`, body: { verification_code: code, transaction_type: 'buy' },
  }));
}

/** customerWithRial signs a customer up and charges them enough rial for their buy. */
async function customerWithRial(phone, nine) {
  const who = await registerCustomer(phone, nine);
  ok(await call('/api/adminCharge/charge', {
    method: 'POST', token: owner, body: { userId: who.id, type: 'rial', amount: '1000000000', description: 'واریز اولیه' },
  }));
  return who;
}

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  ok(await call('/api/admin/vault', {
    method: 'POST', token: owner, body: { kind: 'melted', description: 'آبشده', weight: '10', purity: '750' },
  }));
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: '50000000' } }));
  await buy(await customerWithRial(customerPhone, '800006666'), '4');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text }).first();
const text = async (page, testid) => (await page.getByTestId(testid).innerText()).trim();
const pad = (n) => String(n).padStart(2, '0');

/** tehranToday is today's Jalali and Gregorian day in Tehran, as the screens and the server count days. */
function tehranToday() {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tehran', year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(new Date()).filter((x) => x.type !== 'literal').map((x) => [x.type, Number(x.value)]));
  return { j: toJalaali(p.year, p.month, p.day), iso: `${p.year}-${pad(p.month)}-${pad(p.day)}` };
}
const jalali = (j) => `${j.jy}/${pad(j.jm)}/${pad(j.jd)}`;
const isoOf = (j) => { const g = toGregorian(j.jy, j.jm, j.jd); return `${g.gy}-${pad(g.gm)}-${pad(g.gd)}`; };

/** newPage opens a phone page that records the browser's errors. */
const newPage = () => openPage(browser);

/** quiet waits for the last toast to leave, so a screenshot and axe see the screen alone. */
const quiet = (page) => page.getByTestId('toast').first().waitFor({ state: 'detached' }).catch(() => {});

/** setMargin types a margin and saves it, waiting until the figures show it. */
async function setMargin(page, typed, shown) {
  await page.getByTestId('reserve-margin-input').fill(typed);
  await page.getByTestId('reserve-margin-save').click();
  await toast(page, 'ذخیره شد').waitFor();
  await page.waitForFunction((m) => document.querySelector('[data-testid="reserve-margin"]')?.textContent === m, shown);
}

describe('the reserve panel', () => {
  test('the owner reads the reserve, sets the margin and the guard, and records a bank balance', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage();
    await loginByPassword(page, ownerPhone, ownerPassword);

    // The admin panel's card leads to the panel.
    await page.goto(`${shop.url}/AdminPanel_page`);
    await page.getByTestId('reserve-card').waitFor();
    assert.equal(await text(page, 'reserve-card-ratio'), '۲/۵۰ برابر');
    assert.equal(await text(page, 'reserve-card-room'), '۶/۰۰۰ گرم');
    assert.equal(await page.getByTestId('reserve-card').getAttribute('data-level'), 'ok');
    await shot(page, 'phone-reserve-01-admin-card');
    await page.getByTestId('reserve-card-link').click();
    await page.waitForURL(/\/admin-reserve_page$/);

    // The known state: 10 g held, 4 g owed, nothing promised, a margin of 0.
    await page.getByTestId('reserve-figures').waitFor();
    assert.equal(await text(page, 'reserve-owed'), '۴/۰۰۰');
    assert.equal(await text(page, 'reserve-held'), '۱۰/۰۰۰');
    assert.equal(await text(page, 'reserve-promised'), '۰/۰۰۰');
    assert.equal(await text(page, 'reserve-reserve'), '۱۰/۰۰۰');
    assert.equal(await text(page, 'reserve-room'), '۶/۰۰۰');
    assert.equal(await text(page, 'reserve-ratio'), '۲/۵۰ برابر');
    assert.equal(await text(page, 'reserve-margin'), '۰٪');
    assert.equal(await page.getByTestId('reserve-level').count(), 0, 'no banner while the level is ok');
    assert.equal(await page.getByTestId('reserve-kind-melted').getAttribute('data-count'), '1');
    assert.match(await text(page, 'reserve-kind-melted'), /آبشده[\s\S]*۱۰\/۰۰۰ گرم/);
    assert.equal(await page.getByTestId('reserve-kind-bar').getAttribute('data-count'), '0');
    assert.equal(await page.getByTestId('reserve-guard').isChecked(), true);
    await page.getByTestId('bank-empty').waitFor();
    await shot(page, 'phone-reserve-02-panel');
    assert.deepEqual(await axeViolations(page), [], 'the panel passes axe');

    // A margin out of range is refused before it is sent; 2.5 % typed in Persian digits leaves 9.756 − 4.
    await page.getByTestId('reserve-margin-input').fill('101');
    await page.getByTestId('reserve-margin-save').click();
    await page.getByText('حاشیه اطمینان باید درصدی از ۰ تا ۱۰۰').first().waitFor();
    await setMargin(page, '۲/۵', '۲/۵٪');
    assert.equal(await text(page, 'reserve-room'), '۵/۷۵۶');
    assert.equal((ok(await call('/api/admin/reserve-settings', { token: owner }))).margin_percent.replace(/0+$/, ''), '2.5');

    // Near the margin: another customer's 5.5 g makes 9.5 g owed, leaving 0.256 g, under a twentieth of the reserve.
    await buy(await customerWithRial(secondPhone, '800006668'), '5.5');
    await page.reload();
    await page.getByTestId('reserve-level').waitFor();
    assert.equal(await page.getByTestId('reserve-level').getAttribute('data-level'), 'near');
    assert.match(await text(page, 'reserve-level'), /نزدیک به حاشیه/);
    assert.equal(await text(page, 'reserve-room'), '۰/۲۵۶');
    await quiet(page);
    await shot(page, 'phone-reserve-03-near');

    // Short: a 10 % margin asks for more than the vault holds, and the banner says buys are refused.
    await setMargin(page, '10', '۱۰٪');
    await page.waitForFunction(() => document.querySelector('[data-testid="reserve-level"]')?.dataset.level === 'short');
    assert.match(await text(page, 'reserve-level'), /خرید مشتریان رد می‌شود/);
    assert.equal(await text(page, 'reserve-room'), '۰/۰۰۰');
    await quiet(page);
    await shot(page, 'phone-reserve-04-short');
    assert.deepEqual(await axeViolations(page), [], 'the short banner passes axe');

    // Switching the guard off asks first; «خیر» keeps it on, «بله» turns it off.
    await page.getByTestId('reserve-guard').click();
    await page.getByTestId('reserve-guard-off-dialog').waitFor();
    await shot(page, 'phone-reserve-05-guard-confirm');
    assert.deepEqual(await axeViolations(page), [], 'the confirmation passes axe');
    await page.getByTestId('reserve-guard-off-cancel').click();
    await page.getByTestId('reserve-guard-off-dialog').waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('reserve-guard').isChecked(), true);
    assert.equal(ok(await call('/api/admin/reserve-settings', { token: owner })).guard_enabled, true);
    await page.getByTestId('reserve-guard').click();
    await page.getByTestId('reserve-guard-off-confirm').click();
    await toast(page, 'ذخیره شد').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="reserve-guard"]')?.checked === false);
    assert.equal(ok(await call('/api/admin/reserve-settings', { token: owner })).guard_enabled, false);
    assert.doesNotMatch(await text(page, 'reserve-level'), /رد می‌شود/, 'with the guard off nothing is refused');
    // and back on, which needs no question
    await page.getByTestId('reserve-guard').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="reserve-guard"]')?.checked === true);
    assert.equal(await page.getByTestId('reserve-guard-off-dialog').count(), 0);

    // A bank balance, its amount grouped as typed and its day picked as a Jalali day (yesterday or today).
    const today = tehranToday();
    const day = today.j.jd > 1 ? { ...today.j, jd: today.j.jd - 1 } : today.j;
    await page.getByTestId('bank-submit').click();
    await page.getByText('نام بانک را بین ۲ تا ۵۰ حرف وارد کنید').waitFor();
    await page.getByTestId('bank-name').fill('ملت');
    await page.getByTestId('bank-balance').pressSequentially('1234567890');
    assert.equal(await page.getByTestId('bank-balance').inputValue(), '۱٬۲۳۴٬۵۶۷٬۸۹۰');
    await page.getByTestId('bank-date').fill(fa(jalali(day)));
    await page.getByTestId('bank-submit').click();
    await toast(page, 'موجودی بانک ثبت شد').waitFor();
    await page.getByTestId('bank-latest').first().waitFor();
    const banks = ok(await call('/api/admin/bank-balances', { token: owner }));
    assert.equal(banks.items[0].as_of, isoOf(day), 'the Jalali day goes out as its Gregorian day');
    assert.equal(banks.total, '1234567890');
    assert.equal(await text(page, 'bank-total'), '۱٬۲۳۴٬۵۶۷٬۸۹۰');
    assert.equal(await text(page, 'bank-rial-owed'), fa(banks.rial_owed.replace(/\B(?=(\d{3})+(?!\d))/g, '٬')));
    assert.equal(await text(page, 'bank-ratio'), `${fa(banks.ratio.replace('.', '/'))} برابر`);
    assert.match(await page.getByTestId('bank-latest').first().innerText(), new RegExp(`ملت[\\s\\S]*${fa(jalali(day))}`));

    // A newer balance at the same bank replaces it in the total; both stay in the history.
    await page.getByTestId('bank-name').fill('ملت');
    await page.getByTestId('bank-balance').pressSequentially('500000000');
    await page.getByTestId('date-picker-open').click();
    await page.getByTestId(`cal-day-${today.j.jd}`).click();
    assert.equal(await page.getByTestId('bank-date').inputValue(), fa(jalali(today.j)));
    await page.getByTestId('bank-submit').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="bank-total"]')?.textContent === '۵۰۰٬۰۰۰٬۰۰۰');
    assert.equal(await page.getByTestId('bank-latest').count(), 1);
    assert.equal(await page.getByTestId('bank-history').count(), 2);
    await quiet(page);
    await shot(page, 'phone-reserve-06-banks');
    assert.deepEqual(await axeViolations(page), [], 'the bank balances pass axe');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the exports screen links each file to the Gregorian days of the Jalali range', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage();
    await loginByPassword(page, ownerPhone, ownerPassword);
    await page.goto(`${shop.url}/admin-exports_page`);
    await page.getByTestId('exports-links').waitFor();

    // This Jalali month so far, at first.
    const today = tehranToday();
    const first = { ...today.j, jd: 1 };
    assert.equal(await page.getByTestId('filter-from').inputValue(), fa(jalali(first)));
    assert.equal(await page.getByTestId('filter-to').inputValue(), fa(jalali(today.j)));
    const href = await page.getByTestId('export-trades').getAttribute('href');
    assert.equal(href, `/api/admin/exports/trades.csv?from=${isoOf(first)}&to=${today.iso}`);
    assert.deepEqual(
      await page.locator('[data-testid^="export-"]').evaluateAll((links) => links.map((a) => [a.textContent.trim(), a.hasAttribute('download')])),
      [['معاملات', true], ['درخواست‌های کیف پول', true], ['درخواست‌های آبشده', true], ['مشتریان', true]],
    );
    await shot(page, 'phone-exports-01-month');
    assert.deepEqual(await axeViolations(page), [], 'the exports screen passes axe');

    // The file itself, fetched with the page's session: the byte-order mark, then Persian headers and the buys.
    const csv = await page.evaluate(async (url) => {
      const res = await fetch(url, { credentials: 'include' });
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get('content-type'), bom: [...bytes.slice(0, 3)], body: new TextDecoder().decode(bytes.slice(3)) };
    }, href);
    assert.equal(csv.status, 200);
    assert.match(csv.type, /^text\/csv/);
    assert.deepEqual(csv.bom, [0xef, 0xbb, 0xbf]);
    assert.match(csv.body, /^شناسه,/);
    assert.equal(csv.body.trim().split('\r\n').length, 3, 'the header and the two buys');

    // A picked range: from a day of the last month to today; from after to is refused in Persian.
    const prev = today.j.jm > 1 ? { jy: today.j.jy, jm: today.j.jm - 1, jd: 15 } : { jy: today.j.jy - 1, jm: 12, jd: 15 };
    await page.getByTestId('filter-from').fill(fa(jalali(prev)));
    assert.equal(
      await page.getByTestId('export-customers').getAttribute('href'),
      `/api/admin/exports/customers.csv?from=${isoOf(prev)}&to=${today.iso}`,
    );
    await page.getByTestId('filter-to').fill(fa(jalali({ ...prev, jd: 10 })));
    await page.getByText('تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد').waitFor();
    await page.getByTestId('exports-blocked').waitFor();
    assert.equal(await page.locator('[data-testid^="export-"]').count(), 0);
    await shot(page, 'phone-exports-02-reversed');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('staff open neither screen', { timeout: 120_000 }, async () => {
    await registerCustomer(staffPhone, '700006667', { first_name: 'مهدی', last_name: 'نادری', password: staffPassword });
    const made = await call('/api/admin/staff', { method: 'POST', token: owner, body: { phone_number: staffPhone, role: 'staff' } });
    assert.ok(made.status >= 200 && made.status < 300, JSON.stringify(made.data));
    const staff = (await apiLogin(staffPhone, staffPassword)).accessToken;
    assert.equal((await call('/api/admin/reserve', { token: staff })).status, 403);
    assert.equal((await call('/api/admin/bank-balances', { token: staff })).status, 403);

    const { context, page } = await newPage();
    await loginByPassword(page, staffPhone, staffPassword);
    for (const path of ['/admin-reserve_page', '/admin-exports_page']) {
      await page.goto(`${shop.url}${path}`);
      await page.getByTestId('not-allowed').waitFor();
      assert.equal(await page.getByTestId('reserve-figures').count(), 0);
      assert.equal(await page.getByTestId('exports-links').count(), 0);
    }
    await page.goto(`${shop.url}/AdminPanel_page`);
    await page.getByRole('heading', { name: 'پنل مدیریت' }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByTestId('reserve-card').count(), 0, 'the panel has no reserve card for staff');
    await shot(page, 'phone-reserve-07-staff');
    await context.close();
  });
});
