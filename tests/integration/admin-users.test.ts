/**
 * The users screen and one's own profile through the admin endpoint, on SQLite and PostgreSQL,
 * with the real account service: an invitation mails a one-time set-password link that sets the
 * password and signs in; a locked account cannot sign in and is signed out; the last administrator
 * stays one; a deleted account's posts go to the chosen user; an e-mail change waits for its link;
 * a password change checks the current one and ends the other sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../support/db.ts';
import { handleAdminRequest } from '../../src/server/admin/index.server.ts';
import { confirmEmailChange } from '../../src/server/admin/confirm-email.server.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { createMailer } from '../../src/server/mail/mailer.server.ts';
import { createRateLimiter } from '../../src/server/ratelimit.server.ts';
import { hashPassword } from '../../src/server/passwords.server.ts';
import { readSession, startSession } from '../../src/server/session.server.ts';
import { completeReset, login, resetTokenUsable, type AccountEnv } from '../../src/features/accounts/service.server.ts';
import { createContentServices } from '../../src/server/content/index.server.ts';
import { settingsKeys, type Settings, type SettingsKey } from '../../src/features/site/settings.ts';
import type { Runtime } from '../../src/server/runtime.server.ts';
import type { Config } from '../../src/server/config.server.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ORIGIN = 'http://admin.test';
const PASSWORD = 'admin-users-password-1';

for (const target of testDatabases()) {
  describe(`users and profile actions on ${target.name}`, () => {
    let t: TestDb;
    let runtime: Runtime;
    let dataDir: string;
    let adminId: number;
    let adminCookie: string;
    const env = (): AccountEnv => ({ runtime, ip: '10.0.0.9', userAgent: 'vitest', secure: false, sessionId: null, user: null });

    beforeAll(async () => {
      t = await target.open();
      dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-users-'));
      const log = createLogger('silent');
      const settings = async (): Promise<Settings> => {
        const keys = Object.keys(settingsKeys) as SettingsKey[];
        const values = await Promise.all(keys.map((k) => t.repos.settings.get(k, settingsKeys[k])));
        return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as Settings;
      };
      runtime = {
        config: { publicUrl: ORIGIN, dataDir, rateLimitPerMinute: 1000 } as Config,
        log,
        repos: t.repos,
        // the real mailer without an SMTP server keeps mail in the outbox, where the test reads it
        mailer: createMailer({ smtpUrl: undefined, from: 'Masthead <no-reply@admin.test>', repos: t.repos, log }),
        limiter: createRateLimiter(),
        settings,
        contentChanged: async () => undefined,
        content: createContentServices({ repos: t.repos, dataDir, contentChanged: async () => undefined }),
      } as unknown as Runtime;
      adminId = await t.repos.users.create({ login: 'boss', email: 'boss@example.com', displayName: 'The Boss', role: 'administrator', passwordHash: await hashPassword(PASSWORD) });
      adminCookie = (await startSession(t.repos, adminId, { remember: false, userAgent: 'test', ip: '127.0.0.1', secure: false })).cookie.split(';')[0]!;
    });
    afterAll(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const call = async (action: string, body: unknown, cookie = adminCookie) => {
      const res = await handleAdminRequest(
        new Request(`${ORIGIN}/api/admin/${action}`, { method: 'POST', headers: { origin: ORIGIN, 'x-masthead-admin': '1', 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }),
        { runtime },
      );
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
      return { status: res.status, body: (await res.json()) as { ok: boolean; data?: any; error?: { code: string; field?: string; message: string } } };
    };
    const lastMail = async () => (await t.repos.outbox.list(1))[0]!;
    const linkIn = (text: string) => /(http:\/\/admin\.test\/\S+)/.exec(text)![1]!;

    it('invites by e-mail: the mailed link sets a password once, and that password signs in', async () => {
      const dup = await call('users.invite', { login: 'boss', email: 'someone@example.com', role: 'editor' });
      expect(dup.status).toBe(422);
      expect(dup.body.error!.field).toBe('login');
      expect((await call('users.invite', { login: 'bad name!', email: 'x@example.com', role: 'editor' })).body.error!.field).toBe('login');
      expect((await call('users.invite', { login: 'newbie', email: 'not-an-address', role: 'editor' })).body.error!.field).toBe('email');

      const r = await call('users.invite', { login: 'newbie', email: 'newbie@example.com', displayName: 'New Bie', role: 'editor' });
      expect(r.status).toBe(200);
      expect(r.body.data.user).toMatchObject({ login: 'newbie', role: 'editor', lastLoginAt: null, locked: false });
      const mail = await lastMail();
      expect(mail.to_address).toBe('newbie@example.com');
      expect(mail.text_body).toContain('The Boss invited you');
      const token = new URL(linkIn(mail.text_body)).searchParams.get('token')!;
      expect(new URL(linkIn(mail.text_body)).pathname).toBe('/account/reset/');
      expect(await resetTokenUsable(runtime, token)).toBe(true);
      // no password works before the link is used
      expect((await login(env(), { username: 'newbie', password: '', remember: false })).success).toBe(false);
      const set = await completeReset(env(), { token, password: 'a-fresh-start-77', confirmPass: 'a-fresh-start-77' });
      expect(set.success).toBe(true);
      expect(await resetTokenUsable(runtime, token)).toBe(false);
      expect((await login(env(), { username: 'newbie', password: 'a-fresh-start-77', remember: false })).success).toBe(true);
      const listed = (await call('users.list', {})).body.data.users.find((u: { login: string }) => u.login === 'newbie');
      expect(listed.lastLoginAt).not.toBeNull();
    });

    it('changes roles, but never one’s own nor the last administrator’s', async () => {
      const id = (await call('users.list', {})).body.data.users.find((u: { login: string }) => u.login === 'newbie').id;
      expect((await call('users.setRole', { id, role: 'author' })).body.data.role).toBe('author');
      expect((await call('users.setRole', { id: adminId, role: 'editor' })).status).toBe(403);
      expect((await call('users.setRole', { id, role: 'wizard' })).status).toBe(422);
      // a second administrator may be demoted while the first remains
      expect((await call('users.setRole', { id, role: 'administrator' })).status).toBe(200);
      expect((await call('users.setRole', { id, role: 'editor' })).status).toBe(200);
    });

    it('locks an account: signed out everywhere, sign-in refused; unlocking lets it in again', async () => {
      const id = (await call('users.list', {})).body.data.users.find((u: { login: string }) => u.login === 'newbie').id;
      const { cookie } = await startSession(t.repos, id, { remember: false, userAgent: 'x', ip: '1.1.1.1', secure: false });
      const token = cookie.split(';')[0]!.split('=')[1];
      expect(await readSession(t.repos, token)).not.toBeNull();
      expect((await call('users.lock', { id, locked: true })).body.data.locked).toBe(true);
      expect(await readSession(t.repos, token)).toBeNull();
      const refused = await login(env(), { username: 'newbie', password: 'a-fresh-start-77', remember: false });
      expect(refused.success).toBe(false);
      expect(refused.message).toMatch(/locked/);
      expect((await call('users.lock', { id: adminId, locked: true })).status).toBe(403);
      await call('users.lock', { id, locked: false });
      expect((await login(env(), { username: 'newbie', password: 'a-fresh-start-77', remember: false })).success).toBe(true);
    });

    it('deletes an account and hands its posts to the chosen user', async () => {
      const id = await t.repos.users.create({ login: 'leaver', email: 'leaver@example.com', displayName: 'Leaver', role: 'author', passwordHash: 'x' });
      const post = await runtime.content.items.create({ id: adminId, role: 'administrator' }, 'post', { title: 'Left behind', authorId: id });
      expect((await call('users.delete', { id, reassignTo: id })).body.error!.field).toBe('reassignTo');
      expect((await call('users.delete', { id, reassignTo: 99999 })).body.error!.field).toBe('reassignTo');
      const r = await call('users.delete', { id, reassignTo: adminId });
      expect(r.status).toBe(200);
      expect(await t.repos.users.byId(id)).toBeNull();
      expect((await runtime.content.items.get({ id: adminId, role: 'administrator' }, 'post', post.id)).item.fields.authorId).toBe(adminId);
      expect((await call('users.delete', { id: adminId, reassignTo: id })).status).toBe(403);
    });

    it('changes one’s e-mail only through the link mailed to the new address', async () => {
      const wrong = await call('profile.email', { email: 'boss2@example.com', password: 'nope' });
      expect(wrong.body.error!.field).toBe('emailPassword');
      expect((await call('profile.email', { email: 'newbie@example.com', password: PASSWORD })).body.error!.field).toBe('email');
      const r = await call('profile.email', { email: 'boss2@example.com', password: PASSWORD });
      expect(r.body.data).toMatchObject({ email: 'boss@example.com', pendingEmail: 'boss2@example.com' });
      const mail = await lastMail();
      expect(mail.to_address).toBe('boss2@example.com');
      const link = linkIn(mail.text_body);
      const used = await confirmEmailChange(new Request(link), runtime);
      expect(used.status).toBe(303);
      expect(used.headers.get('location')).toBe('/admin/profile/?email=confirmed');
      expect((await t.repos.users.byId(adminId))!.email).toBe('boss2@example.com');
      expect((await confirmEmailChange(new Request(link), runtime)).headers.get('location')).toBe('/admin/profile/?email=invalid');
    });

    it('changes one’s password after checking the current one, and ends the other sessions', async () => {
      const other = (await startSession(t.repos, adminId, { remember: false, userAgent: 'phone', ip: '2.2.2.2', secure: false })).cookie.split(';')[0]!;
      expect((await call('profile.password', { current: 'wrong', password: 'another-good-one-5', confirm: 'another-good-one-5' })).body.error!.field).toBe('current');
      expect((await call('profile.password', { current: PASSWORD, password: 'short', confirm: 'short' })).body.error!.field).toBe('password');
      expect((await call('profile.password', { current: PASSWORD, password: 'another-good-one-5', confirm: 'another-good-one-6' })).body.error!.field).toBe('confirm');
      expect((await call('profile.password', { current: PASSWORD, password: 'another-good-one-5', confirm: 'another-good-one-5' })).status).toBe(200);
      expect(await readSession(t.repos, other.split('=')[1])).toBeNull();
      expect(await readSession(t.repos, adminCookie.split('=')[1])).not.toBeNull();
      expect((await login(env(), { username: 'boss', password: 'another-good-one-5', remember: false })).success).toBe(true);
      const saved = await call('profile.save', { displayName: '  ', bio: '' });
      expect(saved.body.error!.field).toBe('displayName');
      expect((await call('profile.save', { displayName: 'Chief', bio: 'Runs things.' })).body.data).toMatchObject({ displayName: 'Chief', bio: 'Runs things.' });
    });
  });
}
