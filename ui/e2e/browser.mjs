// Launches Debian's Chromium through playwright-core; Playwright never downloads a browser of its own.
import axe from 'axe-core';
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const viewports = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 } },
};

/** exactly matches an element whose whole text is text: a figure such as '۱' must not pass for '۱۲' or '۲۱'. */
export function exactly(text) {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

const artifacts = process.env.ARTIFACTS || 'test-artifacts';

// shot saves a full-page screenshot of the screen as a test artifact, named by viewport and step. Every
// screen shot is also held to the one number format (docs/decisions.md, "Numbers on screen"): the Persian
// momayyez ٫, which Vazirmatn draws like the thousands separator, never appears; decimals are written "/".
export async function shot(page, name) {
  const text = await page.locator('body').innerText();
  if (text.includes('٫')) throw new Error(`${name}: a number is written with ٫: «${text.slice(Math.max(0, text.indexOf('٫') - 30), text.indexOf('٫') + 30)}»`);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/**
 * axeViolations runs axe-core's WCAG A and AA rules in the page (evaluated, as the CSP forbids inline scripts),
 * once every animation that ends has ended: a toast half way through its fade-in is a blend axe reads as too
 * little contrast, and on a busy machine axe can meet it there.
 */
export async function axeViolations(page) {
  await page.evaluate(() => Promise.allSettled(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished)));
  await page.evaluate(axe.source);
  // each node with axe's reason, so a failure seen once in CI says what covered or shrank it
  return page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    resultTypes: ['violations'],
  }).then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.replace(/\s+/g, ' ')})`).join(', ')}`)));
}

/**
 * socketSignedIn resolves once the page's chat socket has been let in: the server's CONNECT answer («40» on the
 * main namespace) has come over its WebSocket. The socket being opened is not enough, as the server hands its
 * user's events only to a socket it has signed in; call it before what opens the socket.
 */
export function socketSignedIn(page) {
  return page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40') }));
}

/**
 * openPage opens a page of device (a phone unless told) in Tehran's Persian locale that records the browser's
 * errors in errors; expected lets through console errors a test provokes on purpose (a refused call's status).
 */
export async function openPage(browser, { device = viewports.phone, expected = null } = {}) {
  const context = await browser.newContext({ ...device, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && !expected?.test(m.text()) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}
