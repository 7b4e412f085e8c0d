import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { watch, loginAsAdmin } from './support/page.ts';
import { readMenu, writeMenu } from './support/settings.ts';
import { demoPostSlugs } from '../support/demo.ts';

/**
 * Reading a post (issue 3a): infinite previous-post loading with the post in view, the admin edit
 * link, the font-size popup, text replacement, back-to-top and anchor links, on the demo posts.
 * Chain (newest first): welcome-to-the-new-edition → lemon-olive-oil-cake → … → first-light.
 */
const CHAIN = demoPostSlugs;

/**
 * axe (WCAG 2.2 AA) on this feature's own parts: the appended post's title, the loader status,
 * the font-size popups and back-to-top. (The whole page is checked by each part's owner.)
 */
async function expectOwnPartsAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('.single-wrapper > .post-block .post-header')
    .include('.infinite-status')
    .include('.font-size-popup')
    .include('#back-to-top')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`)).toEqual([]);
}

const blocks = (page: Page) => page.locator('.single-wrapper > .post-block');

/** Scrolls so the end of post block `i` is just inside the viewport (the reader reached its end). */
async function reachEndOf(page: Page, i: number) {
  await page.evaluate((index) => {
    const b = document.querySelectorAll('.single-wrapper > .post-block')[index]!;
    const r = b.getBoundingClientRect();
    window.scrollTo({ top: window.scrollY + r.bottom - window.innerHeight + 20, behavior: 'instant' });
  }, i);
}

/** Scrolls so the top of post block `i` sits `offset` px below the top of the viewport. */
async function bringTopOf(page: Page, i: number, offset = 10) {
  await page.evaluate(
    ([index, off]) => {
      const b = document.querySelectorAll('.single-wrapper > .post-block')[index!]!;
      window.scrollTo({ top: window.scrollY + b.getBoundingClientRect().top - off!, behavior: 'instant' });
    },
    [i, offset],
  );
}

/** Post pages fetched by the loader (fetch requests for HTML, not navigations). */
function postFetches(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' && CHAIN.some((s) => new URL(r.url()).pathname === `/${s}/`)) urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

test.beforeEach(async ({ context, baseURL }) => {
  // a stored consent choice and a closed GDPR bar: no notice covering the page
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
    { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
  ]);
});

test.describe('infinite previous post', () => {
  test('appends the previous post at the end of the current one; address, title and page view follow the post in view', async ({ page }) => {
    const { errors } = await watch(page);
    const fetched = postFetches(page);
    const views: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/theme') && (r.postData() ?? '').includes('masthead_count_view')) views.push(r.postData() ?? '');
    });
    await page.goto('/welcome-to-the-new-edition/');
    await expect(blocks(page)).toHaveCount(1);
    // the real previous-post link is in the HTML
    await expect(page.getByRole('link', { name: /Previous post: Lemon olive oil cake/ })).toHaveAttribute('href', '/lemon-olive-oil-cake/');

    // reaching the middle of the post does not load yet
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await page.waitForTimeout(600);
    expect(fetched).toEqual([]);

    await reachEndOf(page, 0);
    await expect(blocks(page)).toHaveCount(2);
    const second = blocks(page).nth(1);
    await expect(second).toHaveAttribute('data-current-url', '/lemon-olive-oil-cake/');
    // the appended title is an h2: the page keeps its only h1
    await expect(second.locator('.post-title')).toHaveText('Lemon olive oil cake');
    expect(await second.locator('.post-title').evaluate((el) => el.tagName)).toBe('H2');
    await expect(page.locator('h1')).toHaveCount(1);
    expect(fetched).toEqual(['/lemon-olive-oil-cake/']);

    // the appended post comes into view: address bar, title and one page view switch to it
    await bringTopOf(page, 1, 20);
    await expect(page).toHaveURL(/\/lemon-olive-oil-cake\/$/);
    await expect(page).toHaveTitle('Lemon olive oil cake – Masthead');
    await expect.poll(() => views.filter((v) => v.includes('masthead_count_view')).length).toBeGreaterThanOrEqual(1);
    const lemonId = await second.getAttribute('data-postid');
    await expect.poll(() => views.some((v) => v.includes(`\r\n\r\n${lemonId}\r\n`))).toBe(true);

    // scrolling back up restores the first post's address and title (replaceState: no new history entries)
    const historyLength = await page.evaluate(() => history.length);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(page).toHaveURL(/\/welcome-to-the-new-edition\/$/);
    await expect(page).toHaveTitle('Welcome to the new edition – Masthead');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(errors).toEqual([]);
  });

  test('the previous post is fetched one screen ahead and appears when the reader reaches the end, without a spinner', async ({ page }) => {
    const { errors } = await watch(page);
    const fetched = postFetches(page);
    await page.goto('/welcome-to-the-new-edition/');
    // record every text the loader's status line shows
    await page.evaluate(() => {
      const w = window as unknown as { statusTexts: string[] };
      w.statusTexts = [];
      const status = document.querySelector('.single-wrapper [role="status"]')!;
      new MutationObserver(() => w.statusTexts.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
    });
    // the end of the post is half a screen below the viewport: fetched, not yet appended
    const fetchedAhead = page.waitForResponse((r) => new URL(r.url()).pathname === '/lemon-olive-oil-cake/' && r.request().resourceType() === 'fetch');
    await page.evaluate(() => {
      const b = document.querySelector('.single-wrapper > .post-block')!;
      window.scrollTo({ top: window.scrollY + b.getBoundingClientRect().bottom - window.innerHeight * 1.5, behavior: 'instant' });
    });
    await fetchedAhead;
    await page.waitForTimeout(400);
    await expect(blocks(page)).toHaveCount(1);
    // reaching the end appends it at once, from what was fetched
    await reachEndOf(page, 0);
    await expect(blocks(page)).toHaveCount(2, { timeout: 1000 });
    expect(fetched).toEqual(['/lemon-olive-oil-cake/']);
    expect(await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts.filter(Boolean))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('keeps loading one post at a time up to first-light and stops there', async ({ page }) => {
    test.setTimeout(90_000);
    const { errors } = await watch(page);
    const fetched = postFetches(page);
    await page.goto('/welcome-to-the-new-edition/');
    for (let i = 0; i < CHAIN.length - 1; i++) {
      await reachEndOf(page, i);
      await expect(blocks(page)).toHaveCount(i + 2, { timeout: 10_000 });
    }
    await expect(blocks(page).last()).toHaveAttribute('data-current-url', '/first-light/');
    await expect(blocks(page).last()).toHaveAttribute('data-end', '1');
    await expect(page.getByText('You have reached the first post.')).toBeVisible();
    // more scrolling loads nothing more
    await reachEndOf(page, CHAIN.length - 1);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await page.waitForTimeout(800);
    await expect(blocks(page)).toHaveCount(CHAIN.length);
    expect(fetched).toEqual(CHAIN.slice(1).map((s) => `/${s}/`));
    // the last post in view is the oldest one
    await bringTopOf(page, CHAIN.length - 1, 20);
    await expect(page).toHaveURL(/\/first-light\/$/);
    expect(errors).toEqual([]);
  });

  test('a failed request shows Retry in place, keeps the page usable, and Retry loads the post', async ({ page }) => {
    const { errors } = await watch(page);
    let attempts = 0;
    await page.route('**/lemon-olive-oil-cake/', async (route) => {
      if (route.request().resourceType() !== 'fetch') return route.continue();
      attempts++;
      if (attempts === 1) return route.fulfill({ status: 503, contentType: 'text/html', body: '<p>busy</p>' });
      return route.continue();
    });
    await page.goto('/welcome-to-the-new-edition/');
    await reachEndOf(page, 0);
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'The previous post could not be loaded.' })).toBeVisible();
    await expect(blocks(page)).toHaveCount(1);
    await expectOwnPartsAccessible(page);
    // no automatic retry loop: scrolling again does not send another request
    await page.evaluate(() => window.scrollBy({ top: -200, behavior: 'instant' }));
    await reachEndOf(page, 0);
    await page.waitForTimeout(600);
    expect(attempts).toBe(1);
    // the page stays usable: the real previous-post link is still there
    await expect(page.getByRole('link', { name: /Previous post: Lemon olive oil cake/ })).toBeVisible();

    await retry.focus();
    await page.keyboard.press('Enter');
    await expect(blocks(page)).toHaveCount(2);
    await expect(retry).toHaveCount(0);
    // focus goes to the post that just arrived
    await expect(blocks(page).nth(1).locator('.post-title')).toBeFocused();
    expect(attempts).toBe(2);
    expect(errors.filter((e) => !/503|could not be loaded/.test(e))).toEqual([]);
  });

  test('behaviours come alive inside an appended post', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/welcome-to-the-new-edition/');
    await reachEndOf(page, 0);
    await expect(blocks(page)).toHaveCount(2);
    const appended = blocks(page).nth(1);
    // the star rating of the appended recipe becomes a radio group
    await appended.locator('.recipe-card').scrollIntoViewIfNeeded();
    await expect(appended.getByRole('radio', { name: 'Rate 5 out of 5' })).toBeAttached();
    // its like button toggles at once
    const like = appended.locator('.like-button').first();
    await like.scrollIntoViewIfNeeded();
    const before = Number(await like.locator('xpath=..').locator('.like-button__count').textContent());
    await like.click();
    await expect(like).toHaveAttribute('aria-label', 'Unlike');
    await expect(like).toHaveAccessibleDescription(String(before + 1));
    expect(errors).toEqual([]);
  });

  test('keyboard users reach the footer: moving by focus never loads more posts', async ({ page }) => {
    test.setTimeout(90_000);
    const { errors } = await watch(page);
    await page.goto('/welcome-to-the-new-edition/');
    let inFooter = false;
    for (let i = 0; i < 250 && !inFooter; i++) {
      await page.keyboard.press('Tab');
      inFooter = await page.evaluate(() => !!document.activeElement?.closest('footer.site-footer, [role="contentinfo"], body > footer'));
    }
    expect(inFooter).toBe(true);
    await page.waitForTimeout(500);
    await expect(blocks(page)).toHaveCount(1);
    // the focused footer element is on screen
    const inView = await page.evaluate(() => {
      const r = document.activeElement!.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    });
    expect(inView).toBe(true);
    expect(errors).toEqual([]);
  });

  test('phone viewport: loads, switches the address, and the page stays accessible', async ({ page }) => {
    const { errors } = await watch(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/welcome-to-the-new-edition/');
    // a reader scrolling with the finger (wheel events stand in for touch scrolling)
    for (let i = 0; i < 60 && (await blocks(page).count()) < 2; i++) {
      await page.mouse.wheel(0, 900);
      await page.waitForTimeout(120);
    }
    await expect(blocks(page)).toHaveCount(2);
    await bringTopOf(page, 1, 10);
    await expect(page).toHaveURL(/\/lemon-olive-oil-cake\/$/);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('reading-phone-appended.png') });
    await expectOwnPartsAccessible(page);
    expect(errors).toEqual([]);
  });
});

test.describe('admin edit link', () => {
  test('follows the post in view', async ({ page }) => {
    const { errors } = await watch(page);
    await loginAsAdmin(page);
    await page.goto('/welcome-to-the-new-edition/');
    const edit = page.locator('a[data-admin-edit]');
    await expect(edit).toHaveCount(1);
    const firstEdit = await blocks(page).first().getAttribute('data-edit-post');
    await expect(edit).toHaveAttribute('href', firstEdit!);
    await reachEndOf(page, 0);
    await expect(blocks(page)).toHaveCount(2);
    await bringTopOf(page, 1, 20);
    const secondEdit = await blocks(page).nth(1).getAttribute('data-edit-post');
    expect(secondEdit).not.toBe(firstEdit);
    await expect(edit).toHaveAttribute('href', secondEdit!);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(edit).toHaveAttribute('href', firstEdit!);
    expect(errors).toEqual([]);
  });
});

test.describe('font size', () => {
  const entryFontPx = (page: Page, i = 0) => blocks(page).nth(i).locator('.entry-content').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

  test('slider 0.5–1.5 in steps of 0.1, stored for a year, applied to appended posts, reset, clamped', async ({ page, context }) => {
    const { errors } = await watch(page);
    await page.goto('/welcome-to-the-new-edition/');
    const base = await entryFontPx(page);
    const titleBox = await page.locator('h1.post-title').boundingBox();

    await page.getByRole('button', { name: 'Text size' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Text size' }).first();
    await expect(dialog).toBeVisible();
    const slider = dialog.getByRole('slider', { name: 'Text size' });
    await expect(slider).toBeFocused();
    await expect(slider).toHaveAttribute('min', '0.5');
    await expect(slider).toHaveAttribute('max', '1.5');
    await expect(slider).toHaveAttribute('step', '0.1');
    await expect(slider).toHaveValue('1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('1.2');
    await expect(slider).toHaveAttribute('aria-valuetext', 'Text size 120%');
    expect(await entryFontPx(page)).toBeCloseTo(base * 1.2, 1);
    // only the text changes: the title above it does not move
    expect(await page.locator('h1.post-title').boundingBox()).toEqual(titleBox);
    // the popup sits inside the viewport, under its button
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    await expectOwnPartsAccessible(page);

    const cookie = (await context.cookies()).find((c) => c.name === 'masthead-font-changer');
    expect(cookie?.value).toBe('1.2');
    expect(cookie?.path).toBe('/');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    // Escape closes it and focus returns to the button
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Text size' }).first()).toBeFocused();

    // persisted across a reload, before any interaction
    await page.reload();
    expect(await entryFontPx(page)).toBeCloseTo(base * 1.2, 1);
    // and applied to the appended post, whose own slider shows the same value
    await reachEndOf(page, 0);
    await expect(blocks(page)).toHaveCount(2);
    expect(await entryFontPx(page, 1)).toBeCloseTo(base * 1.2, 1);
    await bringTopOf(page, 1, 200);
    await blocks(page).nth(1).getByRole('button', { name: 'Text size' }).click();
    const second = blocks(page).nth(1).getByRole('dialog', { name: 'Text size' });
    await expect(second.getByRole('slider')).toHaveValue('1.2');
    await second.getByRole('button', { name: 'Reset' }).click();
    await expect(second.getByRole('slider')).toHaveValue('1');
    expect(await entryFontPx(page, 0)).toBeCloseTo(base, 1);
    expect(await entryFontPx(page, 1)).toBeCloseTo(base, 1);
    expect((await context.cookies()).find((c) => c.name === 'masthead-font-changer')?.value).toBe('1');
    expect(errors).toEqual([]);
  });

  test('an out-of-range stored value is clamped', async ({ page, context, baseURL }) => {
    await page.goto('/welcome-to-the-new-edition/');
    const base = await entryFontPx(page);
    await context.addCookies([{ name: 'masthead-font-changer', value: '9', url: baseURL! }]);
    await page.reload();
    expect(await entryFontPx(page)).toBeCloseTo(base * 1.5, 1);
    await context.addCookies([{ name: 'masthead-font-changer', value: '-1.5', url: baseURL! }]);
    await page.reload();
    expect(await entryFontPx(page)).toBeCloseTo(base * 0.5, 1);
    await page.getByRole('button', { name: 'Text size' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Text size' }).first().getByRole('slider')).toHaveValue('0.5');
  });

  test('phone viewport: the popup fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/welcome-to-the-new-edition/');
    await page.getByRole('button', { name: 'Text size' }).first().click();
    const box = (await page.getByRole('dialog', { name: 'Text size' }).first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('reading-font-popup-phone.png') });
  });
});

test.describe('text replacement', () => {
  test('the server already applied the rule: "teh" is never on the page', async ({ page, request }) => {
    const { errors } = await watch(page);
    const html = await (await request.get('/welcome-to-the-new-edition/')).text();
    expect(html).toContain('If you spot the odd typo');
    expect(html).not.toMatch(/\bteh\b(?![^<]*<\/script>)/);
    // what the browser paints first is the server's text: record every text the body ever had
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'characterData') seen.push((r.target as Text).data);
          r.addedNodes.forEach((n) => seen.push(n.textContent ?? ''));
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/welcome-to-the-new-edition/');
    await expect(page.getByText(/If you spot the odd typo/)).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.join('\n'));
    expect(seen).toContain('If you spot the odd typo');
    expect(seen).not.toContain('spot teh odd');
    expect(errors).toEqual([]);
  });

  test('text that arrives later (an appended post) is rewritten too, never in code', async ({ page }) => {
    const { errors } = await watch(page);
    await page.route('**/lemon-olive-oil-cake/', async (route) => {
      if (route.request().resourceType() !== 'fetch') return route.continue();
      const res = await route.fetch();
      // as if the server had no rules: the appended HTML still says "teh"
      const body = (await res.text()).replace('<div class="post-content entry-content">', '<div class="post-content entry-content"><p id="typo">Fix teh typo, not <code>teh</code> code.</p>');
      return route.fulfill({ response: res, body });
    });
    await page.goto('/welcome-to-the-new-edition/');
    await reachEndOf(page, 0);
    await expect(blocks(page)).toHaveCount(2);
    await expect(page.locator('#typo')).toHaveText('Fix the typo, not teh code.');
    expect(errors).toEqual([]);
  });
});

test.describe('back to top', () => {
  test('appears after 300 px, scrolls to the top in about 700 ms, keyboard focus lands at the top', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/on-slow-reading/');
    const top = page.getByRole('link', { name: 'Back to top' });
    await expect(top).toBeHidden();
    await page.evaluate(() => window.scrollTo({ top: 250, behavior: 'instant' }));
    await page.waitForTimeout(400);
    await expect(top).toBeHidden();
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    await expect(top).toBeVisible();

    await top.click();
    // animated, not a jump
    await page.waitForTimeout(150);
    const mid = await page.evaluate(() => window.scrollY);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(1500);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2000 }).toBe(0);
    await expect(top).toBeHidden();

    // keyboard: Enter on the link, then focus is at the top of the page (the skip link)
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    await expect(top).toBeVisible();
    await top.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2000 }).toBe(0);
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('with reduced motion it jumps at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/on-slow-reading/');
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    const top = page.getByRole('link', { name: 'Back to top' });
    await expect(top).toBeVisible();
    // every position the page passes through on the way up (the button hydrates on this first
    // click, which is replayed once it has: the jump may come a moment later, but in one step)
    await page.evaluate(() => {
      const w = window as unknown as { seen: number[] };
      w.seen = [];
      addEventListener('scroll', () => w.seen.push(scrollY), { passive: true });
    });
    await top.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { seen: number[] }).seen)).toEqual([0]);
  });
});

test.describe('anchor links', () => {
  const targetTop = (page: Page, id: string) => page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id);

  test('table of contents and in-text links land 70 px above the heading (SPEC 9 scroll-to)', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/on-slow-reading/');
    const toc = page.getByRole('navigation', { name: 'In this essay' });
    await toc.getByRole('link', { name: 'The pencil' }).click();
    await expect(page).toHaveURL(/#the-pencil$/);
    await expect.poll(() => targetTop(page, 'the-pencil'), { timeout: 3000 }).toBe(70);
    await expect(page.locator('#the-pencil')).toBeFocused();

    await page.getByRole('link', { name: 'go back to the beginning' }).click();
    await expect(page).toHaveURL(/#why-slowness$/);
    await expect.poll(() => targetTop(page, 'why-slowness'), { timeout: 3000 }).toBe(70);
    expect(errors).toEqual([]);
  });

  test('an anchor link in the side menu scrolls and closes the menu (phone)', async ({ page, request }) => {
    const { errors } = await watch(page);
    // an editor's mobile-menu item pointing at a section of this page (the demo menus have none)
    const side = await readMenu('side');
    await writeMenu('side', [...side, { id: 0, label: 'Rereading', url: '/on-slow-reading/#rereading', megaTermId: null, children: [] }]);
    try {
      await expect.poll(async () => (await (await request.get('/on-slow-reading/')).text()).includes('href="/on-slow-reading/#rereading">Rereading</a>'), { timeout: 15_000 }).toBe(true);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/on-slow-reading/');
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Side menu' });
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: 'Rereading' }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/#rereading$/);
      await expect.poll(() => targetTop(page, 'rereading'), { timeout: 3000 }).toBe(120);
      await page.screenshot({ path: test.info().outputPath('reading-anchor-phone.png') });
    } finally {
      await writeMenu('side', side);
    }
    expect(errors).toEqual([]);
  });
});
