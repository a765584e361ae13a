// The server's own warnings on the admin panel, against the real binary (issue 28): a shop whose data folder
// sits on a small disk of its own (a tmpfs, mounted here as CI runs, as root) shows the owner that its room
// is low; filled to the last byte, the first charge that needs room is refused with 507 and the panel says
// the disk is full; freed, the shop goes on by itself, the charge lands and none acknowledged is lost.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { axeViolations, launch, openPage, shot } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';

let shop;
let browser;
let disk;
const { call, registerCustomer, loginByPassword } = apiFor(() => shop);

before(async () => {
  disk = mkdtempSync(join(tmpdir(), 'goldshop-disk-'));
  const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', disk], { encoding: 'utf8' });
  assert.equal(m.status, 0, `a small disk of its own needs root (mount -t tmpfs): ${m.stderr}`);
  shop = await startShop({ data: join(disk, 'data') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
  spawnSync('umount', ['-l', disk]);
  rmSync(disk, { recursive: true, force: true });
});

/** fill writes a filler file on the disk until it refuses (ENOSPC), and returns its path. */
function fill() {
  const path = join(disk, 'filler');
  const fd = openSync(path, 'w');
  for (const size of [1 << 16, 4096, 1]) {
    const chunk = Buffer.alloc(size);
    for (;;) {
      try {
        writeSync(fd, chunk);
      } catch (err) {
        assert.equal(err.code, 'ENOSPC', `filling the disk: ${err}`);
        break;
      }
    }
  }
  closeSync(fd);
  return path;
}

test('the owner sees the disk low, then full with the charge refused, then the shop going on once it is freed', { timeout: 120_000 }, async () => {
  const phone = '09350005656';
  shop.addAdmin(phone, 'owner-disk-secret');
  const customer = await registerCustomer('09120005656', '005656565');
  const { page, context, errors } = await openPage(browser);
  try {
    await loginByPassword(page, phone, 'owner-disk-secret');
    const owner = await page.evaluate(() => localStorage.getItem('authToken'));
    await page.goto(`${shop.url}/AdminPanel_page`);
    const warning = page.getByTestId('storage-warning');
    await warning.getByText('فضای ذخیره‌سازی رو به پایان است').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'phone-server-notices-01-low');

    const filler = fill();
    // SQLite writes a log that has started over on the room it already holds, so a charge or a few may still
    // land on the full disk: the first that needs a byte more is refused, and every one acknowledged stays
    const charge = () => call('/api/adminCharge/charge', { method: 'POST', token: owner, body: { userId: customer.id, type: 'rial', amount: '1000' } });
    let landed = 0;
    let refused = await charge();
    for (; refused.status === 200 && landed < 5000; refused = await charge()) landed++;
    assert.equal(refused.status, 507, JSON.stringify(refused.data));
    assert.equal(refused.data.message, 'فضای ذخیره‌سازی فروشگاه پر است؛ کمی بعد دوباره تلاش کنید');
    assert.equal((await fetch(`${shop.url}/healthz`)).status, 503);
    await page.reload();
    await warning.getByText('فضای ذخیره‌سازی فروشگاه پر است').waitFor();
    await shot(page, 'phone-server-notices-02-full');

    unlinkSync(filler);
    ok(await charge());
    const balances = ok(await call('/api/wallet/balances', { token: customer.token }));
    assert.equal(balances.balance_rial, String(1000 * (landed + 1)), `${landed} charges landed on the full disk, then one after it was freed`);
    assert.equal((await fetch(`${shop.url}/healthz`)).status, 200);
    await page.reload();
    await warning.getByText('فضای ذخیره‌سازی رو به پایان است').waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

