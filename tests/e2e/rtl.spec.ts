/**
 * Right-to-left (NOTES "General", issue 15 item 13): with the site's direction set to right-to-left
 * the page is mirrored: the header (hamburger at the right edge, actions at the left), the side
 * menu sliding in from the right, menu panels opening from the right edge of their item, the share
 * bar and the notices at mirrored corners; nothing wider than the screen. Screenshots at phone and
 * desktop width go to the test's output folder. The setting is put back afterwards.
 */
import { test, expect, type Page } from '@playwright/test';
import { watch } from './support/page.ts';
import { readSetting, writeSetting, waitForPageVars } from './support/settings.ts';

const ARTICLE = '/welcome-to-the-new-edition/';

test.beforeEach(async ({ request }) => {
  const site = await readSetting('site');
  await writeSetting('site', { ...site, dir: 'rtl' });
  await waitForPageVars(request, (v) => v.dir === 'rtl');
});
test.afterEach(async ({ request }) => {
  const site = await readSetting('site');
  await writeSetting('site', { ...site, dir: 'ltr' });
  await waitForPageVars(request, (v) => v.dir === 'ltr');
});

/** the header hydrates on interaction: start it as a pointer coming over it would, and wait for it */
const ready = async (page: Page) => {
  const header = page.locator('masthead-island[data-island="header"]');
  await header.dispatchEvent('pointerover');
  await expect(header).toHaveAttribute('data-hydrated', '1');
};
const box = async (l: ReturnType<Page['locator']>) => (await l.boundingBox())!;
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

test('at 1280 px the header, its menus, the article and the notices are mirrored', async ({ page, context, baseURL }) => {
  const { errors } = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await ready(page);
  await shot(page, 'rtl-home-1280');
  const banner = page.getByRole('banner');
  const hamburger = await box(banner.getByRole('button', { name: 'Menu' }));
  const search = await box(banner.getByRole('button', { name: 'Search' }));
  expect(hamburger.x).toBeGreaterThan(1280 / 2);
  expect(search.x).toBeLessThan(1280 / 2);
  // the main menu starts at the right: Home is right of Travel
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  expect((await box(nav.getByRole('link', { name: 'Home', exact: true }))).x).toBeGreaterThan((await box(nav.getByRole('link', { name: 'Travel', exact: true }))).x);
  // a sub-menu opens under its item, aligned to the item's right edge
  const contact = nav.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Contact', exact: true }) });
  await nav.getByRole('link', { name: 'Contact', exact: true }).hover();
  const sub = contact.getByRole('list');
  await expect(sub).toBeVisible();
  const item = await box(contact);
  const panel = await box(sub);
  expect(Math.round(panel.x + panel.width)).toBe(Math.round(item.x + item.width));
  await shot(page, 'rtl-submenu-1280');
  // in a mirrored page the right arrow goes back along the row
  await nav.getByRole('link', { name: 'Travel', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  // the side menu comes in from the right edge
  await page.mouse.move(640, 600);
  await banner.getByRole('button', { name: 'Menu' }).click();
  const side = page.getByRole('dialog', { name: 'Side menu' });
  await expect(side).toBeVisible();
  const sideBox = await box(side);
  expect(Math.round(sideBox.x + sideBox.width)).toBe(1280);
  await shot(page, 'rtl-side-menu-1280');
  await page.keyboard.press('Escape');
  // the GDPR tab and back-to-top sit at mirrored corners (the tab shows once the cookie choice is made)
  await page.getByRole('dialog', { name: 'Cookies' }).getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Privacy notice' })).toBeVisible();
  const gdpr = await box(page.getByRole('region', { name: 'Privacy notice' }));
  expect(gdpr.x + gdpr.width).toBeGreaterThan(1280 - 40);

  // the article without the notices in front of it
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
    { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
  ]);
  await page.goto(ARTICLE);
  await ready(page);
  await page.mouse.wheel(0, 900);
  await expect(page.getByRole('link', { name: 'Back to top' })).toBeVisible();
  const top = await box(page.getByRole('link', { name: 'Back to top' }));
  expect(top.x).toBeLessThan(100);
  await shot(page, 'rtl-article-1280');
  const post = page.locator('.single-wrapper > .post-block').first();
  const copy = post.getByRole('button', { name: 'Copy link' }).first();
  await copy.scrollIntoViewIfNeeded();
  expect((await box(post.getByRole('link', { name: /^Share on/ }).first())).x).toBeGreaterThan((await box(copy)).x);
  await shot(page, 'rtl-share-1280');
  await post.locator('.author-box').scrollIntoViewIfNeeded();
  await shot(page, 'rtl-author-1280');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  expect(errors).toEqual([]);
});

test('at 375 px the header, the mobile menu and the article are mirrored', async ({ page, context, baseURL }) => {
  const { errors } = await watch(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await ready(page);
  await shot(page, 'rtl-home-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const banner = page.getByRole('banner');
  expect((await box(banner.getByRole('button', { name: 'Menu' }))).x).toBeGreaterThan(375 / 2);
  await banner.getByRole('button', { name: 'Menu' }).click();
  const side = page.getByRole('dialog', { name: 'Side menu' });
  await expect(side).toBeVisible();
  await side.getByRole('button', { name: 'Expand Contact' }).click();
  const sideBox = await box(side);
  expect(Math.round(sideBox.x + sideBox.width)).toBe(375);
  // the expand buttons sit at the inline end of their row: the left
  const expand = await box(side.getByRole('button', { name: 'Expand Contact' }));
  expect(expand.x).toBeLessThan(sideBox.x + sideBox.width / 2);
  await shot(page, 'rtl-mobile-menu-375');
  await page.keyboard.press('Escape');

  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
    { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
  ]);
  await page.goto(ARTICLE);
  await ready(page);
  await shot(page, 'rtl-article-375');
  // the post's actions run from the right: the like button, then the share bar (collapsed on a phone)
  const post = page.locator('.single-wrapper > .post-block').first();
  const share = post.locator('.share-buttons').first();
  await share.scrollIntoViewIfNeeded();
  expect((await box(post.getByRole('button', { name: /like/i }).first())).x).toBeGreaterThan((await box(share)).x);
  await shot(page, 'rtl-share-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(errors).toEqual([]);
});

test('the cookie notice, "Cookie settings", slider controls, review lists and the contact page are mirrored too', async ({ page }) => {
  const { errors } = await watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await ready(page);
  const notice = page.getByRole('dialog', { name: 'Cookies' });
  await expect(notice).toBeVisible();
  // the close button sits at the inline end of the notice: its left corner
  const close = await box(notice.getByRole('button', { name: 'Close', exact: true }));
  const noticeBox = await box(notice);
  expect(close.x).toBeLessThan(noticeBox.x + 80);
  await shot(page, 'rtl-cookie-notice-1280');
  await notice.getByRole('button', { name: 'Accept', exact: true }).click();
  const revoke = page.getByRole('button', { name: 'Cookie settings' });
  await expect(revoke).toBeVisible();
  expect((await box(revoke)).x).toBeLessThan(1280 / 2);
  // the featured slider's controls at its inline end (left), previous at the right of next (a
  // pointer over it brings the component, which shows the pause control)
  await page.getByRole('region', { name: 'Featured stories' }).hover();
  await page.mouse.move(640, 790);
  const pause = page.getByRole('button', { name: 'Pause automatic slide show' }).first();
  await expect(pause).toBeVisible();
  expect((await box(pause)).x).toBeLessThan(1280 / 2);
  const previous = await box(page.getByRole('button', { name: 'Previous', exact: true }).first());
  const next = await box(page.getByRole('button', { name: 'Next', exact: true }).first());
  expect(previous.x).toBeGreaterThan(next.x);
  // and their arrows point the way the slides go: next to the left
  expect(await page.getByRole('button', { name: 'Next', exact: true }).first().locator('svg').evaluate((i) => getComputedStyle(i).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  await shot(page, 'rtl-slider-1280');

  await page.goto('/mirrorless-camera-review/');
  await ready(page);
  const pros = page.getByRole('heading', { name: 'Pros', exact: true }).locator('xpath=following-sibling::ul[1]');
  await pros.scrollIntoViewIfNeeded();
  expect(await pros.evaluate((ul) => [getComputedStyle(ul).paddingRight, getComputedStyle(ul).paddingLeft])).toEqual(['18px', '0px']);
  await shot(page, 'rtl-review-1280');

  await page.goto('/contact/');
  await ready(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  expect(errors).toEqual([]);
});

test('the login popup is mirrored: its close button at the left, labels and messages from the right', async ({ page }) => {
  const { errors } = await watch(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await ready(page);
    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Log in' }).click(); // an empty submit shows the message
    await expect(dialog.getByRole('status')).toHaveText('Please fill in the marked fields.');
    const d = await box(dialog);
    const close = await box(dialog.getByRole('button', { name: 'Close' }));
    expect(close.x + close.width / 2).toBeLessThan(d.x + d.width / 2);
    const heading = await box(dialog.getByRole('heading', { name: 'Log in' }));
    expect(Math.round(heading.x + heading.width)).toBeGreaterThan(Math.round(close.x + close.width));
    // the message's bar is on its right edge
    expect(await dialog.locator('.account-message').evaluate((el) => getComputedStyle(el).borderRightWidth)).toBe('4px');
    await shot(page, `rtl-account-popup-${width}`);
    expect(d.x).toBeGreaterThanOrEqual(0);
    expect(d.x + d.width).toBeLessThanOrEqual(width);
    await page.keyboard.press('Escape');
  }
  expect(errors).toEqual([]);
});

test('the portfolio filter bar is mirrored: "All" at the right, and loading more keeps it so', async ({ page }) => {
  const { errors } = await watch(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/portfolio/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const filter = page.getByRole('navigation', { name: 'Filter projects' });
    const all = await box(filter.getByRole('link', { name: 'All', exact: true }));
    const branding = await box(filter.getByRole('link', { name: 'Branding', exact: true }));
    expect(all.x).toBeGreaterThan(branding.x);
    expect(all.x + all.width).toBeGreaterThan(width - 60);
    // the first project is at the right too (side by side, or stacked on a phone: never left of the second)
    const items = page.locator('.portfolio-item:visible');
    const [first, second] = [await box(items.nth(0)), await box(items.nth(1))];
    expect(Math.round(first.x + first.width)).toBeGreaterThanOrEqual(Math.round(second.x + second.width));
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(items).toHaveCount(12);
    await shot(page, `rtl-portfolio-${width}`, true);
  }
  expect(errors).toEqual([]);
});
