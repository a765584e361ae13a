// Small helpers the browser journeys share for talking to the real shop: its JSON API (sign-ups, logins,
// calls with a token or an idempotency key) and the password login screen. The shop starts in before(), so
// apiFor takes it as a function (() => shop) and reads it on every call.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { totp, totpStep } from './totp.mjs';

const receipt = readFileSync(new URL('./fixtures/receipt.png', import.meta.url));

/** nationalId completes nine digits with the official check digit. */
export function nationalId(nine) {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(nine[i]) * (10 - i);
  const rem = sum % 11;
  return nine + String(rem < 2 ? rem : 11 - rem);
}

/** luhnCard completes fifteen digits with the Luhn check digit. */
export function luhnCard(fifteen) {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(fifteen[14 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return fifteen + String((10 - (sum % 10)) % 10);
}

/** ok asserts an answer from call() is 200 and returns its data. */
export function ok(answer) {
  assert.equal(answer.status, 200, JSON.stringify(answer.data));
  return answer.data;
}

// factors are the second factors the journeys enrolled, by shop address and phone: { secret, recovery, lastStep }.
const factors = new Map();

/** apiFor binds the helpers to a shop from startShop(), or to a function returning it. */
export function apiFor(shopOrGetter) {
  const shop = typeof shopOrGetter === 'function' ? shopOrGetter : () => shopOrGetter;

  /** call sends a request to the shop: body goes as JSON, form (FormData) as multipart. */
  async function call(path, { method = 'GET', token, body, form, key } = {}) {
    const headers = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (key) headers['Idempotency-Key'] = key;
    if (body) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${shop().url}${path}`, { method, headers, body: form ?? (body && JSON.stringify(body)) });
    const data = await res.json().catch(() => null);
    return { status: res.status, data };
  }

  /**
   * apiLogin logs in by phone and password through the API and returns { accessToken, user }. An owner or
   * staff member can do nothing before a second factor is on: their first sign-in enrols an authenticator
   * (enrol), later ones answer the challenge (secondFactorCode).
   */
  async function apiLogin(phone, password) {
    const login = ok(await call('/api/auth/login', { method: 'POST', body: { phone_number: phone, password } }));
    if (login.second_factor_required) {
      return ok(await call('/api/auth/second-factor', { method: 'POST', body: { challenge: login.challenge, code: secondFactorCode(phone) } }));
    }
    if (login.user.must_enrol_second_factor) await enrol(phone, login.accessToken, password);
    return login;
  }

  const keyOf = (phone) => `${shop().url} ${phone}`;

  /**
   * enrol turns an authenticator on for the signed-in person, its start proven by their password, as its app
   * would, and keeps what it needs.
   */
  async function enrol(phone, token, password) {
    const { secret } = ok(await call('/api/users/me/second-factor/totp', { method: 'POST', token, body: { password } }));
    await confirmEnrolment(phone, secret, (code) => call('/api/users/me/second-factor/totp/confirm', { method: 'POST', token, body: { code } }).then(ok));
  }

  /** confirmEnrolment confirms secret with its first code through confirm (an API call or a screen) and keeps it. */
  async function confirmEnrolment(phone, secret, confirm) {
    const { recovery_codes } = await confirm(totp(secret));
    factors.set(keyOf(phone), { secret, recovery: recovery_codes ?? [], lastStep: totpStep() });
  }

  /**
   * secondFactorCode is the code a challenge of phone's person is answered with: the authenticator's for a
   * step not taken yet (each code is taken once), else one of the recovery codes.
   */
  function secondFactorCode(phone) {
    const f = factors.get(keyOf(phone));
    assert.ok(f, `${phone} has no second factor these tests enrolled`);
    const step = totpStep();
    if (step > f.lastStep) {
      f.lastStep = step;
      return totp(f.secret);
    }
    const code = f.recovery.shift();
    assert.ok(code, `${phone} signed in too often for its recovery codes`);
    return code;
  }

  /**
   * registerCustomer signs a customer up through the API with the SMS code from the console, as a person
   * would (the code goes back with the registration id of the register answer); fields override the name,
   * password and birth date, and may carry a referral_code. It returns the tokens (token is accessToken) and
   * the user.
   */
  async function registerCustomer(phone, nine, fields = {}) {
    const {
      first_name = 'سارا', last_name = 'کریمی', password = 'sara-gold-1', birth_date = '1370/06/20', referral_code,
    } = fields;
    const { registration_id } = ok(await call('/api/auth/register', {
      method: 'POST',
      body: {
        first_name, last_name, national_id: nationalId(nine), phone_number: phone, password, birth_date,
        ...(referral_code ? { referral_code } : {}),
      },
    }));
    const code = await shop().waitForCode(phone, 0);
    const verified = ok(await call('/api/auth/verify', {
      method: 'POST', body: { phone_number: phone, code, registration_id },
    }));
    return {
      phone, token: verified.accessToken, accessToken: verified.accessToken, refreshToken: verified.refreshToken,
      id: verified.user.id, user: verified.user,
    };
  }

  /** submitLogin fills the password tab of the login screen and submits it, without waiting for the result. */
  async function submitLogin(page, phone, password) {
    await page.goto(`${shop().url}/login_page`);
    await page.getByTestId('tab-password').click();
    await page.getByTestId('login-phone').fill(phone);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
  }

  /**
   * loginByPassword logs in through the login screen and waits for the home page. An owner or staff member
   * answers the second-factor step, or, on their first sign-in, enrols on the screen that insists on it.
   */
  async function loginByPassword(page, phone, password) {
    await submitLogin(page, phone, password);
    const home = page.waitForURL(`${shop().url}/`).then(() => 'home');
    const asked = page.getByTestId('second-factor-form').waitFor().then(() => 'asked', () => home);
    const enrolling = page.getByTestId('enrol-proof-form').waitFor().then(() => 'enrol', () => home);
    const step = await Promise.race([home, asked, enrolling]);
    if (step === 'asked') {
      await page.getByTestId('second-factor-code').fill(secondFactorCode(phone));
      await page.getByTestId('second-factor-submit').click();
    } else if (step === 'enrol') {
      await enrolOnScreen(page, phone, password);
    }
    await home;
  }

  /**
   * enrolOnScreen enrols an authenticator on the enrolment screen: the password asked again, the secret as its
   * app reads it, its first code, then on.
   */
  async function enrolOnScreen(page, phone, password) {
    await page.getByTestId('enrol-proof-password').fill(password);
    await page.getByTestId('enrol-proof-submit').click();
    await page.getByTestId('enrol-secret').waitFor();
    const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s+/g, '');
    await confirmEnrolment(phone, secret, async (code) => {
      await page.getByTestId('enrol-code').fill(code);
      await page.getByTestId('enrol-submit').click();
      await page.getByTestId('recovery-codes').waitFor();
      const recovery_codes = (await page.getByTestId('recovery-code').allInnerTexts()).map((c) => c.trim());
      await page.getByTestId('enrol-done').click();
      return { recovery_codes };
    });
  }

  /**
   * approvedDeposit has the customer (token) ask to deposit rial with the fixture receipt and the owner (token)
   * approve it, as the two screens would; key is the request's idempotency key. It returns the approval answer.
   */
  async function approvedDeposit(customerToken, ownerToken, rial, key) {
    const form = new FormData();
    form.set('amount', String(rial));
    form.set('receipt', new Blob([receipt], { type: 'image/png' }), 'receipt.png');
    const deposit = ok(await call('/api/wallet/deposit', { method: 'POST', token: customerToken, form, key }));
    return ok(await call(`/api/wallet/requests/${deposit.request.id}`, { method: 'PUT', token: ownerToken, body: { status: 'approved' } }));
  }

  return { call, apiLogin, registerCustomer, submitLogin, loginByPassword, approvedDeposit, enrol, enrolOnScreen, secondFactorCode };
}
