// The app on the customer's home screen (issue 18), in Debian's Chromium against the real binary on a phone:
// the manifest and its icons, the service worker that takes control; an iPhone's Safari gets the picture guide and
// keeps it dismissed, Chrome's install offer becomes our Persian button. Then the shop's server dies for real
// (SIGKILL): the app still opens from the worker's cache, shows the last known balances and prices marked as not
// current with the «no connection» banner, and refuses every money action; the server comes back as its next
// build (GOLDSHOP_NEXT_BIN, a service worker one line apart): the app recovers, offers the new version and
// reloads into it when asked, leaving no worker waiting.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { axeViolations, exactly, launch, openPage, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';

const next = process.env.GOLDSHOP_NEXT_BIN;
if (!next) throw new Error('GOLDSHOP_NEXT_BIN must name the next build of goldshop (./test.sh makes it)');

const ownerPhone = '09350008888';
const ownerPassword = 'install-owner-secret';
const customerPhone = '09120008888';
const customerPassword = 'sara-gold-1';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let shop;
const { call, apiLogin, registerCustomer, loginByPassword, approvedDeposit } = apiFor(() => shop);
let browser;
let owner;
let customer;

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
  ok(await call('/api/admin/prices', { method: 'POST', token: owner, body: { base_price: '50000000' } }));
  customer = await registerCustomer(customerPhone, '800008888', { password: customerPassword });
  await approvedDeposit(customer.token, owner, 2000000, 'e2e-install-deposit');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/**
 * takeControl waits for the service worker to be active, then reloads: a worker controls the pages loaded after
 * it activates (it claims no open page, so a page never runs half under it). It answers whether one controls now.
 */
async function takeControl(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/** pngSize reads a PNG's width and height from its IHDR chunk. */
const pngSize = (bytes) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

describe('the app on the home screen', () => {
  test('the manifest, its icons and a service worker that controls the page', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = ok(await call(href));
    const shopName = await page.locator('meta[name="application-name"]').getAttribute('content');
    assert.equal(manifest.name, shopName);
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.dir, 'rtl');
    assert.equal(manifest.lang, 'fa');
    assert.equal(manifest.start_url, '/');
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}`);
      assert.ok(icon, `an icon of ${size}`);
      const res = await fetch(new URL(icon.src, shop.url));
      assert.equal(res.headers.get('content-type'), 'image/png');
      assert.deepEqual(pngSize(Buffer.from(await res.arrayBuffer())), [size, size]);
    }
    const touch = await fetch(new URL(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'), shop.url));
    assert.deepEqual(pngSize(Buffer.from(await touch.arrayBuffer())), [180, 180]);

    assert.equal(await takeControl(page), true, 'the service worker controls the app');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("an iPhone's Safari gets the picture guide, dismissed for good; Chrome's offer becomes our button", async () => {
    const iphone = await openPage(browser, { device: { ...viewports.phone, userAgent: IPHONE_SAFARI } });
    await iphone.page.goto(`${shop.url}/`);
    await iphone.page.getByTestId('install-ios-guide').waitFor();
    await iphone.page.getByTestId('install-card').scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(iphone.page), []);
    await shot(iphone.page, 'install-01-ios-guide-phone');
    await iphone.page.getByTestId('install-dismiss').click();
    await iphone.page.getByTestId('install-card').waitFor({ state: 'detached' });
    await iphone.page.reload();
    await iphone.page.getByTestId('home-login').waitFor();
    assert.equal(await iphone.page.getByTestId('install-card').count(), 0, 'dismissed once, it stays dismissed');
    assert.deepEqual(iphone.errors, []);
    await iphone.context.close();

    // Chrome on Android fires beforeinstallprompt only after its engagement checks, which a test browser never
    // passes: the event is made here with the shape Chrome gives it, and the page is held to what it does with it.
    const android = await openPage(browser);
    await android.page.goto(`${shop.url}/`);
    await android.page.getByTestId('home-login').waitFor();
    assert.equal(await android.page.getByTestId('install-card').count(), 0, 'no offer without the browser offering');
    await android.page.evaluate(() => {
      const e = new Event('beforeinstallprompt', { cancelable: true });
      e.prompt = async () => void (window.__prompted = true);
      e.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(e);
      window.__defaultPrevented = e.defaultPrevented;
    });
    assert.equal(await android.page.evaluate(() => window.__defaultPrevented), true, "the browser's own bar is held back");
    await android.page.getByTestId('install-button').click();
    await android.page.getByTestId('install-card').waitFor({ state: 'detached' });
    assert.equal(await android.page.evaluate(() => window.__prompted), true, "the browser's install dialog was asked for");
    assert.deepEqual(android.errors, []);
    await android.context.close();
  });

  test('offline it opens from its cache with the last known figures and no money action; then the next version', { timeout: 180_000 }, async () => {
    // the dead server's failed calls are what the page logs while offline
    const { context, page, errors } = await openPage(browser, { expected: /Failed to load resource|ERR_CONNECTION_REFUSED/ });
    await loginByPassword(page, customerPhone, customerPassword);
    assert.equal(await takeControl(page), true);
    await page.goto(`${shop.url}/trade_page`);
    await page.locator('[data-testid="trade-available-rial"]:not(:text-is("…"))').waitFor();
    await page.goto(`${shop.url}/deposit-withdraw_page`);
    await page.getByTestId('wallet-balance-rial').filter({ hasText: exactly('۲٬۰۰۰٬۰۰۰') }).waitFor();
    await page.getByTestId('header-price').filter({ hasText: '۵۰٬۰۰۰٬۰۰۰' }).waitFor();
    assert.equal(await page.getByTestId('offline-banner').count(), 0);

    await shop.kill();
    await page.reload(); // no server: the worker's shell, not the browser's error page
    await page.getByTestId('offline-banner').waitFor();
    await page.getByTestId('wallet-balance-rial').filter({ hasText: exactly('۲٬۰۰۰٬۰۰۰') }).waitFor();
    await page.getByTestId('header-price').filter({ hasText: '۵۰٬۰۰۰٬۰۰۰' }).waitFor();
    assert.ok(await page.getByTestId('not-current').count() >= 1, 'the last known figures are marked as not current');
    assert.match(await page.getByTestId('not-current').first().innerText(), /به‌روز نیست/);
    assert.equal(await page.getByTestId('deposit-submit').isDisabled(), true, 'no deposit offline');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'install-02-offline-wallet-phone');

    // another screen, never opened offline before, comes from the cache too
    await page.getByTestId('bell-link').waitFor();
    await page.evaluate(() => {
      history.pushState(null, '', '/trade_page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    // a failure says what the screen showed instead
    await page.getByTestId('trade-form').waitFor().catch(async (e) => {
      throw new Error(`${e.message}\nthe screen showed: ${await page.locator('main').innerText().catch(() => '?')}`);
    });
    await page.getByTestId('trade-rial').fill('1000000');
    assert.equal(await page.getByTestId('trade-submit').isDisabled(), true, 'no trade offline');
    await shot(page, 'install-03-offline-trade-phone');

    // the server comes back as its next build, on the same data and address
    shop = await startShop({ data: shop.data, port: shop.port, binary: next });
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator('[data-testid="trade-submit"]:not([disabled])').waitFor({ timeout: 30_000 });
    // fresh figures lose the mark: the form opens as the banner goes, the figures' answers come after it
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="not-current"]').length === 0, null, { timeout: 30_000 });

    // the next build's worker waits until the customer agrees, then takes over and the page reloads under it
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.getByTestId('app-update').waitFor({ timeout: 30_000 });
    await shot(page, 'install-04-update-offer-phone');
    await page.evaluate(() => void (window.__before = true));
    await Promise.all([page.waitForEvent('load'), page.getByTestId('app-update-reload').click()]);
    assert.equal(await page.evaluate(() => window.__before), undefined, 'the page reloaded');
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), true);
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting), null, 'no worker left waiting');
    assert.equal(await page.getByTestId('app-update').count(), 0);
    const served = await page.evaluate(() => fetch('/sw.js').then((r) => r.text()));
    assert.match(served, /the next build/);

    assert.deepEqual(errors.filter((e) => !/net::ERR|Failed to fetch/.test(e)), []);
    await context.close();
  });
});
