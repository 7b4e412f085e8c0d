/**
 * Contact forms as an editor, in Chromium: create a form, add a field with the tag inserter (by
 * keyboard, one with options typed into their own fields), see it in the preview, be warned about a mail placeholder that names no field, save;
 * put the form on a page, send it as a visitor and receive its mail; change the form again and
 * see the new field on the public page at once. Mail (2) switched on is received by the visitor
 * and the site's mail by the site, each once; leaving unsaved edits asks first. Delete is refused while the page shows the form
 * (the page is listed); a copy is deleted. Authors and contributors cannot reach the screen. The
 * screens at 375 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/page.ts';
import { adminApi, asReader, cleanup, ensureUser, signIn } from './support/admin.ts';
import { caughtMail, decodeQuotedPrintable, waitForMail } from './support/mail.ts';

const PASSWORD = 'forms-e2e-password';
const ADMIN_MAIL = 'admin@example.com';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test.beforeAll(async () => {
  await ensureUser('forms-editor', 'editor', PASSWORD, 'Forms Editor');
  await ensureUser('forms-author', 'author', PASSWORD, 'Forms Author');
  await ensureUser('forms-contributor', 'contributor', PASSWORD, 'Forms Contributor');
});

const template = (page: Page) => page.getByRole('textbox', { name: 'Form template' });
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });

async function openForms(page: Page, { phone = false } = {}) {
  await signIn(page, 'forms-editor', PASSWORD);
  await page.goto('/admin/');
  if (phone) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
}

async function createForm(page: Page, title: string): Promise<number> {
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Create form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit form: ${title}` })).toBeVisible();
  return Number(/\/admin\/forms\/(\d+)\//.exec(page.url())![1]);
}

/** Uses the tag inserter from the keyboard: choose the tag, fill its inputs, press "Insert tag". */
async function insertTag(page: Page, tag: string, label: string, name: string, required: boolean) {
  const inserter = page.getByRole('region', { name: 'Insert a tag' });
  await inserter.getByRole('combobox', { name: 'Tag' }).selectOption({ label: tag });
  await inserter.getByRole('textbox', { name: 'Label' }).fill(label);
  await inserter.getByRole('textbox', { name: 'Name' }).fill(name);
  if (required) {
    await inserter.getByRole('checkbox', { name: 'Required field' }).focus();
    await page.keyboard.press('Space');
  }
  await inserter.getByRole('button', { name: 'Insert tag' }).focus();
  await page.keyboard.press('Enter');
  // the caret is back in the template, right after the new tag
  await expect(template(page)).toBeFocused();
}

async function sendAsVisitor(page: Page, url: string, phone: string): Promise<string> {
  const context = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL });
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: process.env.E2E_BASE_URL! },
    { name: 'masthead_law_footer_new', value: '2', url: process.env.E2E_BASE_URL! },
  ]);
  const visitor = await context.newPage();
  const loaded = Date.now();
  await visitor.goto(url);
  const form = visitor.locator('.wpcf7 form');
  await form.getByLabel('Your name').fill('Tomas Visitor');
  await form.getByLabel('Your email').fill('tomas@example.com');
  await form.getByLabel('Your phone').fill(phone);
  await form.getByLabel('Your message').fill('Two seats on the morning boat, please.');
  // the server treats a form sent within 3 s of its rendering as spam
  const wait = 3300 - (Date.now() - loaded);
  if (wait > 0) await visitor.waitForTimeout(wait);
  await form.getByRole('button', { name: 'Send' }).click();
  const output = form.locator('.wpcf7-response-output');
  await expect(output).not.toBeEmpty({ timeout: 30_000 });
  const text = (await output.textContent()) ?? '';
  await context.close();
  return text;
}

test('an editor builds a form, puts it on a page, and a visitor sends it', async ({ page }) => {
  const items = cleanup();
  const title = `Tour booking ${unique()}`;
  await openForms(page);
  const formId = await createForm(page, title);

  // a telephone field through the tag inserter, seen in the preview
  await insertTag(page, 'Telephone', 'Your phone', 'your-phone', true);
  await expect(template(page)).toHaveValue(/<label> Your phone\n {4}\[tel\* your-phone\] <\/label>/);
  await expect(preview(page).getByRole('textbox', { name: 'Your phone' })).toBeVisible();
  await expect(preview(page).getByRole('button', { name: 'Send' })).toBeVisible();

  // a number with options typed into their own fields by keyboard: a bad value is named next to
  // its field and nothing is inserted until it is fixed; the tag and the preview have them
  const inserter = page.getByRole('region', { name: 'Insert a tag' });
  await inserter.getByRole('combobox', { name: 'Tag' }).selectOption({ label: 'Number' });
  const typeInto = async (name: string, text: string) => {
    await inserter.getByRole('textbox', { name, exact: true }).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
  };
  await typeInto('Label', 'Group size');
  await typeInto('Name', 'group-size');
  // "Required field" stays ticked from the telephone: untick it
  const required = inserter.getByRole('checkbox', { name: 'Required field' });
  await expect(required).toBeChecked();
  await required.focus();
  await page.keyboard.press('Space');
  await expect(required).not.toBeChecked();
  await typeInto('Lowest', '1');
  await typeInto('Highest', 'twelve');
  await typeInto('Placeholder', '4');
  const highest = inserter.getByRole('textbox', { name: 'Highest' });
  await expect(highest).toHaveAccessibleDescription(/A number, such as 10 or 2\.5\./);
  await inserter.getByRole('button', { name: 'Insert tag' }).focus();
  await page.keyboard.press('Enter');
  await expect(inserter.getByRole('alert')).toHaveText('Fix the options marked above first: the tag was not inserted.');
  await expect(template(page)).not.toHaveValue(/group-size/);
  await typeInto('Highest', '12');
  await expect(inserter.getByText('[number group-size min:1 max:12 placeholder "4"]')).toBeVisible();
  await inserter.getByRole('button', { name: 'Insert tag' }).focus();
  await page.keyboard.press('Enter');
  await expect(template(page)).toBeFocused();
  await expect(template(page)).toHaveValue(/<label> Group size\n {4}\[number group-size min:1 max:12 placeholder "4"\] <\/label>/);
  const groupSize = preview(page).getByRole('spinbutton', { name: 'Group size' });
  await expect(groupSize).toHaveAttribute('min', '1');
  await expect(groupSize).toHaveAttribute('max', '12');
  await expect(groupSize).toHaveAttribute('placeholder', '4');

  // a placeholder that names no field is a warning, next to the field and in the check
  const subject = page.getByRole('textbox', { name: 'Subject' });
  await subject.fill('Booking from [your-name], phone [your-fone]');
  const warning = 'The mail (subject) uses [your-fone], but no field of the form has that name.';
  await expect(page.getByRole('region', { name: 'Check' })).toContainText(`Warning: ${warning}`);
  await expect(subject).toHaveAccessibleDescription(new RegExp(warning.replace(/[[\]().]/g, '\\$&')));
  const stamp = unique();
  await subject.fill(`Booking ${stamp} from [your-name], phone [your-phone]`);
  await expect(page.getByRole('region', { name: 'Check' })).toContainText('No problems found.');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form saved. Pages show it now.' })).toBeAttached();
  await expectAccessible(page);

  // on a page (the page editor's contact-form block), published
  const created = await adminApi<{ id: number; revision: number }>(page, 'items.create', { kind: 'page', fields: { title: `Book ${stamp}`, blocks: [{ type: 'paragraph', html: 'Book a tour.' }, { type: 'contact-form', formId }] } });
  expect(created.status).toBe(200);
  items.add('page', created.body.data!.id);
  const published = await adminApi<{ url: string }>(page, 'items.publish', { kind: 'page', id: created.body.data!.id, revision: created.body.data!.revision });
  expect(published.status).toBe(200);
  const url = published.body.data!.url;

  const before = caughtMail().length;
  expect(await sendAsVisitor(page, url, '+44 20 7946 0000')).toBe('Thank you for your message. It has been sent.');
  const mail = await waitForMail(ADMIN_MAIL, before);
  const raw = decodeQuotedPrintable(mail.raw);
  expect(raw).toContain(`Booking ${stamp} from Tomas Visitor, phone +44 20 7946 0000`);
  expect(raw).toContain('Two seats on the morning boat, please.');

  // the list shows where the form is used; delete is refused and names the page
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Forms' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('link', { name: `Book ${stamp}` })).toBeVisible();
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the form “${title}”?` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This form is still on these pages. Remove its block there first:');
  await expect(dialog.getByRole('link', { name: `Book ${stamp}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);

  // a change in the admin is on the public page at once
  expect((await asReader(url)).html).not.toContain('Preferred day');
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit form: ${title}` })).toBeVisible();
  await template(page).focus();
  await page.keyboard.press('Control+Home');
  await insertTag(page, 'Date', 'Preferred day', 'preferred-day', false);
  // markup written in the template is kept as written and drawn on the public page
  await page.keyboard.press('Control+Home');
  await page.keyboard.insertText('<h3 class="tour-intro">Plan your <em>tour</em></h3>\n\n');
  await expect(preview(page).getByRole('heading', { level: 3, name: 'Plan your tour' })).toBeVisible();
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form saved. Pages show it now.' })).toBeAttached();
  const reader = await asReader(url);
  expect(reader.html).toContain('Preferred day');
  expect(reader.html).toMatch(/<input[^>]*type="date"[^>]*name="preferred-day"/);
  expect(reader.html).toContain('<h3 class="tour-intro">Plan your <em>tour</em></h3>');
  await page.reload();
  await expect(template(page)).toHaveValue(/^<h3 class="tour-intro">Plan your <em>tour<\/em><\/h3>\n\n<label> Preferred day\n/);

  // a copy, deleted (nothing uses it)
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Forms' }).click();
  await page.getByRole('row').filter({ hasText: title }).first().getByRole('button', { name: `Duplicate ${title}` }).click();
  const copy = page.getByRole('row').filter({ hasText: `${title} (copy)` });
  await expect(copy).toHaveCount(1);
  await expect(copy).toContainText('No page');
  await copy.getByRole('button', { name: `Delete ${title} (copy)` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form deleted.' })).toBeAttached();
  await expect(copy).toHaveCount(0);
  await items.run(page);
});

test('Mail (2) and additional settings: the visitor and the site both get their mail, once; unsaved edits are not lost by leaving', async ({ page }) => {
  const items = cleanup();
  const title = `Receipt form ${unique()}`;
  const stamp = unique();
  await openForms(page);
  const formId = await createForm(page, title);
  await insertTag(page, 'Telephone', 'Your phone', 'your-phone', false);

  await page.getByRole('region', { name: 'Mail', exact: true }).getByRole('textbox', { name: 'Subject' }).fill(`Site copy ${stamp} from [your-name]`);

  // Mail (2) is off: its fields are hidden; switched on by keyboard, they show the starting receipt
  const mail2 = page.getByRole('region', { name: 'Mail (2)' });
  await expect(mail2).toContainText('Mail (2) is off: its text is kept and nothing is sent.');
  await mail2.getByRole('checkbox', { name: 'Use Mail (2)' }).focus();
  await page.keyboard.press('Space');
  await expect(mail2.getByRole('textbox', { name: 'To', exact: true })).toHaveValue('[your-email]');
  const subject2 = mail2.getByRole('textbox', { name: 'Subject' });
  await subject2.fill(`Receipt ${stamp} for [your-nmae]`);
  const warning = 'Mail (2) (subject) uses [your-nmae], but no field of the form has that name.';
  await expect(page.getByRole('region', { name: 'Check' })).toContainText(`Warning: ${warning}`);
  await expect(subject2).toHaveAccessibleDescription(new RegExp(warning.replace(/[[\]().]/g, '\\$&')));
  await subject2.fill(`Receipt ${stamp} for [your-name]`);
  await mail2.getByRole('textbox', { name: 'Message body' }).fill(`Hello [your-name], we have your message:\n[your-message]\n-- ${stamp}`);

  // additional settings: an unknown one is a warning; a known one is fine
  const settings = page.getByRole('textbox', { name: 'Additional settings' });
  await settings.fill('on_sent_ok: "alert(1)"');
  await expect(page.getByRole('region', { name: 'Check' })).toContainText('Additional settings, line 1: “on_sent_ok: "alert(1)"” is not a setting this site knows; it is kept and ignored.');
  await settings.fill('acceptance_as_validation: on');
  await expect(page.getByRole('region', { name: 'Check' })).toContainText('No problems found.');

  // leaving with unsaved edits asks first: "stay" keeps them, and so does the browser on close or reload
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Forms' }).click();
  await expect.poll(() => asked).toBe('Your changes are not saved. Leave this screen and lose them?');
  await expect(page.getByRole('heading', { level: 1, name: `Edit form: ${title}` })).toBeVisible();
  await expect(subject2).toHaveValue(`Receipt ${stamp} for [your-name]`);
  expect(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(true);

  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form saved. Pages show it now.' })).toBeAttached();
  expect(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(false);
  await expectAccessible(page);

  const created = await adminApi<{ id: number; revision: number }>(page, 'items.create', { kind: 'page', fields: { title: `Write ${stamp}`, blocks: [{ type: 'contact-form', formId }] } });
  items.add('page', created.body.data!.id);
  const published = await adminApi<{ url: string }>(page, 'items.publish', { kind: 'page', id: created.body.data!.id, revision: created.body.data!.revision });
  const before = caughtMail().length;
  expect(await sendAsVisitor(page, published.body.data!.url, '+44 20 7946 0001')).toBe('Thank you for your message. It has been sent.');
  const toSite = await waitForMail(ADMIN_MAIL, before);
  const receipt = await waitForMail('tomas@example.com', before);
  expect(decodeQuotedPrintable(receipt.raw)).toContain(`Receipt ${stamp} for Tomas Visitor`);
  expect(decodeQuotedPrintable(receipt.raw)).toContain('Two seats on the morning boat, please.');
  expect(toSite.file).not.toBe(receipt.file);
  expect(decodeQuotedPrintable(toSite.raw)).toContain(`Site copy ${stamp} from Tomas Visitor`);
  // once each: nothing more arrives for this message
  await page.waitForTimeout(2000);
  expect(caughtMail().slice(before).filter((m) => decodeQuotedPrintable(m.raw).includes(stamp))).toHaveLength(2);

  // saved: moving on asks nothing
  let askedAgain = false;
  page.once('dialog', (d) => {
    askedAgain = true;
    void d.accept();
  });
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  expect(askedAgain).toBe(false);
  await items.run(page);
});

test('saving a form that would break is refused with the same words, and nothing changes', async ({ page }) => {
  await openForms(page);
  const title = `Broken ${unique()}`;
  await createForm(page, title);
  await template(page).fill('[text* your-name]\n[email your-name]\n[submit "Send"]');
  const error = 'Two fields are named “your-name”: each field needs a name of its own.';
  await expect(page.getByRole('region', { name: 'Check' })).toContainText(`Error: ${error}`);
  await expect(template(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(preview(page)).toContainText('The preview returns when the errors below are fixed.');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByRole('alert').filter({ hasText: error })).toBeVisible();
  await page.reload();
  await expect(template(page)).toHaveValue(/\[textarea your-message x10\]/);
  await expect(template(page)).not.toHaveValue(/\[email your-name\]/);
});

for (const login of ['forms-author', 'forms-contributor']) {
  test(`${login.replace('forms-', 'an ')} cannot reach the forms screen`, async ({ page }) => {
    await signIn(page, login, PASSWORD);
    await page.goto('/admin/');
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Forms' })).toHaveCount(0);
    await page.goto('/admin/forms/1/');
    await expect(page.getByText('Your role does not allow you to use this screen.')).toBeVisible();
    expect((await adminApi(page, 'forms.list', {})).status).toBe(403);
    expect((await adminApi(page, 'forms.get', { id: 1 })).status).toBe(403);
  });
}

test('the forms screens at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openForms(page, { phone: true });
  await expect(page.getByRole('row').filter({ hasText: 'Contact' }).first()).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('forms-list-375.png'), fullPage: true });
  await page.goto('/admin/forms/2/');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit form: Request a quote' })).toBeVisible();
  await expect(preview(page).getByRole('button', { name: 'Request a quote' })).toBeVisible();
  // the inserter with a tag's option fields open (a file: types and size limit)
  await page.getByRole('region', { name: 'Insert a tag' }).getByRole('combobox', { name: 'Tag' }).selectOption({ label: 'File' });
  await expect(page.getByRole('group', { name: 'Options of this tag' }).getByRole('textbox', { name: 'Accepted file types' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('forms-editor-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('textbox', { name: 'Form template' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('forms-editor-1280.png') });
});
