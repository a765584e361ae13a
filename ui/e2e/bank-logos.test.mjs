// Bank logos in Debian's Chromium against the real binary: a customer with cards of Mellat, Refah, Pasargad
// (logos from the iranianbanklogos sprite) and Noor (no logo in the package, so its monogram) opens the bank
// accounts screen and the withdraw tab. Each logo is the image actually loaded from the shop itself, the
// sprite of the screen's density, showing its bank's cell; Noor is the monogram; the home page loads no logo.
// Screens go to test-artifacts/.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { apiFor, luhnCard, ok } from './api.mjs';
import { startShop } from './shop.mjs';

// The cards, by BIN (data/banks.json); cell is the logo's column and row in the sprite (lib/banks.ts).
const banks = [
  { name: 'بانک ملت', bin: '610433', cell: [1, 0] },
  { name: 'بانک رفاه کارگران', bin: '589463', cell: [3, 1] },
  { name: 'بانک پاسارگاد', bin: '502229', cell: [1, 2] },
  { name: 'موسسه اعتباری نور', bin: '507677', monogram: 'نور' },
];

let shop;
const { call, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;

/**
 * shotTall saves the screen on a viewport as tall as the page, so the header and the bottom bar sit at its
 * ends as on a phone, instead of across a card, then gives the viewport back.
 */
async function shotTall(page, name) {
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height });
  await shot(page, name);
  await page.setViewportSize(size);
}

before(async () => {
  shop = await startShop();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** logoOf reads the logo of an account row: the image's load state and where it sits in its tile. */
function logoOf(row) {
  return row.evaluate((el) => {
    const tile = el.querySelector('.bank-logo');
    const img = tile.querySelector('img');
    if (!img) {
      return { tag: tile.tagName.toLowerCase(), role: tile.getAttribute('role'), label: tile.getAttribute('aria-label'), text: tile.textContent };
    }
    const t = tile.getBoundingClientRect();
    const box = img.parentElement.getBoundingClientRect();
    const r = img.getBoundingClientRect();
    return {
      tag: 'img', alt: img.alt, complete: img.complete, naturalWidth: img.naturalWidth, src: img.currentSrc,
      size: [t.width, t.height], background: getComputedStyle(tile).backgroundColor,
      // the cell of the sprite that shows through the tile, counted in cells from its top left corner
      cell: [Math.round((box.left - r.left) / box.width), Math.round((box.top - r.top) / box.height)],
      scale: [r.width / box.width, r.height / box.height],
    };
  });
}

describe('bank logos', { concurrency: true }, () => {
  for (const [name, device] of Object.entries(viewports)) {
    test(`cards show their bank's logo, or its monogram, on a ${name}`, { timeout: 120_000 }, async () => {
      const n = name === 'phone' ? 1 : 2;
      const customer = await registerCustomer(`0912555000${n}`, `00123456${n}`);
      for (const [i, b] of banks.entries()) {
        ok(await call('/api/bank-accounts', {
          method: 'POST', token: customer.token, body: { card_number: luhnCard(`${b.bin}00${n}11223${i}`) },
        }));
      }
      const accounts = ok(await call('/api/bank-accounts', { token: customer.token }));
      const idOf = (bank) => accounts.find((a) => a.bank_name === bank).id;

      const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      const requests = [];
      page.on('request', (r) => requests.push(r.url()));

      // The first load (login, then home) fetches no logo: the sprite comes with the bank screens.
      await loginByPassword(page, customer.phone, 'sara-gold-1');
      await page.waitForLoadState('networkidle');
      assert.deepEqual(requests.filter((u) => /ibls\d+/.test(u)), [], 'no logo on the first load');

      await page.goto(`${shop.url}/bank-accounts_page`);
      for (const b of banks) await page.getByTestId(`account-${idOf(b.name)}`).waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('.bank-logo img')].every((i) => i.complete));
      const sprite = device.deviceScaleFactor === 2 ? 'ibls128' : 'ibls64';
      for (const b of banks) {
        const row = page.getByTestId(`account-${idOf(b.name)}`);
        const logo = await logoOf(row);
        if (b.monogram) {
          assert.deepEqual(logo, { tag: 'svg', role: 'img', label: b.name, text: b.monogram }, `${b.name}: its monogram`);
          continue;
        }
        assert.equal(logo.tag, 'img', `${b.name}: a logo image`);
        assert.equal(logo.alt, b.name, `${b.name}: named by the bank`);
        assert.ok(logo.complete && logo.naturalWidth > 0, `${b.name}: the image loaded (${logo.naturalWidth} px)`);
        assert.equal(new URL(logo.src).origin, shop.url, `${b.name}: from the shop itself`);
        assert.match(new URL(logo.src).pathname, new RegExp(`^/assets/${sprite}-[\\w-]+\\.png$`), `${b.name}: the ${sprite} sprite`);
        assert.deepEqual(logo.cell, b.cell, `${b.name}: its own cell of the sprite`);
        assert.deepEqual(logo.scale.map((s) => Math.round(s * 100) / 100), [5, 7], `${b.name}: one logo fills the tile`);
        assert.deepEqual(logo.size, [44, 44]);
        assert.equal(logo.background, 'rgb(255, 255, 255)', `${b.name}: on a white tile`);
        await row.getByRole('img', { name: b.name }).waitFor();
      }
      // One image for every logo, fetched once.
      assert.equal(requests.filter((u) => /ibls\d+/.test(u)).length, 1, 'the sprite is fetched once');
      await shotTall(page, `${name}-bank-logos-accounts`);

      // The withdraw tab lists the same cards with the same logos.
      await page.goto(`${shop.url}/deposit-withdraw_page`);
      await page.getByTestId('tab-withdraw').click();
      const option = page.getByTestId(`bank-option-${idOf('بانک ملت')}`);
      await option.getByRole('img', { name: 'بانک ملت' }).waitFor();
      await option.click();
      assert.deepEqual((await logoOf(option)).cell, [1, 0]);
      await page.getByTestId(`bank-option-${idOf('موسسه اعتباری نور')}`).getByRole('img', { name: 'موسسه اعتباری نور' }).waitFor();
      await shotTall(page, `${name}-bank-logos-withdraw`);

      assert.deepEqual(requests.filter((u) => !u.startsWith(`${shop.url}/`)), [], 'nothing from another origin');
      assert.deepEqual(errors, [], 'no console errors (a CSP violation is one)');
      await context.close();
    });
  }
});
