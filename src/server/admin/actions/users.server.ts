import { z } from 'zod';
import { defineAdminAction, type AdminContext } from '../registry.server.ts';
import { ContentError } from '../../content/errors.ts';
import { hashPassword, verifyPassword } from '../../passwords.server.ts';
import { hashToken, newToken } from '../../session.server.ts';
import { issueResetToken, resetLink, RESET_PURPOSE } from '../../../features/accounts/tokens.server.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, passwordProblem, slugFromUsername, validEmail, validUsername } from '../../../features/accounts/policy.ts';
import { roles, type Role } from '../../../features/accounts/types.ts';
import { translator } from '../../../i18n/index.ts';

/**
 * Users (administrator) and one's own profile (everyone who uses the admin). An invitation creates
 * the account without a usable password and mails a one-time set-password link (the reset page,
 * valid for a week) through the outbox. An administrator cannot lock, demote or delete their own
 * account, and the last administrator stays one. A deleted account's content goes to a chosen user.
 */
const id = z.number().int().positive();
const role = z.enum(roles as unknown as [Role, ...Role[]]);
export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
export const EMAIL_PURPOSE = 'email-change';
export const EMAIL_TTL_MS = 24 * 3600 * 1000;
export const EMAIL_CONFIRM_PATH = '/api/confirm-email';

const t = translator('en');
const invalid = (field: string, message: string) => new ContentError('invalid', message, { field });

async function person(ctx: AdminContext, userId: number) {
  const p = await ctx.runtime.repos.people.byId(userId);
  if (!p) throw new ContentError('not_found', 'This user no longer exists.');
  return p;
}

function notSelf(ctx: AdminContext, userId: number, what: string) {
  if (userId === ctx.user.id) throw new ContentError('forbidden', `You cannot ${what} your own account here.`);
}

/** Keeps at least one administrator who can sign in. */
async function keepAnAdministrator(ctx: AdminContext, target: { role: Role; locked: boolean }) {
  if (target.role === 'administrator' && !target.locked && (await ctx.runtime.repos.people.countRole('administrator')) <= 1) {
    throw new ContentError('conflict', 'The site needs at least one administrator who can sign in.');
  }
}

export const usersList = defineAdminAction({
  permission: 'users.manage',
  input: z.object({}),
  handler: async (_i, { runtime, user }) => ({ users: await runtime.repos.people.list(), me: user.id }),
});

export const usersInvite = defineAdminAction({
  permission: 'users.manage',
  input: z.object({ login: z.string().trim().max(60), email: z.string().trim().max(EMAIL_MAX), displayName: z.string().trim().max(NAME_MAX).default(''), role }),
  async handler(i, ctx) {
    const { repos, mailer, config } = ctx.runtime;
    if (!validUsername(i.login)) throw invalid('login', '3 to 60 letters, digits, dots, hyphens or underscores.');
    if (!validEmail(i.email)) throw invalid('email', 'Give a valid e-mail address.');
    const taken = await repos.users.exists(i.login, i.email);
    if (taken.login) throw invalid('login', 'This user name is taken.');
    if (taken.email) throw invalid('email', 'An account already uses this address.');
    let slug = slugFromUsername(i.login);
    for (let n = 2; await repos.users.bySlug(slug); n++) slug = `${slugFromUsername(i.login)}-${n}`;
    // No password anyone knows: the invited person chooses one through the link.
    const userId = await repos.users.create({ login: i.login, slug, email: i.email, displayName: i.displayName || i.login, role: i.role, passwordHash: await hashPassword(newToken()) });
    const issued = issueResetToken();
    await repos.tokens.create({ id: issued.id, userId, purpose: RESET_PURPOSE, expiresAt: new Date(Date.now() + INVITE_TTL_MS).toISOString() });
    const site = (await ctx.runtime.settings()).site.title;
    const sent = await mailer.send({
      to: i.email,
      subject: t('admin.users.inviteSubject', { site }),
      text: t('admin.users.inviteMail', { name: i.displayName || i.login, inviter: ctx.user.displayName, site, role: t(`admin.users.role.${i.role}`), login: i.login, link: resetLink(config.publicUrl, issued.token) }),
    });
    ctx.log.info({ userId, mailId: sent.id, delivered: sent.delivered }, 'user invited');
    return { user: await person(ctx, userId), delivered: sent.delivered };
  },
});

export const usersSetRole = defineAdminAction({
  permission: 'users.manage',
  input: z.object({ id, role }),
  async handler(i, ctx) {
    notSelf(ctx, i.id, 'change the role of');
    const p = await person(ctx, i.id);
    if (i.role !== 'administrator') await keepAnAdministrator(ctx, p);
    await ctx.runtime.repos.people.setRole(i.id, i.role);
    return person(ctx, i.id);
  },
});

export const usersLock = defineAdminAction({
  permission: 'users.manage',
  input: z.object({ id, locked: z.boolean() }),
  async handler(i, ctx) {
    notSelf(ctx, i.id, 'lock');
    const p = await person(ctx, i.id);
    if (i.locked) await keepAnAdministrator(ctx, p);
    await ctx.runtime.repos.people.setLocked(i.id, i.locked);
    // Locked means signed out everywhere, at once.
    if (i.locked) await ctx.runtime.repos.sessions.deleteForUser(i.id);
    return person(ctx, i.id);
  },
});

export const usersDelete = defineAdminAction({
  permission: 'users.manage',
  input: z.object({ id, reassignTo: id }),
  async handler(i, ctx) {
    notSelf(ctx, i.id, 'delete');
    const p = await person(ctx, i.id);
    if (i.reassignTo === i.id) throw invalid('reassignTo', 'Choose someone else to receive the content.');
    const heir = await ctx.runtime.repos.people.byId(i.reassignTo);
    if (!heir) throw invalid('reassignTo', 'This user no longer exists.');
    await keepAnAdministrator(ctx, p);
    await ctx.runtime.repos.people.removeTo(i.id, heir.id);
    await ctx.runtime.contentChanged();
    return { deleted: i.id, reassignedTo: heir.id };
  },
});

export const profileGet = defineAdminAction({
  permission: 'admin.access',
  input: z.object({}),
  handler: (_i, ctx) => person(ctx, ctx.user.id),
});

export const profileSave = defineAdminAction({
  permission: 'admin.access',
  input: z.object({ displayName: z.string().trim().min(1, 'Give the name readers see.').max(NAME_MAX), bio: z.string().max(2000, 'At most 2000 characters.').default(''), avatarMediaId: id.nullable().default(null) }),
  async handler(i, ctx) {
    if (i.avatarMediaId !== null && !(await ctx.runtime.repos.media.byId(i.avatarMediaId))) throw invalid('avatarMediaId', 'This image no longer exists.');
    await ctx.runtime.repos.people.setEmailAndName(ctx.user.id, { displayName: i.displayName, bio: i.bio, avatarMediaId: i.avatarMediaId });
    await ctx.runtime.contentChanged();
    return person(ctx, ctx.user.id);
  },
});

async function checkPassword(ctx: AdminContext, password: string, field: string) {
  const own = await ctx.runtime.repos.users.byLoginOrEmail(ctx.user.login);
  if (!own || !(await verifyPassword(own.passwordHash, password))) throw invalid(field, 'This is not your current password.');
}

export const profilePassword = defineAdminAction({
  permission: 'admin.access',
  input: z.object({ current: z.string().max(PASSWORD_MAX), password: z.string().max(PASSWORD_MAX + 1), confirm: z.string().max(PASSWORD_MAX + 1) }),
  async handler(i, ctx) {
    await checkPassword(ctx, i.current, 'current');
    const problem = passwordProblem(i.password, { username: ctx.user.login, email: ctx.user.email });
    if (problem) throw invalid('password', t(`admin.profile.password.${problem}`));
    if (i.password !== i.confirm) throw invalid('confirm', 'The two passwords differ.');
    await ctx.runtime.repos.users.setPasswordHash(ctx.user.id, await hashPassword(i.password));
    // Other devices sign in again with the new password; this session stays.
    await ctx.runtime.repos.sessions.deleteForUser(ctx.user.id, ctx.sessionId);
    await ctx.runtime.repos.tokens.deleteForUser(ctx.user.id, RESET_PURPOSE);
    return { changed: true };
  },
});

export const profileEmail = defineAdminAction({
  permission: 'admin.access',
  input: z.object({ email: z.string().trim().max(EMAIL_MAX), password: z.string().max(PASSWORD_MAX) }),
  async handler(i, ctx) {
    const { repos, mailer, config } = ctx.runtime;
    if (!validEmail(i.email)) throw invalid('email', 'Give a valid e-mail address.');
    if (i.email.toLowerCase() === ctx.user.email.toLowerCase()) throw invalid('email', 'This is already your address.');
    if ((await repos.users.exists('', i.email)).email) throw invalid('email', 'An account already uses this address.');
    await checkPassword(ctx, i.password, 'emailPassword');
    const token = newToken();
    await repos.tokens.deleteForUser(ctx.user.id, EMAIL_PURPOSE);
    await repos.tokens.create({ id: hashToken(token), userId: ctx.user.id, purpose: EMAIL_PURPOSE, expiresAt: new Date(Date.now() + EMAIL_TTL_MS).toISOString() });
    await repos.people.setPendingEmail(ctx.user.id, i.email);
    const link = new URL(EMAIL_CONFIRM_PATH, config.publicUrl);
    link.searchParams.set('token', token);
    const site = (await ctx.runtime.settings()).site.title;
    await mailer.send({ to: i.email, subject: t('admin.profile.emailSubject', { site }), text: t('admin.profile.emailMail', { name: ctx.user.displayName, site, link: link.href }) });
    return person(ctx, ctx.user.id);
  },
});
