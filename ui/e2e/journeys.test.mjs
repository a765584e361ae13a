// The journeys a person makes, in Debian's Chromium against the real binary, on a phone and a desktop
// viewport at once: sign up with the SMS code, look at and edit the profile, sign out, sign in by password
// and by code, change the password and sign in with the new one; and an admin's new base price reaching a
// customer's header. Every screen is saved as a screenshot in test-artifacts/.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { apiFor, nationalId } from './api.mjs';
import { JOURNEY_CODE_SPACING_MS, startShop } from './shop.mjs';
import { fa } from './digits.mjs';

// the server allows one code a minute per phone and purpose, this shop one each JOURNEY_CODE_SPACING_MS
const RESEND_SPACING_MS = JOURNEY_CODE_SPACING_MS + 1000;


let shop;
const { apiLogin, submitLogin, loginByPassword } = apiFor(() => shop);
let browser;
const adminPhone = '09350001111';
const adminPassword = 'shop-owner-secret';

before(async () => {
  shop = await startShop({ codeSpacingMs: JOURNEY_CODE_SPACING_MS });
  shop.addAdmin(adminPhone, adminPassword);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

async function typeCode(page, code) {
  for (let i = 0; i < 5; i++) await page.getByTestId(`code-box-${i}`).fill(code[i]);
}

async function adminReferralCode() {
  return (await apiLogin(adminPhone, adminPassword)).user.referral_code;
}

describe('journeys', { concurrency: true }, () => {
  for (const [name, device] of Object.entries(viewports)) {
    test(`a customer's account journey on a ${name}`, { timeout: 240_000 }, async () => {
      const n = name === 'phone' ? 1 : 2;
      const phone = `0912555000${n}`;
      const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));

      // Signed out: the home page invites to sign in.
      await page.goto(shop.url);
      await page.getByTestId('welcome-card').waitFor();
      await shot(page, `${name}-01-home-signed-out`);

      // Register, with the inviter's code from ?ref= on the desktop.
      const ref = n === 2 ? await adminReferralCode() : '';
      await page.goto(`${shop.url}/register${ref ? `?ref=${ref}` : ''}`);
      if (ref) assert.equal(await page.getByLabel('کد معرف (اختیاری)').inputValue(), ref);
      await page.getByLabel('نام', { exact: true }).fill('نگار');
      await page.getByLabel('نام خانوادگی').fill('موسوی');
      await page.getByLabel('کد ملی').fill(fa(nationalId(`00123456${n}`)));
      await page.getByLabel('شماره موبایل').fill(phone);
      await page.getByLabel('رمز عبور (حداقل ۶ کاراکتر)').fill('negar-gold-1');
      await page.getByLabel('تاریخ تولد').fill('۱۳۷۲/۰۴/۱۵');
      await shot(page, `${name}-02-register-form`);
      await page.getByTestId('register-submit').click();
      const firstCode = await shop.waitForCode(phone, 0);
      const firstCodeAt = Date.now();
      await page.getByTestId('code-box-0').waitFor();
      await shot(page, `${name}-03-register-code`);
      // A reload keeps the code step and the registration id that must go with the code; so does a look back
      // at the form.
      await page.reload();
      await page.getByTestId('edit-register-form').click();
      await page.getByTestId('back-to-code').click();
      await page.getByTestId('register-verify').waitFor();
      const kept = () => page.evaluate(() => sessionStorage.getItem('pendingSignUp'));
      assert.match(await kept(), /"registration_id":"[\w-]{43}"/);
      await typeCode(page, firstCode);
      await page.getByTestId('register-verify').click();

      // The profile shows the new customer.
      await page.waitForURL(/\/profile/);
      await page.getByTestId('profile-name').waitFor();
      assert.equal(await kept(), null);
      assert.match(await page.getByTestId('profile-name').innerText(), /نگار موسوی/);
      assert.match(await page.getByTestId('profile-phone').innerText(), new RegExp(fa(phone.slice(-4))));
      assert.equal((await page.getByTestId('balance-gold').innerText()).includes('۰/۰۰۰'), true);
      await shot(page, `${name}-04-profile`);

      // Edit the profile: a new first name and a birth date picked from the calendar.
      await page.getByTestId('profile-header').click();
      await page.waitForURL(/edit-profile/);
      await page.getByTestId('edit-first-name').fill('نگارین');
      await page.getByTestId('date-picker-open').click();
      await page.getByTestId('date-picker').waitFor();
      await shot(page, `${name}-05-date-picker`);
      await page.getByTestId('cal-day-9').click();
      await shot(page, `${name}-06-edit-profile`);
      await page.getByTestId('edit-profile-submit').click();
      await page.getByText('اطلاعات با موفقیت به‌روزرسانی شد').waitFor();
      await page.waitForURL(/\/profile/);
      await page.getByTestId('profile-name').filter({ hasText: 'نگارین موسوی' }).waitFor();
      const birth = await (await page.evaluate(() => fetch('/api/users/me', {
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
      }).then((r) => r.json())));
      assert.match(birth.user.birth_date, /^1372\/04\/09$|^\d{4}\/\d{2}\/09$/);
      assert.equal(birth.user.first_name, 'نگارین');

      // Sign out, then a wrong password shows the server's message.
      await page.getByTestId('profile-logout').click();
      await page.waitForURL(/\/(login_page)?$/);
      await submitLogin(page, phone, 'not-my-password');
      await page.getByText('شماره موبایل یا رمز عبور اشتباه است').waitFor();
      await shot(page, `${name}-07-login-wrong-password`);

      // Sign in by password.
      await loginByPassword(page, phone, 'negar-gold-1');
      await page.getByTestId('welcome-title').waitFor();
      assert.match(await page.getByTestId('welcome-title').innerText(), /نگارین/);
      await shot(page, `${name}-08-home-signed-in`);
      if (name === 'phone') {
        await page.getByTestId('bottom-bar').waitFor();
        await page.getByTestId('menu-button').click();
        await page.getByTestId('drawer').waitFor();
        await shot(page, `${name}-09-drawer`);
        await page.keyboard.press('Escape');
      }

      // Sign out and in again by code (after the resend spacing of the sign-up code).
      await page.goto(`${shop.url}/`);
      await page.getByTestId('home-logout').click();
      await page.waitForURL(/login/);
      await page.getByTestId('tab-code').click();
      await page.getByTestId('code-login-phone').fill(phone);
      await page.waitForTimeout(Math.max(0, firstCodeAt + RESEND_SPACING_MS - Date.now()));
      await page.getByTestId('request-code').click();
      const loginCode = await shop.waitForCode(phone, 1);
      await page.getByTestId('code-box-0').waitFor();
      await page.getByTestId('resend-countdown').waitFor();
      await shot(page, `${name}-10-login-by-code`);
      await typeCode(page, loginCode);
      await page.getByTestId('verify-code').click();
      await page.waitForURL(`${shop.url}/`);
      await page.getByTestId('welcome-title').waitFor();

      // Change the password in three steps.
      await page.goto(`${shop.url}/security_page`);
      await page.getByTestId('security-request-code').click();
      const profileCode = await shop.waitForCode(phone, 2);
      await page.getByTestId('security-step-1').waitFor();
      await typeCode(page, profileCode);
      await page.getByTestId('security-verify').click();
      await page.getByTestId('security-step-2').waitFor();
      await page.getByTestId('new-password').fill('new-negar-pass');
      await page.getByTestId('confirm-password').fill('new-negar-pasS');
      await page.getByTestId('change-password-submit').click();
      await page.getByText('رمز عبور و تکرار آن یکسان نیستند').waitFor();
      await page.getByTestId('confirm-password').fill('new-negar-pass');
      // each step's label stays on one line, also on a phone
      const labelLines = await page.locator('.steps .step').evaluateAll((steps) => steps.map((li) => {
        const range = document.createRange();
        range.selectNodeContents(li.lastChild);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }));
      assert.deepEqual(labelLines, [1, 1, 1]);
      await shot(page, `${name}-11-security`);
      await page.getByTestId('change-password-submit').click();
      await page.getByText('رمز عبور با موفقیت تغییر کرد').waitFor();
      await page.waitForURL(/profile_page/);

      // The old password no longer works; the new one does.
      await page.getByTestId('profile-logout').click();
      await page.waitForURL(/\/(login_page)?$/);
      await submitLogin(page, phone, 'negar-gold-1');
      await page.getByText('شماره موبایل یا رمز عبور اشتباه است').waitFor();
      await loginByPassword(page, phone, 'new-negar-pass');
      await page.getByTestId('welcome-title').waitFor();

      // The support chat opens at any spelling of its path; admin screens say no in Persian.
      await page.goto(`${shop.url}/Chat_Page`);
      await page.getByTestId('chat-input').waitFor();
      await shot(page, `${name}-12-chat`);
      await page.goto(`${shop.url}/AdminPanel`);
      await page.getByTestId('not-allowed').waitFor();
      await page.goto(`${shop.url}/about`);
      await shot(page, `${name}-13-about`);

      assert.deepEqual(errors.filter((e) => !/401|429|400/.test(e)), [], 'console errors');
      await context.close();
    });
  }

  test("an admin's new base price reaches a customer's header", { timeout: 120_000 }, async () => {
    const customer = await browser.newContext(viewports.phone);
    const customerPage = await customer.newPage();
    await customerPage.goto(shop.url);
    const price = customerPage.getByTestId('header-price');
    await price.waitFor();
    const before = await price.getAttribute('data-value');

    const admin = await browser.newContext(viewports.desktop);
    const adminPage = await admin.newPage();
    await loginByPassword(adminPage, adminPhone, adminPassword);
    await adminPage.getByTestId('admin-tiles').waitFor();
    await shot(adminPage, 'desktop-14-admin-home');

    const setPrice = (value) => adminPage.evaluate(async (v) => {
      const r = await fetch('/api/admin/prices', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('authToken')}` },
        body: JSON.stringify({ base_price: v }),
      });
      return r.status;
    }, value);
    const next = String(Number(before || '50000000') + 250000);
    assert.equal(await setPrice(next), 200);
    await customerPage.waitForFunction((v) => document.querySelector('[data-testid="header-price"]')?.getAttribute('data-value') === v, next, { timeout: 8000 });
    if (before) assert.equal(await customerPage.locator('.header-price').getAttribute('data-trend'), 'up');
    await customerPage.waitForTimeout(900); // let the 800 ms number animation land
    assert.match(await price.innerText(), new RegExp(fa(next.slice(0, 2))));
    await shot(customerPage, 'phone-15-header-price');
    await customer.close();
    await admin.close();
  });
});
