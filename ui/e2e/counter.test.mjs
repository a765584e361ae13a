// The counter (issue 38) in Debian's Chromium against the real binary, on the shop PC's desktop viewport: the
// owner sets the price, the shop's tax identity and a tagged ring in the vault; a customer holds rial in their
// wallet. A staff member opens «پیشخوان», scans the ring's tag (its code typed, then Enter, as a USB scanner
// does), weighs in a buy-back with its purity in Persian digits, finds the customer by phone, takes part in
// cash and the rest from the customer's wallet and records with Ctrl+Enter (the wallet's part confirmed by the
// code texted to the customer); the printed invoice opens. Chromium
// prints it to PDF on an A5 sheet and on an 80 mm roll, and the PDF's text is read back (pdf-text.mjs, poppler's
// pdftotext): the number, the lines, the VAT and the total in words are on
// the paper, one page of its size. Then the customer, on a phone, finds the invoice on their statement and
// opens it. Screens and the PDFs go to ARTIFACTS.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launch, openPage, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';
import { pdfText } from './pdf-text.mjs';

const ownerPhone = '09350003838';
const ownerPassword = 'counter-owner-secret';
const staffPhone = '09120003839';
const staffPassword = 'counter-staff-secret';
const customerPhone = '09120003838';
const customerPassword = 'sara-gold-1';
const TAG = 'RG-1001';
const BASE = '83456789';
const WALLET_RIAL = '600000000';
const CASH = '100000000';
const artifacts = process.env.ARTIFACTS || 'test-artifacts';

const group = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '٬');
const faRial = (n) => fa(group(String(n)));

let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;
let owner;
let ring;
let customer;
let invoiceId;

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: BASE } }));
  ok(await call('/api/admin/shop', {
    method: 'PUT', token: owner,
    body: { name: 'گالری طلای پیشخوان', address: 'تهران، بازار بزرگ', phones: ['02155512345'], economic_code: '411111111111', national_id: '10101010101', postal_code: '1234567890' },
  }));
  await shop.stockVault(owner, '1000');
  ring = ok(await call('/api/admin/vault', {
    method: 'POST', token: owner,
    body: { kind: 'jewellery', description: 'انگشتر زنانه', weight: '4.25', purity: '750', tag: TAG, category: 'انگشتر', wage_percent: '18' },
  })).item;
  assert.equal(ring.tag, TAG);
  customer = await registerCustomer(customerPhone, '800003838');
  ok(await call('/api/adminCharge/charge', {
    method: 'POST', token: owner, body: { userId: customer.id, type: 'rial', amount: WALLET_RIAL, description: 'واریز اولیه' },
  }));
  await registerCustomer(staffPhone, '007003839', { first_name: 'مهدی', last_name: 'نادری', password: staffPassword });
  const made = await call('/api/admin/staff', { method: 'POST', token: owner, body: { phone_number: staffPhone, role: 'staff' } });
  assert.ok(made.status >= 200 && made.status < 300, JSON.stringify(made.data));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const text = async (page, testid) => (await page.getByTestId(testid).innerText()).trim();

/** pdfPages reads a PDF's pages' sizes in points from their MediaBox (Chromium writes one per page). */
function pdfPages(pdf) {
  const raw = pdf.toString('latin1');
  assert.equal(raw.slice(0, 5), '%PDF-');
  const pages = raw.match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
  const box = raw.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
  assert.ok(box, 'the PDF names its page size');
  return { pages, width: Number(box[1]), height: Number(box[2]) };
}

/**
 * printed emulates print and writes the page as Chromium prints it (the style sheet's @page), kept as an
 * artifact with a shot of the print media at the paper's printable width (width px).
 */
async function printed(page, name, width) {
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width, height: 700 });
  await shot(page, `${name}-print-media`);
  await page.setViewportSize(viewports.desktop.viewport);
  assert.equal(await page.locator('header.header').isVisible(), false, 'the header is not printed');
  assert.equal(await page.getByTestId('invoice-tools').isVisible(), false, 'the buttons are not printed');
  assert.equal(await page.getByTestId('invoice-doc').isVisible(), true);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, `${name}.pdf`), pdf);
  await page.emulateMedia({ media: 'screen' });
  // the text on paper, line after line, a sentence wrapped over two lines read as one
  const lines = pdfText(pdf);
  const all = lines.join(' ').replace(/\s+/g, ' ');
  return { ...pdfPages(pdf), lines, says: (want) => all.includes(want) };
}

describe('the counter', () => {
  test('staff sell a tagged ring against old gold, paid in cash and from the wallet, and print the invoice', { timeout: 240_000 }, async () => {
    // the first record answers 403: the customer's code is asked for (the browser logs the status)
    const { context, page, errors } = await openPage(browser, { device: viewports.desktop, expected: /status of 403/ });
    await loginByPassword(page, staffPhone, staffPassword);
    await page.getByTestId('tile-admin-counter').click();
    await page.waitForURL(`${shop.url}/admin-counter`);
    await page.getByRole('heading', { name: 'پیشخوان', exact: true }).waitFor();
    assert.equal(await page.getByTestId('counter-settings').count(), 0, 'the counter settings are the owner\'s');

    // the scanner types the tag and presses Enter; the field keeps the focus for the next scan
    const item = page.getByTestId('counter-item');
    await item.waitFor();
    assert.equal(await item.evaluate((el) => el === document.activeElement), true, 'the item field has the focus');
    await item.pressSequentially(TAG);
    await item.press('Enter');
    const line = page.locator(`[data-testid="counter-sale"][data-item="${ring.id}"]`);
    await line.waitFor();
    assert.equal(await item.inputValue(), '');
    assert.equal(await item.evaluate((el) => el === document.activeElement), true, 'the focus stays for the next scan');
    // the defaults: the ring's wage, the owner's profit; the figures as the server prices them
    assert.equal(await page.getByTestId(`counter-sale-${ring.id}-wage`).inputValue(), '۱۸');
    assert.equal(await page.getByTestId(`counter-sale-${ring.id}-profit`).inputValue(), '۷');
    const alone = ok(await call('/api/admin/counter/price', { method: 'POST', token: owner, body: { sales: [{ item_id: ring.id }], buybacks: [] } }));
    await page.waitForFunction(([id, want]) => document.querySelector(`[data-testid="counter-sale-${id}-total"]`)?.textContent === want, [ring.id, faRial(alone.lines[0].total)]);
    // the same tag again is refused on the screen, with the field's words
    await item.fill(TAG);
    await item.press('Enter');
    await page.getByText('این کالا در فاکتور هست').waitFor();
    await item.fill('');

    // a buy-back of old gold, its purity in Persian digits, the owner's deduction by default
    await page.getByTestId('counter-buyback-add').click();
    await page.getByTestId('counter-buyback-0-description').fill('النگوی شکسته');
    await page.getByTestId('counter-buyback-0-weight').fill('۲/۵');
    await page.getByTestId('counter-buyback-0-purity').fill('۷۰۵');
    const deduction = await page.getByTestId('counter-buyback-0-deduction').inputValue();

    // the customer, found by phone
    await page.getByTestId('counter-buyer-customer').click();
    await page.getByTestId('counter-customer-search').fill(fa(customerPhone));
    await page.getByTestId('counter-customer-search').press('Enter');
    await page.getByTestId('counter-customer').waitFor();
    assert.equal(await text(page, 'counter-customer-name'), 'سارا کریمی');
    assert.equal(await text(page, 'counter-customer-rial'), `${faRial(WALLET_RIAL)} ریال`);

    // the server's figures for the whole invoice, as the screen shows them once confirmed
    const expected = ok(await call('/api/admin/counter/price', {
      method: 'POST', token: owner,
      body: { sales: [{ item_id: ring.id }], buybacks: [{ description: 'النگوی شکسته', weight: '2.5', purity: '705' }] },
    }));
    assert.ok(expected.net > Number(CASH), `the net ${expected.net} is more than the cash part`);
    await page.locator('[data-testid="counter-totals"][data-confirmed="yes"]').waitFor();
    assert.equal(await text(page, 'counter-net'), `${faRial(expected.net)} ریال`);
    assert.equal(await text(page, 'counter-vat'), `${faRial(expected.totals.vat)} ریال`);
    assert.equal(await text(page, 'counter-words'), `${expected.net_words} ریال`);
    assert.equal(deduction, fa(expected.lines[1].deduction_percent.replace(/\.?0+$/, '')));

    // part in cash, the rest from the customer's rial wallet; a new row starts with what is left
    await page.getByTestId('counter-pay-add').click();
    assert.equal(await page.getByTestId('counter-pay-amount-0').inputValue(), faRial(expected.net));
    await page.getByTestId('counter-pay-amount-0').fill(CASH);
    await page.waitForFunction((want) => document.querySelector('[data-testid="counter-rest"]')?.textContent?.startsWith(want), faRial(expected.net - Number(CASH)));
    await page.getByTestId('counter-pay-add').click();
    await page.getByTestId('counter-pay-method-1').selectOption('wallet_rial');
    assert.equal(await page.getByTestId('counter-pay-amount-1').inputValue(), faRial(expected.net - Number(CASH)));
    assert.equal(await text(page, 'counter-rest'), 'تسویه شد');
    await page.getByTestId('toast').first().waitFor({ state: 'detached' }).catch(() => {});
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'desktop-counter-01-invoice');
    assert.deepEqual(await axeViolations(page), [], 'the counter passes axe');

    // the one key records: the wallet's part is the customer's to allow, by the code texted to their phone
    // (read off it at the counter); the same key again records, and the printed invoice opens
    const texted = shop.smsCount(customerPhone);
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('counter-code-form').waitFor();
    assert.match(await text(page, 'counter-code-message'), /کد تایید به همراه مشتری پیامک شد/);
    const code = await shop.waitForCode(customerPhone, texted);
    assert.equal(ok(await call(`/api/admin/counter/invoices`, { token: owner })).invoices.length, 0, 'nothing is recorded before the code');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'desktop-counter-01b-customer-code');
    for (let i = 0; i < 5; i++) await page.getByTestId(`code-box-${i}`).fill(code[i]);
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/\/counter-invoice_page\/\d+$/);
    invoiceId = Number(page.url().match(/(\d+)$/)[1]);
    await page.getByTestId('invoice-doc').waitFor();
    const { invoice } = ok(await call(`/api/admin/counter/invoices/${invoiceId}`, { token: owner }));
    assert.equal(invoice.net, expected.net);
    assert.deepEqual(invoice.payments, [{ method: 'cash', amount: Number(CASH) }, { method: 'wallet_rial', amount: expected.net - Number(CASH) }]);
    const wallet = ok(await call('/api/users/me', { token: customer.token })).balance;
    assert.equal(wallet.balance_rial, String(Number(WALLET_RIAL) - (expected.net - Number(CASH))));

    // the document: number, shop and tax identity, buyer, the lines, the VAT, the total in figures and in words
    assert.equal(await text(page, 'invoice-number'), fa(invoice.number));
    assert.match(await text(page, 'invoice-tax'), /کد اقتصادی: ۴۱۱۱۱۱۱۱۱۱۱۱/);
    assert.match(await text(page, 'invoice-tax'), /کد پستی: ۱۲۳۴۵۶۷۸۹۰/);
    assert.equal(await text(page, 'invoice-recorder'), 'ثبت‌کننده: مهدی نادری');
    assert.equal(await text(page, 'invoice-buyer'), 'سارا کریمی');
    assert.match(await text(page, 'invoice-date'), /^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}$/);
    assert.equal(await page.getByTestId('invoice-line').count(), 2);
    assert.match(await text(page, 'invoice-sales'), /انگشتر زنانه/);
    assert.ok((await text(page, 'invoice-sales')).includes(faRial(invoice.lines[0].total)));
    assert.match(await text(page, 'invoice-buybacks'), /النگوی شکسته/);
    assert.equal(await text(page, 'invoice-vat'), `${faRial(invoice.totals.vat)} ریال`);
    assert.equal(await text(page, 'invoice-net'), `${faRial(invoice.net)} ریال`);
    assert.equal(await text(page, 'invoice-words'), `مبلغ به حروف: ${invoice.net_words} ریال`);
    assert.match(await text(page, 'invoice-payments'), /نقد[\s\S]*کیف پول ریالی/);
    await page.getByTestId('toast').first().waitFor({ state: 'detached' }).catch(() => {});
    await shot(page, 'desktop-counter-02-print-a5');
    assert.deepEqual(await axeViolations(page), [], 'the printed invoice passes axe');

    // on paper: one A5 page (148 × 210 mm = 419.5 × 595.3 pt) with the number, the lines, the VAT and the words
    const a5 = await printed(page, 'counter-invoice-a5', 499);
    assert.equal(a5.pages, 1, 'the invoice fits one A5 sheet');
    assert.ok(Math.abs(a5.width - 419.5) < 2 && Math.abs(a5.height - 595.3) < 2, `A5, got ${a5.width} × ${a5.height} pt`);
    const onPaper = [
      fa(invoice.number), 'انگشتر زنانه', 'النگوی شکسته', faRial(invoice.lines[0].total), faRial(invoice.lines[1].total),
      'مالیات بر ارزش افزوده', faRial(invoice.totals.vat), faRial(invoice.net), `${invoice.net_words} ریال`, 'کد اقتصادی', '۴۱۱۱۱۱۱۱۱۱۱۱',
      'سارا کریمی',
    ];
    for (const want of onPaper) assert.ok(a5.says(want), `the printed invoice says «${want}»:\n${a5.lines.join('\n')}`);
    assert.ok(a5.lines.every((l) => !/[A-Za-z]/.test(l)), 'the invoice speaks Persian only');

    // the 80 mm roll: the same invoice, a page 80 mm (226.8 pt) wide
    await page.getByTestId('invoice-size-80mm').click();
    await page.waitForFunction(() => location.search === '?size=80mm');
    await page.locator('[data-testid="invoice-doc"].size-80mm').waitFor();
    await shot(page, 'desktop-counter-03-print-80mm');
    const roll = await printed(page, 'counter-invoice-80mm', 302);
    assert.ok(Math.abs(roll.width - 226.8) < 2, `80 mm wide, got ${roll.width} pt`);
    assert.equal(roll.pages, 1, 'the receipt is one length of roll');
    assert.ok(roll.height > 283 && roll.height < 841, `the roll's length is the receipt's (80 to 297 mm), got ${roll.height} pt`);
    for (const want of [fa(invoice.number), 'انگشتر زنانه', faRial(invoice.totals.vat), `${invoice.net_words} ریال`]) {
      assert.ok(roll.says(want), `the printed receipt says «${want}»:\n${roll.lines.join('\n')}`);
    }

    // the invoices list finds it by the customer's phone, and prints it again
    await page.goto(`${shop.url}/admin-invoices_page`);
    const row = page.locator(`[data-testid="invoice-row"][data-id="${invoiceId}"]`);
    await row.waitFor();
    await page.getByTestId('invoice-search').fill(fa(customerPhone));
    await page.getByTestId('filter-apply').click();
    await row.waitFor();
    assert.equal(await page.getByTestId('invoice-row').count(), 1);
    assert.equal(await page.getByTestId(`invoice-void-${invoiceId}`).count(), 0, 'a void is the owner\'s');
    await shot(page, 'desktop-counter-04-invoices');
    assert.deepEqual(await axeViolations(page), [], 'the invoices list passes axe');
    await page.getByTestId(`invoice-print-${invoiceId}`).click();
    await page.getByTestId('invoice-doc').waitFor();
    assert.equal(await text(page, 'invoice-number'), fa(invoice.number));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the customer finds the invoice on their statement and opens it', { timeout: 120_000 }, async () => {
    assert.ok(invoiceId, 'the first journey recorded an invoice');
    const { context, page, errors } = await openPage(browser);
    await loginByPassword(page, customerPhone, customerPassword);
    await page.goto(`${shop.url}/transactions_page`);
    const entry = page.locator('[data-testid="statement-row"][data-type="counter"]');
    await entry.waitFor();
    assert.match(await entry.innerText(), /فاکتور فروشگاه/);
    assert.match(await entry.innerText(), /فاکتور خرید و فروش در فروشگاه/);
    await shot(page, 'phone-counter-05-statement');
    await page.getByTestId(`statement-invoice-${invoiceId}`).click();
    await page.waitForURL(`${shop.url}/counter-invoice_page/${invoiceId}`);
    await page.getByTestId('invoice-doc').waitFor();
    const { invoice } = ok(await call(`/api/counter/invoices/${invoiceId}`, { token: customer.token }));
    assert.equal(await text(page, 'invoice-number'), fa(invoice.number));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the invoice is ${overflow}px wider than the phone`);
    await shot(page, 'phone-counter-06-invoice');
    assert.deepEqual(await axeViolations(page), [], 'the invoice on a phone passes axe');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the owner tags a piece, keeps the counter\'s settings and voids the invoice of the day', { timeout: 180_000 }, async () => {
    assert.ok(invoiceId, 'the first journey recorded an invoice');
    const { context, page, errors } = await openPage(browser, { device: viewports.desktop });
    const toast = (words) => page.getByTestId('toast').filter({ hasText: words }).first();
    await loginByPassword(page, ownerPhone, ownerPassword);

    // a piece gets its tag, category and default wage per gram in the vault's form; the list shows the tag
    await page.goto(`${shop.url}/admin-vault_page`);
    await page.getByTestId('vault-add').click();
    await page.getByTestId('vault-add-dialog').waitFor();
    await page.getByTestId('vault-kind').selectOption('jewellery');
    await page.getByTestId('vault-description').fill('گردنبند');
    await page.getByTestId('vault-ayar').fill('۷۵۰');
    await page.getByTestId('vault-vazn').fill('6.1');
    await page.getByTestId('vault-tag').fill('NK-2002');
    await page.getByTestId('vault-category').fill('گردنبند');
    await page.getByTestId('vault-wage-mode').selectOption('rial');
    await page.getByTestId('vault-wage').fill('8500000');
    await shot(page, 'desktop-counter-07-vault-piece');
    await page.getByTestId('vault-submit').click();
    await toast('کالا به خزانه اضافه شد').waitFor();
    const piece = ok(await call('/api/admin/vault', { token: owner })).items.find((it) => it.tag === 'NK-2002');
    assert.ok(piece, 'the piece is in the vault with its tag');
    assert.deepEqual([piece.category, piece.wage_rial_per_gram], ['گردنبند', 8500000]);
    assert.equal(await text(page, `vault-tag-${piece.id}`), 'NK-۲۰۰۲');

    // the counter's settings: the profit, a spread and next year's VAT rate
    await page.goto(`${shop.url}/admin-counter_page`);
    await page.getByTestId('counter-settings').locator('summary').click();
    await page.getByTestId('counter-settings-profit').waitFor();
    await page.getByTestId('counter-settings-profit').fill('۸');
    await page.getByTestId('counter-settings-spread').fill('2500000');
    const rates = await page.getByTestId('counter-vat-rate').count();
    await page.getByTestId('counter-vat-add').click();
    await page.getByTestId(`counter-vat-from-${rates}`).fill('۱۴۰۶/۰۱/۰۱');
    await page.getByTestId(`counter-vat-percent-${rates}`).fill('12');
    await page.getByTestId('counter-settings-save').click();
    await toast('تنظیمات پیشخوان ذخیره شد').waitFor();
    const settings = ok(await call('/api/admin/counter/settings', { token: owner }));
    assert.deepEqual([settings.profit_percent, String(settings.buy_back_spread_rial)], ['8.00', '2500000']);
    assert.deepEqual(settings.vat_rates.at(-1), { from: '1406/01/01', percent: '12.00' });
    const terms = ok(await call('/api/admin/counter/terms', { token: owner }));
    assert.equal(terms.buy_back_price, Number(BASE) - 2500000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'desktop-counter-08-settings');

    // the void, behind the confirmation that names the invoice, with its reason
    await page.goto(`${shop.url}/admin-invoices_page`);
    await page.getByTestId(`invoice-void-${invoiceId}`).click();
    await page.getByTestId('invoice-void-dialog').waitFor();
    const { invoice } = ok(await call(`/api/admin/counter/invoices/${invoiceId}`, { token: owner }));
    assert.match(await text(page, 'invoice-void-dialog'), new RegExp(fa(invoice.number)));
    await page.getByTestId('invoice-void-confirm').click();
    await page.getByTestId('invoice-void-error').waitFor();
    await page.getByTestId('invoice-void-reason').fill('مشتری از خرید منصرف شد');
    await shot(page, 'desktop-counter-09-void');
    await page.getByTestId('invoice-void-confirm').click();
    await toast('باطل شد').waitFor();
    await page.locator(`[data-testid="invoice-row"][data-id="${invoiceId}"][data-status="void"]`).waitFor();
    const voided = ok(await call(`/api/admin/counter/invoices/${invoiceId}`, { token: owner })).invoice;
    assert.equal(voided.void.reason, 'مشتری از خرید منصرف شد');
    assert.equal(ok(await call('/api/users/me', { token: customer.token })).balance.balance_rial, WALLET_RIAL, 'the wallet\'s part came back');
    // the printed void says so
    await page.getByTestId(`invoice-print-${invoiceId}`).click();
    await page.getByTestId('invoice-void').waitFor();
    assert.match(await text(page, 'invoice-void'), /باطل شده[\s\S]*مشتری از خرید منصرف شد/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
