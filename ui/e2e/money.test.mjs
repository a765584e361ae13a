// The money journey in Debian's Chromium against the real binary, on a phone and a desktop viewport at once:
// a customer registers, adds a bank card, deposits with a photo of the receipt, an admin approves it (rejects
// a second one and gives some gold), the customer sees the balances and the statement; a withdraw is
// requested, cancelled, requested again and approved, each with the code texted because the card is less
// than a day old; the statement shows the withdrawal. Screens go to test-artifacts/.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { exactly, launch, shot, viewports } from './browser.mjs';
import { apiFor, luhnCard, nationalId } from './api.mjs';
import { JOURNEY_CODE_SPACING_MS, startShop } from './shop.mjs';
import { fa, latin } from './digits.mjs';

const group = (s) => fa(String(s).replace(/\B(?=(\d{3})+(?!\d))/g, '٬'));

/** iranIban puts the ISO 13616 check digits in front of a 22-digit account part: "IR" + 24 digits. */
function iranIban(bban) {
  const rest = BigInt(bban + '182700') % 97n; // "IR" is 18 27, check digits 00 while computing
  return `IR${String(98n - rest).padStart(2, '0')}${bban}`;
}

const receipt = { name: 'receipt.png', mimeType: 'image/png', buffer: readFileSync(new URL('./fixtures/receipt.png', import.meta.url)) };

let shop;
const { apiLogin, loginByPassword } = apiFor(() => shop);
let browser;
let adminToken;
const adminPhone = '09350002222';
const adminPassword = 'shop-owner-secret';

before(async () => {
  shop = await startShop({ codeSpacingMs: JOURNEY_CODE_SPACING_MS });
  shop.addAdmin(adminPhone, adminPassword);
  adminToken = (await apiLogin(adminPhone, adminPassword)).accessToken;
  await shop.stockVault(adminToken);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** adminSession logs the admin in through the login screen, in a browser of the same kind as the customer's. */
async function adminSession(device) {
  const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  await loginByPassword(page, adminPhone, adminPassword);
  return { context, page };
}

/**
 * approve approves a request on the admin's wallet requests screen, after the question that must name the
 * customer and the amount (want: texts the question must hold).
 */
async function approve(admin, id, want = []) {
  await admin.goto(`${shop.url}/AdminWalletRequests_page`);
  await admin.getByTestId(`approve-${id}`).click();
  const question = admin.getByTestId('approve-dialog');
  await question.waitFor();
  const text = await question.innerText();
  for (const w of want) assert.ok(text.includes(w), `the question names ${w}:\n${text}`);
  assert.match(text, /برگشت‌پذیر نیست/);
  await shot(admin, `money-approve-question-${id}`);
  await admin.getByTestId('approve-confirm').click();
  await admin.getByTestId(`approve-${id}`).waitFor({ state: 'detached' });
}

/** reject refuses a request on the admin's wallet requests screen, with a reason. */
async function reject(admin, id, reason) {
  await admin.goto(`${shop.url}/AdminWalletRequests_page`);
  await admin.getByTestId(`reject-reason-${id}`).fill(reason);
  await admin.getByTestId(`reject-${id}`).click();
  await admin.getByTestId(`reject-${id}`).waitFor({ state: 'detached' });
}

/** chargeGold credits a customer's gold by the admin's manual charge, so the statement has gold in it. */
async function chargeGold(userId, grams) {
  const r = await fetch(`${shop.url}/api/adminCharge/charge`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ userId, type: 'gold', amount: grams, description: 'هدیه افتتاح حساب' }),
  });
  assert.equal(r.status, 200, `charging gold: ${await r.text()}`);
}

/** myRequests is the customer's own request list, read the way the screen reads it. */
function myRequests(page) {
  return page.evaluate(() => fetch('/api/wallet/requests/user', {
    headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
  }).then((r) => r.json()));
}

async function register(page, n, phone) {
  await page.goto(`${shop.url}/register`);
  await page.getByLabel('نام', { exact: true }).fill('سارا');
  await page.getByLabel('نام خانوادگی').fill('کریمی');
  await page.getByLabel('کد ملی').fill(fa(nationalId(`00765432${n}`)));
  await page.getByLabel('شماره موبایل').fill(phone);
  await page.getByLabel('رمز عبور (حداقل ۶ کاراکتر)').fill('sara-gold-1');
  await page.getByLabel('تاریخ تولد').fill('۱۳۶۸/۱۱/۲۲');
  await page.getByTestId('register-submit').click();
  const code = await shop.waitForCode(phone, 0);
  await page.getByTestId('code-box-0').waitFor();
  for (let i = 0; i < 5; i++) await page.getByTestId(`code-box-${i}`).fill(code[i]);
  await page.getByTestId('register-verify').click();
  await page.waitForURL(/\/profile/);
  await page.getByTestId('profile-name').waitFor();
}

/** typeCode types a texted code into the five boxes, over whatever they held. */
async function typeCode(page, code) {
  for (let i = 0; i < 5; i++) await page.getByTestId(`code-box-${i}`).fill(code[i]);
}

/** testIdOf reads the id out of the first element whose data-testid starts with prefix. */
async function idOf(page, prefix) {
  const el = page.locator(`[data-testid^="${prefix}"]`).first();
  await el.waitFor();
  return Number((await el.getAttribute('data-testid')).slice(prefix.length));
}

describe('money', { concurrency: true }, () => {
  for (const [name, device] of Object.entries(viewports)) {
    test(`a customer's wallet journey on a ${name}`, { timeout: 240_000 }, async () => {
      const n = name === 'phone' ? 1 : 2;
      const phone = `0912777000${n}`;
      const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      const s = (step) => shot(page, `${name}-money-${step}`);

      await register(page, n, phone);

      // The wallet without a card: the withdraw tab sends the customer to the bank accounts screen.
      await page.goto(`${shop.url}/deposit-withdraw_page`);
      await page.getByTestId('tab-withdraw').click();
      await page.getByTestId('no-bank-account').waitFor();
      await s('01-withdraw-no-card');
      await page.getByTestId('add-bank-account-link').click();
      await page.waitForURL(/bank-accounts/);

      // Add a card: the button waits for 16 digits; Persian digits are taken; an IBAN is optional.
      const card = luhnCard(`60379911223344${n}`);
      await page.getByTestId('no-accounts').waitFor();
      await page.getByTestId('card-input').fill(fa(card.slice(0, 15)));
      assert.equal(await page.getByTestId('add-card').isDisabled(), true);
      await page.getByTestId('card-input').blur();
      await page.getByText('شماره کارت باید دقیقاً ۱۶ رقم باشد').waitFor();
      await page.getByTestId('card-input').fill(fa(card));
      assert.equal(await page.getByText('شماره کارت باید دقیقاً ۱۶ رقم باشد').count(), 0, 'the error clears on typing');
      assert.equal(await page.getByTestId('card-input').inputValue(), fa(card.replace(/(\d{4})(?=\d)/g, '$1 ')));
      await page.getByTestId('iban-input').fill(iranIban(`017000000012345678901${n}`));
      // all 24 digits stay in sight while typing, also on a phone
      const clipped = await page.getByTestId('iban-input').evaluate((el) => el.scrollWidth - el.clientWidth);
      assert.ok(clipped <= 0, `the IBAN overflows its field by ${clipped}px`);
      await s('02-card-form');
      await page.getByTestId('add-card').click();
      await page.getByText('حساب بانکی با موفقیت ثبت شد').waitFor();
      const accountId = await idOf(page, 'account-');
      const account = page.getByTestId(`account-${accountId}`);
      assert.match(await account.innerText(), /بانک ملی ایران/);
      assert.match(await account.innerText(), new RegExp(fa(card.slice(12))));
      assert.equal(await page.getByTestId('card-input').inputValue(), '', 'the form empties after saving');

      // A second card, deleted after the confirmation.
      await page.getByTestId('card-input').fill(luhnCard(`62198611223344${n}`));
      await page.getByTestId('add-card').click();
      await page.locator('[data-testid^="account-"]').nth(1).waitFor();
      await s('03-bank-accounts');
      const secondId = await idOf(page, 'account-');
      assert.notEqual(secondId, accountId);
      await page.getByTestId(`account-${secondId}`).hover();
      await page.getByTestId(`delete-${secondId}`).click();
      const question = page.getByTestId('account-delete-dialog');
      assert.match(await question.innerText(), /آیا از حذف این حساب اطمینان دارید؟/);
      await s('03b-bank-account-delete-question');
      await page.getByTestId('account-delete-confirm').click();
      await page.getByText('حساب با موفقیت حذف شد').waitFor();
      await page.getByTestId(`account-${secondId}`).waitFor({ state: 'detached' });

      // Deposit: the checks of the form, then the amount in Persian digits and the receipt.
      await page.goto(`${shop.url}/deposit-withdraw_page`);
      await page.getByTestId('tab-deposit').click();
      // The balance shows "…" until its answer arrives: wait for the figure, then read it.
      const rialBalance = page.getByTestId('wallet-balance-rial');
      await page.waitForFunction((el) => el.textContent !== '…', await rialBalance.elementHandle());
      assert.equal(await rialBalance.innerText(), '۰');
      await page.getByTestId('deposit-submit').click();
      await page.getByText('لطفاً مبلغ را به‌صورت عدد و بیشتر از صفر وارد کنید').waitFor();
      await page.getByText('لطفاً تصویر رسید واریز را انتخاب کنید').waitFor();
      await page.getByTestId('deposit-amount').fill('۵۰۰۰۰۰۰۰');
      assert.equal(await page.getByTestId('deposit-amount').inputValue(), '۵۰٬۰۰۰٬۰۰۰');
      await page.getByText('معادل ۵٬۰۰۰٬۰۰۰ تومان').waitFor();
      await page.getByTestId('deposit-receipt').setInputFiles(receipt);
      await page.getByTestId('receipt-preview').waitFor();
      await s('04-deposit-form');
      // Hold the answer back a moment so the progress overlay can be seen.
      await page.route('**/api/wallet/deposit', async (route) => {
        await new Promise((r) => setTimeout(r, 700));
        await route.continue();
      });
      await page.getByTestId('deposit-submit').click();
      await page.getByTestId('upload-progress').waitFor();
      await s('05-deposit-uploading');
      await page.locator('.toast-success').first().waitFor();
      await page.unroute('**/api/wallet/deposit');
      await page.getByTestId('upload-progress').waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('deposit-amount').inputValue(), '', 'the form empties after sending');
      let requests = await myRequests(page);
      assert.equal(requests.length, 1);
      const depositId = requests[0].id;
      assert.equal(requests[0].amount, '50000000');
      assert.match(requests[0].receipt_image, /^\/uploads\/receipts\//);

      // A second deposit, which the admin refuses with a reason.
      await page.getByTestId('deposit-amount').fill('1000000');
      await page.getByTestId('deposit-receipt').setInputFiles(receipt);
      await page.getByTestId('deposit-submit').click();
      // polled from here: the list is read until the second request is in it (the deposit commits under load)
      for (let until = Date.now() + 15_000; (requests = await myRequests(page)).length < 2 && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const refusedId = requests.find((r) => r.id !== depositId).id;

      const admin = await adminSession(device);
      await admin.page.goto(`${shop.url}/AdminWalletRequests_page`);
      await admin.page.getByTestId(`approve-${depositId}`).waitFor();
      await shot(admin.page, `${name}-money-06a-admin-requests`);
      await approve(admin.page, depositId, ['سارا کریمی', '۵۰٬۰۰۰٬۰۰۰ ریال', '۵٬۰۰۰٬۰۰۰ تومان', 'به کیف پول']);
      await reject(admin.page, refusedId, 'رسید خوانا نیست');
      await chargeGold(requests[0].user_id, '1.235');

      // The customer sees the money, the statement row and the refused request with its reason.
      await page.reload();
      await page.getByTestId('wallet-balance-rial').filter({ hasText: exactly('۵۰٬۰۰۰٬۰۰۰') }).waitFor();
      assert.equal(await page.getByTestId('wallet-balance-gold').innerText(), '۱/۲۳۵');
      await s('06-wallet-after-deposit');
      await page.goto(`${shop.url}/transactions_page`);
      await page.getByTestId('statement-row').nth(1).waitFor();
      assert.equal(await page.getByTestId('statement-row').count(), 2);
      const depositRow = await page.locator('[data-testid="statement-row"][data-type="wallet_deposit"]').innerText();
      assert.match(depositRow, /شارژ کیف پول/);
      assert.match(depositRow, /واریز شده/);
      assert.match(depositRow, /۵۰٬۰۰۰٬۰۰۰/);
      const goldRow = await page.locator('[data-testid="statement-row"][data-type="gold_deposit"]').innerText();
      assert.match(goldRow, /شارژ طلا/);
      assert.match(goldRow, /۱\/۲۳۵/);
      await s('07-statement-deposit');

      // Withdraw: no card chosen keeps the button off; more than the balance is refused.
      await page.goto(`${shop.url}/deposit-withdraw_page?tab=withdraw`);
      await page.getByTestId('withdraw-amount').waitFor();
      assert.equal(await page.getByTestId('withdraw-submit').isDisabled(), true);
      await page.getByTestId('withdraw-amount').fill('60000000');
      await page.getByText('موجودی کافی نیست').waitFor();
      await page.getByTestId('withdraw-amount').fill('20000000');
      assert.equal(await page.getByText('موجودی کافی نیست').count(), 0);
      await page.getByTestId(`bank-option-${accountId}`).click();
      assert.equal(await page.getByTestId('withdraw-submit').isDisabled(), false);
      // the card was added minutes ago: the form says beforehand that a code will be texted
      await page.getByTestId('withdraw-new-card-hint').waitFor();
      await s('08-withdraw-form');
      await page.getByTestId('withdraw-submit').click();

      // A card added in the last 24 hours: the server texts a code for this card and amount, and nothing is
      // held until it is typed. A wrong code is said under the boxes.
      await page.getByTestId('withdraw-code-step').waitFor();
      assert.equal(await page.getByTestId('withdraw-code-note').innerText(),
        'برای برداشت به کارتی که کمتر از ۲۴ ساعت پیش ثبت شده، کد تاییدی که پیامک شد را وارد کنید');
      assert.equal(await page.getByTestId('withdraw-code-amount').innerText(), '۲۰٬۰۰۰٬۰۰۰ ریال');
      assert.match(await page.getByTestId('withdraw-code-card').innerText(), new RegExp(fa(card.slice(12))));
      await page.getByTestId('resend-countdown').waitFor();
      assert.equal((await myRequests(page)).filter((r) => r.type === 'withdraw').length, 0, 'no withdraw before the code');
      const firstCode = await shop.waitForCode(phone, 1);
      await s('08b-withdraw-code');
      await typeCode(page, firstCode === '12345' ? '54321' : '12345');
      await page.getByTestId('withdraw-verify').click();
      await page.getByText('کد اشتباه است').waitFor();
      await typeCode(page, firstCode);
      await page.getByTestId('withdraw-verify').click();
      const firstWithdraw = await idOf(page, 'pending-');
      await page.getByTestId('withdraw-form').waitFor();
      await page.getByTestId('wallet-available-rial').filter({ hasText: exactly('۳۰٬۰۰۰٬۰۰۰') }).waitFor();
      await s('09-withdraw-pending');

      // Cancel it: the money is free again.
      await page.getByTestId(`cancel-${firstWithdraw}`).click();
      await page.getByTestId(`pending-${firstWithdraw}`).waitFor({ state: 'detached' });
      await page.getByTestId('wallet-available-rial').filter({ hasText: exactly('۵۰٬۰۰۰٬۰۰۰') }).waitFor();

      // Ask again at once: a new code is texted at most once a minute (in this shop, each
      // JOURNEY_CODE_SPACING_MS), and the form says how long to wait.
      await page.getByTestId('withdraw-amount').fill('۲۰۰۰۰۰۰۰');
      await page.getByTestId(`bank-option-${accountId}`).click();
      await page.getByTestId('withdraw-submit').click();
      const tooSoon = page.locator('.toast-error').filter({ hasText: 'ثانیه صبر کنید' });
      await tooSoon.waitFor();
      const seconds = Number(latin(await tooSoon.innerText()).match(/\d+/)[0]);
      assert.ok(seconds > 0 && seconds <= 60, `wait ${seconds} s`);
      await page.waitForTimeout(seconds * 1000 + 500);
      // then the code comes, and the admin pays the withdraw out
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('withdraw-code-step').waitFor();
      await typeCode(page, await shop.waitForCode(phone, 2));
      await page.getByTestId('withdraw-verify').click();
      await page.locator(`[data-testid^="pending-"]:not([data-testid="pending-${firstWithdraw}"])`).waitFor();
      const secondWithdraw = await idOf(page, 'pending-');
      assert.notEqual(secondWithdraw, firstWithdraw);
      await approve(admin.page, secondWithdraw, ['سارا کریمی', '۲۰٬۰۰۰٬۰۰۰ ریال', 'از کیف پول', 'این مبلغ را به کارت']);
      await admin.context.close();

      // The statement shows the withdrawal and the balance after it.
      await page.goto(`${shop.url}/transactions_page`);
      await page.getByTestId('statement-row').nth(2).waitFor();
      const rows = page.getByTestId('statement-row');
      assert.equal(await rows.count(), 3);
      const newest = await rows.first().innerText();
      assert.match(newest, /برداشت از کیف پول/);
      assert.match(newest, /۲۰٬۰۰۰٬۰۰۰/);
      assert.match(newest, /۳۰٬۰۰۰٬۰۰۰/, 'the running rial balance after the withdrawal');
      assert.match(newest, /۱\/۲۳۵/, 'the running gold balance carries over');
      await s('10-statement-withdraw');
      await page.goto(`${shop.url}/deposit-withdraw_page`);
      await page.getByTestId('wallet-balance-rial').filter({ hasText: exactly('۳۰٬۰۰۰٬۰۰۰') }).waitFor();

      // Every request with its state: approved, refused with the reason, cancelled, approved.
      await page.goto(`${shop.url}/wallet-requests_page`);
      await page.getByTestId('request-row').nth(3).waitFor();
      assert.equal(await page.getByTestId('request-row').count(), 4);
      const refused = page.locator(`[data-testid="request-row"][data-id="${refusedId}"]`);
      assert.match(await refused.innerText(), /رد شده/);
      assert.match(await refused.innerText(), /رسید خوانا نیست/);
      assert.match(await page.locator(`[data-testid="request-row"][data-id="${firstWithdraw}"]`).innerText(), /لغو شده/);
      assert.match(await page.locator(`[data-testid="request-row"][data-id="${depositId}"]`).innerText(), /تایید شده/);
      const receiptHref = await page.getByTestId(`receipt-${depositId}`).getAttribute('href');
      assert.match(receiptHref, /^\/uploads\/receipts\//);
      const receiptStatus = await page.evaluate((href) => fetch(href, {
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
      }).then((r) => r.status), receiptHref);
      assert.equal(receiptStatus, 200);
      await s('11-wallet-requests');

      // 403 is the code being asked for, 429 the minute between two codes
      assert.deepEqual(errors.filter((e) => !/401|400|403|409|429/.test(e)), [], 'console errors');
      await context.close();
    });
  }
});
