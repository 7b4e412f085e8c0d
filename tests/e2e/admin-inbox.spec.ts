/**
 * The submissions inbox as a site owner, in Chromium: a message sent through the site's contact
 * form is in the inbox with its mail delivered; with the SMTP server down a second one shows its
 * mail failed and waiting; with the server back, "Send again" delivers it exactly once. Then spam
 * and not spam, and the 375 px layout. An author has no inbox.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginAsAdmin } from './support/page.ts';
import { caughtMail, smtpDown, smtpUp, waitForMail } from './support/mail.ts';
import { ensureUser, signIn } from './support/admin.ts';

const ADMIN = 'admin@example.com';

/** Sends the demo contact form at /contact/ as a visitor (in a fresh context: no admin session). */
async function sendContactForm(page: Page, subject: string): Promise<string> {
  const context = await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL });
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: 'false', url: process.env.E2E_BASE_URL! },
    { name: 'masthead_law_footer_new', value: '2', url: process.env.E2E_BASE_URL! },
  ]);
  const visitor = await context.newPage();
  const loaded = Date.now();
  await visitor.goto('/contact/');
  const form = visitor.locator('.wpcf7 form');
  await form.getByLabel('Your name').fill('Ines Visitor');
  await form.getByLabel('Your email').fill('ines@example.com');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Your message (optional)').fill('The ferry times changed in November.');
  await form.getByRole('checkbox', { name: /I agree that my data is used/ }).check();
  // the server treats a form sent within 3 s of its rendering as spam
  const wait = 3300 - (Date.now() - loaded);
  if (wait > 0) await visitor.waitForTimeout(wait);
  await form.getByRole('button', { name: 'Submit' }).click();
  const output = form.locator('.wpcf7-response-output');
  await expect(output).not.toBeEmpty({ timeout: 30_000 });
  const text = (await output.textContent()) ?? '';
  await context.close();
  return text;
}

test.describe('submissions inbox', () => {
  test.afterEach(() => smtpUp());

  test('a sent message is in the inbox; a failed mail is shown and sent again exactly once', async ({ page }) => {
    const subject = `Ferry ${Date.now()}`;
    const before = caughtMail().length;
    await sendContactForm(page, subject);
    await waitForMail(ADMIN, before);

    await loginAsAdmin(page);
    await page.goto('/admin/');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Submissions' }).click();
    await page.getByRole('searchbox', { name: 'Search submissions' }).fill(subject);
    await page.getByRole('button', { name: 'Search submissions' }).click();
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Sent' })).toBeVisible();
    await row.getByRole('link', { name: /Ines Visitor/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ines Visitor');
    await expect(page.getByText('The ferry times changed in November.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
    await expectAccessible(page);

    // the SMTP server goes down: the second message is stored, its mail waits
    smtpDown();
    const second = `${subject} again`;
    await sendContactForm(page, second);
    await page.goto(`/admin/submissions/?s=${encodeURIComponent(second)}`);
    const failedRow = page.getByRole('row').filter({ hasText: second });
    await expect(failedRow.getByRole('cell', { name: 'Failed, will retry' })).toBeVisible();
    await failedRow.getByRole('link', { name: /Ines Visitor/ }).click();
    await expect(page.getByText(/Reason: .*not available/)).toBeVisible();
    await expect(page.getByText(/Next attempt/)).toBeVisible();

    smtpUp();
    const mailsBefore = caughtMail().length;
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Mail sent again: Sent.' })).toBeAttached();
    await expect(page.getByText(/^Sent .+\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
    const mail = await waitForMail(ADMIN, mailsBefore);
    expect(mail.raw).toContain('again');
    // the outbox's own timer must not send it a second time
    await page.waitForTimeout(1000);
    expect(caughtMail().slice(mailsBefore).filter((m) => m.raw.includes(second))).toHaveLength(1);

    // spam and back
    await page.getByRole('button', { name: 'Mark as spam' }).click();
    await expect(page.getByText('Marked as spam', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the submissions' }).click();
    await page.getByRole('navigation', { name: 'Inbox or spam' }).getByRole('link', { name: 'Spam' }).click();
    await expect(page.getByRole('row').filter({ hasText: second })).toHaveCount(1);
    await page.getByRole('row').filter({ hasText: second }).getByRole('link').click();
    await page.getByRole('button', { name: 'Not spam' }).click();
    await expect(page.getByRole('button', { name: 'Mark as spam' })).toBeVisible();
  });

  test('at 375 px the inbox and a submission fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAsAdmin(page);
    await page.goto('/admin/submissions/');
    await expect(page.getByRole('heading', { level: 1, name: 'Submissions' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Submissions' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('inbox-375.png'), fullPage: true });
    await page.getByRole('table', { name: 'Submissions' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 2, name: 'What was sent' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('submission-375.png'), fullPage: true });
  });

  test('an author has no inbox', async ({ page }) => {
    await ensureUser('e2e-inbox-author', 'author', 'inbox-author-password-5', 'Ari Author');
    await signIn(page, 'e2e-inbox-author', 'inbox-author-password-5');
    await page.goto('/admin/');
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Submissions' })).toHaveCount(0);
    await page.goto('/admin/submissions/');
    await expect(page.getByRole('alert')).toContainText('Your role does not allow you to use this screen.');
  });
});
