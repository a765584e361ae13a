// The printed statement (issue 17) in Debian's Chromium against the real binary. The owner stocks the vault,
// charges a customer's wallet and, to fill more than one A4 page, forty small charges more; the customer buys
// 4 g through the API. Then, on a phone and on a desktop, the customer opens the statement page, asks for a
// print, picks the Jalali period and reads the document: the shop, the customer, the period, opening balances
// of zero, every entry oldest first and closing balances equal to the wallet's. With print media emulated the
// app around the document is gone; on the desktop Chromium writes the PDF. Screens and the PDF go to
// ARTIFACTS; each screen passes axe.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toJalaali } from 'jalaali-js';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launch, openPage, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';

const ownerPhone = '09350007171';
const ownerPassword = 'statement-owner-secret';
const customerPhone = '09120007171';
const customerPassword = 'sara-gold-1';
const EXTRA_CHARGES = 40;

const group = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '٬');
const faRial = (s) => fa(group(s));
const faGold = (s) => fa(s).replace('.', '/');
const pad2 = (n) => String(n).padStart(2, '0');

/** tehranDay is the Gregorian day of an instant in Tehran: [y, m, d]. */
function tehranDay(at) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return parts.split('-').map(Number);
}

/** jalaliDay writes the Tehran day of an instant as the form takes it: "1405/09/05". */
function jalaliDay(at) {
  const [y, m, d] = tehranDay(at);
  const j = toJalaali(y, m, d);
  return `${j.jy}/${pad2(j.jm)}/${pad2(j.jd)}`;
}

let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;
let customer;
let firstAt; // when the first entry was written
let wallet; // the customer's balances after everything

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  const owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  // the vault must hold gold before a customer may buy (the reserve guard)
  ok(await call('/api/admin/vault', {
    method: 'POST', token: owner, body: { kind: 'melted', description: 'آبشده', weight: '10', purity: '750' },
  }));
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: '50000000' } }));
  customer = await registerCustomer(customerPhone, '800007171');
  firstAt = new Date();
  ok(await call('/api/adminCharge/charge', {
    method: 'POST', token: owner, body: { userId: customer.id, type: 'rial', amount: '1000000000', description: 'واریز اولیه' },
  }));
  ok(await call('/api/prices/buy', { method: 'POST', token: customer.token, body: { amount_gold: '4' } }));
  const code = await shop.waitForCode(customerPhone, 1);
  ok(await call('/api/prices/verify-transaction', {
    method: 'POST', token: customer.token, key: 'e2e-statement-buy', body: { verification_code: code, transaction_type: 'buy' },
  }));
  for (let i = 1; i <= EXTRA_CHARGES; i++) {
    ok(await call('/api/adminCharge/charge', {
      method: 'POST', token: owner, body: { userId: customer.id, type: 'rial', amount: String(1000 * i), description: `واریز شماره ${i}` },
    }));
  }
  wallet = ok(await call('/api/users/me', { token: customer.token })).balance;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** openDocument logs the customer in, opens print mode, picks the period and waits for the document. */
async function openDocument(page, name) {
  await loginByPassword(page, customerPhone, customerPassword);
  await page.goto(`${shop.url}/transactions_page`);
  await page.getByTestId('statement-row').first().waitFor();
  await shot(page, `statement-print-${name}-00-statement`);
  await page.getByTestId('statement-print-open').click();
  const from = page.getByTestId('statement-from');
  const to = page.getByTestId('statement-to');
  await from.waitFor();
  // the period starts as this Jalali month so far
  const today = jalaliDay(new Date());
  assert.equal(await to.inputValue(), fa(today));
  assert.equal(await from.inputValue(), fa(`${today.slice(0, 8)}01`));

  // a start after the end is named beside the start, and nothing is asked of the server
  await from.fill(fa(today));
  await to.fill(fa(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`));
  await page.getByTestId('statement-range-show').click();
  await page.getByText('تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد').waitFor();
  assert.equal(await page.getByTestId('statement-doc').count(), 0);
  await shot(page, `statement-print-${name}-01-range-error`);

  // the period of the entries: the day of the first one up to today, typed in Persian digits
  await from.fill(fa(jalaliDay(firstAt)));
  await to.fill(fa(today));
  await page.getByTestId('statement-range-show').click();
  await page.getByTestId('statement-doc').waitFor();
  return { from: jalaliDay(firstAt), to: today };
}

/** checkDocument reads the document against the API and the wallet. */
async function checkDocument(page, period) {
  const text = async (id) => (await page.getByTestId(id).innerText()).trim();
  assert.equal(await text('statement-doc-customer'), 'سارا کریمی');
  assert.equal(await text('statement-doc-period'), `از ${fa(period.from)} تا ${fa(period.to)}`);
  assert.match(await text('statement-doc-printed'), /^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}$/);
  assert.ok((await text('statement-doc-shop')).length > 0);

  // what the server says for the same days
  const [fy, fm, fd] = tehranDay(firstAt);
  const [ty, tm, td] = tehranDay(new Date());
  const api = ok(await call(`/api/transactions/statement?from=${fy}-${pad2(fm)}-${pad2(fd)}&to=${ty}-${pad2(tm)}-${pad2(td)}`, { token: customer.token }));
  assert.deepEqual(api.opening, { rial: '0', gold: '0.000' });
  assert.deepEqual(api.closing, { rial: wallet.balance_rial, gold: wallet.balance_gold });
  assert.equal(api.transactions.length, 2 + EXTRA_CHARGES);

  // opening balances of zero, closing balances equal to the wallet, in the boxes and in the table's end rows
  assert.equal(await text('statement-doc-opening-rial'), '۰');
  assert.equal(await text('statement-doc-opening-gold'), '۰/۰۰۰');
  assert.equal(await text('statement-doc-closing-rial'), faRial(wallet.balance_rial));
  assert.equal(await text('statement-doc-closing-gold'), faGold(wallet.balance_gold));
  assert.equal(wallet.balance_gold, '4.000');
  const closingRow = await text('statement-doc-closing-row');
  assert.ok(closingRow.includes(faRial(wallet.balance_rial)) && closingRow.includes('۴/۰۰۰'), closingRow);

  // every entry, oldest first: the first charge, the buy, then the small charges; the last row's balances
  // are the closing balances
  const rows = page.getByTestId('statement-doc-row');
  assert.equal(await rows.count(), 2 + EXTRA_CHARGES);
  const types = await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.type));
  assert.deepEqual(types.slice(0, 3), ['wallet_deposit', 'buy', 'wallet_deposit']);
  assert.match(await rows.nth(0).innerText(), /شارژ کیف پول/);
  assert.match(await rows.nth(0).innerText(), /واریز اولیه/);
  assert.match(await rows.nth(1).innerText(), /خرید/);
  const last = await rows.last().locator('.balance-cell').allInnerTexts();
  assert.deepEqual(last.map((s) => s.trim()), [faGold(wallet.balance_gold), faRial(wallet.balance_rial)]);
  assert.doesNotMatch(await page.getByTestId('statement-doc').innerText(), /[0-9A-Za-z]/, 'the document speaks Persian only');
}

/** checkPrintMedia emulates print and checks that only the document is left. */
async function checkPrintMedia(page) {
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('header.header').isVisible(), false, 'the header is not printed');
  assert.equal(await page.getByTestId('bottom-bar').isVisible(), false, 'the bottom bar is not printed');
  assert.equal(await page.locator('nav').filter({ visible: true }).count(), 0, 'no navigation is printed');
  assert.equal(await page.getByTestId('statement-print').isVisible(), false, 'the buttons are not printed');
  assert.equal(await page.getByTestId('statement-range').isVisible(), false, 'the period form is not printed');
  assert.equal(await page.locator('footer.footer').isVisible(), false, 'the app footer is not printed');
  assert.equal(await page.getByTestId('statement-doc').isVisible(), true);
  assert.equal(await page.locator('.sd-table thead').evaluate((el) => getComputedStyle(el).display), 'table-header-group');
}

describe('the printed statement', () => {
  test('a customer reads and prints a period on a phone', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await openPage(browser);

    const period = await openDocument(page, 'phone');
    await checkDocument(page, period);
    // the document fits the phone: nothing wider than the screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'statement-print-phone-02-document');

    // the button opens the browser's print dialog (stubbed: a headless browser has none) under the PDF's name
    await page.evaluate(() => {
      window.printed = [];
      window.print = () => {
        window.dispatchEvent(new Event('beforeprint'));
        window.printed.push(document.title);
        window.dispatchEvent(new Event('afterprint'));
      };
    });
    await page.getByTestId('statement-print').click();
    const titles = await page.evaluate(() => window.printed);
    assert.deepEqual(titles, [`صورتحساب ${await page.getByTestId('statement-doc-shop').innerText()} ${fa(period.from).replace(/\//g, '-')} تا ${fa(period.to).replace(/\//g, '-')}`]);
    assert.notEqual(await page.title(), titles[0], 'the title comes back after printing');

    await checkPrintMedia(page);
    await shot(page, 'statement-print-phone-03-print-media');
    await page.emulateMedia({ media: 'screen' });

    // leaving print mode brings the statement back
    await page.getByTestId('statement-range-cancel').click();
    await page.getByTestId('statement-row').first().waitFor();
    assert.equal(await page.getByTestId('statement-doc').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a customer saves the period as a PDF on a desktop', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await openPage(browser, { device: viewports.desktop });

    const period = await openDocument(page, 'desktop');
    await checkDocument(page, period);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'statement-print-desktop-02-document');

    await checkPrintMedia(page);
    await shot(page, 'statement-print-desktop-03-print-media');
    // Chromium lays the page out for paper with the style sheet's @page (A4 portrait) and writes the PDF
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
    assert.ok(pages >= 2, `${2 + EXTRA_CHARGES} entries fill more than one A4 page, got ${pages}`);
    const dir = process.env.ARTIFACTS || 'test-artifacts';
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'statement-print.pdf'), pdf);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
