/**
 * Settings and redirects screens as a site owner, in Chromium: each settings key has its own
 * screen with "Save settings"; a change is on the site at the next page view; an invalid value is
 * shown next to its field and nothing is stored; the text rules' test box rewrites a sample
 * live; the redirect table sends an old address to its new one. Editors see no settings.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, loginAsAdmin } from './support/page.ts';
import { asReader, ensureUser, signIn } from './support/admin.ts';
import { readSetting, writeSetting } from './support/settings.ts';
import type { Settings } from '../../src/features/site/settings.ts';

const unique = () => Math.random().toString(36).slice(2, 7);

test.describe('settings screens', () => {
  let saved: { cookieNotice: Settings['cookieNotice']; textRules: Settings['textRules']; site: Settings['site'] };
  test.beforeEach(async () => {
    saved = { cookieNotice: await readSetting('cookieNotice'), textRules: await readSetting('textRules'), site: await readSetting('site') };
  });
  test.afterEach(async () => {
    // put the demo site back as the other specs expect it
    await writeSetting('cookieNotice', saved.cookieNotice);
    await writeSetting('textRules', saved.textRules);
    await writeSetting('site', saved.site);
  });

  test('the cookie notice text and a text rule, saved in the admin, are on the next page view', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings: Site');
    const sections = page.getByRole('navigation', { name: 'Settings sections' });

    await sections.getByRole('link', { name: 'Cookie notice' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings: Cookie notice');
    const text = `We keep crumbs only ${unique()}.`;
    await page.getByRole('textbox', { name: 'Notice text' }).fill(text);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' }).first()).toBeVisible();
    expect((await asReader('/')).html).toContain(text);

    await sections.getByRole('link', { name: 'Text rules' }).click();
    const seeded = saved.textRules.rules.length;
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const rule = page.getByRole('group', { name: `Rule ${seeded + 1}` });
    await rule.getByRole('textbox', { name: 'Find (pattern)' }).fill('worth the (scroll)');
    await rule.getByRole('textbox', { name: 'Replace with' }).fill('worth every $1');
    await page.getByRole('textbox', { name: 'Sample text' }).fill('Stories worth the scroll, daily.');
    await expect(page.locator('output')).toHaveText('Stories worth every scroll, daily.');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' }).first()).toBeVisible();
    const home = (await asReader('/')).html;
    // the body's text is rewritten (the head's meta description is not, by design)
    expect(home).toContain('<p class="site-tagline">Stories worth every scroll</p>');
  });

  test('a broken value is shown next to its field and nothing is stored', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/settings/');
    const perPage = page.getByRole('spinbutton', { name: 'Posts per page' });
    await perPage.fill('500');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(perPage).toHaveAttribute('aria-invalid', 'true');
    await expect(perPage).toHaveAccessibleDescription(/50/);
    expect((await readSetting('site')).postsPerPage).toBe(saved.site.postsPerPage);

    // a pattern that does not compile: the test box says so, the server refuses it by its field
    await page.goto('/admin/settings/textRules/');
    const n = saved.textRules.rules.length + 1;
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const find = page.getByRole('group', { name: `Rule ${n}` }).getByRole('textbox', { name: 'Find (pattern)' });
    await find.fill('(open');
    await expect(page.getByText(`Rule ${n} is not a valid pattern and is skipped.`)).toBeVisible();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(find).toHaveAccessibleDescription(/This is not a valid pattern\./);
    expect((await readSetting('textRules')).rules).toEqual(saved.textRules.rules);
  });

  test('home blocks: add, reorder by keyboard, configure and remove', async ({ page }) => {
    const before = await readSetting('home');
    try {
      await loginAsAdmin(page);
      await page.goto('/admin/settings/home/');
      const count = before.blocks.length;
      await page.getByRole('combobox', { name: 'Kind of block to add' }).selectOption({ label: 'Masonry' });
      await page.getByRole('button', { name: 'Add a block' }).click();
      const added = page.getByRole('group', { name: `Block ${count + 1}: Masonry` });
      await added.getByRole('textbox', { name: 'Heading' }).fill('Wall of stories');
      await added.getByRole('button', { name: /^Move up/ }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('group', { name: `Block ${count}: Masonry` }).getByRole('textbox', { name: 'Heading' })).toHaveValue('Wall of stories');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' }).first()).toBeVisible();
      const saved = (await readSetting('home')).blocks;
      expect(saved).toHaveLength(count + 1);
      expect(saved[count - 1]).toMatchObject({ type: 'masonry', title: 'Wall of stories' });
      expect((await asReader('/')).html).toContain('Wall of stories');
      await page.getByRole('button', { name: `Remove: Block ${count}: Masonry` }).click();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' }).first()).toBeVisible();
      expect((await readSetting('home')).blocks).toEqual(before.blocks);
    } finally {
      await writeSetting('home', before);
    }
  });

  test('at 375 px every section fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAsAdmin(page);
    for (const key of ['', 'home/', 'cookieNotice/', 'gdprNotice/', 'textRules/', 'analytics/', 'theme/']) {
      await page.goto(`/admin/settings/${key}`);
      await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await page.goto('/admin/settings/theme/');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('settings-theme-375.png'), fullPage: true });
  });
});

test.describe('redirects screen', () => {
  test('an old address added here leads to its new one; edit and delete', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Redirects' }).click();
    const old = `/old-${unique()}/`;
    const form = page.getByRole('form', { name: 'Add a redirect' });
    await form.getByRole('textbox', { name: 'Old address' }).fill(old);
    await form.getByRole('textbox', { name: 'New address' }).fill('/about/');
    await form.getByRole('button', { name: 'Save redirect' }).click();
    await expect(page.getByRole('rowheader', { name: old })).toBeVisible();
    const res = await fetch(`${process.env.E2E_BASE_URL}${old}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toMatch(/\/about\/$/);

    // the same old address twice: refused next to the field
    await form.getByRole('textbox', { name: 'Old address' }).fill(old);
    await form.getByRole('textbox', { name: 'New address' }).fill('/elsewhere/');
    await form.getByRole('button', { name: 'Save redirect' }).click();
    await expect(form.getByRole('textbox', { name: 'Old address' })).toHaveAccessibleDescription(/already a redirect/);

    await page.getByRole('button', { name: `Edit ${old}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('302');
    await dialog.getByRole('button', { name: 'Save redirect' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await fetch(`${process.env.E2E_BASE_URL}${old}`, { redirect: 'manual' })).status).toBe(302);

    await page.getByRole('button', { name: `Delete ${old}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('rowheader', { name: old })).toHaveCount(0);
    expect((await fetch(`${process.env.E2E_BASE_URL}${old}`, { redirect: 'manual' })).status).toBe(404);
  });
});

test('an editor sees no settings, and the server refuses them (the redirects screen is theirs: admin-roles.spec.ts)', async ({ page }) => {
  await ensureUser('e2e-settings-editor', 'editor', 'editor-e2e-password-3', 'Eddie Editor');
  await signIn(page, 'e2e-settings-editor', 'editor-e2e-password-3');
  await page.goto('/admin/');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Posts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Redirects' })).toBeVisible();
  await page.goto('/admin/settings/cookieNotice/');
  await expect(page.getByRole('alert')).toContainText('Your role does not allow you to use this screen.');
});
