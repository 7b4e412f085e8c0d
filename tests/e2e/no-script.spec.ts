/**
 * The site works without JavaScript (NOTES "General"): every test here runs in a browser context
 * with JavaScript disabled, so nothing passes because a script quietly did the work. Login, the
 * contact form and the portfolio links have their own no-script tests beside their features
 * (accounts.spec.ts, contact-form.spec.ts, portfolio-and-layout.spec.ts).
 */
import { test, expect } from '@playwright/test';
import { caughtMail, decodeQuotedPrintable, waitForMail } from './support/mail.ts';

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ page }) => {
  // the script that adds the `js` class never ran
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/\bjs\b/);
});

test('menus: the side menu opens and closes as a native popover and its links lead somewhere', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const side = page.getByRole('dialog', { name: 'Side menu' });
  await expect(side).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(side).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await side.getByRole('link', { name: 'Travel' }).first().click();
  await expect(page).toHaveURL(/\/category\/travel\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Category: Travel');
});

test('the GDPR bar, which only works with script, is not shown (its markup holds both states; the script picks one)', async ({ page }) => {
  await page.goto('/welcome-to-the-new-edition/');
  await expect(page.locator('#gdpr-bar')).toBeAttached();
  await expect(page.locator('#gdpr-bar')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Privacy notice' })).toHaveCount(0);
});

test('menus: the desktop header and footer menus are plain links', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Portfolio' }).click();
  await expect(page).toHaveURL(/\/portfolio\/$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).first().click();
  await expect(page).toHaveURL(/\/about\/$/);
});

test('search: the header form answers with a results page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox').first().fill('cake');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?s=cake/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('cake');
  await expect(page.getByRole('link', { name: 'Lemon olive oil cake' }).first()).toBeVisible();
});

test('archives: the sort form and the page links work', async ({ page }) => {
  await page.goto('/author/admin/');
  const first = await page.locator('.card__title').first().textContent();
  await page.getByLabel('Sort posts').selectOption('oldest');
  await page.getByRole('button', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/orderby=oldest/);
  await expect(page.locator('.card__title').first()).not.toHaveText(first ?? '');
  // most demo posts have a word beginning with "the": more results than one page holds
  await page.goto('/?s=the');
  const firstOfPageOne = await page.locator('.card__title').first().textContent();
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator('.card__title').first()).toBeVisible();
  await expect(page.locator('.card__title').first()).not.toHaveText(firstOfPageOne ?? '');
});

test('registration: a plain post creates the account and signs it in', async ({ page, context }) => {
  await page.goto('/account/');
  await page.locator('section#login').getByRole('link', { name: 'Register' }).click();
  const form = page.locator('section#register form');
  const login = `noscript${Date.now()}`;
  await form.getByLabel('Username', { exact: true }).fill(login);
  await form.getByLabel('E-mail').fill(`${login}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('a long pass phrase 42');
  await form.getByLabel('Confirm password').fill('a long pass phrase 42');
  await form.getByRole('button', { name: 'Register' }).click();
  await page.goto('/account/');
  await expect(page.getByText(`Signed in as ${login}`)).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === 'masthead_session')).toBe(true);
});

test('lost password: a plain post mails a one-time link that sets a new password', async ({ page }) => {
  const before = caughtMail().length;
  await page.goto('/account/#lost-password');
  const form = page.locator('section#lost-password form');
  await form.getByLabel('Username or e-mail').fill('ana-ruiz');
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.locator('section#lost-password').getByRole('status')).toContainText('If an account matches what you entered');
  const mail = await waitForMail('ana.ruiz@example.com', before);
  const link = /https?:\/\/\S+\/account\/reset\/\S+/.exec(decodeQuotedPrintable(mail.raw))?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New password', { exact: true }).fill('another long pass phrase');
  await page.getByLabel('Confirm new password').fill('another long pass phrase');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
});
