// The shop the Lighthouse runs and traces load: what quality.test.mjs has (an owner, two prices of today and a
// customer with rial), and the customer signed in on a page the way the login screen leaves a phone.
import { apiFor, ok } from '../../ui/e2e/api.mjs';

/** PASSWORD is the customer's, for a fresh login each run (a run's refresh may rotate the last tokens away). */
const PASSWORD = 'sara-gold-1';

/** seedShop fills shop and returns its API calls and the customer. */
export async function seedShop(shop) {
  const { call, apiLogin, registerCustomer } = apiFor(() => shop);
  shop.addAdmin('09350007777', 'lighthouse-desk-secret');
  const admin = await apiLogin('09350007777', 'lighthouse-desk-secret');
  for (const base of ['104500000', '105250000']) {
    ok(await call('/api/admin/prices', { method: 'POST', token: admin.accessToken, body: { base_price: base } }));
  }
  const customer = await registerCustomer('09120007777', '007777777', { password: PASSWORD });
  ok(await call('/api/adminCharge/charge', {
    method: 'POST', token: admin.accessToken,
    body: { userId: customer.id, type: 'rial', amount: '250000000', description: 'واریز اولیه' },
  }));
  return { call, customer };
}

/**
 * signIn writes a fresh login of the customer into the storage of the shop's origin from page, at the shop's
 * /healthz, which runs none of the app, so no service worker and no cached file helps the load that follows.
 */
export async function signIn(page, shop, call, phone) {
  const login = ok(await call('/api/auth/login', { method: 'POST', body: { phone_number: phone, password: PASSWORD } }));
  await page.goto(`${shop.url}/healthz`);
  await page.evaluate((l) => {
    localStorage.setItem('authToken', l.accessToken);
    localStorage.setItem('refreshToken', l.refreshToken);
    // what saveLogin stores (session.ts's toUserInfo, in its order), so the page's refreshed profile is the same
    const { id, first_name, last_name, name, is_admin, role, must_enrol_second_factor } = l.user;
    localStorage.setItem('userInfo', JSON.stringify({ id, first_name, last_name, name, is_admin, role, must_enrol_second_factor }));
  }, login);
}
