// The support chat in Debian's Chromium against the real binary, with two people at once: a customer on a
// phone and the shop's admin on a desktop. The customer opens /chat_page and writes; the admin's header badge
// counts it, the desk lists the room with its unread count, opening it clears the count and shows the message;
// the admin types (the customer sees it), attaches an image (preview, remove, attach again) and replies; the
// customer sees the image and opens it large; the admin sees two ticks once it is read. Away from the chat the
// customer's header badge counts the shop's next message and clears on entering the chat. Below 768 px the
// desk shows the list or the conversation, with back and a way to the dashboard. When the shop goes away the
// customer is told. Screens go to test-artifacts/.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { launch, shot, viewports } from './browser.mjs';
import { apiFor } from './api.mjs';
import { startShop } from './shop.mjs';

const png = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'receipt.png');

const T = {
  hello: 'سلام، برای خرید سکه سؤال داشتم',
  reply: 'سلام، بفرمایید؛ این فاکتور نمونه است',
  later: 'سفارش شما آماده تحویل است',
  thanks: 'ممنونم، فردا می‌آیم',
  uploaded: 'فایل بارگذاری شد',
  newFromShop: 'پیام جدید از پشتیبانی',
  noRooms: 'هنوز گفتگویی نیست',
  onlyMedia: 'فقط تصویر یا فایل صوتی',
  pickRoom: 'یک گفتگو را انتخاب کنید',
};

let shop;
let browser;
const adminPhone = '09350007777';
const adminPassword = 'chat-desk-secret';
const customerPhone = '09127770001';
const customerPassword = 'sara-chat-pass-1';
const api = apiFor(() => shop);

before(async () => {
  shop = await startShop();
  shop.addAdmin(adminPhone, adminPassword);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

/** person opens a logged-in browser context on a device; errors collects console and page errors. */
async function person(device, phone, password) {
  const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await api.loginByPassword(page, phone, password);
  return { context, page, errors };
}

/** noLatin fails when a Latin letter is on the screen: every word people read is Persian. */
async function noLatin(page, where) {
  const body = await page.locator('body').innerText();
  assert.doesNotMatch(body, /[A-Za-z]/, `English on the screen (${where})`);
}

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text });
const bubble = (page, text) => page.getByTestId('chat-message').filter({ hasText: text });
const headerBadge = (page) => page.getByTestId('support-link').getByTestId('unread-badge');

describe('support chat', () => {
  test('a customer and the shop chat both ways', { timeout: 240_000 }, async () => {
    await api.registerCustomer(customerPhone, '066778899', { first_name: 'سارا', last_name: 'کریمی', password: customerPassword });
    const admin = await person(viewports.desktop, adminPhone, adminPassword);
    const a = admin.page;

    // Before anyone writes, the desk says there is nothing yet.
    await a.goto(`${shop.url}/admin-chat_page`);
    await a.getByTestId('chat-no-rooms').getByText(T.noRooms).waitFor();
    await a.getByTestId('chat-pick-room').getByText(T.pickRoom).waitFor();
    await noLatin(a, 'empty desk');
    await shot(a, 'desktop-chat-01-empty-desk');
    await a.goto(`${shop.url}/`);
    await a.getByTestId('support-link').waitFor();

    // The customer opens the chat: no history yet, send waits for text.
    const customer = await person(viewports.phone, customerPhone, customerPassword);
    const c = customer.page;
    await c.getByTestId('support-link').click();
    await c.waitForURL(/\/chat_page$/);
    await c.getByTestId('chat-empty').waitFor();
    assert.equal(await c.getByTestId('bottom-bar').count(), 0, 'no bottom bar on the chat page');
    assert.equal(await c.getByTestId('chat-send').isDisabled(), true, 'nothing to send yet');
    await c.getByTestId('chat-input').fill('   ');
    assert.equal(await c.getByTestId('chat-send').isDisabled(), true, 'blanks are nothing');
    await noLatin(c, 'customer chat');
    await shot(c, 'phone-chat-02-customer-empty');

    await c.getByTestId('chat-input').fill(T.hello);
    await c.getByTestId('chat-send').click();
    const hello = bubble(c, T.hello);
    await hello.waitFor();
    assert.equal(await hello.getAttribute('data-mine'), 'true');
    assert.equal(await hello.getByTestId('receipt').getAttribute('data-state'), 'sent', 'one tick: sent');
    assert.equal(await c.getByTestId('chat-input').inputValue(), '', 'the input empties after sending');
    await shot(c, 'phone-chat-03-customer-sent');

    // An on-screen keyboard takes half the phone's height: the input and the last message stay in view.
    await c.setViewportSize({ width: 360, height: 400 });
    await c.getByTestId('chat-input').focus();
    const input = await c.getByTestId('chat-input').boundingBox();
    assert.ok(input && input.y + input.height <= 400, `the input stays above the keyboard (${JSON.stringify(input)})`);
    const last = await hello.boundingBox();
    assert.ok(last && last.y >= 0 && last.y + last.height <= 400, 'the last message stays in view');
    await shot(c, 'phone-chat-03b-keyboard-open');
    await c.setViewportSize(viewports.phone.viewport);

    // The admin's header badge counts it; the desk lists the room with its unread count.
    await headerBadge(a).filter({ hasText: '۱' }).waitFor();
    await shot(a, 'desktop-chat-04-admin-badge');
    await a.getByTestId('support-link').click();
    await a.waitForURL(/\/admin-chat_page$/);
    const room = a.locator('[data-testid^="chat-room-"]').filter({ hasText: 'سارا کریمی' });
    await room.waitFor();
    assert.equal(await room.getByTestId('room-unread').innerText(), '۱');
    assert.ok((await room.innerText()).includes(T.hello), 'the last message is previewed');
    await noLatin(a, 'desk with a room');
    await shot(a, 'desktop-chat-05-desk-unread');

    // Opening the room clears its count and shows the message with the customer's name and mobile.
    await room.click();
    await bubble(a, T.hello).waitFor();
    await room.getByTestId('room-unread').waitFor({ state: 'detached' });
    assert.equal(await a.getByTestId('chat-room-title').getByText('سارا کریمی').count(), 1);
    assert.equal(await a.getByTestId('chat-room-mobile').innerText(), '۰۹۱۲۷۷۷۰۰۰۱');
    assert.equal(await bubble(a, T.hello).getAttribute('data-mine'), 'false');
    // the customer's message is now read: two ticks on the customer's side
    await hello.locator('[data-testid="receipt"][data-state="read"]').waitFor();

    // The admin types: the customer sees it, and it goes away a second after the typing stops.
    await a.getByTestId('chat-input').pressSequentially('در حال', { delay: 60 });
    await c.getByTestId('typing-indicator').waitFor();
    await shot(c, 'phone-chat-06-customer-sees-typing');
    await c.getByTestId('typing-indicator').waitFor({ state: 'detached', timeout: 5000 });

    // A file that is no image or sound is refused: by its type here, by its content on the server.
    await a.getByTestId('chat-file').setInputFiles({ name: 'list.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await toast(a, T.onlyMedia).waitFor();
    assert.equal(await a.getByTestId('chat-preview').count(), 0);
    await toast(a, T.onlyMedia).waitFor({ state: 'detached' });
    await a.getByTestId('chat-file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await a.getByTestId('chat-send').click();
    await toast(a, T.onlyMedia).waitFor();
    await a.getByTestId('chat-preview').waitFor();
    await a.getByTestId('chat-file-remove').click();

    // The admin attaches an image: a preview that can be removed, then attached again and sent with text.
    await a.getByTestId('chat-file').setInputFiles(png);
    await a.getByTestId('chat-preview').waitFor();
    await shot(a, 'desktop-chat-07-preview');
    await a.getByTestId('chat-file-remove').click();
    assert.equal(await a.getByTestId('chat-preview').count(), 0);
    await a.getByTestId('chat-file').setInputFiles(png);
    await a.getByTestId('chat-input').fill(T.reply);
    await a.getByTestId('chat-send').click();
    await toast(a, T.uploaded).waitFor();
    const reply = bubble(a, T.reply);
    await reply.getByTestId('chat-image').waitFor();
    assert.equal(await reply.getAttribute('data-mine'), 'true');
    // the bubble comes on the broadcast, which may run ahead of the send's answer that clears the composer
    await a.getByTestId('chat-preview').waitFor({ state: 'detached' });

    // The customer, in the chat, sees the reply with the image; so the admin sees two ticks.
    const seen = bubble(c, T.reply);
    await seen.getByTestId('chat-image').waitFor();
    assert.equal(await seen.getAttribute('data-mine'), 'false');
    assert.equal(await seen.getByTestId('receipt').count(), 0, "no ticks on the other side's messages");
    await c.waitForFunction(() => {
      const img = document.querySelector('[data-testid="chat-image"]');
      return img && img.complete && img.naturalWidth > 0;
    });
    await reply.locator('[data-testid="receipt"][data-state="read"]').waitFor();
    await noLatin(a, 'desk conversation');
    await shot(a, 'desktop-chat-08-read-ticks');
    await shot(c, 'phone-chat-09-customer-sees-image');
    await seen.getByRole('button', { name: 'نمایش تصویر در اندازه بزرگ' }).click();
    await c.getByTestId('chat-image-viewer').waitFor();
    await shot(c, 'phone-chat-10-image-large');
    await c.keyboard.press('Escape');
    await c.getByTestId('chat-image-viewer').waitFor({ state: 'detached' });

    // Away from the chat, the shop's next message shows on the customer's header badge and a toast.
    await c.getByTestId('back-button').click();
    await c.waitForURL(`${shop.url}/`);
    await c.getByTestId('welcome-title').waitFor();
    assert.equal(await headerBadge(c).count(), 0, 'everything read so far');
    await a.getByTestId('chat-input').fill(T.later);
    await a.getByTestId('chat-input').press('Enter'); // Enter sends on a desktop
    const later = bubble(a, T.later);
    await later.waitFor();
    await toast(c, T.newFromShop).waitFor();
    await headerBadge(c).filter({ hasText: '۱' }).waitFor();
    assert.equal(await later.getByTestId('receipt').getAttribute('data-state'), 'sent', 'not read while away');
    // the count sits beside the headset, not over it
    const icon = await c.getByTestId('support-link').locator('svg').boundingBox();
    const badge = await headerBadge(c).boundingBox();
    const overlap = Math.max(0, Math.min(icon.x + icon.width, badge.x + badge.width) - Math.max(icon.x, badge.x)) *
      Math.max(0, Math.min(icon.y + icon.height, badge.y + badge.height) - Math.max(icon.y, badge.y));
    assert.ok(overlap <= 0.1 * icon.width * icon.height, `the badge covers ${overlap}px² of the support icon`);
    await shot(c, 'phone-chat-11-customer-badge');

    // Entering the chat reads it: the admin sees two ticks, and back on home the badge is gone.
    await c.getByTestId('support-link').click();
    await bubble(c, T.later).waitFor();
    await later.locator('[data-testid="receipt"][data-state="read"]').waitFor();
    await c.getByTestId('chat-input').fill(T.thanks);
    await c.getByTestId('chat-send').click();
    await bubble(a, T.thanks).waitFor();
    assert.equal(await room.getByTestId('room-unread').count(), 0, 'an open room gathers no unread count');
    await c.getByTestId('back-button').click();
    await c.getByTestId('welcome-title').waitFor();
    await c.waitForTimeout(500);
    assert.equal(await headerBadge(c).count(), 0, 'the badge clears once the chat is read');

    // Below 768 px the desk shows the conversation or the list; back leaves the room, home is the dashboard.
    await a.setViewportSize({ width: 390, height: 780 });
    await a.getByTestId('chat-back-to-list').waitFor();
    assert.equal(await a.getByTestId('chat-rooms').count(), 0, 'the list hides behind the conversation');
    await shot(a, 'narrow-chat-12-conversation');
    await a.getByTestId('chat-back-to-list').click();
    await a.getByTestId('chat-rooms').waitFor();
    assert.equal(await a.getByTestId('chat-conversation-pane').count(), 0, 'the conversation hides behind the list');
    await shot(a, 'narrow-chat-13-list');
    // a message while the admin is on the list counts as unread again
    await c.getByTestId('support-link').click();
    await c.getByTestId('chat-input').fill('یک سؤال دیگر');
    await c.getByTestId('chat-send').click();
    await room.getByTestId('room-unread').filter({ hasText: '۱' }).waitFor();
    await room.click();
    await bubble(a, 'یک سؤال دیگر').waitFor();
    await shot(a, 'narrow-chat-14-back-in-room');
    await a.getByTestId('chat-dashboard').click();
    await a.waitForURL(`${shop.url}/`);

    const quiet = (list) => list.filter((e) => !/401|429|400/.test(e));
    assert.deepEqual(quiet(customer.errors), [], 'customer console errors');
    assert.deepEqual(quiet(admin.errors), [], 'admin console errors');

    // The shop goes away: the customer is told, on a toast and on a banner that stays.
    await bubble(c, 'یک سؤال دیگر').waitFor();
    const gone = shop;
    shop = null;
    await gone.stop();
    await toast(c, 'ارتباط با چت قطع شد').waitFor();
    await c.getByTestId('chat-offline').waitFor();
    await shot(c, 'phone-chat-15-connection-lost');
    await c.waitForTimeout(3500);
    assert.equal(await c.getByTestId('chat-offline').isVisible(), true, 'the banner stays after the toast');

    await customer.context.close();
    await admin.context.close();
  });
});
