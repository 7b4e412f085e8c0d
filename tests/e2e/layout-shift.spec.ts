/**
 * Layout shift (Core Web Vitals CLS): nothing on a page moves by itself while it loads, while
 * posts are appended below the one being read, while the portfolio loads more, or when the cookie
 * and GDPR notices appear. Shifts within 500 ms of an input (a click, a key) are expected and not
 * counted, as in the CLS definition. Measured with the browser's own layout-shift entries.
 */
import { test, expect, type Page } from '@playwright/test';
import { readSetting, writeSetting } from './support/settings.ts';

async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }[] }[]) {
        if (e.hadRecentInput) continue;
        // each source with where it was and where it went, so a failure says what moved and how
        const rect = (r?: DOMRectReadOnly) => (r ? `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}` : '?');
        const name = (n?: Node) => (n instanceof Element ? `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}` : String(n?.nodeName));
        w.__shifts.push({ value: e.value, sources: (e.sources ?? []).map((s) => `${name(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)} at ${Math.round(performance.now())} ms`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
const total = (list: { value: number }[]) => list.reduce((s, e) => s + e.value, 0);

/** Reads down the page as a person does: a screenful at a time, pausing between. */
async function scrollThrough(page: Page, until: () => Promise<boolean>) {
  for (let i = 0; i < 120 && !(await until()); i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(400);
  }
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 740 : 800 } });

    test('home, with the cookie and GDPR notices appearing: no shift', async ({ page }) => {
      await recordShifts(page);
      await page.goto('/');
      await expect(page.getByRole('dialog', { name: /cookie/i })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      const list = await shifts(page);
      expect(total(list), JSON.stringify(list)).toBe(0);
    });

    test('an article scrolled through three appended posts: no shift', async ({ page, context, baseURL }) => {
      await context.addCookies([
        { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
        { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
      ]);
      await recordShifts(page);
      await page.goto('/welcome-to-the-new-edition/');
      const posts = page.locator('.single-wrapper > .post-block');
      await scrollThrough(page, async () => (await posts.count()) >= 4);
      expect(await posts.count()).toBeGreaterThanOrEqual(4);
      await page.waitForTimeout(500);
      const list = await shifts(page);
      expect(total(list), JSON.stringify(list)).toBe(0);
    });

    test('portfolio: loading more moves nothing', async ({ page, context, baseURL }) => {
      await context.addCookies([
        { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
        { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
      ]);
      await recordShifts(page);
      await page.goto('/portfolio/');
      const items = page.locator('.portfolio-item');
      const before = await items.count();
      const more = page.getByRole('button', { name: /load more/i });
      await more.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      const settled = total(await shifts(page));
      await more.click();
      await expect.poll(() => items.count()).toBeGreaterThan(before);
      // shifts right after the click count as expected; wait until the new items settle
      await page.waitForTimeout(1500);
      const list = await shifts(page);
      // what loading more moved (the page's own load is measured at desktop width below)
      expect(total(list) - settled, JSON.stringify(list)).toBe(0);
    });
  });
}

test.describe('home on a slow computer at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // a busy CPU makes the browser paint the page before it has parsed all of it: a box whose size
  // depends on content parsed later (the slider's right-anchored controls once did) moves then
  test('with the CPU slowed six times, the page still paints without a shift', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await recordShifts(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    const list = await shifts(page);
    expect(total(list), JSON.stringify(list)).toBe(0);
  });
});

for (const width of [375, 1280]) {
  test.describe(`portfolio page load at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 740 : 800 } });
    test('nothing moves while the page loads and is scrolled to its end', async ({ page, context, baseURL }) => {
      await context.addCookies([
        { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
        { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
      ]);
      await recordShifts(page);
      await page.goto('/portfolio/');
      await page.getByRole('button', { name: /load more/i }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(1000);
      const list = await shifts(page);
      expect(total(list), JSON.stringify(list)).toBe(0);
    });
  });
}

for (const width of [375, 1280]) {
  test.describe(`sticky header at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 740 : 800 } });
    test('the header sticking, sliding in and sliding out moves nothing', async ({ page, context, baseURL }) => {
      await context.addCookies([
        { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
        { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
      ]);
      const theme = await readSetting('theme');
      await writeSetting('theme', { ...theme, stickyHeader: true });
      try {
        await expect.poll(async () => (await (await page.request.get('/lemon-olive-oil-cake/')).text()).includes('data-sticky-header'), { timeout: 15_000 }).toBe(true);
        await recordShifts(page);
        await page.goto('/lemon-olive-oil-cake/');
        await expect(page.locator('masthead-island[data-island="header"]')).toHaveAttribute('data-hydrated', '1');
        await page.mouse.move(width / 2, 400);
        const header = page.getByRole('banner');
        const seen = new Set<string>();
        // down past 300 px (stuck, out of sight), up (slides in), down (slides out), up to the top
        for (const dy of [200, 200, 600, -300, 400, -2000]) {
          await page.mouse.wheel(0, dy);
          await page.waitForTimeout(700);
          seen.add(await header.evaluate((h) => h.className));
        }
        // it really went through every mode
        expect([...seen].sort()).toEqual(['site-header', 'site-header is-stuck', 'site-header is-stuck is-animated', 'site-header is-stuck is-animated is-shown'].sort());
        await expect.poll(() => header.evaluate((h) => getComputedStyle(h).position)).toBe('relative');
        const list = await shifts(page);
        expect(total(list), JSON.stringify(list)).toBe(0);
      } finally {
        await writeSetting('theme', theme);
      }
    });
  });
}
