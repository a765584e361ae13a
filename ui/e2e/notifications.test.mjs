// The customer's notifications (issue 18) in Debian's Chromium against the real binary, on a phone: the signed-in
// customer sits on the home page, the owner approves their deposit through the API, and without a reload a toast
// says «واریز تایید شد» and the bell counts ۱. The bell opens the list with the entry and its text; the count goes
// back to zero. The profile's SMS switches save and come back after a reload. Screens go to ARTIFACTS, axe passes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launch, openPage, shot, socketSignedIn } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';

const ownerPhone = '09350007777';
const ownerPassword = 'notify-owner-secret';
const customerPhone = '09120007777';
const customerPassword = 'sara-gold-1';

let shop;
const { call, apiLogin, registerCustomer, loginByPassword, approvedDeposit } = apiFor(() => shop);
let browser;
let owner;
let customer;

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  customer = await registerCustomer(customerPhone, '800007777', { password: customerPassword });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text }).first();
// A switch is ready once it exists and is enabled: both matter, since a missing one reads as «not disabled».
const switchReady = (page, id) =>
  page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.disabled === false, id);
// Clicks a switch and waits for the server's answer to the save it sends.
const saved_ = (page, click) =>
  Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/users/me/notification-settings') && r.request().method() === 'PUT'), click()]);
const badge = (page) => page.getByTestId('bell-link').getByTestId('unread-badge');

describe('the notifications', () => {
  test('a customer hears of an approved deposit live and reads it on a phone', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await openPage(browser);
    await loginByPassword(page, customerPhone, customerPassword);
    // this browser's sign-in is a new login after the sign-up's: told, and read here (issue 27)
    const before = ok(await call('/api/notifications', { token: customer.token }));
    assert.deepEqual(before.items.map((n) => n.kind), ['new_login']);
    ok(await call('/api/notifications/read', { method: 'POST', token: customer.token, body: { all: true } }));
    // the page again, hearing notifications live before anything happens: its socket let in, and the bell
    // following the socket's notifications
    const socket = socketSignedIn(page);
    await page.reload();
    await socket;
    await page.locator('[data-testid="bell-link"][data-live="true"]').waitFor();
    assert.equal(await badge(page).count(), 0, 'no badge before anything happened');

    await approvedDeposit(customer.token, owner, 2000000, 'e2e-notify-deposit');

    // live: no reload between the approval and these
    await toast(page, 'واریز تایید شد').waitFor();
    await badge(page).filter({ hasText: '۱' }).waitFor();
    await shot(page, 'notifications-01-toast-phone');
    const texted = await shop.waitForNotices(customerPhone, 'deposit-approved', 1);
    assert.equal(texted.length, 1, 'one SMS line for the approval');
    assert.match(texted[0], /واریز/);
    assert.match(texted[0], /۲٬۰۰۰٬۰۰۰/);

    await page.getByTestId('bell-link').click();
    await page.waitForURL(/\/notifications_page$/);
    const entry = page.getByTestId('notification').filter({ hasText: 'واریز تایید شد' });
    await entry.waitFor();
    const text = (await entry.innerText()).trim();
    assert.match(text, /[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}/, 'a Jalali date in Persian digits');
    assert.doesNotMatch(text, /[0-9]/, 'no Latin digits');
    await badge(page).waitFor({ state: 'detached' });
    const after = ok(await call('/api/notifications?limit=1', { token: customer.token }));
    assert.equal(after.unread, 0);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'notifications-02-list-phone');

    // the SMS switches: turn two off, reload, they stay off
    await page.goto(`${shop.url}/profile_page`);
    const deposit_ = page.getByTestId('sms-deposit');
    await switchReady(page, 'sms-deposit');
    assert.equal(await deposit_.isChecked(), true);
    await saved_(page, () => deposit_.click());
    await switchReady(page, 'sms-price_alert');
    await saved_(page, () => page.getByTestId('sms-price_alert').click());
    const saved = ok(await call('/api/users/me/notification-settings', { token: customer.token }));
    assert.deepEqual(saved.sms, { deposit: false, withdraw: true, gold_request: true, charge: true, referral: true, price_alert: false, plan: true, order: true });
    await page.reload();
    await switchReady(page, 'sms-deposit');
    assert.equal(await page.getByTestId('sms-deposit').isChecked(), false);
    assert.equal(await page.getByTestId('sms-withdraw').isChecked(), true);
    assert.equal(await page.getByTestId('sms-price_alert').isChecked(), false);
    await page.getByTestId('sms-settings').scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'notifications-03-sms-phone');

    assert.deepEqual(errors, []);
    await context.close();
  });
});
