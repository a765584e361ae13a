// The owner's issue-15 journey in Debian's Chromium against the real binary. On a desktop the owner follows the
// admin panel's first-run card, names the shop and uploads a logo (a PNG drawn on a canvas), adds a customer
// to the staff and changes a role back and forth (the last owner cannot be demoted), makes a backup and
// downloads it (a gzip file), and reads the shop.update entry in the audit log. On a phone a visitor then sees
// the shop's name in the header, on home, login, register and about, in document.title and in the served
// index.html, and the logo loads; the staff member signs in and finds no owner tile, a Persian no-access card
// on the prices screen (and a 403 from its API) and a read-only inventory. The owner's screens are shot on
// both viewports into test-artifacts/.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { apiFor } from './api.mjs';
import { startShop } from './shop.mjs';
import { fa } from './digits.mjs';


const NAME = 'گالری طلای رضایی';
const SHORT = 'طلای رضایی';
const PHONES = ['02133445566', '09121112233'];

let shop;
const { call, apiLogin, registerCustomer, loginByPassword } = apiFor(() => shop);
let browser;
let staff;
const ownerPhone = '09350005555';
const ownerPassword = 'owner-shop-secret';
const staffPassword = 'staff-desk-secret';

before(async () => {
  shop = await startShop();
  shop.addAdmin(ownerPhone, ownerPassword);
  staff = await registerCustomer('09120005555', '005555555', { first_name: 'مهدی', last_name: 'نادری', password: staffPassword });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** snap saves a screenshot from the top of the page, so the sticky header is drawn where it belongs. */
async function snap(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text }).first();

/** open starts a fresh browser context on a viewport, collecting the page's errors. */
async function open(device) {
  const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return { context, page, errors };
}

/** logoPng draws a 256 px gold coin on a canvas in the page and returns it as PNG bytes. */
async function logoPng(page) {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = c.height = 256;
    const g = c.getContext('2d');
    g.fillStyle = '#1d1a14';
    g.fillRect(0, 0, 256, 256);
    g.fillStyle = '#d9a62e';
    g.beginPath();
    g.arc(128, 128, 100, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#fff3c4';
    g.fillRect(88, 118, 80, 20);
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** logoLoaded waits until every visible shop logo on the page has loaded and has pixels. */
async function logoLoaded(page) {
  const logo = page.locator('img.shop-logo').first();
  await logo.waitFor();
  await page.waitForFunction(() => {
    const imgs = [...document.querySelectorAll('img.shop-logo')].filter((i) => i.offsetParent !== null);
    return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  });
  return logo.evaluate((i) => i.naturalWidth);
}

describe('the shop, its owner and its staff', () => {
  test('the owner names the shop, uploads a logo, adds staff, makes a backup and reads the audit log', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await open(viewports.desktop);
    await loginByPassword(page, ownerPhone, ownerPassword);

    // The owner sees every owner tile; the first-run card of the panel leads to the shop's settings and the vault.
    for (const t of ['prices', 'admin-shop', 'admin-staff', 'admin-audit', 'admin-backups', 'admin-reserve', 'admin-exports']) {
      await page.getByTestId(`tile-${t}`).waitFor();
    }
    await page.goto(`${shop.url}/AdminPanel_page`);
    await page.getByTestId('first-run-card').waitFor();
    assert.equal(await page.getByTestId('certificate-warning').count(), 0, 'plain HTTP has no certificate to warn about');
    await snap(page, 'desktop-owner-01-panel-first-run');
    assert.equal(await page.getByTestId('first-run-vault-link').getAttribute('href'), '/admin-vault_page', 'the card leads to the vault too');
    await page.getByTestId('first-run-link').click();
    await page.waitForURL(/admin-shop_page/);
    await page.getByTestId('shop-form').waitFor();
    assert.equal(await page.getByTestId('shop-name').inputValue(), 'فروشگاه طلا', "a fresh install's name");
    await page.getByTestId('shop-first-run').waitFor();

    // The form refuses a name the server would refuse.
    await page.getByTestId('shop-name').fill('');
    await page.getByTestId('shop-save').click();
    await page.getByText('نام فروشگاه را وارد کنید').waitFor();

    await page.getByTestId('shop-name').fill(NAME);
    await page.getByTestId('shop-short-name').fill(SHORT);
    await page.getByTestId('shop-phone-0').fill(PHONES[0]);
    await page.getByTestId('shop-phone-add').click();
    await page.getByTestId('shop-phone-1').fill(fa(PHONES[1]));
    await page.getByTestId('shop-address').fill('تهران، بازار بزرگ، راسته زرگرها، پلاک ۱۲');
    await page.getByTestId('shop-hours').fill('شنبه تا پنجشنبه، ۱۰ تا ۲۰');
    await page.getByTestId('shop-about').fill('از سال ۱۳۵۰ در بازار تهران.\nطلای آبشده و مصنوعات با فاکتور رسمی.');
    await page.getByTestId('shop-licence').fill('دارای نماد اعتماد الکترونیکی');
    // a customer's uploads of a day: one receipt, typed in Persian digits
    assert.equal(await page.getByTestId('shop-receipts-per-day').inputValue(), '۲۰', "a fresh shop's quota");
    await page.getByTestId('shop-receipts-per-day').fill('۱');
    await page.getByTestId('shop-save').click();
    await toast(page, 'تنظیمات فروشگاه ذخیره شد').waitFor();
    // the header follows at once, without a reload
    await page.getByTestId('header-name').filter({ hasText: NAME }).waitFor();
    await page.waitForFunction((n) => document.title.endsWith(n), NAME);
    const saved = await call('/api/shop');
    assert.equal(saved.status, 200);
    assert.equal(saved.data.name, NAME);
    assert.equal(saved.data.short_name, SHORT);
    assert.deepEqual(saved.data.phones, PHONES, 'phones go in Latin digits');
    // the quota holds: a customer's second receipt of the day is refused with the owner's number
    const receiptForm = () => {
      const form = new FormData();
      form.set('amount', '1000000');
      form.set('receipt', new Blob([readFileSync(new URL('./fixtures/receipt.png', import.meta.url))], { type: 'image/png' }), 'receipt.png');
      return form;
    };
    assert.equal((await call('/api/wallet/deposit', { method: 'POST', token: staff.token, form: receiptForm() })).status, 200);
    const second = await call('/api/wallet/deposit', { method: 'POST', token: staff.token, form: receiptForm() });
    assert.equal(second.status, 429);
    assert.match(second.data.message, /امروز ۱ رسید فرستاده‌اید/);

    // The logo: a picked PNG shows a preview, then uploads; the header shows it.
    assert.equal(await page.getByTestId('logo-current').count(), 0);
    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng(page) });
    await page.getByTestId('logo-preview').waitFor();
    await snap(page, 'desktop-owner-02-shop-settings');
    await page.getByTestId('logo-upload').click();
    await toast(page, 'لوگوی فروشگاه بارگذاری شد').waitFor();
    await page.getByTestId('logo-current').waitFor();
    assert.ok((await logoLoaded(page)) > 0, 'the header logo has pixels');
    const logoUrl = (await call('/api/shop')).data.logo_url;
    assert.match(logoUrl, /^\/api\/shop\/logo-192\.png\?v=\d+$/);
    await snap(page, 'desktop-owner-03-shop-logo');

    // Staff: an existing customer joins by phone; their role goes to owner and back; the last owner stays.
    await page.goto(`${shop.url}/admin-staff_page`);
    await page.getByTestId('staff-row').first().waitFor();
    const ownerRow = page.locator('[data-testid="staff-row"][data-role="owner"]');
    assert.equal(await ownerRow.count(), 1);
    const ownerId = await ownerRow.getAttribute('data-id');
    await page.getByTestId('staff-phone').fill('۰۹۱۲۰۰۰۵۵۵۵');
    await page.getByTestId('staff-add').click();
    await toast(page, 'به کارکنان اضافه شد').waitFor();
    const staffRow = page.locator(`[data-testid="staff-row"][data-id="${staff.id}"]`);
    await staffRow.waitFor();
    assert.equal(await page.getByTestId(`staff-role-${staff.id}`).innerText(), 'کارمند');
    assert.match(await staffRow.innerText(), /مهدی نادری/);

    await page.getByTestId(`staff-toggle-${ownerId}`).click();
    await page.getByTestId('staff-confirm').click();
    await page.locator('[data-testid="toast"].toast-error').waitFor();
    assert.match(await page.getByTestId('toast').innerText(), /[\u0600-\u06FF]/, "the server's Persian reason");
    assert.equal(await page.getByTestId(`staff-role-${ownerId}`).innerText(), 'مالک', 'the last owner is still the owner');

    await page.getByTestId(`staff-toggle-${staff.id}`).click();
    await page.getByTestId('staff-dialog').waitFor();
    assert.match(await page.getByTestId('staff-dialog').innerText(), /مهدی نادری/);
    await page.getByTestId('staff-confirm').click();
    await page.locator(`[data-testid="staff-row"][data-id="${staff.id}"][data-role="owner"]`).waitFor();
    await page.getByTestId(`staff-toggle-${staff.id}`).click();
    await page.getByTestId('staff-confirm').click();
    await page.locator(`[data-testid="staff-row"][data-id="${staff.id}"][data-role="staff"]`).waitFor();
    await page.getByTestId(`staff-remove-${staff.id}`).click();
    await page.getByTestId('staff-dialog').filter({ hasText: 'مهدی نادری' }).waitFor();
    await snap(page, 'desktop-owner-04-staff-remove-dialog');
    await page.getByTestId('staff-cancel').click();
    await snap(page, 'desktop-owner-05-staff');

    // A backup made now, then downloaded through its plain link: a gzip file.
    await page.goto(`${shop.url}/admin-backups_page`);
    await page.getByTestId('backup-last').waitFor();
    await page.getByTestId('backup-run').click();
    await toast(page, 'پشتیبان تازه ساخته شد').waitFor({ timeout: 60_000 });
    await page.getByTestId('backup-row').first().waitFor();
    assert.equal(await page.getByTestId('backup-last').getAttribute('data-state'), 'ok');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('backup-download').first().click()]);
    const bytes = readFileSync(await download.path());
    assert.ok(bytes.length > 0, 'the backup has bytes');
    assert.deepEqual([...bytes.subarray(0, 2)], [0x1f, 0x8b], 'the backup is gzip');
    assert.doesNotMatch(await page.locator('main').innerText(), /[A-Za-z]/, 'the backups screen is Persian only');
    await snap(page, 'desktop-owner-06-backups');

    // The audit log: the shop.update entry with its before and after, in Persian; then filtered by kind.
    await page.goto(`${shop.url}/admin-audit_page`);
    const update = page.locator('[data-testid="audit-row"][data-kind="shop.update"]').first();
    await update.waitFor();
    const text = await update.innerText();
    assert.match(text, /ویرایش تنظیمات فروشگاه/);
    assert.match(text, new RegExp(NAME));
    assert.match(text, /فروشگاه طلا/, 'the name before');
    assert.doesNotMatch(await page.locator('main').innerText(), /shop\.update|staff\.|[a-z]+_[a-z]+/, 'no raw kind or key on screen');
    await page.locator('[data-testid="audit-row"][data-kind="staff.staff"]').first().waitFor();
    await snap(page, 'desktop-owner-07-audit');
    await page.getByTestId('filter-kind').selectOption('shop.logo');
    await page.getByTestId('filter-apply').click();
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="audit-row"]')];
      return rows.length > 0 && rows.every((r) => r.getAttribute('data-kind') === 'shop.logo');
    });

    // Saved once, the panel no longer asks for the first setup.
    await page.goto(`${shop.url}/AdminPanel_page`);
    await page.getByTestId('dashboard').waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByTestId('first-run-card').count(), 0);

    assert.deepEqual(errors.filter((e) => !/409/.test(e)), [], 'no error but the refused demotion');
    await context.close();
  });

  test("a visitor's phone shows the shop's name and logo everywhere", { timeout: 120_000 }, async () => {
    // The server writes the name into index.html itself.
    const html = await (await fetch(`${shop.url}/`)).text();
    assert.match(html, new RegExp(`<title>${NAME}</title>`));
    assert.match(html, new RegExp(`<meta name="application-name" content="${NAME}" />`));
    assert.doesNotMatch(html, /__SHOP_NAME__/);

    const { context, page, errors } = await open(viewports.phone);
    await page.goto(shop.url);
    await page.getByTestId('welcome-card').waitFor();
    assert.equal(await page.getByTestId('hero-title').innerText(), `به ${NAME} خوش آمدید`);
    assert.ok(await page.getByTestId('header-short-name').isVisible(), 'the short name shows on a phone');
    assert.equal(await page.getByTestId('header-short-name').innerText(), SHORT);
    assert.equal(await page.title(), `خانه | ${NAME}`);
    assert.ok((await logoLoaded(page)) > 0);
    assert.match(await page.getByTestId('footer-name').innerText(), new RegExp(NAME));
    await snap(page, 'phone-shop-01-home');

    await page.getByTestId('menu-button').click();
    await page.getByTestId('drawer-name').filter({ hasText: NAME }).waitFor();
    await page.keyboard.press('Escape');

    for (const [path, step] of [['/login_page', 'login'], ['/register_page', 'register']]) {
      await page.goto(`${shop.url}${path}`);
      await page.getByTestId('auth-shop-name').waitFor();
      assert.equal(await page.getByTestId('auth-shop-name').innerText(), NAME);
      assert.match(await page.title(), new RegExp(`\\| ${NAME}$`));
      assert.ok((await logoLoaded(page)) > 0);
      await snap(page, `phone-shop-02-${step}`);
    }

    await page.goto(`${shop.url}/about_page`);
    await page.getByTestId('about-name').filter({ hasText: NAME }).waitFor();
    assert.match(await page.getByTestId('about-text').innerText(), /از سال ۱۳۵۰ در بازار تهران/);
    assert.deepEqual(await page.getByTestId('about-phone').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), PHONES.map((p) => `tel:${p}`));
    assert.deepEqual(await page.getByTestId('about-phone').allInnerTexts(), PHONES.map(fa));
    await page.getByTestId('about-address').waitFor();
    await page.getByTestId('about-hours').waitFor();
    await page.getByTestId('about-licence').waitFor();
    await snap(page, 'phone-shop-03-about');

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the staff member works the desks and cannot open the owner screens', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await open(viewports.phone);
    await loginByPassword(page, staff.phone, staffPassword);
    await page.getByTestId('admin-tiles').waitFor();
    await page.getByTestId('tile-admin-wallet-requests').waitFor();
    for (const t of ['admin-panel', 'admin-gold-requests', 'admin-abshodeh', 'admin-user-balances', 'admin-gold-transactions', 'admin-chat']) {
      assert.equal(await page.getByTestId(`tile-${t}`).count(), 1, `${t} is a staff desk`);
    }
    for (const t of ['prices', 'admin-grades', 'admin-charge-account', 'admin-price-settings', 'admin-shop', 'admin-staff', 'admin-audit', 'admin-backups', 'admin-reserve', 'admin-exports']) {
      assert.equal(await page.getByTestId(`tile-${t}`).count(), 0, `${t} is the owner's`);
    }
    await snap(page, 'phone-staff-01-home');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('drawer-admin-panel').waitFor();
    assert.equal(await page.getByTestId('drawer-admin-shop').count(), 0);
    assert.equal(await page.getByTestId('drawer-admin-backups').count(), 0);
    await page.keyboard.press('Escape');

    // The prices screen, opened by its address: a Persian no-access card; its API says 403.
    await page.goto(`${shop.url}/prices_page`);
    await page.getByTestId('not-allowed').waitFor();
    assert.match(await page.getByTestId('not-allowed').innerText(), /فقط در دسترس مالک فروشگاه است/);
    await snap(page, 'phone-staff-02-prices-not-allowed');
    const token = (await apiLogin(staff.phone, staffPassword)).accessToken;
    assert.equal((await call('/api/admin/prices', { token })).status, 403);
    assert.equal((await call('/api/admin/shop', { token })).status, 403);
    assert.equal((await call('/api/admin/abshodeh', { token })).status, 200);

    // The inventory is there to read, without its form and buttons.
    const owner = (await apiLogin(ownerPhone, ownerPassword)).accessToken;
    const bar = await call('/api/admin/abshodeh', { method: 'POST', token: owner, body: { rey: 'آزمایشگاه البرز', ang: '55101', ayar: '750', vazn: '5' } });
    assert.equal(bar.status, 200, JSON.stringify(bar.data));
    assert.equal((await call('/api/admin/abshodeh', { method: 'POST', token, body: { rey: 'آزمایشگاه البرز', ang: '55102', ayar: '750', vazn: '5' } })).status, 403);
    await page.goto(`${shop.url}/admin-abshodeh_page`);
    await page.getByTestId('bar-read-only').waitFor();
    await page.getByTestId('bar-row').first().waitFor();
    assert.equal(await page.getByTestId('bar-submit').count(), 0);
    assert.equal(await page.locator('[data-testid^="bar-edit-"], [data-testid^="bar-delete-"]').count(), 0, 'no edit or delete for staff');
    await snap(page, 'phone-staff-03-abshodeh-read-only');

    assert.deepEqual(errors.filter((e) => !/403/.test(e)), []);
    await context.close();
  });

  test("the owner's screens on a phone", { timeout: 120_000 }, async () => {
    const { context, page, errors } = await open(viewports.phone);
    await loginByPassword(page, ownerPhone, ownerPassword);
    assert.equal(await page.getByTestId('header-short-name').innerText(), SHORT);
    const screens = [
      ['/admin-shop_page', 'shop-form', 'shop'],
      ['/admin-staff_page', 'staff-row', 'staff'],
      ['/admin-audit_page', 'audit-row', 'audit'],
      ['/admin-backups_page', 'backup-row', 'backups'],
    ];
    for (const [path, ready, name] of screens) {
      await page.goto(`${shop.url}${path}`);
      await page.getByTestId(ready).first().waitFor();
      // a phone gets cards, not a table wider than the screen
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} fits the phone`);
      assert.equal(await page.locator(`tr[data-testid="${ready}"]`).count(), 0, `${name}: no table rows on a phone`);
      await snap(page, `phone-owner-${name}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
