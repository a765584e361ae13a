// Launches Debian's Chromium through playwright-core; Playwright never downloads a browser of its own.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const viewports = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 } },
};

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
