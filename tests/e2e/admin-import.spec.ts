/**
 * The admin's Import & export screen in Chromium: an administrator uploads a generated WordPress
 * export with a zip of its uploads, sees the import's progress and then its summary (still there
 * after leaving the page), and the imported pages, the footer menu, the contact form and the old
 * WordPress links work on the site. The export button answers a WXR file.
 *
 * Only pages and the footer menu are imported, so the demo's post lists and main menu that other
 * specs read stay as they are.
 */
import { expect, test } from '@playwright/test';
import { loginAsAdmin, watch } from './support/page.ts';
import { imageBytes, phpArray, storedZip, testFiles, wxr } from '../support/wxr.ts';

const MIN_FILL_MS = 3000;
const tag = Math.random().toString(36).slice(2, 7);
const base = `https://old-${tag}.example.org`;

function exportFile(): string {
  return wxr({
    base,
    authors: [{ id: 1, login: `ed-${tag}`, displayName: 'Ed Harbour' }],
    terms: [{ id: 7, taxonomy: 'nav_menu', slug: 'footer', name: 'Footer' }],
    items: [
      { id: 901, type: 'attachment', title: 'Quay', slug: 'quay', attachmentUrl: `${base}/wp-content/uploads/2024/05/quay-${tag}.jpg`, meta: { _wp_attached_file: `2024/05/quay-${tag}.jpg`, _wp_attachment_image_alt: 'The quay at noon' } },
      { id: 902, type: 'attachment', title: 'Berth rates', slug: 'berth-rates', attachmentUrl: `${base}/wp-content/uploads/2024/05/rates-${tag}.pdf`, meta: { _wp_attached_file: `2024/05/rates-${tag}.pdf` } },
      {
        id: 9100 + 1,
        type: 'wpcf7_contact_form',
        title: `Harbour desk ${tag}`,
        status: 'publish',
        meta: {
          _form: '<label> Your name\n [text* your-name] </label>\n\n<label> Your email\n [email* your-email] </label>\n\n<label> Your message\n [textarea your-message] </label>\n\n[submit "Send"]',
          _mail: phpArray({ subject: 'Harbour desk', recipient: 'desk@example.com', body: '[your-message]', sender: 'Site <site@example.com>' }),
          _messages: phpArray({ mail_sent_ok: 'Thank you, the harbour desk will answer.' }),
        },
      },
      {
        id: 910,
        type: 'page',
        title: `Harbour history ${tag}`,
        slug: `harbour-history-${tag}`,
        creator: `ed-${tag}`,
        content: `<!-- wp:paragraph -->\n<p>The harbour opened in 1850. <a href="${base}/harbour-desk-${tag}/">Write to the desk</a>. <a href="${base}/wp-content/uploads/2024/05/rates-${tag}.pdf">Berth rates</a>.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:image {"id":901} -->\n<figure class="wp-block-image"><img src="${base}/wp-content/uploads/2024/05/quay-${tag}-300x200.jpg" class="wp-image-901"/><figcaption>The quay</figcaption></figure>\n<!-- /wp:image -->\n\n<!-- wp:table -->\n<figure class="wp-block-table"><table><tbody><tr><td>Opened</td><td>1850</td></tr></tbody></table></figure>\n<!-- /wp:table -->`,
      },
      { id: 911, type: 'page', title: `Harbour desk ${tag}`, slug: `harbour-desk-${tag}`, creator: `ed-${tag}`, content: `<p>Questions about berths?</p>\n\n[contact-form-7 id="9101" title="Harbour desk"]` },
      { id: 920, type: 'nav_menu_item', title: 'About', menuOrder: 1, terms: [{ domain: 'nav_menu', slug: 'footer', name: 'Footer' }], meta: { _menu_item_type: 'custom', _menu_item_url: `${base}/about/`, _menu_item_menu_item_parent: '0' } },
      { id: 921, type: 'nav_menu_item', title: `History ${tag}`, menuOrder: 2, terms: [{ domain: 'nav_menu', slug: 'footer', name: 'Footer' }], meta: { _menu_item_type: 'post_type', _menu_item_object: 'page', _menu_item_object_id: '910', _menu_item_menu_item_parent: '0' } },
    ],
  });
}

test('imports a WordPress export through the admin with its progress, and the site serves it', async ({ page, context, baseURL }) => {
  // A stored consent choice and a closed GDPR bar: no notice covering the footer.
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: baseURL! },
    { name: 'masthead_law_footer_new', value: '2', url: baseURL! },
  ]);
  const { errors } = await watch(page);
  await loginAsAdmin(page);
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import & export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import & export' })).toBeVisible();

  await page.getByLabel('WordPress export file (.xml)').setInputFiles({ name: 'harbour.wordpress.xml', mimeType: 'application/xml', buffer: Buffer.from(exportFile()) });
  const zip = storedZip([
    { name: `wp-content/uploads/2024/05/quay-${tag}.jpg`, data: await imageBytes({ r: 30, g: 90, b: 160 }) },
    { name: `wp-content/uploads/2024/05/rates-${tag}.pdf`, data: testFiles.pdf() },
  ]);
  await page.getByLabel('Uploads folder as a zip (optional)').setInputFiles({ name: 'uploads.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Start import' }).click();

  const job = page.getByRole('region', { name: 'Import of harbour.wordpress.xml' });
  await expect(job.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Import finished' });
  await expect(summary).toBeVisible({ timeout: 20_000 });
  const row = (name: string) => summary.getByRole('row', { name: new RegExp(`^${name}\\b`) });
  await expect(row('Pages')).toContainText('2');
  await expect(row('Media')).toHaveText(/Media\s*2\s*0\s*0\s*0/);
  await expect(row('Contact forms')).toHaveText(/Contact forms\s*1\s*0\s*0\s*0/);
  await expect(summary).toContainText('wp:table');

  // The job goes on without the page: leave, come back, the summary is still there.
  await page.goto('/');
  await page.goto('/admin/import/');
  await expect(page.getByRole('region', { name: 'Import finished' })).toBeVisible();

  // The imported page, its image, its internal link rewritten, its table kept.
  await page.goto(`/harbour-history-${tag}/`);
  await expect(page.getByRole('heading', { level: 1, name: `Harbour history ${tag}` })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The quay at noon' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '1850' })).toBeVisible();
  // The PDF came into the media library: the link points at it here, and so does its old attachment address.
  const rates = await page.getByRole('link', { name: 'Berth rates' }).getAttribute('href');
  expect(rates).toMatch(new RegExp(`^/media/uploads/\\d{4}/\\d{2}/rates-${tag}-[0-9a-f]{8}\\.pdf$`));
  const file = await page.request.get(rates!);
  expect([file.status(), file.headers()['content-type']]).toEqual([200, 'application/pdf']);
  const attachment = await page.request.get('/?attachment_id=902', { maxRedirects: 0 });
  expect([attachment.status(), attachment.headers().location]).toEqual([301, rates]);
  await page.getByRole('link', { name: 'Write to the desk' }).click();
  await expect(page).toHaveURL(new RegExp(`/harbour-desk-${tag}/$`));
  const loaded = Date.now();

  // The contact form kept from Contact Form 7 works.
  await page.getByRole('textbox', { name: /Your name/ }).fill('Ann Berth');
  await page.getByRole('textbox', { name: /Your email/ }).fill('ann@example.com');
  await page.getByRole('textbox', { name: /Your message/ }).fill('Is there a berth for a small sailing boat in June?');
  // The form's spam check refuses a form sent sooner than MIN_FILL_MS after it was shown.
  const wait = MIN_FILL_MS + 300 - (Date.now() - loaded);
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you, the harbour desk will answer.' })).toBeVisible();

  // The footer menu came in; old WordPress links answer with a redirect to the new address.
  await page.getByRole('contentinfo').getByRole('link', { name: `History ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/harbour-history-${tag}/$`));
  const old = await page.request.get('/?page_id=911', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/harbour-desk-${tag}/`);
  await page.goto(`/?page_id=910`);
  await expect(page).toHaveURL(new RegExp(`/harbour-history-${tag}/$`));
  expect(errors).toEqual([]);
});

test('the export button answers the whole site as a WordPress export', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/import/');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^masthead-\d{4}-\d{2}-\d{2}\.wordpress\.xml$/);
  const text = await (await download.createReadStream()).toArray();
  const xml = Buffer.concat(text).toString('utf8');
  expect(xml).toContain('<wp:wxr_version>1.2</wp:wxr_version>');
  expect(xml).toContain('<wp:post_name><![CDATA[welcome-to-the-new-edition]]></wp:post_name>');
  expect(xml).toContain('<!-- wp:paragraph -->');
});
