// experiment (not committed): the page with the screen's chunk as a module script, in a 4× CPU trace
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { seedShop, signIn } from './customer.mjs';
import { report } from './tasks.mjs';
import { startShop } from '../../ui/e2e/shop.mjs';

const path = process.argv[2] ?? '/trade_page';
const mode = process.argv[3] ?? 'before';
const shop = await startShop();
try {
  const { call, customer } = await seedShop(shop);
  for (let run = 0; run < 2; run++) {
    const profile = mkdtempSync(join(tmpdir(), 'goldshop-exp-'));
    const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: 'new', userDataDir: profile, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await signIn(page, shop, call, customer.phone);
      await page.setRequestInterception(true);
      page.on('request', async (r) => {
        if (r.url() !== `${shop.url}${path}` || mode === 'none') return r.continue();
        const res = await fetch(r.url());
        let html = await res.text();
        const view = [...html.matchAll(/<link rel="preload" as="script" crossorigin href="(\/assets\/[^"]+)">/g)][0][1];
        const tag = `<script type="module" crossorigin src="${view}"></script>`;
        html = mode === 'before' ? html.replace('<script type="module"', tag + '<script type="module"') : html.replace('</head>', tag + '</head>');
        r.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      });
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.tracing.start({ categories: ['loading', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel', 'v8'] });
      await page.goto(`${shop.url}${path}`, { waitUntil: 'load' });
      await new Promise((r) => setTimeout(r, 4000));
      const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString());
      report(trace.traceEvents, shop.url, path, 40);
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
} finally {
  await shop.stop();
}
