// Logins a person can see and end, and the owner's security events (issue 27), in Chromium against the real
// binary. A customer signed in on a phone and on a desk opens the security screen on the phone, sees both
// devices with this one marked, ends the desk's login through the question; the desk's next call is signed
// out and lands on the login screen. A third login ended with «بستن همه دستگاه‌های دیگر» is refused at once.
// Then the owner opens «رویدادهای امنیتی» and finds the customer's sign-ins, the refused password and the
// ended logins, all in Persian.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { axeViolations, launch, openPage, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { fa } from './digits.mjs';
import { startShop } from './shop.mjs';

let shop;
let browser;
const { call, registerCustomer, loginByPassword } = apiFor(() => shop);

/** PHONE is a 390×844 phone (an iPhone 12 to 15's screen). */
const PHONE = { ...viewports.phone, viewport: { width: 390, height: 844 } };
const CUSTOMER = '09120004444';
const PASSWORD = 'sara-gold-1';
const OWNER = '09350004545';
const OWNER_PASSWORD = 'owner-desk-secret';

before(async () => {
  shop = await startShop();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text }).first();
const rows = (page) => page.getByTestId('logins-list').locator('[data-testid^="login-row-"]');
const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a customer sees the devices signed in, ends the other one, and the owner reads it in the security events', { timeout: 180_000 }, async () => {
  const customer = await registerCustomer(CUSTOMER, '004444444');
  // the sign-up's own login (this script's) is signed out, so the screen shows the two browsers only
  ok(await call('/api/auth/logout', { method: 'POST', token: customer.token }));
  // a wrong password: a refused sign-in the owner will see in red
  assert.equal((await call('/api/auth/login', { method: 'POST', body: { phone_number: CUSTOMER, password: 'not-the-password' } })).status, 401);

  const phone = await openPage(browser, { device: PHONE });
  const desk = await openPage(browser, { device: viewports.desktop, expected: /401/ });
  try {
    await loginByPassword(desk.page, CUSTOMER, PASSWORD);
    await loginByPassword(phone.page, CUSTOMER, PASSWORD);

    const { page } = phone;
    await page.goto(`${shop.url}/security_page`);
    await page.getByTestId('logins-list').waitFor();
    assert.equal(await rows(page).count(), 2, 'the phone and the desk');
    // the password change above it is as it was
    await page.getByTestId('security-step-0').waitFor();
    await page.getByTestId('security-request-code').waitFor();

    // this phone's login first, marked; the desk's with a «بستن» button and no badge
    const first = rows(page).first();
    assert.equal(await first.getAttribute('data-current'), 'true');
    assert.equal(await first.getByTestId('login-current').innerText(), 'همین دستگاه');
    assert.equal(await page.getByTestId('login-current').count(), 1);
    const other = rows(page).nth(1);
    assert.equal(await other.getAttribute('data-current'), 'false');
    const otherId = (await other.getAttribute('data-testid')).replace('login-row-', '');
    const currentId = (await first.getAttribute('data-testid')).replace('login-row-', '');
    assert.equal(await page.getByTestId(`login-end-${currentId}`).count(), 0, 'no «بستن» on this device');
    await page.getByTestId('logins-end-others').waitFor();

    const text = await page.getByTestId('logins-list').innerText();
    assert.ok(text.includes('۱۲۷.۰.۰.۱'), `the address in Persian digits: ${text}`);
    assert.match(text, /۱۴[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}/, 'Jalali date and time in Persian digits');
    assert.doesNotMatch(text, /[A-Za-z0-9]/, 'no Latin letter or digit in the list');
    assert.ok(await fits(page), 'the security screen fits the phone');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-logins-01-two-devices');

    // the desk's login, ended through the question
    await page.getByTestId(`login-end-${otherId}`).click();
    const dialog = page.getByTestId('logins-dialog');
    await dialog.waitFor();
    assert.ok((await dialog.innerText()).includes('۱۲۷.۰.۰.۱'), 'the question names the device');
    await shot(page, 'phone-logins-02-question');
    await page.getByTestId('logins-confirm').click();
    await toast(page, 'ورود آن دستگاه بسته شد').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId(`login-row-${otherId}`).waitFor({ state: 'detached' });
    assert.equal(await rows(page).count(), 1);
    assert.equal(await page.getByTestId('logins-end-others').count(), 0, 'no other device to end');

    // the desk's next navigation is signed out: the login screen
    await desk.page.goto(`${shop.url}/profile_page`);
    await desk.page.waitForURL(/\/login(_page)?$/i, { timeout: 15_000 });
    await desk.page.getByTestId('login-submit').waitFor();
    assert.equal(await desk.page.evaluate(() => localStorage.getItem('authToken')), null, 'the desk forgot its token');

    // a third login, ended with every other one at once; this phone stays signed in
    const third = ok(await call('/api/auth/login', { method: 'POST', body: { phone_number: CUSTOMER, password: PASSWORD } }));
    await page.reload();
    await page.getByTestId('logins-list').waitFor();
    assert.equal(await rows(page).count(), 2);
    await page.getByTestId('logins-end-others').click();
    await page.getByTestId('logins-confirm').click();
    await toast(page, 'ورود همه دستگاه‌های دیگر بسته شد').waitFor();
    await page.getByTestId('logins-only-this').waitFor();
    assert.equal(await rows(page).count(), 1);
    assert.equal((await call('/api/users/me', { token: third.accessToken })).status, 401, 'the ended login is refused');
    ok(await call('/api/users/me/logins', { token: await page.evaluate(() => localStorage.getItem('authToken')) }));
    assert.deepEqual(phone.errors, []);
    assert.deepEqual(desk.errors, []);
  } finally {
    await phone.context.close();
    await desk.context.close();
  }

  // the owner reads it all in «رویدادهای امنیتی»
  shop.addAdmin(OWNER, OWNER_PASSWORD);
  const owner = await openPage(browser, { device: PHONE });
  try {
    const { page } = owner;
    await loginByPassword(page, OWNER, OWNER_PASSWORD);
    // the enrolment's «ادامه» goes home once it has asked who the owner is now (the tiles say it has); the login
    // screen's own move home, 1.5 s after the sign-in, may still be pending: a fresh load forgets it
    await page.getByTestId('admin-tiles').waitFor();
    await page.reload();
    await page.getByTestId('admin-tiles').waitFor();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('drawer-admin-security-events').click();
    await page.waitForURL(`${shop.url}/admin-security-events_page`);
    await page.getByTestId('security-events').waitFor();
    await page.getByRole('heading', { level: 1, name: 'رویدادهای امنیتی' }).waitFor();

    // the customer's rows only, the phone typed in Persian digits
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('security-filter-phone').fill(fa(CUSTOMER));
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/admin/security-events?') && r.url().includes(`phone=${CUSTOMER}`) && r.ok()),
      page.getByTestId('filter-apply').click(),
    ]);
    const list = page.getByTestId('security-events');
    const kind = (k, outcome) => list.locator(`[data-kind="${k}"]${outcome ? `[data-outcome="${outcome}"]` : ''}`);
    await kind('login.ended').first().waitFor();
    assert.equal(await kind('sign_in.password', 'success').count(), 3, 'the desk, the phone and the third sign-in');
    assert.equal(await kind('sign_in.password', 'failure').count(), 1);
    assert.ok((await kind('sign_in.password', 'failure').innerText()).includes('رمز اشتباه'));
    assert.ok((await kind('sign_in.password', 'failure').innerText()).includes('ناموفق'));
    assert.equal(await kind('login.ended', 'success').count(), 1);
    assert.ok((await kind('login.ended').innerText()).includes('بستن ورود یک دستگاه'));
    assert.equal(await kind('logins.ended_others', 'success').count(), 1);
    assert.equal(await kind('sign_in.code', 'success').count(), 1, 'the sign-up');
    assert.equal(await kind('logout', 'success').count(), 1);
    // nothing else, and no row of the owner's own
    assert.equal(await list.locator('[data-testid^="security-event-"]').count(), 8);
    const shown = await list.innerText();
    assert.ok(shown.includes(fa(CUSTOMER)) && shown.includes('۱۲۷.۰.۰.۱'), shown);
    assert.doesNotMatch(shown, /[A-Za-z0-9]/, 'no Latin letter or digit in the events');
    assert.ok(await fits(page), 'the security events fit the phone');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-security-events-01-customer');

    // only failures: the wrong password alone
    await page.getByTestId('security-filter-outcome').selectOption('failure');
    await page.getByTestId('filter-apply').click();
    await list.locator('[data-testid^="security-event-"]').nth(1).waitFor({ state: 'detached' });
    assert.equal(await kind('sign_in.password', 'failure').count(), 1);

    // on a desk the same events are a table, the owner's session carried over
    const deskOwner = await browser.newContext({ ...viewports.desktop, locale: 'fa-IR', timezoneId: 'Asia/Tehran', storageState: await owner.context.storageState() });
    try {
      const desk = await deskOwner.newPage();
      await desk.goto(`${shop.url}/admin-security-events_page`);
      await desk.locator('tr[data-testid^="security-event-"]').first().waitFor();
      assert.ok(await fits(desk), 'the table fits the desk');
      await shot(desk, 'desktop-security-events-01');
    } finally {
      await deskOwner.close();
    }

    // a customer is refused the owner's list
    const again = ok(await call('/api/auth/login', { method: 'POST', body: { phone_number: CUSTOMER, password: PASSWORD } }));
    assert.equal((await call('/api/admin/security-events', { token: again.accessToken })).status, 403);
    assert.deepEqual(owner.errors, []);
  } finally {
    await owner.context.close();
  }
});
