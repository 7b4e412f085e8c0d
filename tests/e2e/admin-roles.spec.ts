/**
 * Roles in the admin, in Chromium: an author and a contributor see only what their role allows,
 * and the server refuses what the screens do not offer (checked through the same API). Also the
 * categories screen of an editor's work: create with a parent, rename (the old archive redirects).
 * The redirect table is an editor's (by keyboard, at 375 px), never an author's.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, loginAsAdmin } from './support/page.ts';
import { E2E_ADMIN_PASSWORD } from '../support/demo.ts';
import { adminApi, asReader, cleanup, contentBox, ensureUser, signIn, testImage } from './support/admin.ts';

const made = cleanup();
const PASSWORD = 'role-e2e-password-7';
const unique = () => Math.random().toString(36).slice(2, 7);

test.describe('an author', () => {
  test.beforeAll(async () => {
    await ensureUser('e2e-author', 'author', PASSWORD, 'Ada Author');
  });
  test.afterEach(async ({ page }) => {
    await made.run(page);
  });

  test('writes and publishes own posts, uploads media, and is refused the rest', async ({ page }) => {
    await signIn(page, 'e2e-author', PASSWORD);
    await expect(page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'New post' })).toBeVisible();
    await page.goto('/admin/');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Posts' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Media' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Pages' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Portfolio' })).toHaveCount(0);

    await page.goto('/admin/pages/');
    await expect(page.getByRole('alert')).toContainText('Your role does not allow you to use this screen.');

    // someone else's post: the editor says no, and so does the API
    await page.goto('/admin/posts/1/');
    await expect(page.getByRole('alert')).toContainText('Your role does not allow you to edit this.');
    const theirs = await adminApi(page, 'items.publish', { kind: 'post', id: 1, revision: 1 });
    expect(theirs.status).toBe(403);
    expect((await adminApi(page, 'terms.create', { taxonomy: 'category', name: 'Nope' })).status).toBe(403);
    expect((await adminApi(page, 'items.create', { kind: 'page', fields: { title: 'Nope' } })).status).toBe(403);

    // own post: publish it
    const title = `By an author ${unique()}`;
    await page.goto('/admin/posts/new/');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await contentBox(page).click();
    await page.keyboard.type('My own words.');
    await expect(page.getByRole('combobox', { name: 'Author' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    made.fromUrl(page);
    expect((await asReader('/')).html).toContain(title);

    // the posts list shows only their own
    await page.goto('/admin/posts/');
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'First light' })).toHaveCount(0);

    const upload = await page.request.post('/api/admin/media.upload?alt=Author%20upload', {
      data: await testImage(400, 300, 15),
      headers: { origin: process.env.E2E_BASE_URL!, 'x-masthead-admin': '1', 'content-type': 'image/jpeg', 'x-filename': 'author.jpg' },
    });
    expect(upload.status()).toBe(200);
    await page.goto('/admin/media/');
    await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible();
    await expect(page.getByRole('option', { name: /Author upload/ }).first()).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('a contributor', () => {
  test.beforeAll(async () => {
    await ensureUser('e2e-contributor', 'contributor', PASSWORD, 'Cai Contributor');
  });
  test.afterEach(async ({ page }) => {
    await made.run(page);
  });

  test('writes drafts and submits them for review, and can neither publish nor upload', async ({ page }) => {
    await signIn(page, 'e2e-contributor', PASSWORD);
    await page.goto('/admin/posts/new/');
    await page.getByRole('textbox', { name: 'Title' }).fill(`For review ${unique()}`);
    await contentBox(page).click();
    await page.keyboard.type('Please publish me.');
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Schedule' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
    const id = made.fromUrl(page);

    // the server refuses what the screen does not offer
    const post = await adminApi<{ item: { revision: number } }>(page, 'items.get', { kind: 'post', id });
    const publish = await adminApi(page, 'items.publish', { kind: 'post', id, revision: post.body.data!.item.revision });
    expect(publish.status).toBe(403);
    expect(publish.body.error?.message).toMatch(/submit it for review/);
    expect((await adminApi(page, 'items.get', { kind: 'post', id })).body).toMatchObject({ data: { item: { status: 'draft' } } });

    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Submitted for review' })).toBeVisible();
    await expect(page.getByText('Pending review', { exact: true })).toBeVisible();

    await page.goto('/admin/media/');
    await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0);
    const upload = await page.request.post('/api/admin/media.upload', {
      data: await testImage(200, 200, 300),
      headers: { origin: process.env.E2E_BASE_URL!, 'x-masthead-admin': '1', 'content-type': 'image/jpeg', 'x-filename': 'c.jpg' },
    });
    expect(upload.status()).toBe(403);

    // an editor sees it waiting for review
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto('/admin/');
    await expect(page.getByRole('region', { name: /Waiting for review/ })).toContainText('For review');
  });
});

test.describe('categories and tags', () => {
  test('an editor adds a category under a parent, renames it, and its old address redirects', async ({ page }) => {
    await loginAsAdmin(page);
    const name = `Islands ${unique()}`;
    await page.goto('/admin/taxonomies/');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories & tags' })).toBeVisible();
    const add = page.getByRole('form', { name: 'Add a category' });
    await add.getByRole('textbox', { name: 'Name' }).fill(name);
    await add.getByRole('combobox', { name: 'Parent' }).selectOption({ label: 'Travel' });
    await add.getByRole('button', { name: 'Add' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    const oldSlug = name.toLowerCase().replace(/\s+/g, '-');
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByRole('textbox', { name: 'Slug' }).fill(`${oldSlug}-renamed`);
    await expect(dialog.getByText('The old address will redirect to the new one.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    const res = await fetch(`${process.env.E2E_BASE_URL}/category/${oldSlug}/`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/category/${oldSlug}-renamed/`);
    // tidy up
    await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });
});

test.describe('redirects', () => {
  test.beforeAll(async () => {
    await ensureUser('e2e-redirect-editor', 'editor', PASSWORD, 'Reda Editor');
    await ensureUser('e2e-redirect-author', 'author', PASSWORD, 'Rudi Author');
  });

  test('an editor finds the redirect a rename made, and adds and removes one of their own by keyboard', async ({ page }) => {
    await signIn(page, 'e2e-redirect-editor', PASSWORD);
    // a renamed category leaves a redirect behind (through the API: the categories screen is tested above)
    const name = `Harbours ${unique()}`;
    const made = await adminApi<{ id: number; slug: string }>(page, 'terms.create', { taxonomy: 'category', name });
    expect(made.status).toBe(200);
    const term = made.body.data!;
    expect((await adminApi(page, 'terms.update', { id: term.id, name, slug: `${term.slug}-moved` })).status).toBe(200);

    await page.goto('/admin/');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Redirects' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Redirects' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: `/category/${term.slug}/` })).toBeVisible();

    const old = `/gone-${unique()}/`;
    const form = page.getByRole('form', { name: 'Add a redirect' });
    await form.getByRole('textbox', { name: 'Old address' }).focus();
    await page.keyboard.type(old);
    await page.keyboard.press('Tab');
    await page.keyboard.type('/about/');
    await form.getByRole('button', { name: 'Save redirect' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('rowheader', { name: old })).toBeVisible();
    expect((await fetch(`${process.env.E2E_BASE_URL}${old}`, { redirect: 'manual' })).status).toBe(301);
    await expectAccessible(page);

    await page.getByRole('button', { name: `Delete ${old}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('rowheader', { name: old })).toHaveCount(0);
    expect((await fetch(`${process.env.E2E_BASE_URL}${old}`, { redirect: 'manual' })).status).toBe(404);
    expect((await adminApi(page, 'terms.delete', { id: term.id })).status).toBe(200);
  });

  test('the redirects screen at 375 px, as an editor', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, 'e2e-redirect-editor', PASSWORD);
    await page.goto('/admin/redirects/');
    await expect(page.getByRole('heading', { level: 1, name: 'Redirects' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });

  test('an author sees no redirects screen, and the server refuses the table', async ({ page }) => {
    await signIn(page, 'e2e-redirect-author', PASSWORD);
    await page.goto('/admin/');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Posts' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Redirects' })).toHaveCount(0);
    await page.goto('/admin/redirects/');
    await expect(page.getByRole('alert')).toContainText('Your role does not allow you to use this screen.');
    expect((await adminApi(page, 'redirects.list', {})).status).toBe(403);
    expect((await adminApi(page, 'redirects.save', { from: `/nope-${unique()}/`, to: '/about/', status: 301 })).status).toBe(403);
  });
});
