// The second factor in Chromium against the real binary (issue 27): a customer who turned TOTP on signs in by
// password, is asked the authenticator's code (computed here from the enrolled secret, as the app on their
// phone would), is refused a wrong one with the server's words and let in by the right one; a recovery code
// signs in once; five wrong codes send the screen back to the first step. An owner without a second factor is
// held on the enrolment screen, scans its QR code (decoded here from the pixels, as a phone's camera would),
// keeps the recovery codes, and signs in again with the app's code. On localhost (a secure page without TLS)
// an owner adds a passkey through Chromium's virtual authenticator and signs in with it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { axeViolations, launch, openPage, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';
import { totp } from './totp.mjs';

let shop;
let browser;
const { call, registerCustomer, submitLogin, loginByPassword, enrol } = apiFor(() => shop);
const jsQR = readFileSync(createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js'), 'utf8');

before(async () => {
  shop = await startShop();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

test('a customer with TOTP on signs in with the authenticator code, then with a recovery code, on a phone', { timeout: 120_000 }, async () => {
  const customer = await registerCustomer('09120007777', '007777777');
  const start = ok(await call('/api/users/me/second-factor/totp', { method: 'POST', token: customer.token, body: { password: 'sara-gold-1' } }));
  assert.match(start.uri, /^otpauth:\/\/totp\//);
  assert.equal(new URL(start.uri).searchParams.get('secret'), start.secret, 'the QR code carries the secret');
  const confirmCode = totp(start.secret);
  const { recovery_codes: recovery } = ok(await call('/api/users/me/second-factor/totp/confirm', {
    method: 'POST', token: customer.token, body: { code: confirmCode },
  }));
  assert.equal(recovery.length, 10);

  const context = await browser.newContext({ ...viewports.phone, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await submitLogin(page, customer.phone, 'sara-gold-1');
    await page.getByTestId('second-factor-form').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('authToken')), null, 'no token before the second factor');
    await shot(page, 'phone-second-factor-01-asked');

    await page.getByTestId('second-factor-code').fill('000000');
    await page.getByTestId('second-factor-submit').click();
    await page.getByText('این کد درست نیست یا پیش‌تر به کار رفته است').waitFor();
    await shot(page, 'phone-second-factor-02-wrong');

    // the code the enrolment took is taken once; the next step's (a phone's clock a little ahead) signs in
    const [again] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/second-factor')),
      page.getByTestId('second-factor-code').fill(confirmCode).then(() => page.getByTestId('second-factor-submit').click()),
    ]);
    assert.equal(again.status(), 401, 'the code the enrolment took');
    await page.getByTestId('second-factor-code').fill(totp(start.secret, Date.now() + 30_000));
    await page.getByTestId('second-factor-submit').click();
    await page.waitForURL(`${shop.url}/`);
    assert.ok(await page.evaluate(() => localStorage.getItem('authToken')), 'signed in');

    // a recovery code, typed as the paper shows it, signs in once
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await submitLogin(page, customer.phone, 'sara-gold-1');
    await page.getByTestId('second-factor-code').fill(recovery[0].toUpperCase());
    await page.getByTestId('second-factor-submit').click();
    await page.waitForURL(`${shop.url}/`);

    // five wrong codes end the challenge: back to the first step, with the server's words
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await submitLogin(page, customer.phone, 'sara-gold-1');
    const answered = () => page.waitForResponse((r) => r.url().endsWith('/api/auth/second-factor'));
    for (let i = 0; i < 5; i++) {
      await page.getByTestId('second-factor-code').fill(recovery[0]);
      const [r] = await Promise.all([answered(), page.getByTestId('second-factor-submit').click()]);
      assert.equal(r.status(), 401, `wrong try ${i + 1}`);
    }
    await page.getByTestId('second-factor-code').fill(recovery[1]);
    await page.getByTestId('second-factor-submit').click();
    await page.getByTestId('login-submit').waitFor();
    await page.getByText('مهلت این ورود تمام شده است').first().waitFor();
    await shot(page, 'phone-second-factor-03-ended');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an owner without a second factor can only enrol: scans the QR code, keeps the recovery codes, signs in with the app', { timeout: 120_000 }, async () => {
  const phone = '09350001212';
  shop.addAdmin(phone, 'owner-desk-secret');
  // the wrong password's 403 is the browser's console line of an answer the screen shows
  const { context, page, errors } = await openPage(browser, { expected: /status of 403/ });
  try {
    await submitLogin(page, phone, 'owner-desk-secret');
    await page.waitForURL(`${shop.url}/second-factor_page`);
    // whatever else the owner opens, the screen comes back here
    await page.goto(`${shop.url}/AdminPanel_page`);
    await page.waitForURL(`${shop.url}/second-factor_page`);
    // the password is asked again before any secret is shown; a wrong one is refused in the server's words
    await page.getByTestId('enrol-proof-password').fill('not-my-password');
    await page.getByTestId('enrol-proof-submit').click();
    await page.getByText('رمز عبور درست نیست').waitFor();
    assert.equal(await page.getByTestId('enrol-secret').count(), 0, 'no secret before the password');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-second-factor-04a-password-asked');
    await page.getByTestId('enrol-proof-password').fill('owner-desk-secret');
    await page.getByTestId('enrol-proof-submit').click();
    const qr = page.getByTestId('enrol-qr');
    await qr.waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-second-factor-04-enrol');

    // the camera's reading of the QR code: the otpauth address with the shop's name and the secret shown beside it
    await page.evaluate(jsQR);
    const uri = await qr.evaluate((img) => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      return window.jsQR(g.getImageData(0, 0, c.width, c.height).data, c.width, c.height)?.data ?? null;
    });
    const read = new URL(uri);
    assert.equal(read.protocol, 'otpauth:');
    assert.equal(read.searchParams.get('issuer'), 'فروشگاه طلا');
    const secret = read.searchParams.get('secret');
    assert.equal((await page.getByTestId('enrol-secret').innerText()).replace(/\s+/g, ''), secret);

    await page.getByTestId('enrol-code').fill('123');
    await page.getByTestId('enrol-submit').click();
    await page.getByText('کد شش‌رقمی برنامه را وارد کنید').waitFor();
    await page.getByTestId('enrol-code').fill(totp(secret));
    await page.getByTestId('enrol-submit').click();
    await page.getByTestId('recovery-codes').waitFor();
    const recovery = await page.getByTestId('recovery-code').allInnerTexts();
    assert.equal(new Set(recovery).size, 10);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-second-factor-05-recovery');
    await page.getByTestId('enrol-done').click();
    await page.waitForURL(`${shop.url}/`);
    await page.goto(`${shop.url}/AdminPanel_page`);
    await page.waitForURL(`${shop.url}/AdminPanel_page`);

    // signed out and in again: the app's next code is asked, and the desk opens (the storage is cleared off the
    // app, whose desk would otherwise go on polling with no token)
    await page.goto(`${shop.url}/healthz`);
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await submitLogin(page, phone, 'owner-desk-secret');
    await page.getByTestId('second-factor-form').waitFor();
    await page.getByTestId('second-factor-code').fill(totp(secret, Date.now() + 30_000));
    await page.getByTestId('second-factor-submit').click();
    await page.waitForURL(`${shop.url}/`);
    const ownerToken = await page.evaluate(() => localStorage.getItem('authToken'));
    ok(await call('/api/admin/users', { token: ownerToken }));

    // a staff member lost their phone: the owner takes their factor away on the staff screen, their login ends
    const clerk = await registerCustomer('09120001212', '001212121');
    assert.equal((await call('/api/admin/staff', { method: 'POST', token: ownerToken, body: { phone_number: clerk.phone, role: 'staff' } })).status, 201);
    await enrol(clerk.phone, clerk.token, 'sara-gold-1');
    ok(await call('/api/wallet/requests', { token: clerk.token })); // the staff desk opens for them
    await page.goto(`${shop.url}/admin-staff_page`);
    await page.getByTestId(`staff-reset-2fa-${clerk.id}`).click();
    await page.getByTestId('staff-confirm').click();
    await page.getByText('تایید دومرحله‌ای برداشته شد').first().waitFor();
    await page.getByTestId(`staff-reset-2fa-${clerk.id}`).waitFor({ state: 'detached' });
    assert.equal((await call('/api/users/me', { token: clerk.token })).status, 401, 'their login ended');
    await shot(page, 'phone-second-factor-06-staff-reset');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an owner adds a passkey on localhost and signs in with it', { timeout: 120_000 }, async () => {
  const phone = '09350003434';
  shop.addAdmin(phone, 'owner-key-secret');
  // a browser offers passkeys only on a secure page: localhost is one without TLS
  const local = { ...shop, url: shop.url.replace('127.0.0.1', 'localhost') };
  const onLocal = apiFor(() => local);
  const owner = await onLocal.apiLogin(phone, 'owner-key-secret'); // enrols the authenticator app
  assert.equal(ok(await onLocal.call('/api/users/me/second-factor', { token: owner.accessToken })).passkey_available, true);
  const { context, page, errors } = await openPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await onLocal.loginByPassword(page, phone, 'owner-key-secret');
    await page.goto(`${local.url}/second-factor_page`);
    // adding a passkey asks the factor that is on
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-proof-code').fill(onLocal.secondFactorCode(phone));
    await page.getByTestId('passkey-proof-submit').click();
    await page.getByTestId('second-factor-on').getByText('۱ کلید عبور').waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.equal(credentials.length, 1, 'the phone keeps one passkey');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-second-factor-07-passkey-added');

    await page.goto(`${local.url}/healthz`);
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await onLocal.submitLogin(page, phone, 'owner-key-secret');
    await page.getByTestId('second-factor-passkey').waitFor();
    await shot(page, 'phone-second-factor-08-passkey-asked');
    await page.getByTestId('second-factor-passkey').click();
    await page.waitForURL(`${local.url}/`);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const events = ok(await onLocal.call(`/api/admin/security-events?phone=${phone}&kind=sign_in.second_factor`, { token }));
    assert.equal(events.items[0].reason, 'passkey', 'the sign-in went through the passkey');

    // the passkey is listed, and removed with the app's code
    await page.goto(`${local.url}/second-factor_page`);
    await page.getByTestId('passkey-row').waitFor();
    assert.equal(await page.getByTestId('passkey-row').count(), 1);
    await shot(page, 'phone-second-factor-09-passkeys');
    await page.getByTestId('passkey-remove').click();
    await page.getByTestId('factor-change-code').fill(onLocal.secondFactorCode(phone));
    await page.getByTestId('factor-change-submit').click();
    await page.getByText('کلید عبور برداشته شد').first().waitFor();
    await page.getByTestId('passkey-row').waitFor({ state: 'detached' });
    assert.equal(ok(await onLocal.call('/api/users/me/second-factor', { token })).passkeys, 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a customer turns the authenticator on from the phone, renews the recovery codes and turns it off; the owner resets another\'s', { timeout: 150_000 }, async () => {
  const customer = await registerCustomer('09120008888', '008888888');
  // the wrong code's 403 is the browser's console line of an answer the screen shows
  const { context, page, errors } = await openPage(browser, { expected: /status of 403/ });
  try {
    await loginByPassword(page, customer.phone, 'sara-gold-1');
    await page.goto(`${shop.url}/second-factor_page`);
    await page.getByTestId('enrol-proof-password').fill('sara-gold-1');
    assert.equal(await page.getByTestId('enrol-proof-end-others').isChecked(), true, 'turning a factor on signs the other devices out by default');
    await page.getByTestId('enrol-proof-submit').click();
    const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s+/g, '');
    await page.getByTestId('enrol-code').fill(totp(secret));
    await page.getByTestId('enrol-submit').click();
    await page.getByTestId('recovery-codes').waitFor();
    let recovery = await page.getByTestId('recovery-code').allInnerTexts();
    await page.getByTestId('enrol-done').click();
    await page.waitForURL(`${shop.url}/`);
    assert.equal((await call('/api/users/me', { token: customer.token })).status, 401, 'the sign-up\'s login ended');

    // ten new recovery codes for one of the old ones
    await page.goto(`${shop.url}/second-factor_page`);
    await page.getByTestId('recovery-renew').click();
    await page.getByTestId('factor-change-code').fill('000000');
    await page.getByTestId('factor-change-submit').click();
    await page.getByText('این کد درست نیست یا پیش‌تر به کار رفته است؛ تغییری داده نشد').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-second-factor-10-change-asked');
    await page.getByTestId('factor-change-code').fill(recovery[0]);
    await page.getByTestId('factor-change-submit').click();
    await page.getByTestId('recovery-codes').waitFor();
    const renewed = await page.getByTestId('recovery-code').allInnerTexts();
    assert.equal(new Set(renewed).size, 10);
    assert.ok(!renewed.includes(recovery[1]), 'new codes');
    recovery = renewed;
    await page.getByTestId('enrol-done').click();
    await page.waitForURL(`${shop.url}/`);

    // off, with one of the new codes: the screen offers to turn it on again
    await page.goto(`${shop.url}/second-factor_page`);
    await page.getByTestId('totp-remove').click();
    await page.getByTestId('factor-change-code').fill(recovery[0]);
    await page.getByTestId('factor-change-submit').click();
    await page.getByText('برنامه احراز هویت از حساب شما برداشته شد').first().waitFor();
    await page.getByTestId('enrol-proof-form').waitFor();
    await shot(page, 'phone-second-factor-11-turned-off');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // another customer lost their phone: the owner, on the shop PC, takes their factor away
  const lost = await registerCustomer('09120009999', '009999999');
  await enrol(lost.phone, lost.token, 'sara-gold-1');
  const ownerPhone = '09350005656';
  shop.addAdmin(ownerPhone, 'owner-reset-secret');
  const desk = await openPage(browser, { device: viewports.desktop });
  try {
    await loginByPassword(desk.page, ownerPhone, 'owner-reset-secret');
    await desk.page.goto(`${shop.url}/admin-grades_page`);
    await desk.page.getByTestId('users-search').fill(lost.phone);
    await desk.page.getByTestId('users-search-submit').click();
    await desk.page.getByTestId(`user-factor-reset-${lost.id}`).click();
    await desk.page.getByTestId('factor-reset-dialog').getByText(lost.phone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[d])).waitFor();
    await shot(desk.page, 'desktop-second-factor-12-owner-resets');
    await desk.page.getByTestId('factor-reset-confirm').click();
    await desk.page.getByText('تایید دومرحله‌ای برداشته شد').first().waitFor();
    await desk.page.getByTestId(`user-factor-reset-${lost.id}`).waitFor({ state: 'detached' });
    assert.equal((await call('/api/users/me', { token: lost.token })).status, 401, 'their login ended');
    assert.equal((await call('/api/auth/login', { method: 'POST', body: { phone_number: lost.phone, password: 'sara-gold-1' } })).data.second_factor_required, undefined,
      'they sign in with the password alone, and may turn a factor on again');
    assert.deepEqual(desk.errors, []);
  } finally {
    await desk.context.close();
  }
});
