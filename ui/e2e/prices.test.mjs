// Prices and invites in Debian's Chromium against the real binary, on a desktop and a phone: an admin sets the
// base price on /prices_page and sees it in the card, the grade table and the chart; a visitor who is not logged
// in sees it on the home price card with its sparkline; a customer opens /referral_page and finds the QR code,
// the code and the link, copies it, shares it and downloads the QR image named after the code. Every screen is
// saved as a screenshot in test-artifacts/.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { apiFor } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';

/** rial writes a whole rial amount as the screens do: "۷۵٬۰۰۰٬۰۰۰". */
const rial = (n) => fa(String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '٬'));

let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;
const adminPhone = '09350003333';
const adminPassword = 'price-desk-secret';
const inviter = { phone: '09127770101', password: 'reza-gold-1' };
/** person is who the API sign-ups are, apart from their passwords. */
const person = { first_name: 'رضا', last_name: 'احمدی', birth_date: '1368/02/14' };
let adminToken;
let inviterCode;

async function newPage(device, extra = {}) {
  const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran', ...extra });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** drawn waits until the chart with testid has drawn its canvas. */
async function drawn(page, testid) {
  await page.locator(`[data-testid="${testid}"][data-drawn="true"] canvas`).first().waitFor();
}

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text });

before(async () => {
  shop = await startShop();
  shop.addAdmin(adminPhone, adminPassword);
  browser = await launch();
  adminToken = (await apiLogin(adminPhone, adminPassword)).accessToken;
  const reza = await registerCustomer(inviter.phone, '012345601', { ...person, password: inviter.password });
  inviterCode = reza.user.referral_code;
  assert.ok(inviterCode, 'a new customer has a referral code');
  // a friend registers with the code: one invite counted
  await registerCustomer('09127770102', '012345602', { ...person, password: 'mina-gold-1', referral_code: inviterCode });
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('prices and invites', () => {
  const devices = Object.entries(viewports).reverse();

  test('the home page says so before the shop has a price', async () => {
    const { context, page } = await newPage(viewports.phone);
    await page.goto(`${shop.url}/`);
    const card = page.getByTestId('home-price');
    // the card is there at once, with "…" until the live price's first answer
    await card.filter({ hasText: 'قیمت هنوز اعلام نشده' }).waitFor();
    assert.equal(await page.getByTestId('home-sparkline').count(), 0);
    await context.close();
  });

  for (const [name, device] of devices) {
    test(`an admin sets the base price on a ${name}`, { timeout: 120_000 }, async () => {
      const price = name === 'desktop' ? 75_000_000 : 76_250_000;
      const { context, page, errors } = await newPage(device);
      await loginByPassword(page, adminPhone, adminPassword);
      await page.goto(`${shop.url}/prices_page`);
      await page.getByTestId('base-price').waitFor();
      if (name === 'desktop') {
        // a new shop: no price, not fresh, and the chart says there is nothing to draw yet
        assert.equal(await page.getByTestId('base-price').innerText(), 'قیمت پایه هنوز ثبت نشده است');
        assert.equal(await page.getByTestId('base-fresh').innerText(), 'قیمت‌ها به‌روز نیستند');
        await page.getByTestId('price-chart-empty').filter({ hasText: 'هنوز قیمتی ثبت نشده است' }).waitFor();
        assert.equal(await page.getByTestId('grade-buy-1').innerText(), '—');
      }
      await shot(page, `${name}-prices-01-before`);

      // An empty price is refused on the page; Persian digits are grouped as typed, with tomans beside.
      await page.getByTestId('base-price-submit').click();
      await page.getByText('قیمت پایه را وارد کنید').waitFor();
      await page.getByTestId('base-price-input').fill(fa(price));
      assert.equal(await page.getByTestId('base-price-input').inputValue(), rial(price));
      await page.getByText(`معادل ${rial(price / 10)} تومان`).waitFor();

      // Confirm, and the server's own message is the toast.
      await page.getByTestId('base-price-submit').click();
      const dialog = page.getByTestId('base-price-dialog');
      await dialog.waitFor();
      assert.match(await dialog.innerText(), new RegExp(`${rial(price)} ریال`));
      await shot(page, `${name}-prices-02-confirm`);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/prices') && r.request().method() === 'POST');
      await page.getByTestId('base-price-confirm').click();
      const body = await (await answer).json();
      assert.ok(body.message, 'the server answers with a message');
      await toast(page, body.message).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The card, the freshness, each grade's prices and the chart show it.
      await page.locator(`[data-testid="base-price"][data-value="${price}"]`).waitFor();
      assert.equal(await page.getByTestId('base-price').innerText(), rial(price));
      assert.equal(await page.getByTestId('base-fresh').innerText(), 'به‌روز');
      assert.match(await page.getByTestId('base-updated').innerText(), /[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}/);
      const grades = await call('/api/admin/grades', { token: adminToken });
      assert.equal(grades.status, 200);
      for (const g of grades.data) {
        const buy = price + Number(g.sell_add);
        const sell = price - Number(g.buy_subtract);
        await page.getByTestId(`grade-buy-${g.id}`).filter({ hasText: rial(buy) }).waitFor();
        assert.equal(await page.getByTestId(`grade-sell-${g.id}`).innerText(), rial(sell));
      }
      await drawn(page, 'price-chart');
      assert.match(await page.getByTestId('price-chart-readout').innerText(), new RegExp(rial(price)));
      const points = Number(await page.getByTestId('price-chart').getAttribute('data-points'));
      assert.equal(points, (await call('/api/prices/history?days=7')).data.length, 'every price set so far is a point');
      // everything on the screen is Persian: no Latin digit or letter
      assert.doesNotMatch(await page.locator('main').innerText(), /[0-9A-Za-z]/);
      await page.getByTestId('range-1').click();
      assert.equal(await page.getByTestId('range-1').getAttribute('aria-pressed'), 'true');
      await drawn(page, 'price-chart');
      await page.getByTestId('range-90').click();
      await drawn(page, 'price-chart');
      await page.getByTestId('range-7').click();
      await drawn(page, 'price-chart');
      await shot(page, `${name}-prices-03-set`);

      // A large move is flagged in the confirmation.
      await page.getByTestId('base-price-input').fill(String(price * 10));
      await page.getByTestId('base-price-submit').click();
      assert.match(await page.getByTestId('base-price-change').innerText(), /۹۰۰٪ بیشتر از قیمت فعلی/);
      await shot(page, `${name}-prices-04-large-move`);
      await page.getByTestId('base-price-cancel').click();
      await dialog.waitFor({ state: 'detached' });

      assert.deepEqual(errors, []);
      await context.close();
    });

    test(`a visitor sees the price and its sparkline on the home page on a ${name}`, async () => {
      const { context, page, errors } = await newPage(device);
      await page.goto(`${shop.url}/`);
      await page.getByTestId('welcome-card').waitFor();
      await page.getByTestId('home-price-value').waitFor();
      // the sparkline is drawn as SVG: home never loads the charting library
      // a polyline of two points at least, level when the price did not move (no height: attached, not visible)
      await page.locator('[data-testid="home-sparkline"] polyline.sparkline-line').waitFor({ state: 'attached' });
      const points = (await page.locator('[data-testid="home-sparkline"] polyline').getAttribute('points')).trim().split(/\s+/);
      assert.ok(points.length >= 2, `the line has ${points.length} points`);
      assert.ok(Number(await page.getByTestId('home-sparkline').getAttribute('data-points')) >= 1);
      const current = (await call('/api/prices/prices')).data.price;
      assert.equal(await page.getByTestId('home-price-value').innerText(), rial(current));
      assert.equal(await page.getByTestId('header-price').getAttribute('data-value'), current);
      await shot(page, `${name}-prices-05-home`);

      // A new price reaches the header and the card together, within one poll, from the one source.
      const next = String(Number(current) + 10_000);
      const set = await call('/api/admin/prices', { method: 'POST', token: adminToken, body: { base_price: next } });
      assert.equal(set.status, 200, JSON.stringify(set.data));
      await page.waitForFunction((p) => document.querySelector('[data-testid="header-price"]')?.dataset.value === p, next, { timeout: 5000 + 2000 });
      const shown = await page.evaluate(() => ['header-price', 'home-price-value'].map((id) => document.querySelector(`[data-testid="${id}"]`).dataset.value));
      assert.deepEqual(shown, [next, next], 'the header and the home card show the same price at the same moment');
      assert.equal(await page.getByTestId('home-price-value').innerText(), rial(next));
      assert.deepEqual(errors, []);
      await context.close();
    });

    test(`a customer invites friends from /referral_page on a ${name}`, { timeout: 60_000 }, async () => {
      const phone = name === 'phone';
      const { context, page, errors } = await newPage(device, { acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] });
      // on the phone a share sheet records what it was given; the desktop has none and copies instead
      await page.addInitScript((withShare) => {
        if (withShare) {
          navigator.share = async (data) => { window.__shared = data; };
        } else {
          delete Navigator.prototype.share;
        }
      }, phone);
      await loginByPassword(page, inviter.phone, inviter.password);
      await page.goto(`${shop.url}/profile_page`);
      await page.getByTestId('profile-link-referral').click();
      await page.waitForURL(`${shop.url}/referral_page`);

      const link = `${shop.url}/register?ref=${inviterCode}`;
      await page.getByTestId('referral-code').filter({ hasText: inviterCode }).waitFor();
      assert.equal(await page.getByTestId('referral-link').innerText(), link);
      assert.equal(await page.getByTestId('referral-invited').innerText(), '۱');
      assert.equal(await page.getByTestId('referral-earned').innerText(), '۰/۰۰۰');
      assert.match(await page.getByTestId('referral-rule').innerText(), /۰\/۰۰۵ گرم طلا/);

      // The QR code is drawn: 180 CSS pixels, dark and light modules both present.
      const qr = page.getByTestId('referral-qr');
      await page.waitForFunction(() => {
        const c = document.querySelector('[data-testid="referral-qr"]');
        if (!c || getComputedStyle(c).width !== '180px' || getComputedStyle(c).height !== '180px') return false;
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] < 80) dark++;
        return dark > 1000 && dark < (d.length / 4) * 0.8;
      });
      assert.ok(await qr.isVisible());
      await shot(page, `${name}-referral-01-page`);

      // Copy: the button says so for two seconds and the clipboard holds the link.
      await page.getByTestId('referral-copy').click();
      await page.getByTestId('referral-copy').filter({ hasText: 'لینک کپی شد' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
      await shot(page, `${name}-referral-02-copied`);
      await page.getByTestId('referral-copy').filter({ hasText: 'کپی لینک' }).waitFor({ timeout: 4000 });

      // Share: the native sheet gets a Persian title and text with the code, or the link is copied.
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.getByTestId('referral-share').click();
      if (phone) {
        const shared = await page.waitForFunction(() => window.__shared).then((h) => h.jsonValue());
        assert.equal(shared.url, link);
        assert.match(shared.title, /دعوت به/);
        assert.match(shared.text, new RegExp(`کد معرف ${inviterCode}.*هدیه`));
      } else {
        await page.getByTestId('referral-copy').filter({ hasText: 'لینک کپی شد' }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
      }

      // Download: a PNG named after the code.
      const download = page.waitForEvent('download');
      await page.getByTestId('referral-download').click();
      const file = await download;
      assert.equal(file.suggestedFilename(), `${inviterCode}.png`);
      const bytes = readFileSync(await file.path());
      assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);

      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
