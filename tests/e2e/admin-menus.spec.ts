/**
 * Menus as a site owner, in Chromium: reorder the header menu by keyboard (buttons and the
 * drag handle's keyboard mode) and see the new order in the site's header; turn on a mega menu
 * and see its panel; add links, a bad address refused next to its field; the screen at 375 px.
 * The preview shows the draft header, footer and mobile menus before saving, at 1280 and 375 px.
 * The demo menus are put back after each test.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginAsAdmin } from './support/page.ts';
import { asReader } from './support/admin.ts';
import { openDatabase } from '../../src/server/db/connect.server.ts';
import { createRepositories } from '../../src/server/db/repositories/index.server.ts';
import { CONTENT_VERSION } from '../../src/server/runtime.server.ts';
import type { MenuItem } from '../../src/features/navigation/types.ts';
import { dataDir } from '../../playwright.config.ts';

async function withRepos<T>(fn: (repos: ReturnType<typeof createRepositories>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await fn(createRepositories(db.kysely));
  } finally {
    await db.close();
  }
}

let saved: MenuItem[] = [];
let savedFooter: MenuItem[] = [];
let savedSide: MenuItem[] = [];
test.beforeEach(async () => {
  saved = await withRepos((r) => r.menus.tree('main'));
  savedFooter = await withRepos((r) => r.menus.tree('footer'));
  savedSide = await withRepos((r) => r.menus.tree('side'));
});
test.afterEach(async () => {
  await withRepos(async (r) => {
    await r.menus.replace('main', saved);
    await r.menus.replace('footer', savedFooter);
    await r.menus.replace('side', savedSide);
    await r.counters.increment(CONTENT_VERSION);
  });
});

/** Top-level labels of the site's header menu, as a reader gets it. */
async function headerOrder(): Promise<string[]> {
  const html = (await asReader('/')).html;
  const nav = /<nav class="main-nav"[\s\S]*?<\/nav>/.exec(html)![0];
  return [...nav.matchAll(/<li class="menu-item[^"]*"><a [^>]*>([^<]+)/g)].map((m) => m[1]!);
}

async function openMenus(page: Page, { phone = false } = {}) {
  await loginAsAdmin(page);
  await page.goto('/admin/');
  // on a phone the admin's navigation sits behind its "Menu" button
  if (phone) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Menus' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Menu structure: Header menu' })).toBeVisible();
}

test('reorder the header menu by keyboard and see it in the header', async ({ page }) => {
  expect((await headerOrder()).slice(0, 3)).toEqual(['Home', 'Travel', 'Food']);
  await openMenus(page);
  // the "Move Food up" button, pressed from the keyboard
  await page.getByRole('button', { name: 'Move Food up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Food: position 2 of' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Move Food up' })).toBeFocused();
  // the drag handle's keyboard mode: pick up About, move it up one place, drop it
  const handle = page.getByRole('button', { name: 'Drag About' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // @dnd-kit's keyboard sensor starts listening for arrow keys in a zero-delay timer queued while
  // Space was handled, and Chromium runs input before timers: a key sent at machine speed can
  // arrive first and be lost (no person types that fast). A timer of our own, queued after
  // theirs, runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press('ArrowUp');
  // what the screen reader hears comes from our dictionary, with the item's name and place
  await expect(page.getByRole('status').filter({ hasText: /^About is over position 7 of \d+\.$/ })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: /^About dropped at position 7 of \d+\.$/ })).toBeAttached();
  // the preview (the site's own header in a frame) has the new order before it is saved
  const preview = page.frameLocator('iframe[title="Header menu preview, Desktop (1280 px)"]').getByRole('navigation', { name: 'Main navigation' });
  await expect(preview.locator(':scope > ul > li > a')).toHaveText(['Home', 'Food', 'Travel', 'Reviews', 'Photography', 'Culture', 'About', 'Portfolio', 'Contact']);
  await page.getByRole('button', { name: 'Save menu' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Menu saved.' })).toBeAttached();
  expect(await headerOrder()).toEqual(['Home', 'Food', 'Travel', 'Reviews', 'Photography', 'Culture', 'About', 'Portfolio', 'Contact']);
});

test('turn on a mega menu with its category and post count', async ({ page }) => {
  await openMenus(page);
  await page.getByRole('button', { name: 'Edit Culture' }).click();
  const details = page.getByRole('group', { name: 'Edit Culture' });
  await details.getByRole('checkbox', { name: 'Mega menu' }).check();
  await details.getByRole('combobox', { name: 'Category of the mega menu' }).selectOption({ label: 'Culture' });
  await details.getByRole('spinbutton', { name: 'Number of posts' }).fill('2');
  await page.getByRole('button', { name: 'Save menu' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Menu saved.' })).toBeAttached();
  const html = (await asReader('/')).html;
  const culture = /<li class="menu-item has-children has-mega"><a href="\/category\/culture\/">Culture[\s\S]*?<\/li><\/ul><\/div><\/li>/.exec(html);
  expect(culture).not.toBeNull();
  expect(culture![0].match(/class="mega-card"/g)).toHaveLength(2);
});

test('add links; a bad address is refused next to its field; nest one; 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openMenus(page, { phone: true });
  await page.getByRole('combobox', { name: 'Link to' }).selectOption({ label: 'Pages' });
  await page.getByRole('button', { name: 'Add About Masthead' }).click();
  // a portfolio category links to the portfolio filtered by it
  await page.getByRole('combobox', { name: 'Link to' }).selectOption({ label: 'Portfolio categories' });
  await page.getByRole('button', { name: 'Add Branding' }).click();
  await page.getByRole('combobox', { name: 'Link to' }).selectOption({ label: 'Custom link' });
  await page.getByRole('textbox', { name: 'Label' }).fill('Shop');
  await page.getByRole('textbox', { name: 'Address' }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Add to menu' }).click();
  // nest the new page link under Contact (the item above it)
  await page.getByRole('button', { name: 'Move About Masthead in (sub-item)' }).click();
  await page.getByRole('button', { name: 'Save menu' }).click();
  const shop = page.getByRole('group', { name: 'Edit Shop' });
  await expect(shop.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(/path on this site/);
  expect((await headerOrder()).includes('Shop')).toBe(false);
  await shop.getByRole('textbox', { name: 'Address' }).fill('https://shop.example/');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('menus-375.png'), fullPage: true });
  // (axe counts buttons scrolled under the sticky admin bar as overlapping: check from the top)
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save menu' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Menu saved.' })).toBeAttached();
  const order = await headerOrder();
  expect(order.slice(-2)).toEqual(['Branding', 'Shop']);
  expect((await asReader('/')).html).toMatch(/<a [^>]*href="\/portfolio\/\?term=branding"[^>]*>Branding<\/a>/);
  expect((await asReader('/')).html).toMatch(/<ul class="sub-menu"[^>]*>.*<a href="\/about\/">About Masthead<\/a><\/li><\/ul>/);
});

test('the preview draws the draft menu with the site header and footer, at desktop and phone width, before saving', async ({ page }) => {
  await openMenus(page);
  const desktop = page.frameLocator('iframe[title="Header menu preview, Desktop (1280 px)"]');
  const phone = page.frameLocator('iframe[title="Header menu preview, Phone (375 px)"]');
  const mainNav = desktop.getByRole('navigation', { name: 'Main navigation' });
  await expect(mainNav.locator(':scope > ul > li > a').first()).toHaveText('Home');
  // a mega menu's panel holds its category's latest posts
  await expect(mainNav.locator('.mega-card').first()).toBeAttached();
  const labels = await mainNav.locator(':scope > ul > li > a').allTextContents();
  // add a custom link and move it up: both frames show it before anything is saved
  await page.getByRole('combobox', { name: 'Link to' }).selectOption({ label: 'Custom link' });
  await page.getByRole('textbox', { name: 'Label' }).fill('Gift shop');
  await page.getByRole('textbox', { name: 'Address' }).fill('https://gifts.example/');
  await page.getByRole('button', { name: 'Add to menu' }).click();
  await page.getByRole('button', { name: 'Move Gift shop up' }).click();
  await expect(mainNav.locator(':scope > ul > li > a')).toHaveText([...labels.slice(0, -1), 'Gift shop', labels.at(-1)!]);
  await expect(mainNav.getByRole('link', { name: 'Gift shop' })).toHaveAttribute('href', 'https://gifts.example/');
  // the phone view: the hamburger, and the mobile menu (the demo has its own) opened
  await expect(phone.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(phone.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link').first()).toBeVisible();
  expect((await headerOrder()).includes('Gift shop')).toBe(false);
  await page.screenshot({ path: test.info().outputPath('menus-preview-1280.png'), fullPage: true });
  await expectAccessible(page);
  // the footer menu: reorder, seen in the site's footer
  await page.getByRole('navigation', { name: 'Menu locations' }).getByRole('link', { name: 'Footer menu' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Menu structure: Footer menu' })).toBeVisible();
  const footer = page.frameLocator('iframe[title="Footer menu preview, Desktop (1280 px)"]').locator('.footer-menu > li > a');
  await expect(footer.first()).toBeVisible();
  const before = await footer.allTextContents();
  expect(before.length).toBeGreaterThan(1);
  await page.getByRole('button', { name: `Move ${before[1]} up` }).click();
  await expect(footer).toHaveText([before[1]!, before[0]!, ...before.slice(2)]);
  // the mobile menu: the phone view's opened side menu follows the draft
  await page.getByRole('navigation', { name: 'Menu locations' }).getByRole('link', { name: 'Mobile menu' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Menu structure: Mobile menu' })).toBeVisible();
  const side = page.frameLocator('iframe[title="Mobile menu preview, Phone (375 px)"]').getByRole('navigation', { name: 'Mobile menu' }).locator('.side-menu__list > li > a');
  await expect(side.first()).toBeVisible();
  const sideBefore = await side.allTextContents();
  await page.getByRole('button', { name: `Move ${sideBefore[1]} up` }).click();
  await expect(side).toHaveText([sideBefore[1]!, sideBefore[0]!, ...sideBefore.slice(2)]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('menus-preview-375.png'), fullPage: true });
});
