/**
 * Password-protected posts in Chromium against the real server: a reader meets the password form
 * instead of the text, gives a wrong and then the right password and reads the post (keyboard,
 * 375 px, axe); an editor protects a post from the editor's Password field and the posts list
 * marks it. Every post made here is trashed after the test.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, loginAsAdmin, watch } from './support/page.ts';
import { adminApi, cleanup } from './support/admin.ts';

const made = cleanup();
test.afterEach(async ({ page }) => {
  await made.run(page);
});

const unique = () => Math.random().toString(36).slice(2, 7);

test('a reader gives the password and reads the post', async ({ page, browser }) => {
  await loginAsAdmin(page);
  const title = `Behind the door ${unique()}`;
  const created = await adminApi<{ id: number; revision: number }>(page, 'items.create', {
    kind: 'post',
    fields: { title, blocks: [{ type: 'paragraph', html: 'The harbour master keeps the key under the blue boat.' }], password: 'blue-boat' },
  });
  expect(created.status).toBe(200);
  made.add('post', created.body.data!.id);
  const pub = await adminApi<{ url: string }>(page, 'items.publish', { kind: 'post', id: created.body.data!.id, revision: created.body.data!.revision });
  expect(pub.status).toBe(200);

  const context = await browser.newContext({ viewport: { width: 375, height: 760 } });
  const reader = await context.newPage();
  try {
    const { errors } = await watch(reader);
    await reader.goto(pub.body.data!.url);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText('This content is password protected. To view it please enter your password below:')).toBeVisible();
    await expect(reader.getByText('under the blue boat')).toHaveCount(0);
    await expectAccessible(reader);
    await reader.screenshot({ path: '.tmp/protected-form-375.png', fullPage: false });

    // a wrong password, by keyboard: the form again with an error
    const main = reader.getByRole('main');
    const field = main.getByLabel('Password', { exact: true });
    await field.fill('red-boat');
    await field.press('Enter');
    await expect(main.getByRole('alert')).toHaveText('The password you entered is not right. Please try again.');
    await expect(main.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(reader.getByText('under the blue boat')).toHaveCount(0);

    // the right one: back on the post, the text shows
    await main.getByLabel('Password', { exact: true }).fill('blue-boat');
    await main.getByRole('button', { name: 'Enter' }).click();
    await expect(reader).toHaveURL(new RegExp(`${pub.body.data!.url}$`));
    await expect(reader.getByText('The harbour master keeps the key under the blue boat.')).toBeVisible();
    await expect(main.getByLabel('Password', { exact: true })).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('an editor protects a post with a password and the list marks it', async ({ page }) => {
  await loginAsAdmin(page);
  const title = `Locked notes ${unique()}`;
  const created = await adminApi<{ id: number; revision: number }>(page, 'items.create', { kind: 'post', fields: { title, blocks: [{ type: 'paragraph', html: 'Only for the crew.' }] } });
  expect(created.status).toBe(200);
  const id = created.body.data!.id;
  made.add('post', id);
  await page.goto(`/admin/posts/${id}/`);
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toHaveValue('');
  await password.fill('crew-only');
  await expect(page.getByText('Password protected: readers see the title and a password form until they enter it.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();

  await page.goto(`/admin/posts/?s=${encodeURIComponent(title)}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Password protected')).toBeVisible();

  // readers meet the form
  const base = process.env.E2E_BASE_URL!;
  const html = await (await fetch(`${base}/${title.toLowerCase().replace(/\s+/g, '-')}/`)).text();
  expect(html).toContain('post-password-form');
  expect(html).not.toContain('Only for the crew.');
});
