/**
 * The admin's editor as a new site owner uses it, in Chromium against the real server: write and
 * publish a post with a heading, a linked paragraph, an uploaded image with alt text and a
 * gallery, then find it where readers look; edit it and see the cached page change at once;
 * schedule one and watch it appear; get unsaved writing back after a reload; meet a second tab's
 * save as a conflict; restore a revision; write by keyboard alone. Every post a test publishes is
 * trashed after it, so the demo site of the other specs stays as it was.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginAsAdmin, watch } from './support/page.ts';
import { adminApi, asReader, cleanup, contentBox, testImage } from './support/admin.ts';

const made = cleanup();
test.afterEach(async ({ page }) => {
  await made.run(page);
});

const unique = () => Math.random().toString(36).slice(2, 7);

async function newPostPage(page: Page) {
  await page.goto('/admin/');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Posts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
}

/** A published post made through the API (setup of tests about something else). */
async function publishedPost(page: Page, title: string, html: string) {
  const created = await adminApi<{ id: number; revision: number }>(page, 'items.create', { kind: 'post', fields: { title, blocks: [{ type: 'paragraph', html }] } });
  expect(created.status).toBe(200);
  const id = created.body.data!.id;
  made.add('post', id);
  const pub = await adminApi<{ url: string; revision: number }>(page, 'items.publish', { kind: 'post', id, revision: created.body.data!.revision });
  expect(pub.status).toBe(200);
  return { id, url: pub.body.data!.url };
}

test.describe('the editor', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsAdmin(page);
  });

  test('writes a post with heading, link, image and gallery, publishes it, and readers find it everywhere', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const { errors } = await watch(page);
    const title = `Harbour notes ${unique()}`;
    await newPostPage(page);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);

    // a paragraph with a link (Ctrl+K on the selected word)
    await contentBox(page).click();
    await page.keyboard.type('A morning by the water with friends');
    await expect(contentBox(page)).toContainText('A morning by the water with friends');
    await page.keyboard.press('Control+Shift+ArrowLeft');
    // the word is selected before the link is asked for (under load the keys can outrun the editor)
    await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe('friends');
    await page.keyboard.press('Control+k');
    const link = page.getByRole('dialog', { name: 'Link' });
    await link.getByRole('textbox', { name: 'Address' }).fill('https://example.com/friends');
    await link.getByRole('button', { name: 'Apply link' }).click();
    await expect(link).toHaveCount(0);
    await page.keyboard.press('End');
    await page.keyboard.type('.');

    // a heading
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type('Low tide');
    await page.keyboard.press('Enter');

    // an image, uploaded here, with its alt text
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('menuitem', { name: 'Image' }).click();
    const imageForm = page.getByRole('dialog', { name: 'Add Image' });
    await imageForm.getByRole('button', { name: 'Choose image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), picker.getByRole('button', { name: 'Upload' }).click()]);
    await chooser.setFiles([{ name: 'low-tide.jpg', mimeType: 'image/jpeg', buffer: await testImage(1600, 1000, 200) }]);
    await expect(picker.getByRole('listitem').filter({ hasText: 'low-tide.jpg' })).toContainText('done');
    // alt text is required before the image can be used
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await expect(picker.getByText('Write the alt text before inserting this image.')).toBeVisible();
    await picker.getByRole('textbox', { name: /Alt text of/ }).fill('Boats resting on the sand at low tide');
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await expect(picker).toHaveCount(0);
    await imageForm.getByRole('textbox', { name: 'Caption' }).fill('The harbour at eight.');
    await imageForm.getByRole('button', { name: 'Insert' }).click();
    await expect(imageForm).toHaveCount(0);

    // a gallery of two more uploads
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('menuitem', { name: 'Gallery' }).click();
    const galleryForm = page.getByRole('dialog', { name: 'Add Gallery' });
    await galleryForm.getByRole('combobox', { name: 'Layout' }).selectOption('masonry');
    await galleryForm.getByRole('button', { name: 'Add images' }).click();
    const multi = page.getByRole('dialog', { name: 'Choose images' });
    const [chooser2] = await Promise.all([page.waitForEvent('filechooser'), multi.getByRole('button', { name: 'Upload' }).click()]);
    await chooser2.setFiles([
      { name: 'nets.jpg', mimeType: 'image/jpeg', buffer: await testImage(900, 1200, 30) },
      { name: 'gulls.png', mimeType: 'image/png', buffer: await testImage(1200, 800, 120, 'png') },
    ]);
    await expect(multi.getByRole('heading', { name: 'Chosen: 2' })).toBeVisible();
    await multi.getByRole('textbox', { name: /Alt text of nets/ }).fill('Fishing nets drying');
    await multi.getByRole('textbox', { name: /Alt text of gulls/ }).fill('Gulls over the pier');
    await multi.getByRole('button', { name: 'Use these images' }).click();
    await expect(galleryForm.getByRole('group', { name: 'Images' }).getByRole('listitem')).toHaveCount(2);
    await galleryForm.getByRole('button', { name: 'Insert' }).click();

    // a category, then publish
    await page.getByRole('checkbox', { name: 'Travel' }).check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    made.fromUrl(page);
    const url = await page.getByRole('link', { name: 'View the post' }).getAttribute('href');
    expect(url).toMatch(/^\/harbour-notes-[a-z0-9]+\/$/);

    // readers find it: home, its category, the feed, the sitemap
    expect((await asReader('/')).html).toContain(title);
    expect((await asReader('/category/travel/')).html).toContain(title);
    expect((await asReader('/feed/')).html).toContain(`${url}</link>`);
    expect((await asReader('/sitemap.xml')).html).toContain(`${url}</loc>`);

    // the article as a reader sees it (another browser context: no session)
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    await reader.goto(url!);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByRole('link', { name: 'friends' })).toHaveAttribute('href', 'https://example.com/friends');
    await expect(reader.getByRole('heading', { level: 2, name: 'Low tide' })).toBeVisible();
    const figure = reader.locator('figure.wp-image');
    await expect(figure.getByRole('img', { name: 'Boats resting on the sand at low tide' })).toBeVisible();
    await expect(figure.locator('source[type="image/avif"]')).toHaveCount(1);
    await expect(figure.locator('figcaption')).toHaveText('The harbour at eight.');
    await expect(reader.getByRole('img', { name: 'Fishing nets drying' }).first()).toBeVisible();
    await expect(reader.getByRole('img', { name: 'Gulls over the pier' }).first()).toBeVisible();
    await readerContext.close();
    expect(errors).toEqual([]);
  });

  test('an edit shows on the cached public page at once', async ({ page }) => {
    const title = `Cached ${unique()}`;
    const { id, url } = await publishedPost(page, title, 'The first wording.');
    await asReader(url);
    const cached = await asReader(url);
    expect(cached.cache).toBe('HIT');
    expect(cached.html).toContain('The first wording.');

    await page.goto(`/admin/posts/${id}/`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await contentBox(page).getByText('The first wording.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Now corrected.');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Updated' })).toBeVisible();

    const fresh = await asReader(url);
    expect(fresh.html).toContain('The first wording. Now corrected.');
  });

  test('a scheduled post publishes itself at its time', async ({ page }) => {
    test.setTimeout(120_000);
    const title = `Scheduled ${unique()}`;
    await newPostPage(page);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await contentBox(page).click();
    await page.keyboard.type('Written now, read a little later.');
    // without a date, Schedule asks for one next to the field
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByText('Choose the date and time to publish at, then press Schedule.')).toBeVisible();
    const at = new Date(Date.now() + 20_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    await page.getByLabel('Publish date').fill(local);
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Scheduled: it publishes itself' })).toBeVisible();
    await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();
    const id = made.fromUrl(page);
    expect(id).not.toBeNull();
    expect((await asReader('/')).html).not.toContain(title);

    await expect.poll(async () => (await asReader('/')).html.includes(title), { timeout: 75_000, intervals: [2000] }).toBe(true);
    const post = await adminApi<{ item: { status: string; url: string } }>(page, 'items.get', { kind: 'post', id });
    expect(post.body.data!.item.status).toBe('publish');
    expect((await asReader(post.body.data!.item.url)).status).toBe(200);
  });

  test('unsaved writing comes back after a reload, even when it never reached the server', async ({ page }) => {
    const created = await adminApi<{ id: number }>(page, 'items.create', { kind: 'post', fields: { title: `Recover ${unique()}`, blocks: [{ type: 'paragraph', html: 'Saved words.' }] } });
    const id = created.body.data!.id;
    made.add('post', id);
    await page.goto(`/admin/posts/${id}/`);
    await expect(contentBox(page)).toContainText('Saved words.');
    // the session ends while writing (expired, signed out elsewhere): the server refuses every save
    await page.context().clearCookies();
    await contentBox(page).getByText('Saved words.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Words written after the session ended.');
    await expect(page.getByText('kept on this device')).toBeVisible();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();

    // sign in again and come back: nothing reached the server, and the writing is offered back
    await loginAsAdmin(page);
    const stored = await adminApi(page, 'items.get', { kind: 'post', id });
    expect(stored.status).toBe(200);
    expect(JSON.stringify(stored.body)).not.toContain('after the session ended');
    await page.goto(`/admin/posts/${id}/`);
    const banner = page.getByRole('status').filter({ hasText: 'Unsaved changes from' });
    await expect(banner).toContainText('were kept on this device');
    await expect(contentBox(page)).not.toContainText('after the session ended');
    await banner.getByRole('button', { name: 'Restore unsaved changes' }).click();
    await expect(contentBox(page)).toContainText('Saved words. Words written after the session ended.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
    // saved: a reload offers nothing any more
    await page.reload();
    await expect(contentBox(page)).toContainText('Words written after the session ended.');
    await expect(page.getByText('were kept on this device')).toHaveCount(0);
  });

  test('a save from a second tab becomes a conflict screen, not a silent overwrite', async ({ page, context }) => {
    const title = `Two tabs ${unique()}`;
    const created = await adminApi<{ id: number }>(page, 'items.create', { kind: 'post', fields: { title, blocks: [{ type: 'paragraph', html: 'Shared start.' }] } });
    const id = created.body.data!.id;
    made.add('post', id);
    await page.goto(`/admin/posts/${id}/`);
    const other = await context.newPage();
    await other.goto(`/admin/posts/${id}/`);

    await contentBox(other).getByText('Shared start.').click();
    await other.keyboard.press('End');
    await other.keyboard.type(' Their sentence.');
    await other.getByRole('button', { name: 'Save draft' }).click();
    await expect(other.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();

    await contentBox(page).getByText('Shared start.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' My sentence.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this' });
    await expect(dialog).toContainText('Editorial Team saved it');
    await expect(dialog).toContainText('Nothing was overwritten.');
    await dialog.getByText('Compare their version with yours').click();
    await expect(dialog.locator('ins')).toContainText('My sentence.');
    await expect(dialog.locator('del')).toContainText('Their sentence.');
    // the server still has their version
    expect(JSON.stringify((await adminApi(page, 'items.get', { kind: 'post', id })).body)).toContain('Their sentence.');

    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
    await other.reload();
    await expect(contentBox(other)).toContainText('Shared start. My sentence.');
    await other.close();
  });

  test('a private post is hidden from readers until it is made public', async ({ page }) => {
    const title = `Private ${unique()}`;
    const created = await adminApi<{ id: number }>(page, 'items.create', { kind: 'post', fields: { title, blocks: [{ type: 'paragraph', html: 'For editors only.' }] } });
    const id = created.body.data!.id;
    made.add('post', id);
    await page.goto(`/admin/posts/${id}/`);
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('private');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published privately' })).toBeVisible();
    await expect(page.locator('.adm-editor-head').getByText('Private', { exact: true })).toBeVisible();
    const slug = title.toLowerCase().replace(/\s+/g, '-');
    expect((await asReader(`/${slug}/`)).status).toBe(404);
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('public');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Updated' })).toBeVisible();
    expect((await asReader(`/${slug}/`)).status).toBe(200);
  });

  test('revisions can be compared and restored', async ({ page }) => {
    const created = await adminApi<{ id: number; revision: number; fields: Record<string, unknown> }>(page, 'items.create', { kind: 'post', fields: { title: `Versions ${unique()}`, blocks: [{ type: 'paragraph', html: 'The original opening.' }] } });
    const { id, revision, fields } = created.body.data!;
    made.add('post', id);
    const saved = await adminApi(page, 'items.save', { kind: 'post', id, revision, fields: { ...fields, blocks: [{ type: 'paragraph', html: 'A rewritten opening.' }] } });
    expect(saved.status).toBe(200);

    await page.goto(`/admin/posts/${id}/`);
    await expect(contentBox(page)).toContainText('A rewritten opening.');
    await page.getByRole('button', { name: 'Revisions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revisions' });
    await dialog.getByRole('button', { name: /Revision 1/ }).click();
    await expect(dialog.locator('del')).toContainText('A rewritten opening.');
    await expect(dialog.locator('ins')).toContainText('The original opening.');
    await dialog.getByRole('button', { name: 'Restore this revision' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(contentBox(page)).toContainText('The original opening.');
    await expect(page.getByRole('status').filter({ hasText: 'Revision restored' })).toBeVisible();

    await page.getByRole('button', { name: 'Revisions' }).click();
    await expect(page.getByRole('dialog', { name: 'Revisions' }).getByRole('button', { name: /Revision 3/ })).toContainText('restored');
  });

  test('Preview shows a draft as readers would see it, to signed-in editors only, never cached', async ({ page, context }) => {
    const title = `Preview ${unique()}`;
    await newPostPage(page);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await contentBox(page).click();
    await page.keyboard.type('Not published yet.');
    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Preview' }).click()]);
    await preview.waitForURL(/\/admin\/preview\/post\/\d+\/$/);
    await expect(preview.getByRole('note')).toHaveText('Preview: readers do not see this version yet.');
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByText('Not published yet.')).toBeVisible();
    const id = made.fromUrl(page);
    const res = await page.request.get(`/admin/preview/post/${id}/`);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    expect(res.headers()['x-robots-tag']).toBe('noindex');
    const anonymous = await fetch(`${process.env.E2E_BASE_URL}/admin/preview/post/${id}/`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect((await asReader('/')).html).not.toContain(title);
    await preview.close();
  });

  test('a portfolio project is written with its category and layout and appears in the portfolio', async ({ page }) => {
    const title = `Project ${unique()}`;
    await page.goto('/admin/portfolio/');
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await page.getByRole('link', { name: 'New project' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await contentBox(page).click();
    await page.keyboard.type('A new identity for a harbour ferry line.');
    await page.getByRole('checkbox', { name: 'Branding' }).check();
    await page.getByRole('combobox', { name: 'Layout' }).selectOption('3');
    await page.getByRole('textbox', { name: 'Client' }).fill('Harbour Ferries');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    made.fromUrl(page, 'portfolio');
    const url = await page.getByRole('link', { name: 'View the project' }).getAttribute('href');
    expect(url).toMatch(/^\/portfolio\/project-[a-z0-9]+\/$/);
    const single = await asReader(url!);
    expect(single.html).toContain('portfolio-layout-3');
    expect(single.html).toContain('Harbour Ferries');
    expect((await asReader('/portfolio/')).html).toContain(title);
  });

  test('a page is placed under another page with an order, and the export to WordPress keeps both', async ({ page }) => {
    const parentTitle = `Visiting ${unique()}`;
    const parent = await adminApi<{ id: number }>(page, 'items.create', { kind: 'page', fields: { title: parentTitle } });
    made.add('page', parent.body.data!.id);
    await page.goto('/admin/pages/new/');
    const title = `Opening hours ${unique()}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    const parentField = page.getByRole('combobox', { name: 'Parent page' });
    await parentField.selectOption({ label: parentTitle });
    await page.getByRole('spinbutton', { name: 'Order' }).fill('4');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/admin\/pages\/\d+\/$/);
    const id = made.fromUrl(page, 'page')!;
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Parent page' })).toHaveValue(String(parent.body.data!.id));
    await expect(page.getByRole('spinbutton', { name: 'Order' })).toHaveValue('4');
    // the page is not offered as its own parent
    await expect(page.getByRole('combobox', { name: 'Parent page' }).getByRole('option', { name: title })).toHaveCount(0);

    const xml = await (await page.request.get('/admin/export.xml')).text();
    const item = xml.split('<item>').find((i) => i.includes(`<wp:post_id>${id}</wp:post_id>`));
    expect(item).toContain(`<wp:post_parent>${parent.body.data!.id}</wp:post_parent>`);
    expect(item).toContain('<wp:menu_order>4</wp:menu_order>');
  });

  test('"Edit this" and "New post" in the admin bar open the editor', async ({ page }) => {
    await page.goto('/the-editors-letter/');
    const bar = page.getByRole('navigation', { name: 'Administration' });
    await bar.getByRole('link', { name: 'Edit this' }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('The editor’s letter');
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'New post' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  test('the whole post can be written, arranged, saved and published by keyboard alone', async ({ page }) => {
    await page.goto('/admin/posts/new/');
    await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        if (!el || el === document.body) return '';
        return el.getAttribute('aria-label') || el.labels?.[0]?.textContent?.trim() || el.textContent?.trim() || '';
      });
    const tabTo = async (name: string, key: 'Tab' | 'Shift+Tab' = 'Tab') => {
      for (let i = 0; i < 60 && (await focused()) !== name; i++) await page.keyboard.press(key);
      expect(await focused()).toBe(name);
    };
    // the skip link leads past the navigation
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    await tabTo('Title');
    const title = `Keyboard ${unique()}`;
    await page.keyboard.type(title);
    await tabTo('Content');
    await page.keyboard.type('Typed without a mouse.');
    // Add block → Table of contents, through the menu and its form
    await tabTo('Add block', 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: 'Add block' })).toBeVisible();
    await page.keyboard.type('Table');
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Add Table of contents' });
    await expect(form).toBeVisible();
    await tabTo('Title');
    await page.keyboard.type('On this page');
    await page.keyboard.press('Enter');
    await expect(form).toHaveCount(0);
    // focus is back in the text with the new block selected: move it above the paragraph
    await expect(contentBox(page)).toBeFocused();
    await expect(contentBox(page).locator('.adm-block.is-selected')).toHaveCount(1);
    await page.keyboard.press('Alt+Shift+ArrowUp');
    await expect.poll(() => contentBox(page).evaluate((el) => !!el.firstElementChild?.querySelector('[data-block-type="toc"]'))).toBe(true);
    await page.keyboard.press('Control+s');
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
    const id = made.fromUrl(page);
    const saved = await adminApi<{ item: { fields: { blocks: { type: string }[] } } }>(page, 'items.get', { kind: 'post', id });
    expect(saved.body.data!.item.fields.blocks.map((b) => b.type)).toEqual(['toc', 'paragraph']);
    // and publish
    await tabTo('Publish', 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    expect((await asReader('/')).html).toContain(title);
  });

  test('the posts list searches, filters by status, category and author, pages, trashes and restores', async ({ page }) => {
    const tag = unique();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await adminApi<{ id: number }>(page, 'items.create', { kind: 'post', fields: { title: `Listed ${tag} ${i}` } });
      ids.push(c.body.data!.id);
      made.add('post', c.body.data!.id);
    }
    await page.goto('/admin/posts/');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Listed ${tag}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`s=Listed\\+${tag}`));
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
    // drafts only; then a category and an author none of them has
    await page.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: /Draft/ }).click();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Food' });
    await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'All categories' });
    await page.getByRole('combobox', { name: 'Author' }).selectOption({ label: 'Ana Ruiz' });
    await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Author' }).selectOption({ label: 'Editorial Team' });
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);

    // trash one from its row, find it under Trash, restore it
    await page.getByRole('button', { name: `Move to trash Listed ${tag} 1` }).click();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
    await page.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: /Trash/ }).click();
    await page.getByRole('button', { name: `Restore Listed ${tag} 1` }).click();
    await expect(page.getByText('Nothing matches these filters.')).toBeVisible();

    // pages of 20: the unfiltered list of everything has more than one page
    for (let i = 0; i < 9; i++) {
      const c = await adminApi<{ id: number }>(page, 'items.create', { kind: 'post', fields: { title: `Filler ${tag} ${i}` } });
      made.add('post', c.body.data!.id);
    }
    await page.goto('/admin/posts/');
    const pages = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pages).toContainText('Page 1 of 2');
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages).toContainText('Page 2 of 2');
    await expect(page).toHaveURL(/page=2/);
  });

  test('every screen passes axe, dialogs included', async ({ page }) => {
    for (const path of ['/admin/', '/admin/posts/', '/admin/pages/', '/admin/portfolio/', '/admin/media/', '/admin/taxonomies/', '/admin/posts/new/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('menuitem', { name: 'Review' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Review' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('every screen fits, the navigation opens from its button, and a post can be written', async ({ page }) => {
    await loginAsAdmin(page);
    for (const path of ['/admin/', '/admin/posts/', '/admin/media/', '/admin/taxonomies/', '/admin/posts/new/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Media' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeHidden();

    const title = `Phone ${unique()}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await contentBox(page).click();
    await page.keyboard.type('Written on a small screen.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
    made.fromUrl(page);
    await expectAccessible(page);
  });
});
