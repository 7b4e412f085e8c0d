/**
 * Users and one's own profile as a site owner, in Chromium: invite a colleague, who follows the
 * mailed link, chooses a password and signs in to the admin with the role given; change a role,
 * lock (sign-in refused) and unlock, delete with the content handed on; the profile screen at
 * 375 px. An editor has no users screen.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, loginAsAdmin } from './support/page.ts';
import { caughtMail, decodeQuotedPrintable, waitForMail } from './support/mail.ts';
import { ensureUser, signIn } from './support/admin.ts';

const unique = () => Math.random().toString(36).slice(2, 7);

test('invite a user, who sets a password through the mailed link; role, lock and delete', async ({ page }) => {
  const login = `colleague-${unique()}`;
  const email = `${login}@example.com`;
  await loginAsAdmin(page);
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByRole('textbox', { name: 'User name' }).fill(login);
  await invite.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await invite.getByRole('textbox', { name: 'Name shown to readers' }).fill('Cleo Colleague');
  await invite.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Editor' });
  const before = caughtMail().length;
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Never' })).toBeVisible();
  await expectAccessible(page);

  // the invited person follows the mailed link
  const mail = await waitForMail(email, before);
  const link = /https?:\/\/[^\s]+\/account\/reset\/\?token=[\w-]{43}/.exec(decodeQuotedPrintable(mail.raw))?.[0];
  expect(link).toBeTruthy();
  const visitor = await page.context().browser()!.newContext();
  const them = await visitor.newPage();
  await them.goto(link!);
  await them.getByLabel('New password', { exact: true }).fill('my-own-choice-31');
  await them.getByLabel('Confirm new password').fill('my-own-choice-31');
  await them.getByRole('button', { name: 'Save password' }).click();
  await expect(them.getByText('Your password has been changed')).toBeVisible();
  await signIn(them, login, 'my-own-choice-31');
  await them.goto('/admin/');
  const theirNav = them.getByRole('navigation', { name: 'Admin' });
  await expect(theirNav.getByRole('link', { name: 'Submissions' })).toBeVisible();
  await expect(theirNav.getByRole('link', { name: 'Users' })).toHaveCount(0);

  // back in the users screen: a sign-in is recorded; change the role
  await page.reload();
  await expect(row.getByRole('cell', { name: 'Never' })).toHaveCount(0);
  await row.getByRole('combobox', { name: 'Role of Cleo Colleague' }).selectOption({ label: 'Author' });
  await expect(page.getByRole('status').filter({ hasText: 'Cleo Colleague is now Author.' })).toBeAttached();

  // lock: their session ends and sign-in is refused; unlock
  await row.getByRole('button', { name: 'Lock Cleo Colleague' }).click();
  await expect(row.getByText('Locked')).toBeVisible();
  await them.goto('/admin/');
  await expect(them).toHaveURL(/\/account\//);
  await them.goto('/account/');
  const form = them.getByRole('form', { name: 'Log in', exact: true });
  await form.getByLabel(/user ?name/i).fill(login);
  await form.getByLabel(/^password/i).fill('my-own-choice-31');
  await form.getByRole('button', { name: /log in/i }).click();
  await expect(them.getByText('This account is locked.', { exact: false }).first()).toBeVisible();
  await row.getByRole('button', { name: 'Unlock Cleo Colleague' }).click();
  await expect(row.getByText('Locked')).toHaveCount(0);
  await visitor.close();

  // delete, handing the content to the administrator
  await row.getByRole('button', { name: 'Delete Cleo Colleague' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Cleo Colleague?' });
  await dialog.getByRole('combobox', { name: 'Give their content to' }).selectOption({ label: 'Editorial Team (admin)' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('the own profile: name saved, a wrong current password refused by its field; fits 375 px', async ({ page }) => {
  await ensureUser('e2e-profile-author', 'author', 'profile-author-pass-8', 'Pat Profile');
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'e2e-profile-author', 'profile-author-pass-8');
  await page.goto('/admin/profile/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await page.getByRole('textbox', { name: 'About you' }).fill('Writes about trains.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved.' }).first()).toBeVisible();
  const pw = page.getByRole('form', { name: 'Password' });
  await pw.getByLabel('Current password').fill('not-my-password');
  await pw.getByLabel('New password', { exact: true }).fill('a-better-password-9');
  await pw.getByLabel('New password again').fill('a-better-password-9');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByLabel('Current password')).toHaveAccessibleDescription(/not your current password/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('profile-375.png'), fullPage: true });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'About you' })).toHaveValue('Writes about trains.');
});

test('an editor has no users screen', async ({ page }) => {
  await ensureUser('e2e-users-editor', 'editor', 'users-editor-pass-4', 'Ed Users');
  await signIn(page, 'e2e-users-editor', 'users-editor-pass-4');
  await page.goto('/admin/users/');
  await expect(page.getByRole('alert')).toContainText('Your role does not allow you to use this screen.');
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Your profile' })).toBeVisible();
});
