/**
 * The media library in Chromium: several uploads at once with a progress bar each, drop, files
 * checked by their content, details edited and found again, one inserted into a post, and delete
 * refused (with where it is used) until nothing uses it. Test images are made by sharp here.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, loginAsAdmin, watch } from './support/page.ts';
import { adminApi, cleanup, contentBox, testImage } from './support/admin.ts';

const made = cleanup();
test.afterEach(async ({ page }) => {
  await made.run(page);
});
const unique = () => Math.random().toString(36).slice(2, 7);

test.describe('media library', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsAdmin(page);
  });

  test('uploads several images at once, each with its progress, and refuses a fake by its content', async ({ page }) => {
    const { errors } = await watch(page);
    const tag = unique();
    await page.goto('/admin/');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload' }).click()]);
    await chooser.setFiles([
      { name: `dunes-${tag}.jpg`, mimeType: 'image/jpeg', buffer: await testImage(1800, 1200, 40) },
      { name: `pier-${tag}.png`, mimeType: 'image/png', buffer: await testImage(800, 600, 210, 'png') },
      { name: `market-${tag}.jpg`, mimeType: 'image/jpeg', buffer: await testImage(1000, 1500, 330) },
      { name: `notes-${tag}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    for (const name of [`dunes-${tag}.jpg`, `pier-${tag}.png`, `market-${tag}.jpg`]) {
      const row = uploads.getByRole('listitem').filter({ hasText: name });
      await expect(row.getByRole('progressbar', { name: `Uploading ${name}` })).toBeVisible();
      await expect(row).toContainText('done');
    }
    await expect(uploads.getByRole('listitem').filter({ hasText: `notes-${tag}.jpg` })).toContainText('This type of file is not accepted');
    const library = page.getByRole('listbox', { name: 'Media library' });
    for (const name of [`dunes-${tag}`, `pier-${tag}`, `market-${tag}`]) await expect(library.getByRole('option', { name: new RegExp(name) })).toBeVisible();
    await expect(library.getByRole('option', { name: new RegExp(`notes-${tag}`) })).toHaveCount(0);

    // texts of one image, found again by search
    await library.getByRole('option', { name: new RegExp(`pier-${tag}`) }).click();
    const details = page.getByRole('region', { name: new RegExp(`pier-${tag}`) });
    await details.getByRole('textbox', { name: 'Alt text' }).fill(`A wooden pier ${tag} in evening light`);
    await details.getByRole('textbox', { name: 'Caption' }).fill('The old pier.');
    await details.getByRole('textbox', { name: 'Credit' }).fill('Ana Ruiz');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Image details saved.')).toBeAttached();
    await page.getByRole('searchbox', { name: 'Search the media library' }).fill(`wooden pier ${tag}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(library.getByRole('option')).toHaveCount(1);
    expect(errors.filter((e) => !/415/.test(e))).toEqual([]);
  });

  test('uploads a PDF: listed with its icon, type and size, its address copied, served as a PDF, then deleted (375 px, keyboard, axe)', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 375, height: 800 });
    const tag = unique();
    await page.goto('/admin/media/');
    const pdf = Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n% ${'x'.repeat(3000)}\n`);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload' }).click()]);
    await chooser.setFiles([{ name: `programme-${tag}.pdf`, mimeType: 'application/pdf', buffer: pdf }]);
    await expect(page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: `programme-${tag}.pdf` })).toContainText('done');
    const library = page.getByRole('listbox', { name: 'Media library' });
    const option = library.getByRole('option', { name: `programme-${tag}, PDF, 3 kB` });
    await expect(option).toBeVisible();
    await expect(option).toContainText('PDF');

    // keyboard, on a fresh screen (the upload opened its details): focus the file, select it with Space
    await page.reload();
    await expect(option).toBeVisible();
    await option.focus();
    await page.keyboard.press('Space');
    const details = page.getByRole('region', { name: `programme-${tag}` });
    await expect(details).toContainText('PDF file, 3 kB');
    await expect(details.getByRole('textbox', { name: 'Alt text' })).toHaveCount(0);
    const address = details.getByRole('textbox', { name: 'Address' });
    await expect(address).toHaveValue(new RegExp(`/media/uploads/\\d{4}/\\d{2}/programme-${tag}-[0-9a-f]{8}\\.pdf$`));
    await details.getByRole('button', { name: 'Copy address' }).click();
    await expect(page.getByText('Address copied.')).toBeAttached();
    const url = await address.inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await details.screenshot({ path: test.info().outputPath('media-file-details-375.png') });
    await option.screenshot({ path: test.info().outputPath('media-file-tile-375.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);

    const served = await page.request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers()['content-disposition']).toBeUndefined();

    await details.getByRole('button', { name: 'Delete file' }).click();
    await page.getByRole('dialog', { name: 'Delete this file?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('File deleted.')).toBeAttached();
    await expect(option).toHaveCount(0);
    expect((await page.request.get(url)).status()).toBe(404);
  });

  test('uploads a dropped file', async ({ page }) => {
    const tag = unique();
    await page.goto('/admin/media/');
    const bytes = [...(await testImage(640, 480, 90))];
    const transfer = await page.evaluateHandle(
      ({ bytes: b, name }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(b)], name, { type: 'image/jpeg' }));
        return dt;
      },
      { bytes, name: `dropped-${tag}.jpg` },
    );
    const zone = page.locator('.adm-upload');
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: `dropped-${tag}.jpg` })).toContainText('done');
    await expect(page.getByRole('listbox', { name: 'Media library' }).getByRole('option', { name: new RegExp(`dropped-${tag}`) })).toBeVisible();
  });

  test('uploads a pasted image', async ({ page }) => {
    const tag = unique();
    await page.goto('/admin/media/');
    await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible();
    const bytes = [...(await testImage(500, 400, 160, 'png'))];
    await page.evaluate(
      ({ bytes: b, name }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(b)], name, { type: 'image/png' }));
        document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
      },
      { bytes, name: `pasted-${tag}.png` },
    );
    await expect(page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: `pasted-${tag}.png` })).toContainText('done');
    await expect(page.getByRole('listbox', { name: 'Media library' }).getByRole('option', { name: new RegExp(`pasted-${tag}`) })).toBeVisible();
  });

  test('an image is inserted into a post from the library, and cannot be deleted while used', async ({ page }) => {
    const tag = unique();
    const up = await page.request.post('/api/admin/media.upload?alt=' + encodeURIComponent(`Lighthouse ${tag}`), {
      data: await testImage(1200, 800, 260),
      headers: { origin: process.env.E2E_BASE_URL!, 'x-masthead-admin': '1', 'content-type': 'image/jpeg', 'x-filename': `lighthouse-${tag}.jpg` },
    });
    expect(up.status()).toBe(200);

    await page.goto('/admin/posts/new/');
    await page.getByRole('textbox', { name: 'Title' }).fill(`Uses the lighthouse ${tag}`);
    await contentBox(page).click();
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('menuitem', { name: 'Image' }).click();
    await page.getByRole('dialog', { name: 'Add Image' }).getByRole('button', { name: 'Choose image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('searchbox').fill(`Lighthouse ${tag}`);
    await picker.getByRole('button', { name: 'Search', exact: true }).click();
    await picker.getByRole('option', { name: new RegExp(`Lighthouse ${tag}`) }).click();
    await expect(picker.getByRole('textbox', { name: /Alt text of/ })).toHaveValue(`Lighthouse ${tag}`);
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await page.getByRole('dialog', { name: 'Add Image' }).getByRole('button', { name: 'Insert' }).click();
    await expect(contentBox(page).locator('[data-block-type="image"] img')).toHaveCount(1);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
    const postId = made.fromUrl(page);

    await page.goto('/admin/media/');
    await page.getByRole('searchbox', { name: 'Search the media library' }).fill(`Lighthouse ${tag}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('listbox', { name: 'Media library' }).getByRole('option', { name: new RegExp(`Lighthouse ${tag}`) }).click();
    await page.getByRole('button', { name: 'Delete image' }).click();
    await page.getByRole('dialog', { name: 'Delete this image?' }).getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'This image is used by' });
    await expect(refusal).toContainText(`Uses the lighthouse ${tag}`);
    await expect(refusal.getByRole('link', { name: `Uses the lighthouse ${tag}` })).toHaveAttribute('href', `/admin/posts/${postId}/`);

    // once the post no longer uses it, it goes
    await made.run(page);
    const item = await adminApi<{ item: { revision: number; fields: Record<string, unknown> } }>(page, 'items.get', { kind: 'post', id: postId });
    await adminApi(page, 'items.restore', { kind: 'post', id: postId });
    const restored = await adminApi<{ item: { revision: number; fields: Record<string, unknown> } }>(page, 'items.get', { kind: 'post', id: postId });
    await adminApi(page, 'items.save', { kind: 'post', id: postId, revision: restored.body.data!.item.revision, fields: { ...item.body.data!.item.fields, blocks: [] } });
    made.add('post', postId!);
    await page.getByRole('button', { name: 'Delete image' }).click();
    await page.getByRole('dialog', { name: 'Delete this image?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Image deleted.')).toBeAttached();
  });
});
