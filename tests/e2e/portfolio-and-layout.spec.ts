import { test, expect, type Page, type Locator } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { watch, expectAccessible, loginAsAdmin } from './support/page.ts';
import { readSetting, writeSetting, waitForPageVars } from './support/settings.ts';

/**
 * Portfolio (SPEC 2, 3, 4 "Portfolio load-more", 7, 8, 9; NOTES "Portfolio") and site-wide layout:
 * header search (SPEC 4 "Header search", 9), block-heading "More" dropdown (SPEC 2), masonry
 * (SPEC 9), sticky sidebar and the single-portfolio sticky layout (SPEC 9). Demo content: 12
 * portfolio items (branding 5, photography 4, web 3), 6 shown first.
 */
const SHOTS = '.tmp/screens-layout';
mkdirSync(SHOTS, { recursive: true });

const pflCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const body = r.postData() ?? '';
    if (r.url().includes('/api/theme') && body.includes('masthead_pfl_more_post_ajax')) calls.push(body);
  });
  return calls;
};
const grid = (page: Page) => page.locator('.portfolio-grid');
const visibleItems = (page: Page) => grid(page).locator('.portfolio-item:visible');
const filterNav = (page: Page) => page.getByRole('navigation', { name: 'Filter projects' });
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load more' });
/** the ids of the items in the grid, in order (what the island sends as pflShowIds) */
const shownIds = (page: Page) => grid(page).locator('.portfolio-item').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.id)));
const categoriesOfVisible = (page: Page) => visibleItems(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.terms));

test.describe('portfolio', () => {
  test('shows 6, loads more with one request at a time until the no-more message, then hides the button', async ({ page }) => {
    const { errors } = await watch(page);
    const calls = pflCalls(page);
    await page.goto('/portfolio/');
    await expect(visibleItems(page)).toHaveCount(6);
    const first = await shownIds(page);
    expect(first).toHaveLength(6);

    // two quick clicks: the loading flag lets one request through, and no redundant second one is sent
    const more = loadMore(page);
    await expect(more).toBeVisible();
    await more.evaluate((b) => {
      (b as HTMLElement).click();
      (b as HTMLElement).click();
    });
    await expect(visibleItems(page)).toHaveCount(12);
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('datafilter');
    expect(calls[0]).toContain(`"pflShowIds":[${first.join(',')}]`);
    const after = await shownIds(page);
    expect(after).toHaveLength(12);
    expect(new Set(after).size).toBe(12);
    expect(after.slice(0, 6)).toEqual(first);

    // every item is loaded: the no-more text from data-mes_no_more, announced, and the button hides after 1.2 s
    const button = page.locator('.portfolio-more__btn');
    await expect(button).toHaveText('No more projects');
    await expect(page.locator('.portfolio-status')).toContainText('No more projects');
    const shownAt = Date.now();
    await expect(button).toBeHidden({ timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThan(700);
    expect(calls).toHaveLength(1);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test('filters by category on click, with aria-current, a polite count and a #hash deep link', async ({ page }) => {
    const { errors } = await watch(page);
    const calls = pflCalls(page);
    await page.goto('/portfolio/');
    await filterNav(page).getByRole('link', { name: 'Branding' }).click();
    await expect(page).toHaveURL(/\/portfolio\/#branding$/);
    await expect(filterNav(page).getByRole('link', { name: 'Branding' })).toHaveAttribute('aria-current', 'true');
    await expect(filterNav(page).getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current', /.*/);
    const cats = await categoriesOfVisible(page);
    expect(cats.length).toBeGreaterThan(0);
    expect(cats.length).toBeLessThan(6);
    expect(cats.every((c) => c?.split(' ').includes('branding'))).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'projects shown' })).toHaveText(`${cats.length} projects shown`);
    expect(calls).toHaveLength(0); // filtering the loaded items needs no request

    // branding has 5 on the server: load the rest of this category only
    await loadMore(page).click();
    await expect(visibleItems(page)).toHaveCount(5);
    expect((await categoriesOfVisible(page)).every((c) => c?.split(' ').includes('branding'))).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('"currentTerm":"branding"');
    await expect(page.locator('.portfolio-more__btn')).toBeHidden({ timeout: 4000 });

    // back to all: the loaded items of every category, and "Load more" is back for the rest
    await filterNav(page).getByRole('link', { name: 'All' }).click();
    await expect(page).toHaveURL(/\/portfolio\/$/);
    await expect(visibleItems(page)).toHaveCount(8);
    await expect(loadMore(page)).toBeVisible();

    // deep link
    await page.goto('/portfolio/#photography');
    await expect(filterNav(page).getByRole('link', { name: 'Photography' })).toHaveAttribute('aria-current', 'true');
    const photo = await categoriesOfVisible(page);
    expect(photo.length).toBeGreaterThan(0);
    expect(photo.every((c) => c?.split(' ').includes('photography'))).toBe(true);
    expect(errors).toEqual([]);
  });

  test('works from the keyboard: Enter on a filter, Space and Enter on load more', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/portfolio/');
    const web = filterNav(page).getByRole('link', { name: 'Web' });
    await web.focus();
    await page.keyboard.press('Enter');
    await expect(web).toHaveAttribute('aria-current', 'true');
    await expect(visibleItems(page)).toHaveCount(1);
    // Tab from the filter reaches the load-more button (after the visible project)
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(loadMore(page)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(visibleItems(page)).toHaveCount(3);
    // the button hides when finished; focus is not lost with it
    await expect(page.locator('.portfolio-more__btn')).toBeHidden({ timeout: 4000 });
    expect(await page.evaluate(() => document.activeElement?.closest('.portfolio-item') !== null)).toBe(true);
    // all categories again: Enter on "Load more" fetches the rest
    await filterNav(page).getByRole('link', { name: 'All' }).focus();
    await page.keyboard.press('Enter');
    await loadMore(page).focus();
    await page.keyboard.press('Enter');
    await expect(visibleItems(page)).toHaveCount(12);
    expect(errors).toEqual([]);
  });

  test('infinite mode loads when the button comes into view', async ({ page, request }) => {
    const { errors } = await watch(page);
    const theme = await readSetting('theme');
    await writeSetting('theme', { ...theme, portfolioPagination: 'infinite' });
    try {
      await expect.poll(async () => (await (await request.get('/portfolio/')).text()).includes('data-pagination="infinite"'), { timeout: 15_000 }).toBe(true);
      const calls = pflCalls(page);
      // short window: the button starts well below the fold (it loads from 300 px before it shows)
      await page.setViewportSize({ width: 1280, height: 400 });
      await page.goto('/portfolio/');
      await expect(visibleItems(page)).toHaveCount(6);
      await page.waitForTimeout(500);
      expect(calls).toHaveLength(0);
      await page.locator('.portfolio-more').scrollIntoViewIfNeeded();
      await expect(visibleItems(page)).toHaveCount(12);
      await expect(page.locator('.portfolio-more__btn')).toBeHidden({ timeout: 4000 });
      expect(calls).toHaveLength(1);
    } finally {
      await writeSetting('theme', theme);
      await expect.poll(async () => (await (await request.get('/portfolio/')).text()).includes('data-pagination="load-more"'), { timeout: 15_000 }).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px load more keeps the grid's columns and gives the focus to the first new project (screenshot)`, async ({ page }) => {
      const { errors } = await watch(page);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/portfolio/');
      await expect(visibleItems(page)).toHaveCount(6);
      const firstNew = 7;
      await loadMore(page).focus();
      await page.keyboard.press('Enter');
      await expect(visibleItems(page)).toHaveCount(12);
      const focused = page.locator('.portfolio-item').nth(firstNew - 1).getByRole('link');
      await expect(focused).toBeFocused();
      // the loaded cards are drawn like the server's: same width, same height
      const a = (await visibleItems(page).nth(0).boundingBox())!;
      const b = (await visibleItems(page).nth(firstNew - 1).boundingBox())!;
      expect(Math.round(b.width)).toBe(Math.round(a.width));
      expect(Math.round(b.height)).toBe(Math.round(a.height));
      await page.screenshot({ path: `${SHOTS}/portfolio-loaded-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
    });
  }

  test('without script the filter and load more are plain links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/portfolio/');
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.locator('.portfolio-item')).toHaveCount(12);
    await page.getByRole('link', { name: 'Web', exact: true }).click();
    await expect(page).toHaveURL(/\?term=web$/);
    await expect(page.locator('.portfolio-item')).toHaveCount(3);
    await context.close();
  });

  test('single portfolio, layout 3: meta and content stay sticky 90 px from the top', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/portfolio/dunes-at-dusk/');
    await expect(page.locator('body')).toHaveClass(/portfolio-layout-3/);
    const meta = page.locator('.portfolio-single__meta');
    const content = page.locator('.portfolio-single__content');
    for (const el of [meta, content]) {
      expect(await el.evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
      expect(await el.evaluate((e) => getComputedStyle(e).top)).toBe('90px');
    }
    await page.mouse.wheel(0, 400);
    await expect.poll(() => meta.evaluate((e) => Math.round(e.getBoundingClientRect().top))).toBe(90);
    expect(errors).toEqual([]);
  });
});

test.describe('header search', () => {
  const searchBox = (page: Page) => page.locator('#search-box');
  const openSearch = async (page: Page) => {
    await page.evaluate(() => {
      const w = window as unknown as { openedAt?: number; focusedAt?: number };
      document.getElementById('search-box')!.addEventListener('toggle', (e) => {
        if ((e as ToggleEvent).newState === 'open') w.openedAt = performance.now();
      });
      document.getElementById('search-box-input')!.addEventListener('focus', () => (w.focusedAt = performance.now()));
    });
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(searchBox(page)).toBeVisible();
    await expect(page.locator('#search-box-input')).toBeFocused();
    return page.evaluate(() => {
      const w = window as unknown as { openedAt: number; focusedAt: number };
      return w.focusedAt - w.openedAt;
    });
  };

  test('overlay: the field gets focus 200 ms after opening; Escape and the close icon close it', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    const delay = await openSearch(page);
    expect(delay).toBeGreaterThanOrEqual(190);
    expect(delay).toBeLessThan(1000);
    await page.screenshot({ path: `${SHOTS}/search-overlay-1280.png` });
    // Tab stays inside the overlay
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await searchBox(page).evaluate((b) => b.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(searchBox(page)).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeFocused();

    await openSearch(page);
    await searchBox(page).getByRole('button', { name: 'Close' }).click();
    await expect(searchBox(page)).toBeHidden();

    // the keyboard alone: Enter opens, typing and Enter searches
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#search-box-input')).toBeFocused();
    await page.keyboard.type('harbour');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?s=harbour/);
    expect(errors).toEqual([]);
  });

  test('show-up style: Escape does not close it; the close icon and a click outside do', async ({ page, request }) => {
    const { errors } = await watch(page);
    const theme = await readSetting('theme');
    await writeSetting('theme', { ...theme, headerSearch: 'showup' });
    try {
      await waitForPageVars(request, (v) => v.headerSearch === 'showup');
      await page.goto('/');
      await expect(searchBox(page)).toHaveAttribute('popover', 'manual');
      const delay = await openSearch(page);
      expect(delay).toBeGreaterThanOrEqual(190);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(200);
      await expect(searchBox(page)).toBeVisible();
      await searchBox(page).getByRole('button', { name: 'Close' }).click();
      await expect(searchBox(page)).toBeHidden();
      await openSearch(page);
      const url = page.url();
      await page.locator('.block-heading__title').first().click();
      await expect(searchBox(page)).toBeHidden();
      expect(page.url()).toBe(url);
    } finally {
      await writeSetting('theme', theme);
      await waitForPageVars(request, (v) => v.headerSearch === 'overlay');
    }
    expect(errors).toEqual([]);
  });
});

test.describe('block heading "More"', () => {
  const heading = (page: Page) => page.locator('.block-heading').filter({ has: page.getByRole('heading', { name: 'From the sections' }) });
  const more = (h: Locator) => h.getByRole('button', { name: 'More' });

  test('at 375 px the categories that do not fit move into an accessible "More" menu', async ({ page }) => {
    const { errors } = await watch(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const h = heading(page);
    // below the first screen its island waits; the heading's height is the same once it moved the links
    const island = h.locator('xpath=..');
    await expect(island).not.toHaveAttribute('data-hydrated');
    const height = async () => (await h.boundingBox())!.height;
    const before = await height();
    await h.scrollIntoViewIfNeeded();
    await expect(island).toHaveAttribute('data-hydrated', '1');
    expect(await height()).toBe(before);
    const button = more(h);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // nothing visible in the heading overflows it
    const fits = await h.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll('.block-heading__cats > li, .block-heading__more')].every((c) => {
        const r = c.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1;
      });
    });
    expect(fits).toBe(true);

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = h.locator('.block-heading__more-menu');
    await expect(menu).toBeVisible();
    const inMenu = await menu.getByRole('link').allTextContents();
    const inline = await h.locator('.block-heading__cats').getByRole('link').allTextContents();
    expect(inMenu.length).toBeGreaterThan(0);
    // every category once, in order
    expect([...inline, ...inMenu]).toEqual(['Travel', 'Food', 'Reviews', 'Photography', 'Culture']);
    await page.screenshot({ path: `${SHOTS}/home-more-375.png` });
    await expectAccessible(page);

    // keyboard: Tab into the menu, Escape closes it and focus returns to "More"
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    // a menu link works
    await button.press('Enter');
    await menu.getByRole('link').last().click();
    await expect(page).toHaveURL(/\/category\/culture\/$/);
    expect(errors).toEqual([]);
  });

  test('at 1280 px everything fits, and narrowing the window brings "More" (ResizeObserver)', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    const h = heading(page);
    // (the heading's island hydrates as it nears the viewport)
    await h.scrollIntoViewIfNeeded();
    await expect(h.locator('xpath=..')).toHaveAttribute('data-hydrated', '1');
    await expect(h.locator('.block-heading__cats').getByRole('link')).toHaveCount(5);
    await expect(more(h)).toBeHidden();
    await page.setViewportSize({ width: 420, height: 800 });
    await expect(more(h)).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(more(h)).toBeHidden();
    await expect(h.locator('.block-heading__cats').getByRole('link')).toHaveCount(5);
    expect(errors).toEqual([]);
  });
});

test.describe('masonry', () => {
  /** Boxes of a masonry's items once the relayout (100 ms after the resize) and its 0.4 s glide are over. */
  const settledBoxes = async (grid: Locator, columns: number) => {
    await expect(grid).toHaveAttribute('data-masonry-columns', String(columns));
    await expect.poll(() => grid.evaluate((g) => [...g.children].some((c) => c.getAnimations().length > 0))).toBe(false);
    return grid.evaluate((g) =>
      [...g.children]
        .filter((c) => !c.matches('noscript, style, script, template'))
        .map((c) => {
          const r = c.getBoundingClientRect();
          return { left: Math.round(r.left), right: Math.round(r.right), top: Math.round(r.top), bottom: Math.round(r.bottom) };
        }),
    );
  };
  const expectMasonry = (boxes: { left: number; right: number; top: number; bottom: number }[], columns: number) => {
    // every column used, the first row in reading order, nothing overlapping
    expect(new Set(boxes.map((b) => b.left)).size).toBe(Math.min(columns, boxes.length));
    const firstRow = boxes.slice(0, columns);
    expect(firstRow.map((b) => b.left)).toEqual([...firstRow.map((b) => b.left)].sort((a, b) => a - b));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        expect(a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1, `items ${i} and ${j} overlap`).toBe(false);
      }
  };

  test('the home masonry block relays out in 3, 2 and 1 columns, in reading order, without overlaps', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    const grid = page.locator('.masonry[data-masonry]');
    await grid.scrollIntoViewIfNeeded();
    expect(await grid.locator('> *').count()).toBeGreaterThan(3);
    for (const [width, columns] of [
      [1280, 3],
      [800, 2],
      [375, 1],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect(async () => expectMasonry(await settledBoxes(grid, columns), columns)).toPass({ timeout: 3000 });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await grid.screenshot({ path: `${SHOTS}/masonry-1280.png` });
    expect(errors).toEqual([]);
  });

  test('the masonry gallery uses every column and keeps its order', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/streets-after-rain/');
    const grid = page.locator('.gallery--masonry');
    await grid.scrollIntoViewIfNeeded();
    await expect(async () => expectMasonry(await settledBoxes(grid, 3), 3)).toPass({ timeout: 3000 });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(async () => expectMasonry(await settledBoxes(grid, 2), 2)).toPass({ timeout: 3000 });
    await grid.screenshot({ path: `${SHOTS}/gallery-masonry-375.png` });
    expect(errors).toEqual([]);
  });
});

test.describe('sticky sidebar', () => {
  const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

  test('from 961 px the archive sidebar sticks 80 px from the top', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/2026/');
    const side = sidebar(page);
    await expect(side).toBeVisible();
    await expect(side.getByRole('heading', { name: 'Popular posts' })).toBeVisible();
    await expect(side.getByRole('heading', { name: 'Categories' })).toBeVisible();
    await expect(side.getByRole('search')).toBeVisible();
    expect(await side.evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
    expect(await side.evaluate((e) => getComputedStyle(e).top)).toBe('80px');
    // beside the posts, not below them
    const grid = page.locator('.archive-grid');
    const [g, s] = [await grid.boundingBox(), await side.boundingBox()];
    expect(s!.x).toBeGreaterThan(g!.x + g!.width - 1);
    await page.screenshot({ path: `${SHOTS}/archive-sidebar-1280.png` });
    await page.mouse.wheel(0, 500);
    await expect.poll(() => side.evaluate((e) => Math.round(e.getBoundingClientRect().top))).toBe(80);
    await page.screenshot({ path: `${SHOTS}/archive-sidebar-scrolled-1280.png` });
    await expectAccessible(page);
    // the search form works
    await side.getByRole('searchbox').fill('cake');
    await side.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\?s=cake/);
    expect(errors).toEqual([]);
  });

  test('below 961 px it is not sticky and follows the posts', async ({ page }) => {
    const { errors } = await watch(page);
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/2026/');
    const side = sidebar(page);
    expect(await side.evaluate((e) => getComputedStyle(e).position)).toBe('static');
    const [g, s] = [await page.locator('.archive-grid').boundingBox(), await side.boundingBox()];
    expect(s!.y).toBeGreaterThan(g!.y + g!.height - 1);
    await page.setViewportSize({ width: 960, height: 900 });
    expect(await side.evaluate((e) => getComputedStyle(e).position)).toBe('static');
    await page.setViewportSize({ width: 961, height: 900 });
    expect(await side.evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
    expect(errors).toEqual([]);
  });

  test('with the admin bar the margins are 112 px (sidebar) and 122 px (single portfolio)', async ({ page }) => {
    const { errors } = await watch(page);
    await loginAsAdmin(page);
    await page.goto('/2026/');
    await expect(page.locator('body')).toHaveClass(/admin-bar/);
    const side = sidebar(page);
    expect(await side.evaluate((e) => getComputedStyle(e).top)).toBe('112px');
    await page.mouse.wheel(0, 500);
    await expect.poll(() => side.evaluate((e) => Math.round(e.getBoundingClientRect().top))).toBe(112);
    await page.goto('/portfolio/dunes-at-dusk/');
    expect(await page.locator('.portfolio-single__meta').evaluate((e) => getComputedStyle(e).top)).toBe('122px');
    expect(errors).toEqual([]);
  });
});

test.describe('phone screenshots', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('portfolio, archive with sidebar and search at 375 px', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/portfolio/');
    await page.screenshot({ path: `${SHOTS}/portfolio-375.png`, fullPage: true });
    await loadMore(page).click();
    await expect(visibleItems(page)).toHaveCount(12);
    await page.locator('.portfolio-more').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/portfolio-no-more-375.png` });
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.goto('/2026/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/archive-375.png`, fullPage: true });
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('#search-box-input')).toBeFocused();
    for (const name of ['Search', 'Close']) await expect(page.locator('#search-box').getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/search-overlay-375.png` });
    expect(errors).toEqual([]);
  });
});
