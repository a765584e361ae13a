// The second factor in Chromium against the real binary (issue 27): a customer who turned TOTP on signs in by
// password, is asked the authenticator's code (computed here from the enrolled secret, as the app on their
// phone would), is refused a wrong one with the server's words and let in by the right one; a recovery code
// signs in once; five wrong codes send the screen back to the first step.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { apiFor, ok } from './api.mjs';
import { startShop } from './shop.mjs';

let shop;
let browser;
const { call, registerCustomer, submitLogin } = apiFor(() => shop);

before(async () => {
  shop = await startShop();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** base32 reads RFC 4648 base32, as an authenticator app reads the secret of an otpauth address. */
function base32(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of s.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** totp is RFC 6238's code (SHA-1, six digits, 30 s) of secret for the 30-second step holding time ms. */
function totp(secret, ms = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 1000 / 30)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const at = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('a customer with TOTP on signs in with the authenticator code, then with a recovery code, on a phone', { timeout: 120_000 }, async () => {
  const customer = await registerCustomer('09120007777', '007777777');
  const start = ok(await call('/api/users/me/second-factor/totp', { method: 'POST', token: customer.token }));
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
