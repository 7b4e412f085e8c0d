/**
 * `npm run screenshots -- <base> <path>...`: full-page PNGs at 375 and 1280 px into .tmp/shots,
 * for looking at the pages (not a test).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:4321', ...paths] = process.argv.slice(2);
mkdirSync('.tmp/shots', { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 800 : 900 } });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (r) => r.abort());
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const name = p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: process.env.FULL !== '0' });
    console.log(`.tmp/shots/${name}-${width}.png`);
  }
  await page.close();
}
await browser.close();
