import { test, expect } from '@playwright/test';
import { watch, expectAccessible } from './support/page.ts';
import { demoPostSlugs } from '../support/demo.ts';

/** Every URL of the runtime contract renders complete server HTML without errors. */
const posts = demoPostSlugs;
const urls = [
  '/',
  ...posts.map((p) => `/${p}/`),
  '/about/',
  '/contact/',
  '/request-a-quote/',
  '/account/',
  '/privacy-policy/',
  ...['travel', 'food', 'reviews', 'photography', 'culture'].map((c) => `/category/${c}/`),
  '/author/admin/',
  '/author/ana-ruiz/',
  '/author/tom-becker/',
  '/?s=harbour',
  '/portfolio/',
  '/portfolio/?term=branding',
  '/2026/',
];

test.describe('every page type', () => {
  for (const url of urls) {
    test(`${url} renders`, async ({ page }) => {
      const { errors } = await watch(page);
      const res = await page.goto(url);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(await page.title()).toMatch(/\S/);
      await expect(page.locator('h1')).toHaveCount(1);
      expect(errors).toEqual([]);
    });
  }

  test('a single portfolio item renders in its layout', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/portfolio/');
    const first = page.locator('.portfolio-item a').first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(href!);
    await expect(page.locator('body')).toHaveClass(/single-portfolio/);
    await expect(page.locator('body')).toHaveClass(/portfolio-layout-[123]/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('unknown addresses answer 404 with a helpful page', async ({ page }) => {
    const res = await page.goto('/no-such-page/');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the front page' })).toBeVisible();
  });

  test('feeds and crawler files', async ({ request }) => {
    const feed = await request.get('/feed/');
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    const xml = await feed.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('/welcome-to-the-new-edition/');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const p of posts) expect(sitemap).toContain(`/${p}/</loc>`);
    expect(sitemap).toContain('/portfolio/</loc>');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
    expect((await request.get('/healthz')).status()).toBe(200);
  });
});

/**
 * Every island on every page type hydrates, and neither a hydration mismatch (React reports it
 * through `onRecoverableError`, which the runtime writes to the console) nor any other error
 * reaches the console. Each island is brought into view once, as a reader scrolling down would, and
 * those hydrated on interaction get a pointer over them; the login popup (on demand) has nothing
 * to hydrate until it is asked for.
 */
test.describe('islands hydrate without an error', () => {
  const waiting = (page: import('@playwright/test').Page) =>
    page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('masthead-island:not([data-hydrated])')].filter((el) => {
          // islands for another screen size (a media query) and those inside hidden parts (a closed
          // dialog) have nothing to hydrate for now
          if (el.dataset.when?.startsWith('media:')) return false;
          return el.dataset.when === 'idle' || [...el.children].some((c) => c.getClientRects().length > 0);
        }).length,
    );
  for (const url of urls) {
    test(`${url}`, async ({ page }) => {
      const { errors } = await watch(page);
      await page.goto(url);
      const count = await page.locator('masthead-island').count();
      for (let i = 0; i < count; i++) {
        await page.locator('masthead-island').nth(i).evaluate((el) => {
          el.firstElementChild?.scrollIntoView({ block: 'center' });
          // an island hydrated on interaction starts when a pointer comes over it, as a reader's would
          if ((el as HTMLElement).dataset.when === 'interaction') el.firstElementChild?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
        });
      }
      await expect.poll(() => waiting(page)).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('structure and metadata', () => {
  test('an article has canonical, Open Graph and JSON-LD', async ({ page }) => {
    await page.goto('/lemon-olive-oil-cake/');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/lemon-olive-oil-cake\/$/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\.webp$/);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = ld.map((j) => (JSON.parse(j) as { '@type': string })['@type']);
    expect(types).toEqual(expect.arrayContaining(['Article', 'Recipe', 'BreadcrumbList']));
    const review = await page.goto('/mirrorless-camera-review/');
    expect(review?.ok()).toBe(true);
    const ld2 = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld2.map((j) => (JSON.parse(j) as { '@type': string })['@type'])).toContain('Review');
  });

  test('post blocks carry the reading attributes and a real previous-post link', async ({ page }) => {
    await page.goto('/welcome-to-the-new-edition/');
    const block = page.locator('article.post-block').first();
    await expect(block).toHaveAttribute('data-postid', /^\d+$/);
    await expect(block).toHaveAttribute('data-current-url', '/welcome-to-the-new-edition/');
    await expect(block).toHaveAttribute('data-post-title', 'Welcome to the new edition');
    await expect(block).toHaveAttribute('data-prev-url', '/lemon-olive-oil-cake/');
    await expect(page.locator('.single-wrapper')).toHaveAttribute('data-infinite', '1');
    await expect(page.getByRole('link', { name: /Previous post: Lemon olive oil cake/i })).toHaveAttribute('href', '/lemon-olive-oil-cake/');
    await page.goto('/first-light/');
    await expect(page.locator('article.post-block').first()).toHaveAttribute('data-end', '1');
    await expect(page.locator('.single-wrapper')).not.toHaveAttribute('data-infinite', /./);
  });

  test('archives sort with a real form: the posts come in the chosen order', async ({ page }) => {
    const dates = () => page.locator('.archive-grid time.post-meta__date').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
    await page.goto('/author/admin/');
    const newest = await dates();
    expect(newest.length).toBeGreaterThan(1);
    expect(newest).toEqual([...newest].sort().reverse());
    const sort = page.getByLabel('Sort posts');
    await expect(sort).toBeVisible();
    await sort.selectOption('oldest');
    await expect(page).toHaveURL(/orderby=oldest/);
    await page.waitForLoadState();
    const oldest = await dates();
    expect(oldest).toEqual([...oldest].sort());
    expect(oldest[0]! < newest[0]!).toBe(true);
    await page.goto('/?s=the');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Search results for “the”');
  });

  test('no horizontal scrolling on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const url of ['/', '/welcome-to-the-new-edition/', '/streets-after-rain/', '/portfolio/', '/request-a-quote/', '/category/travel/']) {
      await page.goto(url);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const url of ['/', '/welcome-to-the-new-edition/', '/category/travel/', '/portfolio/', '/contact/']) {
    test(`${url} has no serious or critical violations`, async ({ page }) => {
      await watch(page);
      await page.goto(url);
      await expectAccessible(page);
    });
  }
});
