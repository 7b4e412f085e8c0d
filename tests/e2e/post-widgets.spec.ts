import { test, expect, type Page, type Locator } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { watch, expectAccessible } from './support/page.ts';
import { holdReact, watchReact } from './support/react-hold.ts';

/**
 * Single-post widgets (issue 3b) on the demo posts: like (sync, state after reload), share
 * collapse and copy link, author tabs by keyboard, the related-posts popup, star rating by
 * keyboard, jump to recipe, review charts, the smart-list dropdown, click-to-play video and the
 * playlist, responsive embeds, and the same widgets inside a post appended by infinite scroll.
 */
const WELCOME = '/welcome-to-the-new-edition/';
const CAKE = '/lemon-olive-oil-cake/';
const REVIEW = '/mirrorless-camera-review/';
const WALKS = '/twelve-coastal-walks/';
const STUDIO = '/studio-sessions/';
const MORNINGS = '/quiet-mornings/';

const firstBlock = (page: Page) => page.locator('.single-wrapper > .post-block').first();

/** Theme calls of one action, with their fields. */
function themeCalls(page: Page, action: string) {
  const calls: Record<string, string>[] = [];
  page.on('request', (r) => {
    if (!r.url().endsWith('/api/theme') || r.method() !== 'POST') return;
    const body = r.postData() ?? '';
    if (!body.includes(`name="action"\r\n\r\n${action}\r\n`)) return;
    const fields: Record<string, string> = {};
    for (const m of body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) fields[m[1]!] = m[2]!;
    calls.push(fields);
  });
  return calls;
}

const waitForAction = (page: Page, action: string) =>
  page.waitForResponse((r) => r.url().endsWith('/api/theme') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes(`\r\n\r\n${action}\r\n`));

/** axe (WCAG 2.2 AA) on these widgets only: no serious or critical violations. */
async function expectWidgetsAccessible(page: Page, selectors: string[]) {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const s of selectors) axe = axe.include(s);
  const bad = (await axe.analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

async function scrollIntoMiddle(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
}

test.beforeEach(async ({ context, baseURL }) => {
  // a stored consent choice (rejected unless a test accepts) and a closed GDPR bar: nothing covers the page
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
    { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
  ]);
});

test.describe('like', () => {
  test('toggles at once on every button of the post, is sent with post_id, and the state survives a reload', async ({ page }) => {
    const { errors } = await watch(page);
    const likes = themeCalls(page, 'masthead-post-like');
    const state = waitForAction(page, 'masthead_post_state');
    await page.goto(WELCOME);
    await state;
    const post = firstBlock(page);
    const postId = await post.getAttribute('data-postid');
    const buttons = post.locator(`.like-button[data-post_id="${postId}"]`);
    await expect(buttons).toHaveCount(2);
    const header = post.locator('.post-header').getByRole('button', { name: 'Like', exact: true });
    const footer = post.locator('.post-footer').getByRole('button', { name: 'Like', exact: true });
    // the count is shown next to the button (outside its name) and describes it
    const count = async (b: Locator) => Number(await b.locator('xpath=..').locator('.like-button__count').textContent());
    const before = await count(header);
    expect(await count(footer)).toBe(before);

    // the answer is held back: the buttons change without waiting for it
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/theme', async (route) => {
      if ((route.request().postData() ?? '').includes('masthead-post-like')) await held;
      await route.continue();
    });
    await header.click();
    const unlikeHeader = post.locator('.post-header').getByRole('button', { name: 'Unlike', exact: true });
    const unlikeFooter = post.locator('.post-footer').getByRole('button', { name: 'Unlike', exact: true });
    await expect(unlikeHeader).toHaveAttribute('title', 'Unlike');
    await expect(unlikeFooter).toBeVisible();
    expect(await count(unlikeHeader)).toBe(before + 1);
    expect(await count(unlikeFooter)).toBe(before + 1);
    const answered = waitForAction(page, 'masthead-post-like');
    release();
    expect((await (await answered).json()).data).toEqual({ liked: true, count: before + 1 });
    expect(likes[0]).toMatchObject({ post_id: postId, masthead_post_like: '1' });
    expect(likes[0]!.nonce).toMatch(/\S{10,}/);
    await page.unroute('**/api/theme');

    // the page is cached: after a reload the visitor's own state comes from the state call
    const again = waitForAction(page, 'masthead_post_state');
    await page.reload();
    await again;
    await expect(unlikeHeader).toBeVisible();
    await expect(unlikeFooter).toBeVisible();
    expect(await count(unlikeHeader)).toBe(before + 1);

    // and back: "Like", count − 1, on both
    const back = waitForAction(page, 'masthead-post-like');
    await unlikeFooter.click();
    await expect(header).toHaveAttribute('title', 'Like');
    await expect(footer).toBeVisible();
    expect(await count(header)).toBe(before);
    expect(await count(footer)).toBe(before);
    expect((await (await back).json()).data).toEqual({ liked: false, count: before });
    // the name ("Like") contains the button's visible text: the count is outside it and describes it (WCAG 2.5.3)
    await expect(header).toHaveAccessibleDescription(String(before));
    const mismatch = await new AxeBuilder({ page }).include('.like').withRules(['label-content-name-mismatch']).analyze();
    expect(mismatch.violations.map((v) => v.id)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('before React (issue 12 budget: reading needs no component)', () => {
  test('reading the article to its end loads no React: back-to-top, share collapse and the related popup work without it', async ({ page, context }) => {
    // a first visit: the cookie notice and the GDPR bar open (a browser that closed the bar loads nothing for it either: consent.spec.ts)
    await context.clearCookies();
    const { errors } = await watch(page);
    const react = watchReact(page);
    const state = waitForAction(page, 'masthead_post_state');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(WELCOME);
    await state;
    const top = page.getByRole('link', { name: 'Back to top' });
    await expect(top).toBeHidden();
    // read down the article as a reader does (the popup's flag scrolls through the window)
    const post = firstBlock(page);
    const end = await post.evaluate((el) => el.getBoundingClientRect().bottom + scrollY);
    for (let y = 0; y < end; y += 400) {
      await page.evaluate((to) => window.scrollTo({ top: to, behavior: 'instant' }), y);
      await page.waitForTimeout(40);
    }
    await expect(top).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Read next' })).toBeVisible();
    // the share row is collapsed behind its "Share" button on a phone, drawn by the server's CSS
    const share = post.locator('[data-share]');
    await expect(share.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(share.getByRole('button', { name: 'Copy link' })).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(react).toEqual([]);
    // Escape closes the popup, still without React
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Read next' })).toBeHidden();
    expect(react).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a like clicked before its button hydrated counts once, on both buttons of the post', async ({ page }) => {
    const { errors } = await watch(page);
    const likes = themeCalls(page, 'masthead-post-like');
    const react = await holdReact(page);
    const state = waitForAction(page, 'masthead_post_state');
    await page.goto(WELCOME);
    await state;
    const post = firstBlock(page);
    const header = post.locator('.post-header').getByRole('button', { name: 'Like', exact: true });
    const before = Number(await post.locator('.post-header .like-button__count').textContent());
    await header.click();
    // React is held back: nothing has changed yet, and nothing was sent
    await page.waitForTimeout(200);
    expect(react.loaded()).toBe(true);
    await expect(header).toBeVisible();
    expect(likes).toEqual([]);
    const answered = waitForAction(page, 'masthead-post-like');
    react.release();
    await expect(post.locator('.post-header').getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
    await expect(post.locator('.post-footer').getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
    expect((await (await answered).json()).data).toEqual({ liked: true, count: before + 1 });
    await expect(post.locator('.post-footer .like-button__count')).toHaveText(String(before + 1));
    await page.waitForTimeout(300);
    expect(likes).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

test.describe('a failed like or rating call (SPEC S165: not handled)', () => {
  test('keeps what the visitor did, and nothing but the failed request reaches the console', async ({ page }) => {
    const { errors } = await watch(page);
    const failed: string[] = [];
    await page.route('**/api/theme', async (route) => {
      const action = /name="action"\r\n\r\n([^\r]*)/.exec(route.request().postData() ?? '')?.[1] ?? '';
      if (action !== 'masthead-post-like' && action !== 'masthead_rateyo') return route.continue();
      failed.push(action);
      return route.abort('connectionfailed');
    });
    const state = waitForAction(page, 'masthead_post_state');
    await page.goto(CAKE);
    await state;
    const post = firstBlock(page);
    const count = async (b: Locator) => Number(await b.locator('xpath=..').locator('.like-button__count').textContent());
    const like = post.locator('.post-header').getByRole('button', { name: 'Like', exact: true });
    const before = await count(like);
    await like.click();
    const unlike = post.locator('.post-header').getByRole('button', { name: 'Unlike', exact: true });
    await expect(unlike).toBeVisible();

    const rating = post.locator('.star-rating');
    const people = Number(await rating.getAttribute('data-people'));
    // the rating hydrates when it comes into view (its radios are the hydrated island's)
    await rating.scrollIntoViewIfNeeded();
    await rating.getByRole('radiogroup', { name: 'Rating' }).getByRole('radio', { name: 'Rate 5 out of 5' }).focus();
    await page.keyboard.press('Enter');
    await expect(rating.locator('.star-rating__text')).toHaveText(/^Thanks for rating!/);
    await expect.poll(() => failed.sort()).toEqual(['masthead-post-like', 'masthead_rateyo']);
    // after the failures: no rollback, no message
    await page.waitForTimeout(500);
    await expect(unlike).toBeVisible();
    expect(await count(unlike)).toBe(before + 1);
    await expect(rating).toHaveAttribute('data-people', String(people + 1));
    await expect(rating.getByRole('radio')).toHaveCount(0);
    expect(errors.filter((e) => !/^Failed to load resource/.test(e))).toEqual([]);
  });
});

test.describe('share buttons', () => {
  test('collapse into a "Share" button on a phone and expand on demand', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const { errors } = await watch(page);
    await page.goto(WELCOME);
    const share = firstBlock(page).locator('[data-share]');
    await scrollIntoMiddle(share);
    const toggle = share.getByRole('button', { name: 'Share' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const copy = share.getByRole('button', { name: 'Copy link' });
    await expect(copy).toBeHidden();
    await expect(share.getByRole('link', { name: 'Share on Facebook' })).toBeVisible();
    // what is shown fits on one line
    const box = await share.boundingBox();
    expect(box!.height).toBeLessThan(60);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(copy).toBeVisible();
    await expect(share.getByRole('link', { name: 'Share on E-mail' })).toBeVisible();
    await toggle.click();
    await expect(copy).toBeHidden();
    await page.screenshot({ path: '.tmp/shots/widgets-share-375.png' });
    expect(errors).toEqual([]);
  });

  test('show everything on a wide screen, and collapse when the window narrows (ResizeObserver)', async ({ page }) => {
    await watch(page);
    await page.goto(WELCOME);
    const share = firstBlock(page).locator('[data-share]');
    await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(share.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(share.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(share.getByRole('button', { name: 'Copy link' })).toBeHidden();
  });

  test('copy link copies the address and says "Link copied"', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const { errors } = await watch(page);
    await page.goto(WELCOME);
    const share = firstBlock(page).locator('[data-share]');
    const status = share.getByRole('status');
    await expect(status).toHaveText('');
    await share.getByRole('button', { name: 'Copy link' }).click();
    await expect(status).toHaveText('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(WELCOME);
    expect(errors).toEqual([]);
  });
});

test.describe('author box tabs', () => {
  test('keyboard: arrows, Home and End move and activate; a click on the active tab changes nothing', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto(WELCOME);
    const box = firstBlock(page).locator('.author-box');
    const about = box.getByRole('tab', { name: 'About the author' });
    const latest = box.getByRole('tab', { name: 'Latest posts' });
    await expect(about).toHaveAttribute('aria-selected', 'true');
    await expect(box.getByRole('tabpanel')).toHaveCount(1);
    await about.focus();
    await page.keyboard.press('ArrowRight');
    await expect(latest).toBeFocused();
    await expect(latest).toHaveAttribute('aria-selected', 'true');
    await expect(about).toHaveAttribute('aria-selected', 'false');
    await expect(latest).toHaveAttribute('tabindex', '0');
    await expect(about).toHaveAttribute('tabindex', '-1');
    const panel = box.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    await expect(panel).toHaveAttribute('aria-labelledby', (await latest.getAttribute('id'))!);
    await page.keyboard.press('Home');
    await expect(about).toBeFocused();
    await expect(about).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(latest).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight'); // wraps
    await expect(about).toHaveAttribute('aria-selected', 'true');
    // Tab leaves the tab list for the panel
    await page.keyboard.press('Tab');
    await expect(box.getByRole('tabpanel')).toBeFocused();
    await about.click();
    await expect(about).toHaveAttribute('aria-selected', 'true');
    await expect(box.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', (await about.getAttribute('id'))!);
    await latest.click();
    await expect(box.getByRole('tabpanel').getByRole('link').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('related-posts popup', () => {
  test('shows once when its flag scrolls into view; closed stays closed', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto(WELCOME);
    const dialog = page.getByRole('dialog', { name: 'Read next' });
    await expect(dialog).toBeHidden();
    const flag = firstBlock(page).locator('[data-related-popup]');
    await scrollIntoMiddle(flag);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link').first()).toBeVisible();
    // not taken from the reader: focus stays where it was
    await expect(dialog).not.toContainText(/^$/);
    await expect(page.locator('.related-popup :focus')).toHaveCount(0);
    await expectWidgetsAccessible(page, ['.related-popup', '[data-share]', '.author-box', '.like-button']);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForTimeout(200);
    await scrollIntoMiddle(flag);
    await page.waitForTimeout(500);
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('Escape closes it', async ({ page }) => {
    await watch(page);
    await page.goto(WELCOME);
    const dialog = page.getByRole('dialog', { name: 'Read next' });
    await scrollIntoMiddle(firstBlock(page).locator('[data-related-popup]'));
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('recipe', () => {
  test('jump to recipe lands the card 30 px below the top (the header is not sticky)', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto(CAKE);
    const card = firstBlock(page).locator('.recipe-card');
    await firstBlock(page).getByRole('link', { name: 'Jump to recipe' }).click();
    await expect.poll(async () => Math.round((await card.boundingBox())!.y), { timeout: 5000 }).toBe(30);
    await expect(card).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('rate by keyboard: arrows only preview, Enter votes; then read-only, also after a reload', async ({ page }) => {
    const { errors } = await watch(page);
    const votes = themeCalls(page, 'masthead_rateyo');
    await page.goto(CAKE);
    const rating = firstBlock(page).locator('.star-rating');
    const group = rating.getByRole('radiogroup', { name: 'Rating' });
    // the rating hydrates when it comes into view (its radios are the hydrated island's)
    await rating.scrollIntoViewIfNeeded();
    await expect(group.getByRole('radio')).toHaveCount(5);
    await expect(group.getByRole('radio', { name: 'Rate 4 out of 5' })).toBeVisible();
    const stars = await rating.locator('.rateyo').boundingBox();
    expect(Math.round(stars!.width)).toBe(77); // 5 × 13 px + 4 × 3 px
    expect(Math.round(stars!.height)).toBe(13);
    const total = Number(await rating.getAttribute('data-total'));
    const people = Number(await rating.getAttribute('data-people'));
    expect(people).toBeGreaterThan(0);

    await expectAccessible(page);
    await group.getByRole('radio', { name: 'Rate 1 out of 5' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: 'Rate 4 out of 5' })).toBeFocused();
    await page.waitForTimeout(300);
    expect(votes).toEqual([]);
    const sent = waitForAction(page, 'masthead_rateyo');
    await page.keyboard.press('Enter');
    const average = Math.round(((total + 4) / (people + 1)) * 10) / 10;
    const text = rating.locator('.star-rating__text');
    await expect(text).toHaveText(`Thanks for rating! ${average} out of 5 from ${people + 1} votes`);
    await expect(text).toBeFocused();
    await expect(rating.getByRole('radio')).toHaveCount(0);
    await expect(rating).toHaveAttribute('data-people', String(people + 1));
    const answer = await (await sent).json();
    expect(answer).toMatchObject({ success: true, data: { total: total + 4, people: people + 1 } });
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({ postid: await firstBlock(page).getAttribute('data-postid'), rating: '4' });

    const state = waitForAction(page, 'masthead_post_state');
    await page.reload();
    await state;
    await rating.scrollIntoViewIfNeeded();
    await expect(page.locator('masthead-island[data-island="rating"]').first()).toHaveAttribute('data-hydrated', '1');
    await expect(rating.locator('.star-rating__text')).toHaveText(`${average} out of 5 from ${people + 1} votes`);
    await expect(rating.getByRole('radio')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a post whose ratings are closed shows its average read-only, as the server renders it', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/notes-from-the-archive/');
    const rating = firstBlock(page).locator('.star-rating');
    await expect(rating).toHaveAttribute('data-allow', '0');
    await expect(firstBlock(page).getByText('Readers’ rating')).toBeVisible();
    // the seeded votes 4, 5, 4, 4, 5
    await expect(rating.locator('.star-rating__text')).toHaveText('4.4 out of 5 from 5 votes');
    await expect(rating.locator('.rateyo__group').first()).toBeVisible();
    await expect(rating.getByRole('radio')).toHaveCount(0);
    await rating.locator('.rateyo__group').first().click({ force: true });
    await expect(rating.locator('.star-rating__text')).toHaveText('4.4 out of 5 from 5 votes');
    expect(errors).toEqual([]);
  });
});

test.describe('review charts', () => {
  test('bars, pie chart and counters reach their final values once in view', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto(REVIEW);
    const review = firstBlock(page).locator('.review-box');
    const fills = review.locator('.review-bar__fill');
    expect(await fills.count()).toBeGreaterThanOrEqual(4);
    // not yet in view: waiting at 0
    await expect(fills.first()).toHaveCSS('transform', 'matrix(0, 0, 0, 1, 0, 0)');
    await expect(review.locator('.counter').first()).not.toHaveText('4812');
    await scrollIntoMiddle(review.locator('.review-bars'));
    await page.waitForTimeout(2600);
    await scrollIntoMiddle(review.locator('.review-counters'));
    await page.waitForTimeout(2600);
    for (const fill of await fills.all()) {
      const w = Number(await fill.getAttribute('data-width'));
      expect(await fill.evaluate((el) => el.style.width)).toBe(`${Math.round(w * 10 * 100) / 100}%`);
      await expect(fill).toHaveCSS('transform', 'none');
      const track = await fill.locator('..').boundingBox();
      const box = await fill.boundingBox();
      expect(Math.abs(box!.width - (track!.width * w) / 10)).toBeLessThan(1.5);
    }
    const pie = review.locator('.pie-chart');
    const percent = Number(await pie.getAttribute('data-percent'));
    const dash = await pie.locator('.pie-chart__value').getAttribute('stroke-dasharray');
    const [filled, circ] = dash!.split(' ').map(Number);
    expect(filled! / circ!).toBeCloseTo(percent / 100, 2);
    await expect(pie.locator('.pie-chart__value')).toHaveAttribute('stroke', (await pie.getAttribute('data-color'))!);
    for (const c of await review.locator('.counter').all()) await expect(c).toHaveText((await c.getAttribute('data-count'))!);
    expect(errors).toEqual([]);
  });

  test('with reduced motion the final values are shown at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await watch(page);
    await page.goto(REVIEW);
    const review = firstBlock(page).locator('.review-box');
    await page.waitForTimeout(300);
    await expect(review.locator('.review-bar__fill').first()).toHaveCSS('transform', 'none');
    await expect(review.locator('.counter').first()).toHaveText('4812');
  });
});

test.describe('smart list', () => {
  test('the dropdown navigates to an item of this post (address and history entry), and loads other addresses', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto(WALKS);
    const select = firstBlock(page).getByLabel('Jump to item');
    await select.selectOption({ label: '10. Sassnitz to the Königsstuhl, Rügen' });
    const item = page.locator('#jasmund-chalk-cliffs');
    await expect.poll(async () => Math.round((await item.boundingBox())!.y), { timeout: 5000 }).toBeGreaterThan(0);
    await expect.poll(async () => Math.round((await item.boundingBox())!.y), { timeout: 5000 }).toBeLessThan(140);
    await expect(item).toBeInViewport();
    // the sticky dropdown does not cover the item's title
    const nav = await firstBlock(page).locator('[data-smartlist-nav]').boundingBox();
    expect((await item.boundingBox())!.y).toBeGreaterThanOrEqual(nav!.y + nav!.height);
    // the address is the item's (a history entry): Back returns to the address before
    expect(new URL(page.url()).pathname).toBe(WALKS);
    expect(new URL(page.url()).hash).toBe('#jasmund-chalk-cliffs');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe(WALKS);

    // an address of another page: location.assign
    await select.evaluate((el: HTMLSelectElement) => {
      el.options[2]!.value = '/lemon-olive-oil-cake/';
    });
    await Promise.all([page.waitForURL('**/lemon-olive-oil-cake/'), select.selectOption({ index: 2 })]);
    expect(errors).toEqual([]);
  });
});

test.describe('video', () => {
  test('with consent, Play swaps the facade for the nocookie player (autoplay, rel=0, no info)', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'cookie_notice_accepted', value: 'true', url: baseURL! }]);
    const { errors } = await watch(page);
    await page.goto(STUDIO);
    const facade = firstBlock(page).locator('.video-block .video-facade');
    await scrollIntoMiddle(facade);
    const before = await facade.boundingBox();
    const play = facade.getByRole('button', { name: 'Play video: Cosmos Laundromat: First Cycle' });
    await play.focus();
    await page.keyboard.press('Enter');
    const iframe = facade.locator('iframe');
    await expect(iframe).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/Y-rmzh0PI3c?autoplay=1&rel=0&showinfo=0');
    await expect(iframe).toHaveAttribute('title', 'Cosmos Laundromat: First Cycle');
    await expect(iframe).toHaveAttribute('allow', /autoplay/);
    // the play button is gone: the focus moved into the player
    await expect(iframe).toBeFocused();
    const after = await facade.boundingBox();
    expect(Math.round(after!.height)).toBe(Math.round(before!.height));
    expect(new URL(page.url()).pathname).toBe(STUDIO);
    expect(errors.filter((e) => !/youtube|ERR_FAILED/i.test(e))).toEqual([]);
  });

  test('without consent nothing loads until "Load video", which plays that video', async ({ page }) => {
    await watch(page);
    const outside: string[] = [];
    page.on('request', (r) => !r.url().startsWith('http://127.0.0.1') && outside.push(r.url()));
    await page.goto(STUDIO);
    const facade = firstBlock(page).locator('.video-block .video-facade');
    await scrollIntoMiddle(facade);
    await expect(facade.getByRole('button', { name: /Play video/ })).toBeHidden();
    expect(outside).toEqual([]);
    await facade.getByRole('button', { name: 'Load video' }).click();
    await expect(facade.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/Y-rmzh0PI3c\?autoplay=1&rel=0&showinfo=0/);
  });

  test('playlist: items are playing, paused or none, and a chosen item plays in the 434 px player', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'cookie_notice_accepted', value: 'true', url: baseURL! }]);
    const { errors } = await watch(page);
    await page.goto(STUDIO);
    const playlist = firstBlock(page).locator('.video-playlist');
    const items = playlist.locator('.video-playlist__item');
    await expect(items).toHaveCount(4);
    const states = () => items.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.state));
    expect(await states()).toEqual(['paused', 'none', 'none', 'none']);
    const player = playlist.locator('.video-playlist__player .video-facade');
    expect(Math.round((await player.boundingBox())!.height)).toBe(434);

    const list = playlist.getByRole('list');
    await list.getByRole('button', { name: /Sintel/ }).click();
    const iframe = player.locator('iframe');
    await expect(iframe).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/eRsGyueVLvQ\?autoplay=1&rel=0&showinfo=0/);
    await expect(iframe).toHaveAttribute('height', '434');
    expect(Math.round((await iframe.boundingBox())!.height)).toBe(434);
    await expect.poll(states).toEqual(['none', 'playing', 'none', 'none']);
    await expect(list.getByRole('button', { name: /Sintel/ })).toHaveAttribute('aria-current', 'true');
    await expect(list.getByRole('button', { name: /Sintel/ })).toHaveAttribute('aria-pressed', 'true');
    // the same item again pauses it
    await list.getByRole('button', { name: /Sintel/ }).click();
    await expect.poll(states).toEqual(['none', 'paused', 'none', 'none']);
    await expect(list.getByRole('button', { name: /Sintel/ })).toHaveAttribute('aria-pressed', 'false');
    // another item plays in the player
    await list.getByRole('button', { name: /Tears of Steel/ }).click();
    await expect(iframe).toHaveAttribute('src', /embed\/R6MlUcmOul8\?/);
    await expect.poll(states).toEqual(['none', 'none', 'playing', 'none']);
    expect(new URL(page.url()).pathname).toBe(STUDIO);
    expect(errors.filter((e) => !/youtube|ERR_FAILED/i.test(e))).toEqual([]);
  });

  test('playlist by keyboard, at 390 and 1280 px and right to left', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'cookie_notice_accepted', value: 'true', url: baseURL! }]);
    const { errors } = await watch(page);
    const playlist = firstBlock(page).locator('.video-playlist');
    const list = playlist.getByRole('list');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(STUDIO);
      await scrollIntoMiddle(playlist);
      await expect(list.getByRole('button')).toHaveCount(4);
      await playlist.screenshot({ path: `.tmp/shots/widgets-playlist-${width}.png` });
    }
    // Enter on an item plays it; the focus stays in the list, Tab goes on to the next item
    const sintel = list.getByRole('button', { name: /Sintel/ });
    await sintel.focus();
    await page.keyboard.press('Enter');
    await expect(playlist.locator('iframe')).toHaveAttribute('src', /embed\/eRsGyueVLvQ\?/);
    await expect(sintel).toHaveAttribute('aria-pressed', 'true');
    await expect(sintel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(list.getByRole('button', { name: /Tears of Steel/ })).toBeFocused();
    // right to left: the list sits on the player's left, its numbers on the right of each item
    await page.evaluate(() => (document.documentElement.dir = 'rtl'));
    const player = (await playlist.locator('.video-playlist__player').boundingBox())!;
    const side = (await playlist.locator('.video-playlist__side').boundingBox())!;
    expect(side.x + side.width).toBeLessThanOrEqual(player.x + 1);
    const item = list.getByRole('button').first();
    const num = (await item.locator('.video-playlist__num').boundingBox())!;
    const name = (await item.locator('.video-playlist__name').boundingBox())!;
    expect(num.x).toBeGreaterThan(name.x);
    await playlist.screenshot({ path: '.tmp/shots/widgets-playlist-1280-rtl.png' });
    expect(errors.filter((e) => !/youtube|ERR_FAILED/i.test(e))).toEqual([]);
  });

  test('playlist on a phone: the player keeps its ratio', async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await context.addCookies([{ name: 'cookie_notice_accepted', value: 'true', url: baseURL! }]);
    await watch(page);
    await page.goto(STUDIO);
    const player = firstBlock(page).locator('.video-playlist__player .video-facade');
    const box = (await player.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    await page.screenshot({ path: '.tmp/shots/widgets-playlist-375.png', fullPage: false });
  });

  test('responsive embeds keep their ratio at every width', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'cookie_notice_accepted', value: 'true', url: baseURL! }]);
    await watch(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(MORNINGS);
      const embed = firstBlock(page).locator('.responsive-embed .video-facade');
      const box = (await embed.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
      await embed.getByRole('button', { name: /Play video/ }).click();
      const frame = (await embed.locator('iframe').boundingBox())!;
      expect(frame.width / frame.height).toBeCloseTo(16 / 9, 1);
    }
  });
});

test.describe('inside an appended post', () => {
  test('like and rating work in the post appended by infinite scroll', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto(WELCOME);
    const blocks = page.locator('.single-wrapper > .post-block');
    await expect(blocks).toHaveCount(1);
    const firstId = await blocks.first().getAttribute('data-postid');
    // the appended post's own state call (not the first page's)
    const state = page.waitForResponse((r) => {
      const body = r.request().postData() ?? '';
      return r.url().endsWith('/api/theme') && body.includes('\r\n\r\nmasthead_post_state\r\n') && !body.includes(`name="post_ids"\r\n\r\n${firstId}\r\n`);
    });
    // reach the end of the first post: the previous one (the cake) is appended
    await page.evaluate(() => {
      const b = document.querySelector('.single-wrapper > .post-block')!;
      window.scrollTo({ top: window.scrollY + b.getBoundingClientRect().bottom - window.innerHeight + 20, behavior: 'instant' });
    });
    await expect(blocks).toHaveCount(2, { timeout: 10_000 });
    const cake = blocks.nth(1);
    await expect(cake).toHaveAttribute('data-current-url', CAKE);
    const asked = await (await state).request().postData();
    expect(asked).toContain(await cake.getAttribute('data-postid'));
    await scrollIntoMiddle(cake.locator('.post-header'));
    const like = cake.locator('.post-header').getByRole('button', { name: 'Like', exact: true });
    const n = Number(await like.locator('xpath=..').locator('.like-button__count').textContent());
    await like.click();
    await expect(cake.locator('.post-footer').getByRole('button', { name: 'Unlike', exact: true })).toHaveAccessibleDescription(String(n + 1));
    // the first post's buttons are not touched
    await expect(blocks.first().locator('.post-header').getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    // the appended recipe's rating is a radio group; its jump link lands on its own card
    // a mouse click on a star votes at once (the rating hydrates when it comes into view)
    await scrollIntoMiddle(cake.locator('.star-rating'));
    const vote = waitForAction(page, 'masthead_rateyo');
    await cake.getByRole('radio', { name: 'Rate 5 out of 5' }).click();
    expect((await (await vote).json()).success).toBe(true);
    await expect(cake.locator('.star-rating__text')).toContainText('Thanks for rating!');
    await expect(cake.getByRole('radio')).toHaveCount(0);
    await cake.getByRole('link', { name: 'Jump to recipe' }).click();
    await expect.poll(async () => Math.round((await cake.locator('.recipe-card').boundingBox())!.y), { timeout: 5000 }).toBe(30);
    expect(errors).toEqual([]);
  });
});
