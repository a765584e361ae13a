// Web Push (issue 18) in Debian's Chromium against the real binary, on a phone. The customer turns on «اعلان روی
// گوشی» in the profile; the owner approves their deposit; the shop encrypts the push (RFC 8291), signs it (VAPID)
// and posts it over HTTPS through the proxy --push-proxy names, as a shop in Iran would. That proxy is
// tools/pushservice standing in for Google's push service, which cannot be reached here: it prints each push,
// the test decrypts it with the phone's keys, and Chromium delivers it to the service worker as a real push
// message (DevTools' ServiceWorker.deliverPushMessage). The worker shows it in Persian, right to left; a tap
// opens the screen it is about. The one browser part stood in for is the subscription with Google's servers
// (PushManager.subscribe), which hands out the endpoint and the keys this test holds.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { apiFor, ok } from './api.mjs';
import { axeViolations, launch, openPage, shot } from './browser.mjs';
import { startShop } from './shop.mjs';

const pushBin = process.env.PUSH_SERVICE_BIN;
if (!pushBin) throw new Error('PUSH_SERVICE_BIN must name the built tools/pushservice (./test.sh sets it)');

const ownerPhone = '09350008888';
const ownerPassword = 'push-owner-secret';
const customerPhone = '09120008888';
const customerPassword = 'sara-gold-1';
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let shop;
let service;
const pushes = [];
const { call, apiLogin, registerCustomer, loginByPassword, approvedDeposit } = apiFor(() => shop);
let browser;
let owner;
let customer;

/** startPushService runs tools/pushservice and resolves with its proxy address once it listens. */
function startPushService(caPath) {
  const proc = spawn(pushBin, ['-ca', caPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`pushservice exited (${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) resolve({ proc, proxy: line.slice('listening '.length) });
      else pushes.push(JSON.parse(line));
    });
  });
}

before(async () => {
  const ca = join(mkdtempSync(join(tmpdir(), 'goldshop-push-')), 'ca.pem');
  service = await startPushService(ca);
  shop = await startShop({ args: ['--push-proxy', service.proxy], env: { SSL_CERT_FILE: ca } });
  shop.addAdmin(ownerPhone, ownerPassword);
  owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  customer = await registerCustomer(customerPhone, '800008888', { password: customerPassword });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
  service?.proc.kill();
});

/** phoneKeys are a browser's side of a subscription: its P-256 key pair and auth secret. */
function phoneKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** decrypt opens an aes128gcm push body as the phone's browser would (RFC 8291 §3.4, RFC 8188 §2). */
function decrypt(body, { ecdh, auth }) {
  const salt = body.subarray(0, 16);
  const idLen = body[20];
  const server = body.subarray(21, 21 + idLen);
  const shared = ecdh.computeSecret(server);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), server]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const record = body.subarray(21 + idLen);
  const d = createDecipheriv('aes-128-gcm', key, nonce);
  d.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  assert.equal(plain[end - 1], 2, 'the last record ends with its delimiter');
  return plain.subarray(0, end - 1).toString('utf8');
}

/** waitForPush waits up to 10 s for the count-th push to endpoint. */
async function waitForPush(endpoint, count) {
  for (let i = 0; i < 100; i++) {
    const to = pushes.filter((p) => p.endpoint === endpoint);
    if (to.length >= count) return to[count - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no push number ${count} to ${endpoint}`);
}

/**
 * standInForGoogle replaces PushManager.subscribe, the browser's registration with Google's push service, with
 * one that answers this endpoint and keys; it keeps the subscription in localStorage, so it lasts across
 * reloads and ends at logout, as the browser's does. The key the app subscribed with is kept for the test.
 */
function standInForGoogle(context, endpoint, { ecdh, auth }) {
  const b64 = (b) => b.toString('base64url');
  return context.addInitScript(({ endpoint, p256dh, auth }) => {
    const made = () => ({
      endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => (localStorage.removeItem('e2e.push'), true),
    });
    PushManager.prototype.subscribe = async function (options) {
      localStorage.setItem('e2e.push', String(options.applicationServerKey));
      return made();
    };
    PushManager.prototype.getSubscription = async function () {
      return localStorage.getItem('e2e.push') === null ? null : made();
    };
  }, { endpoint, p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) });
}

const switchReady = (page) => page.waitForFunction(() => document.querySelector('[data-testid="push-switch"]')?.disabled === false);
const pushCall = (page, method) =>
  page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === method);

/** shownNotifications are the notifications the service worker shows now. */
const shownNotifications = (page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, dir: n.dir, lang: n.lang, tag: n.tag, url: n.data?.url }));
  });

describe('push on the phone', () => {
  test('a customer turns pushes on, gets an approved deposit on the screen and taps it open', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await openPage(browser);
    await context.grantPermissions(['notifications'], { origin: shop.url });
    const keys = phoneKeys();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(18).toString('base64url')}`;
    await standInForGoogle(context, endpoint, keys);
    await loginByPassword(page, customerPhone, customerPassword);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

    await page.goto(`${shop.url}/profile_page`);
    await switchReady(page);
    const toggle = page.getByTestId('push-switch');
    assert.equal(await toggle.isChecked(), false, 'off until the customer turns it on');
    const [saved] = await Promise.all([pushCall(page, 'POST'), toggle.click()]);
    assert.equal(saved.status(), 201);
    await page.waitForFunction(() => document.querySelector('[data-testid="push-switch"]')?.checked === true);
    const { public_key } = ok(await call('/api/push/key', { token: customer.token }));
    assert.equal(await page.evaluate(() => localStorage.getItem('e2e.push')), public_key, "subscribed with the shop's VAPID key");
    await page.getByTestId('push-settings').scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'push-01-switch-on-phone');

    // The owner approves a deposit: the shop posts it to the phone's push service, encrypted and signed.
    await approvedDeposit(customer.token, owner, 3000000, 'e2e-push-deposit');
    const posted = await waitForPush(endpoint, 1);
    assert.equal(posted.headers['Content-Encoding'], 'aes128gcm');
    assert.match(posted.headers.Authorization, new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${public_key}$`));
    const body = Buffer.from(posted.body, 'base64');
    assert.doesNotMatch(body.toString('latin1'), /deposit|wallet/, 'the push service reads nothing');
    const message = JSON.parse(decrypt(body, keys));
    assert.equal(message.title, 'واریز تایید شد');
    assert.match(message.body, /۳٬۰۰۰٬۰۰۰ ریال/);
    assert.equal(message.url, '/wallet-requests_page');

    // The phone's browser hands it to the service worker, which shows it.
    await page.goto(`${shop.url}/`);
    const cdp = await context.newCDPSession(page);
    const registration = new Promise((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${shop.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: shop.url, registrationId: await registration, data: JSON.stringify(message) });
    let shown = [];
    for (let i = 0; i < 50 && shown.length === 0; i++) {
      shown = await shownNotifications(page);
      if (shown.length === 0) await page.waitForTimeout(100);
    }
    assert.equal(shown.length, 1, 'one notification on the screen');
    assert.equal(shown[0].title, 'واریز تایید شد');
    assert.match(shown[0].body, /۳٬۰۰۰٬۰۰۰ ریال/);
    assert.deepEqual([shown[0].dir, shown[0].lang, shown[0].url], ['rtl', 'fa', '/wallet-requests_page']);
    assert.match(shown[0].tag, /^deposit_approved-\d+$/);

    // Tapped, it opens the screen it is about in the app. Nobody can tap a headless browser's notification: the
    // worker is handed the click event the tap would fire.
    // the worker the push woke (an idle one is stopped and started again, a new worker to Playwright)
    const worker = context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      const [n] = await self.registration.getNotifications();
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
    });
    await page.waitForURL(`${shop.url}/wallet-requests_page`);
    await page.getByTestId('bottom-bar').waitFor();

    // Turned off, the shop forgets this phone: the next approval is not posted to it.
    await page.goto(`${shop.url}/profile_page`);
    await switchReady(page);
    assert.equal(await toggle.isChecked(), true, 'still on after a reload');
    const [removed] = await Promise.all([pushCall(page, 'DELETE'), toggle.click()]);
    assert.equal(removed.status(), 200);
    await approvedDeposit(customer.token, owner, 1000000, 'e2e-push-deposit-2');
    const texted = await shop.waitForNotices(customerPhone, 'deposit-approved', 2);
    assert.equal(texted.length, 2, 'the second approval was told by SMS');
    await page.waitForTimeout(1000); // a push would have gone before the SMS; give a slow one time to show
    assert.equal(pushes.filter((p) => p.endpoint === endpoint).length, 1, 'and not pushed to a phone that turned it off');

    assert.deepEqual(errors, []);
    await context.close();
  });

  test("Safari on an iPhone, not installed, is told to add the app first", { timeout: 60_000 }, async () => {
    const iphone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
      userAgent: iphoneSafari, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
    const errors = [];
    // Safari outside the home screen has no PushManager at all
    await iphone.addInitScript(() => { delete window.PushManager; });
    const p = await iphone.newPage();
    p.on('pageerror', (e) => errors.push(String(e)));
    await loginByPassword(p, customerPhone, customerPassword);
    await p.goto(`${shop.url}/profile_page`);
    await p.getByTestId('push-note').getByText('اول برنامه را به صفحه اصلی اضافه کنید').waitFor();
    assert.equal(await p.getByTestId('push-switch').count(), 0, 'no switch that cannot work');
    await p.getByTestId('push-settings').scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(p), []);
    await shot(p, 'push-02-iphone-install-first');
    assert.deepEqual(errors, []);
    await iphone.close();
  });
});
