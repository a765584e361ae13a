// The shop's stock and day (issue 39) in Debian's Chromium against the real binary. The owner adds two pieces to
// the vault, one with a typed tag and one left to the shop's own number, ticks both and opens their labels: Chromium
// prints them to PDF on the A4 sheet and on the 40 × 25 mm roll, and poppler reads the PDF back (pdfimages: a
// barcode image a label, the server's Code 128; pdftotext: the codes and the figures; pdfinfo: the roll's page is
// 40 × 25 mm, one a label). A staff member at the counter scans the tag (typed and Enter, as a USB scanner does)
// and the numbered piece's number in Persian digits, weighs in used gold and records the invoice in cash; the sold
// tag scanned again is refused with the server's words and stays selected for the next scan. The owner sends the
// used gold to the melter as a batch and enters the lab's bar: the batch shows the bar and the loss, and the
// reserve panel this month's melt loss. The admin panel names today's drawer as not closed; the owner puts change
// in the drawer, staff close the day with a count under what it should hold, the shortage shows, and an invoice on
// the closed day is refused with the server's words; the owner opens it again. Melted gold the owner adds by hand
// as «ری‌گیری نشده» waits among the lots for the melter, and the vault's pages name their tabs. Screens and PDFs go
// to ARTIFACTS.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launch, openPage, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';
import { pdfText } from './pdf-text.mjs';

const ownerPhone = '09350003939';
const ownerPassword = 'stock-owner-secret';
const staffPhone = '09120003939';
const staffPassword = 'stock-staff-secret';
const TAG = 'RG-3901';
const SHORT_NAME = 'گالری نمونه';
const artifacts = process.env.ARTIFACTS || 'test-artifacts';

/** grams writes an API's gram string as the screens do: "4.250" → "۴/۲۵۰". */
const grams = (g) => fa(g.replace('.', '/'));
/** rial writes a rial amount grouped in Persian digits. */
const rial = (n) => fa(String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '٬'));

let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;
let owner;
let ring;
let chain;
let lot;

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: '83456789' } }));
  ok(await call('/api/admin/shop', { method: 'PUT', token: owner, body: { name: 'گالری طلای نمونه تهران', short_name: SHORT_NAME } }));
  await shop.stockVault(owner, '1000');
  await registerCustomer(staffPhone, '007003939', { first_name: 'مهدی', last_name: 'نادری', password: staffPassword });
  const made = await call('/api/admin/staff', { method: 'POST', token: owner, body: { phone_number: staffPhone, role: 'staff' } });
  assert.ok(made.status >= 200 && made.status < 300, JSON.stringify(made.data));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const text = async (page, testid) => (await page.getByTestId(testid).innerText()).trim();
const toast = (page, words) => page.getByTestId('toast').filter({ hasText: words }).first();

/** poppler runs one of poppler's tools on a PDF written to ARTIFACTS and returns its output. */
function poppler(tool, file, args = []) {
  return execFileSync(tool, [...args, file], { encoding: 'utf8' });
}

/** pageSizes reads each page's size in points from pdfinfo. */
function pageSizes(file) {
  const out = poppler('pdfinfo', file, ['-f', '1', '-l', '999']);
  return [...out.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** imagesPerPage counts the images pdfimages lists on each page. */
function imagesPerPage(file) {
  const rows = poppler('pdfimages', file, ['-list']).split('\n').slice(2).filter((l) => l.trim());
  const per = new Map();
  for (const row of rows) {
    const pageNo = Number(row.trim().split(/\s+/)[0]);
    per.set(pageNo, (per.get(pageNo) ?? 0) + 1);
  }
  return per;
}

/** printed prints the labels page to PDF as Chromium prints it (the style sheet's @page), kept as an artifact. */
async function printed(page, name) {
  await page.locator('[data-testid="labels-print"][data-ready="yes"]').waitFor();
  // every barcode drawn before the paper is made
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="label-barcode"]')].every((img) => img.complete && img.naturalWidth > 0));
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('header.header').isVisible(), false, 'the header is not printed');
  assert.equal(await page.getByTestId('labels-tools').isVisible(), false, 'the tools are not printed');
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  mkdirSync(artifacts, { recursive: true });
  const file = join(artifacts, `${name}.pdf`);
  writeFileSync(file, pdf);
  const all = pdfText(pdf).join(' ').replace(/\s+/g, ' ');
  return { file, sizes: pageSizes(file), images: imagesPerPage(file), all, says: (...wants) => wants.some((w) => all.includes(w)) };
}

describe('the stock and the day', () => {
  test('the owner tags two pieces and prints their labels on the A4 sheet and on the 40 × 25 mm roll', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await openPage(browser, { device: viewports.desktop });
    await loginByPassword(page, ownerPhone, ownerPassword);
    await page.goto(`${shop.url}/admin-vault_page`);
    // a ring with its typed tag, a chain left to the shop's own number
    const add = async (description, weight, tag, wage) => {
      await page.getByTestId('vault-add').click();
      await page.getByTestId('vault-add-dialog').waitFor();
      await page.getByTestId('vault-kind').selectOption('jewellery');
      await page.getByTestId('vault-description').fill(description);
      await page.getByTestId('vault-ayar').fill('۷۵۰');
      await page.getByTestId('vault-vazn').fill(weight);
      if (tag) await page.getByTestId('vault-tag').fill(tag);
      if (wage.rial) {
        await page.getByTestId('vault-wage-mode').selectOption('rial');
        await page.getByTestId('vault-wage').fill(wage.rial);
      } else {
        await page.getByTestId('vault-wage').fill(wage.percent);
      }
      await page.getByTestId('vault-submit').click();
      await page.getByTestId('vault-add-dialog').waitFor({ state: 'detached' });
    };
    await add('انگشتر زنانه', '4.25', TAG, { percent: '18' });
    await add('زنجیر', '۶/۱', '', { rial: '8500000' });
    const items = ok(await call('/api/admin/vault', { token: owner })).items;
    ring = items.find((it) => it.description === 'انگشتر زنانه');
    chain = items.find((it) => it.description === 'زنجیر');
    assert.equal(ring.tag, TAG);
    assert.match(chain.tag, /^\d{6}$/, `the chain takes the shop's own number, got «${chain.tag}»`);

    // both ticked, their labels opened
    await page.getByTestId(`vault-pick-${ring.id}`).check();
    await page.getByTestId(`vault-pick-${chain.id}`).check();
    assert.equal(await text(page, 'vault-labels'), 'چاپ اتیکت (۲)');
    await shot(page, 'desktop-stock-01-vault-picked');
    await page.getByTestId('vault-labels').click();
    await page.waitForURL(`${shop.url}/admin-vault_page/labels?ids=${ring.id},${chain.id}`);
    await page.getByTestId('labels-sheet').waitFor();
    // the page names the tab itself, not as the vault
    await page.waitForFunction(() => document.title.startsWith('چاپ اتیکت | '));
    assert.equal(await page.getByTestId('label').count(), 2);
    const ringLabel = page.locator(`[data-testid="label"][data-id="${ring.id}"]`);
    assert.equal((await ringLabel.getByTestId('label-code').innerText()).trim(), TAG);
    assert.equal((await ringLabel.getByTestId('label-weight').innerText()).trim(), '۴/۲۵۰ گرم');
    assert.equal((await ringLabel.getByTestId('label-purity').innerText()).trim(), 'عیار ۷۵۰');
    assert.equal((await ringLabel.getByTestId('label-wage').innerText()).trim(), 'اجرت ۱۸٪');
    const chainLabel = page.locator(`[data-testid="label"][data-id="${chain.id}"]`);
    assert.equal((await chainLabel.getByTestId('label-wage').innerText()).trim(), 'اجرت هر گرم ۸٬۵۰۰٬۰۰۰ ریال');
    assert.match(await ringLabel.innerText(), new RegExp(SHORT_NAME));
    await page.locator('[data-testid="labels-print"][data-ready="yes"]').waitFor();
    await shot(page, 'desktop-stock-02-labels-a4');
    assert.deepEqual(await axeViolations(page), [], 'the labels page passes axe');

    // on paper: an A4 sheet (595 × 842 pt), a barcode image a label, the codes and the figures
    const sheet = await printed(page, 'stock-labels-a4');
    assert.equal(sheet.sizes.length, 1, 'two labels fit one sheet');
    assert.ok(Math.abs(sheet.sizes[0][0] - 595.3) < 2 && Math.abs(sheet.sizes[0][1] - 841.9) < 2, `A4, got ${sheet.sizes[0]}`);
    assert.ok((sheet.images.get(1) ?? 0) >= 2, `a barcode image a label: ${[...sheet.images]}`);
    for (const want of [[TAG], [chain.tag], ['۴/۲۵۰', '4.250'], ['۶/۱۰۰', '6.100'], ['۷۵۰', '750'], [SHORT_NAME]]) {
      assert.ok(sheet.says(...want), `the sheet says «${want.join('» or «')}»:\n${sheet.all}`);
    }

    // the 40 × 25 mm roll: one label a page of 113.39 × 70.87 pt
    await page.getByTestId('labels-size-40x25').click();
    await page.locator('[data-testid="labels-sheet"][data-size="40x25"]').waitFor();
    await shot(page, 'desktop-stock-03-labels-40x25');
    const roll = await printed(page, 'stock-labels-40x25');
    assert.equal(roll.sizes.length, 2, `one label a page, got ${roll.sizes.length} pages`);
    for (const [w, h] of roll.sizes) assert.ok(Math.abs(w - 113.39) < 1 && Math.abs(h - 70.87) < 1, `40 × 25 mm, got ${w} × ${h} pt`);
    assert.ok((roll.images.get(1) ?? 0) >= 1 && (roll.images.get(2) ?? 0) >= 1, `a barcode on each label: ${[...roll.images]}`);
    for (const want of [[TAG], [chain.tag], ['۴/۲۵۰', '4.250'], ['۷۵۰', '750']]) {
      assert.ok(roll.says(...want), `the roll says «${want.join('» or «')}»:\n${roll.all}`);
    }
    assert.deepEqual(errors, []);
    await context.close();

    // the page on a phone
    const phone = await openPage(browser);
    await loginByPassword(phone.page, ownerPhone, ownerPassword);
    await phone.page.goto(`${shop.url}/admin-vault_page/labels?ids=${ring.id},${chain.id}&size=50x30`);
    await phone.page.locator('[data-testid="labels-print"][data-ready="yes"]').waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the labels page is ${overflow}px wider than the phone`);
    await shot(phone.page, 'phone-stock-04-labels-50x30');
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  });

  test('staff scan the pieces into the counter as a scanner types them, and a sold tag is refused', { timeout: 180_000 }, async () => {
    assert.ok(ring && chain, 'the first journey added the pieces');
    const { context, page, errors } = await openPage(browser, { device: viewports.desktop, expected: /status of 409/ });
    await loginByPassword(page, staffPhone, staffPassword);
    await page.goto(`${shop.url}/admin-counter_page`);
    const item = page.getByTestId('counter-item');
    await item.waitFor();
    assert.equal(await item.evaluate((el) => el === document.activeElement), true, 'the item field has the focus');
    // the scanner types the tag and Enter; the field is empty and keeps the focus for the next scan
    await page.keyboard.type(TAG);
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid="counter-sale"][data-item="${ring.id}"]`).waitFor();
    assert.equal(await item.inputValue(), '');
    assert.equal(await item.evaluate((el) => el === document.activeElement), true, 'the focus stays for the next scan');

    // used gold weighed in, paid in cash, recorded
    await page.getByTestId('counter-buyback-add').click();
    await page.getByTestId('counter-buyback-0-description').fill('النگوی کهنه');
    await page.getByTestId('counter-buyback-0-weight').fill('۳');
    await page.getByTestId('counter-buyback-0-purity').fill('۷۵۰');
    await page.locator('[data-testid="counter-totals"][data-confirmed="yes"]').waitFor();
    await page.getByTestId('counter-pay-add').click();
    assert.equal(await page.getByTestId('counter-pay-method-0').inputValue(), 'cash');
    await page.getByTestId('counter-record').click();
    await page.waitForURL(/\/counter-invoice_page\/\d+$/);
    const invoiceId = Number(page.url().match(/(\d+)$/)[1]);
    const { invoice } = ok(await call(`/api/admin/counter/invoices/${invoiceId}`, { token: owner }));
    lot = invoice.lines.find((l) => l.side === 'buy_back');
    assert.ok(lot?.item_id, 'the used gold went into the vault as a lot');

    // the sold ring's label scanned again: the server's words, the code selected so the next scan types over it
    await page.goto(`${shop.url}/admin-counter_page`);
    await item.waitFor();
    await page.keyboard.type(TAG);
    await page.keyboard.press('Enter');
    await page.getByText('کالای این برچسب فروخته شده یا از خزانه خارج شده است').waitFor();
    assert.deepEqual(await item.evaluate((el) => [el === document.activeElement, el.selectionStart, el.selectionEnd, el.value.length]), [true, 0, TAG.length, TAG.length]);
    // the chain's number typed on a Persian layout (Persian digits) replaces it and adds the chain
    await page.keyboard.type(fa(chain.tag));
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid="counter-sale"][data-item="${chain.id}"]`).waitFor();
    assert.equal(await item.inputValue(), '');
    await shot(page, 'desktop-stock-05-counter-scanned');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the owner sends the used gold to the melter and enters the lab\'s bar; the batch shows the bar and the loss', { timeout: 180_000 }, async () => {
    assert.ok(lot, 'the counter bought used gold');
    const { context, page, errors } = await openPage(browser, { device: viewports.desktop });
    await loginByPassword(page, ownerPhone, ownerPassword);
    await page.goto(`${shop.url}/admin-vault_page`);
    await page.getByTestId('vault-melts').click();
    await page.waitForURL(`${shop.url}/admin-vault_page/melts`);
    const row = page.locator(`[data-testid="melt-lot"][data-id="${lot.item_id}"]`);
    await row.waitFor();
    await page.waitForFunction(() => document.title.startsWith('ذوب و ری‌گیری | '));
    await page.getByTestId(`melt-pick-${lot.item_id}`).check();
    assert.match(await text(page, 'melt-send-sum'), new RegExp(`۱ قطعه انتخاب شده، وزن ۷۵۰ ${grams(lot.weight750)} گرم`));
    await page.getByTestId('melt-melter').fill('استاد رضا');
    await page.getByTestId('melt-send').click();
    await toast(page, 'دستهٔ ذوب فرستاده شد').waitFor();
    const { batches } = ok(await call('/api/admin/vault/melts', { token: owner }));
    const batch = batches[0];
    assert.deepEqual([batch.status, batch.lots.map((l) => l.id)], ['sent', [lot.item_id]]);
    await page.locator(`[data-testid="melt-batch"][data-id="${batch.id}"][data-status="sent"]`).waitFor();
    assert.equal(await text(page, `melt-status-${batch.id}`), 'فرستاده شده');
    await page.getByTestId('melt-lots-empty').waitFor();

    // the lab's bar: a little lighter at 750 than the lots, so the batch lost a little
    await page.getByTestId(`melt-result-${batch.id}`).click();
    await page.getByTestId('melt-result-dialog').waitFor();
    await page.getByTestId('melt-result-vazn').fill(lot.weight750);
    await page.getByTestId('melt-result-ayar').fill('۷۴۰');
    await page.getByTestId('melt-result-lab').fill('ری مرکزی');
    await page.getByTestId('melt-result-ingot').fill('۴۴۱۲');
    await page.getByText(/^کاهش ذوب [۰-۹/]+ گرم$/).waitFor();
    await shot(page, 'desktop-stock-06-melt-result');
    await page.getByTestId('melt-result-submit').click();
    await toast(page, 'نتیجهٔ ری‌گیری ثبت شد').waitFor();
    const done = ok(await call(`/api/admin/vault/melts/${batch.id}`, { token: owner })).batch;
    assert.equal(done.status, 'done');
    assert.ok(Number(done.loss750) > 0, `a loss, got ${done.loss750}`);
    await page.locator(`[data-testid="melt-batch"][data-id="${batch.id}"][data-status="done"]`).waitFor();
    assert.equal(await text(page, `melt-status-${batch.id}`), 'ری‌گیری شد');
    assert.equal(await text(page, `melt-bar750-${batch.id}`), grams(done.bar750));
    assert.equal(await text(page, `melt-loss-${batch.id}`), `کاهش ذوب ${grams(done.loss750)} گرم`);
    const bar = ok(await call(`/api/admin/vault/${done.bar_id}`, { token: owner })).item;
    assert.deepEqual([bar.kind, bar.lab, bar.ingot_number, bar.status], ['melted', 'ری مرکزی', '4412', 'in']);
    await shot(page, 'desktop-stock-07-melts');
    assert.deepEqual(await axeViolations(page), [], 'the melts page passes axe');

    // the reserve panel: the vault by state and this month's melt loss
    await page.goto(`${shop.url}/admin-reserve_page`);
    await page.getByTestId('reserve-month').waitFor();
    assert.equal(await text(page, 'reserve-month-loss'), grams(done.loss750));
    assert.match(await text(page, 'reserve-month-sales'), /۱ مورد/);
    assert.match(await text(page, 'reserve-unassayed'), /۰ مورد/);
    await shot(page, 'desktop-stock-08-reserve');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the day is closed with a shortage, and the closed day takes no invoice', { timeout: 180_000 }, async () => {
    assert.ok(chain, 'the first journey added the chain');
    // the owner sees today's drawer not closed on the panel, and puts change in the drawer
    const owned = await openPage(browser, { device: viewports.desktop });
    await loginByPassword(owned.page, ownerPhone, ownerPassword);
    await owned.page.goto(`${shop.url}/AdminPanel_page`);
    await owned.page.getByTestId('unclosed-days-notice').waitFor();
    assert.match(await text(owned.page, 'unclosed-days-notice'), /صندوق امروز هنوز بسته نشده است/);
    await shot(owned.page, 'desktop-stock-09a-panel-unclosed');
    await owned.page.getByTestId('unclosed-days-link').click();
    await owned.page.waitForURL(/\/admin-day_page\?date=\d{4}-\d{2}-\d{2}$/);
    const date = owned.page.url().match(/date=([\d-]+)$/)[1];
    await owned.page.getByTestId('day-cash').waitFor();
    await owned.page.getByTestId('drawer-direction').selectOption('in');
    await owned.page.getByTestId('drawer-counterpart').selectOption('owner');
    await owned.page.getByTestId('drawer-amount').fill('10000000');
    await owned.page.getByTestId('drawer-reason').fill('پول خرد صبح');
    await owned.page.getByTestId('drawer-move').click();
    await owned.page.locator('[data-testid="day-move"][data-direction="in"]').waitFor();
    assert.equal(await text(owned.page, 'day-drawer-in'), `${rial(10000000)} ریال`);
    assert.deepEqual(owned.errors, []);
    await owned.context.close();

    // staff count the drawer 50,000 rial short of what it should hold and close the day
    const { context, page, errors } = await openPage(browser, { device: viewports.desktop, expected: /status of 409/ });
    await loginByPassword(page, staffPhone, staffPassword);
    await page.goto(`${shop.url}/admin-day_page`);
    await page.getByTestId('day-cash').waitFor();
    const day = ok(await call(`/api/admin/counter/days/${date}`, { token: owner }));
    assert.equal(day.closed, null);
    assert.equal(await text(page, 'day-expected'), `${rial(day.expected_cash)} ریال`);
    assert.equal(await text(page, 'day-cash-in'), `${rial(day.cash_in)} ریال`);
    assert.equal(await text(page, 'day-invoices'), '۱ فاکتور');
    assert.equal(await page.getByTestId('drawer-move-form').count(), 0, 'moving cash is the owner\'s');
    await page.getByTestId('day-counted').fill(String(day.expected_cash - 50000));
    assert.equal(await text(page, 'day-close-preview'), 'اختلاف صندوق: ۵۰٬۰۰۰ ریال کسری صندوق');
    await shot(page, 'desktop-stock-09-day-open');
    assert.deepEqual(await axeViolations(page), [], 'the day passes axe');
    await page.getByTestId('day-close').click();
    await page.getByTestId('day-closed').waitFor();
    assert.equal(await text(page, 'day-difference'), '۵۰٬۰۰۰ ریال کسری صندوق');
    assert.equal(await text(page, 'day-closed-counted'), `${rial(day.expected_cash - 50000)} ریال`);
    assert.equal(await text(page, 'day-closed-by'), 'مهدی نادری');
    assert.equal(await text(page, 'day-state'), 'بسته شده');
    assert.equal(await page.getByTestId('day-reopen').count(), 0, 'reopening is the owner\'s');
    const closed = ok(await call(`/api/admin/counter/days/${date}`, { token: owner })).closed;
    assert.equal(closed.difference, -50000);
    await shot(page, 'desktop-stock-10-day-closed');

    // an invoice on the closed day is refused with the server's words
    await page.goto(`${shop.url}/admin-counter_page`);
    await page.getByTestId('counter-item').waitFor();
    await page.keyboard.type(chain.tag);
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid="counter-sale"][data-item="${chain.id}"]`).waitFor();
    await page.locator('[data-testid="counter-totals"][data-confirmed="yes"]').waitFor();
    await page.getByTestId('counter-pay-add').click();
    await page.getByTestId('counter-record').click();
    await page.getByTestId('counter-refusal').waitFor();
    assert.match(await text(page, 'counter-refusal'), /^صندوق این روز بسته شده است/);
    assert.equal(ok(await call(`/api/admin/counter/invoices`, { token: owner })).invoices.length, 1, 'nothing was recorded');
    assert.deepEqual(errors, []);
    await context.close();

    // the day on a phone
    const phone = await openPage(browser);
    await loginByPassword(phone.page, staffPhone, staffPassword);
    await phone.page.goto(`${shop.url}/admin-day_page?date=${date}`);
    await phone.page.getByTestId('day-closed').waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the day is ${overflow}px wider than the phone`);
    await shot(phone.page, 'phone-stock-11-day-closed');
    assert.deepEqual(await axeViolations(phone.page), [], 'the day on a phone passes axe');
    assert.deepEqual(phone.errors, []);
    await phone.context.close();

    // the owner steps to the day before and back, and opens the closed day again with a reason
    const again = await openPage(browser, { device: viewports.desktop });
    await loginByPassword(again.page, ownerPhone, ownerPassword);
    await again.page.goto(`${shop.url}/admin-day_page?date=${date}`);
    await again.page.getByTestId('day-closed').waitFor();
    await again.page.getByTestId('day-prev').click();
    await again.page.waitForURL((u) => u.search.startsWith('?date=') && !u.search.endsWith(date));
    await again.page.getByTestId('day-close-form').waitFor();
    assert.equal(await again.page.getByTestId('day-next').isEnabled(), true);
    await again.page.getByTestId('day-next').click();
    await again.page.getByTestId('day-closed').waitFor();
    assert.equal(await again.page.getByTestId('day-next').isEnabled(), false, 'no day after today');
    await again.page.getByTestId('day-reopen').click();
    await again.page.getByTestId('day-reopen-confirm').click();
    await again.page.getByTestId('day-reopen-error').waitFor();
    await again.page.getByTestId('day-reopen-reason').fill('شمارش دوباره');
    await again.page.getByTestId('day-reopen-confirm').click();
    await again.page.getByTestId('day-close-form').waitFor();
    assert.equal(await text(again.page, 'day-state'), 'باز');
    assert.equal(ok(await call(`/api/admin/counter/days/${date}`, { token: owner })).closed, null);
    assert.deepEqual(again.errors, []);
    await again.context.close();
  });

  test('the owner adds melted gold not yet assayed by hand, and it waits among the lots for the melter', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openPage(browser, { device: viewports.desktop });
    await loginByPassword(page, ownerPhone, ownerPassword);
    await page.goto(`${shop.url}/admin-vault_page`);
    await page.waitForFunction(() => document.title.startsWith('خزانه | '));
    await page.getByTestId('vault-add').click();
    await page.getByTestId('vault-add-dialog').waitFor();
    assert.equal(await page.getByTestId('vault-unassayed').count(), 0, 'only melted gold is offered the box');
    await page.getByTestId('vault-kind').selectOption('melted');
    await page.getByTestId('vault-description').fill('آبشدهٔ خریده از بازار');
    await page.getByTestId('vault-ayar').fill('۷۴۵');
    await page.getByTestId('vault-vazn').fill('۱۲/۳');
    await page.getByTestId('vault-unassayed').check();
    await shot(page, 'desktop-stock-12-unassayed');
    await page.getByTestId('vault-submit').click();
    await page.getByTestId('vault-add-dialog').waitFor({ state: 'detached' });
    const added = ok(await call('/api/admin/vault', { token: owner })).items.find((it) => it.description === 'آبشدهٔ خریده از بازار');
    assert.equal(added?.assay, 'unassayed');
    await page.getByTestId('vault-melts').click();
    await page.waitForURL(`${shop.url}/admin-vault_page/melts`);
    await page.locator(`[data-testid="melt-lot"][data-id="${added.id}"]`).waitFor();
    await page.waitForFunction(() => document.title.startsWith('ذوب و ری‌گیری | '));
    // back on the vault, the tab is the vault's again
    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith('خزانه | '));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
