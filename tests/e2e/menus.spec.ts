/**
 * The header menus (SPEC 2, issue 15 item 5): the mega menu and the sub-menus of the main menu at
 * desktop width, the hamburger side menu at both widths, which is the mobile menu on a phone.
 * Demo menus: Travel and Photography are mega menus of their category's latest posts, Contact has
 * three sub-items; the mobile menu lists the categories (its Travel item lists the mega menu's
 * posts) and Contact with one sub-item.
 */
import { test, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { watch, expectAccessible } from './support/page.ts';

const SHOTS = '.tmp/screens-menus';
mkdirSync(SHOTS, { recursive: true });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const item = (page: Page, label: string) => mainNav(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: label, exact: true }) });
/** the panel of a top-level item: the list of its posts (mega) or sub-items */
const panel = (page: Page, label: string) => item(page, label).getByRole('list');
const topLink = (page: Page, label: string) => mainNav(page).getByRole('link', { name: label, exact: true });
const expandButton = (page: Page, label: string) => mainNav(page).getByRole('button', { name: `Expand ${label}` });

/**
 * The header is an island hydrated on interaction: start it as a pointer coming over it would, and
 * wait until it is interactive (the CSS fallback alone cannot pass the keyboard tests).
 */
async function ready(page: Page) {
  const header = page.locator('masthead-island[data-island="header"]');
  await header.dispatchEvent('pointerover');
  await expect(header).toHaveAttribute('data-hydrated', '1');
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the mega menu opens on hover and closes when the mouse leaves', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    await ready(page);
    await expect(panel(page, 'Travel')).toBeHidden();
    await topLink(page, 'Travel').hover();
    await expect(panel(page, 'Travel')).toBeVisible();
    await expect(expandButton(page, 'Travel')).toHaveAttribute('aria-expanded', 'true');
    const posts = panel(page, 'Travel').getByRole('link');
    expect(await posts.count()).toBeGreaterThan(1);
    await page.screenshot({ path: `${SHOTS}/mega-1280.png` });
    // moving along the row: the next item's panel replaces it
    await topLink(page, 'Photography').hover();
    await expect(panel(page, 'Photography')).toBeVisible();
    await expect(panel(page, 'Travel')).toBeHidden();
    await page.mouse.move(640, 700);
    await expect(panel(page, 'Photography')).toBeHidden();
    await expect(expandButton(page, 'Photography')).toHaveAttribute('aria-expanded', 'false');
    // a post of the panel is a real link
    await topLink(page, 'Travel').hover();
    const first = posts.first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    expect(errors).toEqual([]);
  });

  test('focus opens the panel; Escape closes it and focus returns to its link', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    await ready(page);
    // Tab from Home reaches Travel (Home has no panel)
    await topLink(page, 'Home').focus();
    await page.keyboard.press('Tab');
    await expect(topLink(page, 'Travel')).toBeFocused();
    await expect(panel(page, 'Travel')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(panel(page, 'Travel')).toBeHidden();
    await expect(topLink(page, 'Travel')).toBeFocused();
    // Escape from inside the panel: closed, focus back on the item's link
    await page.keyboard.press('Tab'); // the expand button
    await expect(expandButton(page, 'Travel')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel(page, 'Travel')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel(page, 'Travel').getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page, 'Travel')).toBeHidden();
    await expect(topLink(page, 'Travel')).toBeFocused();
    // leaving the item with Tab closes it
    await topLink(page, 'Contact').focus();
    await expect(panel(page, 'Contact')).toBeVisible();
    await topLink(page, 'About').focus();
    await expect(panel(page, 'Contact')).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('Enter and Space on the expand button open and close the panel', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    await ready(page);
    await topLink(page, 'Contact').focus();
    await page.keyboard.press('Escape');
    await expect(panel(page, 'Contact')).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(expandButton(page, 'Contact')).toBeFocused();
    await expect(expandButton(page, 'Contact')).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(panel(page, 'Contact')).toBeVisible();
    await expect(expandButton(page, 'Contact')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(panel(page, 'Contact')).toBeHidden();
    await page.keyboard.press('Space');
    await expect(panel(page, 'Contact')).toBeVisible();
    await expect(panel(page, 'Contact').getByRole('link')).toHaveText(['Write to us', 'Request a quote', 'Your account']);
    // a click on the button does the same
    await expandButton(page, 'Contact').click();
    await expect(panel(page, 'Contact')).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('arrow keys move along the top row and inside a panel', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    await ready(page);
    await topLink(page, 'Travel').focus();
    await page.keyboard.press('ArrowRight');
    await expect(topLink(page, 'Food')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(topLink(page, 'Travel')).toBeFocused();
    await page.keyboard.press('End');
    await expect(topLink(page, 'Contact')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(topLink(page, 'Home')).toBeFocused();
    await page.keyboard.press('ArrowLeft'); // wraps round
    await expect(topLink(page, 'Contact')).toBeFocused();

    // ArrowDown opens the panel and moves into it
    await topLink(page, 'Travel').focus();
    await page.keyboard.press('ArrowDown');
    const posts = panel(page, 'Travel').getByRole('link');
    await expect(posts.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(posts.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(posts.nth(2)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(posts.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(posts.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(posts.first()).toBeFocused();
    // up from the first post: back to the item's link, the panel stays open
    await page.keyboard.press('ArrowUp');
    await expect(topLink(page, 'Travel')).toBeFocused();
    await expect(panel(page, 'Travel')).toBeVisible();

    // a sub-menu works the same way, and Enter follows the focused link
    await topLink(page, 'Contact').focus();
    await page.keyboard.press('ArrowDown');
    await expect(panel(page, 'Contact').getByRole('link', { name: 'Write to us' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(panel(page, 'Contact').getByRole('link', { name: 'Request a quote' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/request-a-quote\/$/);
    expect(errors).toEqual([]);
  });

  test('the hamburger opens the side menu beside the main menu', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    await ready(page);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const side = page.getByRole('dialog', { name: 'Side menu' });
    await expect(side).toBeVisible();
    await expect(side.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/side-menu-1280.png` });
    // a click outside closes it
    await page.mouse.click(1200, 600);
    await expect(side).toBeHidden();
    expect(errors).toEqual([]);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu: open, fold out a section, reach the mega menu posts, Escape returns focus', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    await ready(page);
    await expect(mainNav(page)).toBeHidden();
    const hamburger = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await hamburger.click();
    const side = page.getByRole('dialog', { name: 'Side menu' });
    await expect(side).toBeVisible();
    const nav = side.getByRole('navigation', { name: 'Mobile menu' });
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    // the Travel section is folded; its expand button shows the mega menu's posts
    const expand = nav.getByRole('button', { name: 'Expand Travel' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    const travelItem = nav.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Travel', exact: true }) });
    const posts = travelItem.getByRole('list').getByRole('link');
    await expect(posts.first()).toBeHidden();
    await expand.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    await expect(posts.first()).toBeVisible();
    expect(await posts.count()).toBeGreaterThan(1);
    await page.screenshot({ path: `${SHOTS}/mobile-menu-375.png` });
    await expectAccessible(page);
    // Tab stays inside the open menu
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await side.evaluate((s) => s.contains(document.activeElement))).toBe(true);
    }
    // Escape closes it and focus returns to the hamburger
    await page.keyboard.press('Escape');
    await expect(side).toBeHidden();
    await expect(hamburger).toBeFocused();
    // a post of the mega menu is reachable and opens
    await hamburger.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    const href = await posts.first().getAttribute('href');
    await posts.first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    expect(errors).toEqual([]);
  });

  test('the Contact section folds out with the keyboard; the close button closes the menu', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto('/');
    await ready(page);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const side = page.getByRole('dialog', { name: 'Side menu' });
    const expand = side.getByRole('button', { name: 'Expand Contact' });
    await expand.focus();
    await page.keyboard.press('Enter');
    await expect(side.getByRole('link', { name: 'Request a quote' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(side.getByRole('link', { name: 'Request a quote' })).toBeHidden();
    await side.getByRole('button', { name: 'Close' }).click();
    await expect(side).toBeHidden();
    expect(errors).toEqual([]);
  });
});
