/**
 * Login, registration, password reset and sign-out against real databases (SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set): the theme actions as the endpoint runs them after its
 * nonce and Origin checks, and the plain-form handler of /account/ with its Origin check.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AstroCookies } from 'astro';
import { testDatabases, type TestDb } from '../support/db.ts';
import type { Action, ActionContext, ActionResult } from '../../src/server/actions/registry.server.ts';
import type { Runtime } from '../../src/server/runtime.server.ts';
import type { Config } from '../../src/server/config.server.ts';
import type { User } from '../../src/features/accounts/types.ts';
import { actions } from '../../src/server/actions/index.server.ts';
import { loginAction, registerAction, resetPasswordAction } from '../../src/features/accounts/action.server.ts';
import { completeReset, requestReset, limits, loginDelayMs, type AccountEnv } from '../../src/features/accounts/service.server.ts';
import { handleAccountPage, handleResetPage } from '../../src/features/accounts/page.server.ts';
import { createRateLimiter } from '../../src/server/ratelimit.server.ts';
import { createMailer } from '../../src/server/mail/mailer.server.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { hashPassword } from '../../src/server/passwords.server.ts';
import { readSession, parseCookies, SESSION_COOKIE, startSession, hashToken } from '../../src/server/session.server.ts';
import { createNonce, sessionNonceSubject } from '../../src/server/nonce.server.ts';
import { settingsKeys, type Settings, type SettingsKey } from '../../src/features/site/settings.ts';
import { translator } from '../../src/i18n/index.ts';
import { en } from '../../src/i18n/en.ts';

const PUBLIC_URL = 'http://127.0.0.1:4321';
const SECRET = 'accounts-test-secret-accounts-test-secret';

/** A runtime over the test database: real repositories, limiter (on a clock we move), mailer (outbox only). */
function runtimeFor(t: TestDb, clock: { now: number }): Runtime {
  const log = createLogger('silent');
  const settings = async (): Promise<Settings> => {
    const keys = Object.keys(settingsKeys) as SettingsKey[];
    const values = await Promise.all(keys.map((k) => t.repos.settings.get(k, settingsKeys[k])));
    return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as Settings;
  };
  const partial = {
    config: { publicUrl: PUBLIC_URL, secret: SECRET, rateLimitPerMinute: 1000 } as Config,
    log,
    db: t.db,
    repos: t.repos,
    mailer: createMailer({ smtpUrl: undefined, from: 'Masthead <no-reply@127.0.0.1>', repos: t.repos, log }),
    limiter: createRateLimiter(() => clock.now),
    settings,
  };
  // The page cache and content versions play no part in accounts.
  return partial as unknown as Runtime;
}

const cookieJar = () => ({}) as unknown as AstroCookies;

const tokenOf = (setCookie: string | undefined) => parseCookies((setCookie ?? '').split(';')[0])[SESSION_COOKIE];

for (const target of testDatabases()) {
  describe(`accounts on ${target.name}`, () => {
    let t: TestDb;
    let runtime: Runtime;
    const clock = { now: Date.now() };
    let adminId: number;
    let anaId: number;

    const ctx = (over: Partial<ActionContext> = {}): ActionContext => ({
      runtime,
      user: null,
      sessionId: null,
      visitor: 'v:test-visitor-0001',
      ip: '10.0.0.1',
      userAgent: 'vitest',
      cookies: cookieJar(),
      url: new URL(`${PUBLIC_URL}/`),
      secure: false,
      ...over,
    });
    const call = async (action: Action, fields: Record<string, unknown>, over: Partial<ActionContext> = {}): Promise<ActionResult> => {
      const parsed = action.schema.safeParse(fields);
      if (!parsed.success) throw new Error(`schema refused: ${parsed.error.message}`);
      return action.handler(parsed.data, ctx(over));
    };
    const env = (over: Partial<AccountEnv> = {}): AccountEnv => ({ runtime, ip: '10.0.0.9', userAgent: 'vitest', secure: false, sessionId: null, user: null, ...over });
    const login = (username: string, password: string, over: Partial<ActionContext> = {}, remember = 'false') =>
      call(loginAction as Action, { action: 'masthead_login_ajax', username, password, captcha: 'noexists', security: 'n', remember }, over);
    const text = (r: ActionResult) => String(r.data).replace(/<[^>]+>/g, '');

    beforeAll(async () => {
      t = await target.open();
      runtime = runtimeFor(t, clock);
      adminId = await t.repos.users.create({ login: 'admin', slug: 'admin', email: 'admin@example.com', displayName: 'Editorial Team', role: 'administrator', passwordHash: await hashPassword('admin-test-password') });
      anaId = await t.repos.users.create({ login: 'ana', slug: 'ana-ruiz', email: 'Ana.Ruiz@example.com', displayName: 'Ana Ruiz', role: 'author', passwordHash: await hashPassword('ana-test-password') });
    });
    afterAll(async () => t?.close());
    afterEach(() => vi.useRealTimers());

    it('registers the three actions under their wire names', () => {
      expect(actions.map((a) => a.name)).toEqual(expect.arrayContaining(['masthead_login_ajax', 'masthead_register_ajax', 'masthead_resetpass_ajax']));
    });

    describe('login', () => {
      it('signs in by user name or e-mail (any case) with a browser-session cookie', async () => {
        for (const name of ['admin', 'ADMIN@example.com']) {
          const r = await login(name, 'admin-test-password', { ip: '10.1.0.1' });
          expect(r.success).toBe(true);
          expect(r.data).toBe(`<p class="account-message account-message--success">${en['account.loginSuccess']}</p>`);
          const cookie = r.setCookies?.[0] ?? '';
          expect(cookie).toMatch(/^masthead_session=[\w-]{43}; Path=\/; SameSite=Lax; HttpOnly$/);
          expect(cookie).not.toContain('Max-Age'); // ends with the browser session
          const session = await readSession(t.repos, tokenOf(cookie));
          expect(session?.user).toMatchObject({ id: adminId, role: 'administrator' });
        }
      });

      it('remember-me gives a 14-day cookie and session', async () => {
        const r = await login('ana', 'ana-test-password', { ip: '10.1.0.2' }, 'true');
        const cookie = r.setCookies?.[0] ?? '';
        expect(cookie).toContain('Max-Age=1209600');
        const token = tokenOf(cookie)!;
        const stored = await t.repos.sessions.find(hashToken(token));
        expect(stored?.persistent).toBe(true);
        expect(new Date(stored!.expiresAt).getTime() - Date.now()).toBeGreaterThan(13.9 * 86400_000);
      });

      it('rotates the session id: the session the request came with ends', async () => {
        const before = await startSession(t.repos, anaId, { remember: false, userAgent: 'x', ip: '1', secure: false });
        expect(await t.repos.sessions.find(before.sessionId)).not.toBeNull();
        const r = await login('ana', 'ana-test-password', { ip: '10.1.0.3', sessionId: before.sessionId });
        expect(r.success).toBe(true);
        const after = tokenOf(r.setCookies?.[0]);
        expect(hashToken(after!)).not.toBe(before.sessionId);
        expect(await t.repos.sessions.find(before.sessionId)).toBeNull();
        expect((await readSession(t.repos, after))?.user.id).toBe(anaId);
      });

      it('sets the Secure flag and the __Host- prefix on https sites', async () => {
        const r = await login('ana', 'ana-test-password', { ip: '10.1.0.4', secure: true });
        expect(r.setCookies?.[0]).toMatch(/^__Host-masthead_session=[^;]+; Path=\/; .*; Secure$/);
        expect(r.setCookies?.[0]).not.toMatch(/Domain=/i);
      });

      it('marks empty fields and signs nobody in', async () => {
        const r = await login('', ' ', { ip: '10.1.0.5' });
        expect(r.success).toBe(false);
        expect(r.status).toBe(200);
        expect(r.data).toContain('data-fields="username password"');
        expect(r.setCookies).toBeUndefined();
      });

      it('answers a wrong password and an unknown account with the same message', async () => {
        const wrong = await login('admin', 'not-the-password', { ip: '10.1.1.1' });
        const unknown = await login('nobody-here', 'not-the-password', { ip: '10.1.1.2' });
        const unknownMail = await login('nobody@example.com', 'whatever-it-is', { ip: '10.1.1.3' });
        expect(wrong.success).toBe(false);
        expect(text(wrong)).toBe(en['account.loginFailed']);
        expect(unknown).toEqual(wrong);
        expect(unknownMail).toEqual(wrong);
        expect(wrong.setCookies).toBeUndefined();
      });

      it('spends comparable time on unknown accounts (a decoy verification)', async () => {
        const time = async (name: string, i: number) => {
          const start = performance.now();
          await login(name, `wrong-password-${i}`, { ip: `10.1.2.${i}` });
          return performance.now() - start;
        };
        await t.repos.users.create({ login: 'timer', slug: 'timer', email: 'timer@example.com', displayName: 'Timer', role: 'subscriber', passwordHash: await hashPassword('timer-password') });
        await time('timer', 0); // warm-up
        let known = 0;
        let unknown = 0;
        for (let i = 1; i <= 3; i++) {
          known += await time('timer', i);
          unknown += await time(`ghost-${i}`, i + 10);
        }
        // both verify an argon2id hash (tens of milliseconds); without the decoy the unknown path would take ~1 ms
        expect(unknown).toBeGreaterThan(known * 0.4);
      });

      it('limits guesses at one account from one address; from other addresses they only slow down, so the owner still signs in', async () => {
        const name = 'ana';
        for (let i = 0; i < limits.loginAccount.limit; i++) expect((await login(name, `bad-${i}`, { ip: '10.2.0.1' })).success).toBe(false);
        // from that address even the right password is refused now, with a clear message
        const blocked = await login(name, 'ana-test-password', { ip: '10.2.0.1' });
        expect(blocked.success).toBe(false);
        expect(blocked.status).toBe(429);
        expect(text(blocked)).toBe(en['account.tooManyLogins'].replace('{wait}', en['account.waitMany'].replace('{minutes}', '15')));
        // guesses from other addresses are answered (after a growing wait), never locked out
        for (let i = 0; i < 2; i++) expect((await login(name, `bad-other-${i}`, { ip: `10.2.1.${i}` })).status).toBe(200);
        expect(loginDelayMs(limits.loginAccount.limit + 1)).toBeGreaterThan(loginDelayMs(limits.loginAccount.limit));
        expect(loginDelayMs(1000)).toBe(10_000);
        // the owner, from their own address, signs in
        expect((await login(name, 'ana-test-password', { ip: '10.2.9.9' })).success).toBe(true);
        // an unknown name is limited the same way: no hint whether it exists
        for (let i = 0; i < limits.loginAccount.limit; i++) await login('ghost', `bad-${i}`, { ip: '10.2.2.1' });
        expect(text(await login('ghost', 'x-x-x-x-x', { ip: '10.2.2.1' }))).toBe(text(blocked));
        // after the window the address may try again
        clock.now += limits.loginAccount.windowMs;
        expect((await login(name, 'ana-test-password', { ip: '10.2.0.1' })).success).toBe(true);
      });

      it('counts a guess before checking it: 40 parallel guesses from one address get 5 checks, the rest 429', async () => {
        const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login('admin', `parallel-guess-${i}`, { ip: '10.4.0.1' })));
        expect(answers.filter((a) => a.status === 429).length).toBe(40 - limits.loginAccount.limit);
        expect(answers.filter((a) => a.status === 200 && !a.success).length).toBe(limits.loginAccount.limit);
        // and the administrator is not kept out
        expect((await login('admin', 'admin-test-password', { ip: '10.4.0.2' })).success).toBe(true);
      });

      it('limits failed attempts per address', async () => {
        const ip = '10.3.0.1';
        for (let i = 0; i < limits.loginAddress.limit; i++) await login(`someone-${i}`, 'wrong-password', { ip });
        const r = await login('admin', 'admin-test-password', { ip });
        expect(r.status).toBe(429);
        expect(r.success).toBe(false);
        expect((await login('admin', 'admin-test-password', { ip: '10.3.0.2' })).success).toBe(true);
        clock.now += limits.loginAddress.windowMs;
        expect((await login('admin', 'admin-test-password', { ip })).success).toBe(true);
      });

      it('successful sign-ins do not count against the limits', async () => {
        for (let i = 0; i < limits.loginAddress.limit + 2; i++) expect((await login('admin', 'admin-test-password', { ip: '10.3.1.1' })).success).toBe(true);
      });
    });

    describe('registration', () => {
      const reg = (fields: Record<string, string>, over: Partial<ActionContext> = {}) =>
        call(registerAction as Action, { action: 'masthead_register_ajax', fistName: '', lastName: '', security: 'n', captcha: 'noexists', ...fields }, { ip: '10.4.0.1', ...over });
      const good = { username: 'new.reader', email: 'reader@example.org', password: 'violet-harbour-42', confirmPass: 'violet-harbour-42' };

      it('marks required fields and a mismatched confirmation (errorPass)', async () => {
        const empty = await reg({ username: '', email: '', password: '', confirmPass: '' });
        expect(empty.success).toBe(false);
        expect(empty.data).toContain('data-fields="username email password confirmPass"');
        const mismatch = await reg({ ...good, confirmPass: 'violet-harbour-43' });
        expect(text(mismatch)).toBe(en['account.errorPass']);
        expect(mismatch.data).toContain('data-fields="password confirmPass"');
      });

      it('refuses weak passwords with clear messages', async () => {
        const short = await reg({ ...good, password: 'abc12', confirmPass: 'abc12' });
        expect(text(short)).toBe(en['account.passwordShort'].replace('{min}', '8'));
        const same = await reg({ ...good, password: 'New.Reader', confirmPass: 'New.Reader' });
        expect(text(same)).toBe(en['account.passwordSame']);
        const common = await reg({ ...good, password: 'password123', confirmPass: 'password123' });
        expect(text(common)).toBe(en['account.passwordCommon']);
      });

      it('refuses bad user names and e-mail addresses', async () => {
        expect(text(await reg({ ...good, username: 'a b' }))).toBe(en['account.usernameInvalid']);
        expect(text(await reg({ ...good, email: 'reader@example' }))).toBe(en['account.emailInvalid']);
      });

      it('refuses a user name or e-mail that is taken (any case)', async () => {
        const name = await reg({ ...good, username: 'ANA' });
        expect(text(name)).toBe(en['account.usernameTaken']);
        expect(name.data).toContain('data-fields="username"');
        const mail = await reg({ ...good, email: 'ana.ruiz@EXAMPLE.com' });
        expect(text(mail)).toBe(en['account.emailTaken']);
        expect(mail.data).toContain('data-fields="email"');
        expect(mail.status).toBe(200);
      });

      it('creates a subscriber, signs them in, and escapes what they typed', async () => {
        const r = await reg({ ...good, fistName: '<b>Nora</b>', lastName: 'Kim & Co' });
        expect(r.success).toBe(true);
        expect(r.data).toBe(`<p class="account-message account-message--success">${en['account.registered'].replace('{name}', '&lt;b&gt;Nora&lt;/b&gt; Kim &amp; Co')}</p>`);
        const session = await readSession(t.repos, tokenOf(r.setCookies?.[0]));
        expect(session?.user).toMatchObject({ login: 'new.reader', email: 'reader@example.org', role: 'subscriber', displayName: '<b>Nora</b> Kim & Co', slug: 'new-reader' });
        // and can log in with the password
        expect((await login('reader@example.org', 'violet-harbour-42', { ip: '10.4.9.9' })).success).toBe(true);
      });

      it('gives a new author page slug when the natural one is taken', async () => {
        const r = await reg({ username: 'Ana-Ruiz', email: 'other.ana@example.org', password: 'lantern-meadow-7', confirmPass: 'lantern-meadow-7' }, { ip: '10.4.0.2' });
        expect(r.success).toBe(true);
        const session = await readSession(t.repos, tokenOf(r.setCookies?.[0]));
        expect(session?.user.slug).toBe('ana-ruiz-2');
      });

      it('limits registrations per address', async () => {
        const ip = '10.4.1.1';
        for (let i = 0; i < limits.registerAddress.limit; i++) await reg({ ...good, username: `taken-check-${i}`, email: 'reader@example.org' }, { ip });
        const r = await reg({ ...good, username: 'late.comer', email: 'late@example.org' }, { ip });
        expect(r.status).toBe(429);
        expect(text(r)).toContain(en['account.tooManyRegistrations'].replace(' {wait}', ''));
        expect(await t.repos.users.byLoginOrEmail('late.comer')).toBeNull();
      });
    });

    describe('password reset', () => {
      let carlaId: number;
      beforeAll(async () => {
        carlaId = await t.repos.users.create({ login: 'carla', slug: 'carla', email: 'carla@example.net', displayName: 'Carla', role: 'subscriber', passwordHash: await hashPassword('carla-old-password') });
      });
      const mails = async () => (await t.repos.outbox.list(100)).filter((m) => m.to_address === 'carla@example.net');
      const linkToken = (body: string) => /\/account\/reset\/\?token=([\w-]{43})/.exec(body)?.[1];

      it('answers the same whether or not the account exists, and mails a one-hour link only to a real one', async () => {
        const before = (await mails()).length;
        const known = await call(resetPasswordAction as Action, { action: 'masthead_resetpass_ajax', username: 'carla', security: 'n', captcha: 'noexists' }, { ip: '10.5.0.1' });
        const unknown = await call(resetPasswordAction as Action, { action: 'masthead_resetpass_ajax', username: 'nobody@example.net', security: 'n', captcha: 'noexists' }, { ip: '10.5.0.2' });
        expect(known).toEqual(unknown);
        expect(text(known)).toBe(en['account.resetSent']);
        // the mail is sent after the answer: wait for it
        await vi.waitFor(async () => expect((await mails()).length).toBe(before + 1));
        const mail = (await mails())[0]!;
        expect(mail.subject).toContain('Reset your password');
        const token = linkToken(mail.text_body)!;
        expect(mail.text_body).toContain(`${PUBLIC_URL}/account/reset/?token=${token}`);
        // stored hashed, never as the token itself
        const rows = await t.db.kysely.selectFrom('one_time_tokens').selectAll().where('user_id', '=', carlaId).execute();
        expect(rows.some((r) => r.id === token)).toBe(false);
        expect(rows.some((r) => r.id === hashToken(token))).toBe(true);
      });

      it('sets the new password from the link once, signing out everywhere else', async () => {
        const r = await requestReset(env({ ip: '10.5.1.1' }), { username: 'CARLA@example.net' });
        await r.pending;
        const token = linkToken((await mails())[0]!.text_body)!;
        const other = await startSession(t.repos, carlaId, { remember: true, userAgent: 'phone', ip: '1', secure: false });
        const current = await startSession(t.repos, carlaId, { remember: false, userAgent: 'laptop', ip: '1', secure: false });
        const carla = (await t.repos.users.byId(carlaId)) as User;

        const mismatch = await completeReset(env({ ip: '10.5.1.2' }), { token, password: 'carla-new-password', confirmPass: 'carla-new-passwor' });
        expect(mismatch).toMatchObject({ success: false, message: en['account.errorPass'], fields: ['password', 'confirmPass'] });
        const weak = await completeReset(env({ ip: '10.5.1.2' }), { token, password: 'carla', confirmPass: 'carla' });
        expect(weak.success).toBe(false);

        const done = await completeReset(env({ ip: '10.5.1.2', user: carla, sessionId: current.sessionId }), { token, password: 'carla-new-password', confirmPass: 'carla-new-password' });
        expect(done).toMatchObject({ success: true, message: en['account.resetDone'] });
        expect(await t.repos.sessions.find(other.sessionId)).toBeNull();
        expect(await t.repos.sessions.find(current.sessionId)).not.toBeNull();
        expect((await login('carla', 'carla-old-password', { ip: '10.5.1.3' })).success).toBe(false);
        expect((await login('carla', 'carla-new-password', { ip: '10.5.1.4' })).success).toBe(true);

        const again = await completeReset(env({ ip: '10.5.1.5' }), { token, password: 'carla-third-password', confirmPass: 'carla-third-password' });
        expect(again).toMatchObject({ success: false, tokenInvalid: true, message: en['account.resetInvalid'] });
        expect((await login('carla', 'carla-new-password', { ip: '10.5.1.6' })).success).toBe(true);
      });

      it('a link expires after one hour', async () => {
        const r = await requestReset(env({ ip: '10.5.2.1' }), { username: 'carla' });
        await r.pending;
        const token = linkToken((await mails())[0]!.text_body)!;
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
        const late = await completeReset(env({ ip: '10.5.2.2' }), { token, password: 'carla-late-password', confirmPass: 'carla-late-password' });
        expect(late).toMatchObject({ success: false, tokenInvalid: true });
        vi.useRealTimers();
        expect((await login('carla', 'carla-late-password', { ip: '10.5.2.3' })).success).toBe(false);
      });

      it('a reset drops the other outstanding links of the account', async () => {
        const first = await requestReset(env({ ip: '10.5.3.1' }), { username: 'carla' });
        await first.pending;
        const older = linkToken((await mails())[0]!.text_body)!;
        const second = await requestReset(env({ ip: '10.5.3.1' }), { username: 'carla@example.net' });
        await second.pending;
        const newer = linkToken((await mails())[0]!.text_body)!;
        expect(newer).not.toBe(older);
        expect((await completeReset(env(), { token: newer, password: 'carla-fourth-pass', confirmPass: 'carla-fourth-pass' })).success).toBe(true);
        expect((await completeReset(env(), { token: older, password: 'carla-fifth-pass', confirmPass: 'carla-fifth-pass' })).tokenInvalid).toBe(true);
      });

      it('refuses made-up tokens', async () => {
        for (const token of ['', 'abc', 'A'.repeat(43), null]) {
          expect((await completeReset(env({ ip: '10.5.4.1' }), { token, password: 'whatever-long', confirmPass: 'whatever-long' })).tokenInvalid).toBe(true);
        }
      });

      it('limits requests per account name and per address, with the same message for unknown names', async () => {
        clock.now += limits.resetAccount.windowMs; // fresh windows
        const ask = (username: string, ip: string) => requestReset(env({ ip }), { username });
        for (let i = 0; i < limits.resetAccount.limit; i++) expect((await ask('carla', `10.6.0.${i}`)).success).toBe(true);
        const blocked = await ask('carla', '10.6.1.1');
        expect(blocked).toMatchObject({ success: false, status: 429 });
        expect(blocked.message).toBe(en['account.tooManyResets'].replace('{wait}', en['account.waitMany'].replace('{minutes}', '60')));
        for (let i = 0; i < limits.resetAccount.limit; i++) await ask('nobody-at-all', `10.6.2.${i}`);
        expect((await ask('nobody-at-all', '10.6.3.1')).message).toBe(blocked.message);
        const ip = '10.6.4.1';
        for (let i = 0; i < limits.resetAddress.limit; i++) expect((await ask(`name-${i}`, ip)).success).toBe(true);
        expect((await ask('another-name', ip)).status).toBe(429);
      });
    });

    describe('plain form posts (no JavaScript)', () => {
      const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: PUBLIC_URL }) =>
        new Request(`${PUBLIC_URL}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });
      const locals = (user: User | null = null, sessionId: string | null = null) =>
        ({ runtime, user, sessionId, t: translator('en'), settings: {} }) as unknown as App.Locals;
      const page = (request: Request, user: User | null = null, sessionId: string | null = null, clientAddress = '10.7.0.1') =>
        handleAccountPage({ request, url: new URL(request.url), locals: locals(user, sessionId), clientAddress });

      it('refuses posts from other sites (Origin, else Referer)', async () => {
        const r = await page(post('/account/', { form: 'login', username: 'admin', password: 'admin-test-password' }, { origin: 'https://evil.example' }));
        expect(r).toMatchObject({ status: 403, state: { form: 'login', success: false, message: en['account.badOrigin'] } });
        const ref = await page(post('/account/', { form: 'login', username: 'admin', password: 'admin-test-password' }, { referer: 'https://evil.example/page' }));
        expect(ref).toMatchObject({ status: 403 });
        const none = await page(post('/account/', { form: 'login', username: 'admin', password: 'admin-test-password' }, {}));
        expect(none).toMatchObject({ status: 403 });
      });

      it('signs in and redirects (303) to the page with the sign-in flag', async () => {
        const r = await page(post('/account/', { form: 'login', username: 'admin', password: 'admin-test-password', remember: '1' }));
        if (!('response' in r)) throw new Error('expected a redirect');
        expect(r.response.status).toBe(303);
        expect(r.response.headers.get('location')).toBe('/account/?loggedin=1');
        expect(r.response.headers.get('set-cookie')).toContain('Max-Age=1209600');
        const to = await page(post('/account/', { form: 'login', username: 'admin', password: 'admin-test-password', redirect_to: '/admin/?x=1' }));
        expect('response' in to && to.response.headers.get('location')).toBe('/admin/?x=1&loggedin=1');
        const evil = await page(post('/account/', { form: 'login', username: 'admin', password: 'admin-test-password', redirect_to: '//evil.example/' }));
        expect('response' in evil && evil.response.headers.get('location')).toBe('/account/?loggedin=1');
      });

      it('answers failures inside the form, keeping what was typed except passwords', async () => {
        const r = await page(post('/account/', { form: 'login', username: 'admin', password: 'nope-nope' }));
        expect(r).toMatchObject({ status: 200, state: { form: 'login', success: false, message: en['account.loginFailed'], values: { username: 'admin' } } });
        const reg = await page(post('/account/', { form: 'register', username: 'x.y.z', email: 'xyz@example.org', password: 'abcdefgh1', confirmPass: 'abcdefgh2' }));
        expect(reg).toMatchObject({ state: { form: 'register', message: en['account.errorPass'], fields: ['password', 'confirmPass'], values: { username: 'x.y.z', email: 'xyz@example.org' } } });
        expect(JSON.stringify(reg)).not.toContain('abcdefgh');
        const reset = await page(post('/account/', { form: 'reset', username: 'someone' }));
        expect(reset).toMatchObject({ state: { form: 'reset', success: true, message: en['account.resetSent'] } });
      });

      it('signs out only with the nonce of the signed-in session', async () => {
        const admin = (await t.repos.users.byId(adminId))!;
        const s = await startSession(t.repos, adminId, { remember: false, userAgent: 'x', ip: '1', secure: false });
        const other = await startSession(t.repos, adminId, { remember: false, userAgent: 'y', ip: '2', secure: false });
        const bad = await page(post('/account/', { form: 'logout', security: createNonce(SECRET, `u:${anaId}`), redirect_to: '/a-post/?loggedin=1' }), admin, s.sessionId);
        expect(bad).toMatchObject({ status: 403 });
        // a nonce of the same account's other session does not do either
        const elsewhere = await page(post('/account/', { form: 'logout', security: createNonce(SECRET, sessionNonceSubject(other.sessionId)), redirect_to: '/' }), admin, s.sessionId);
        expect(elsewhere).toMatchObject({ status: 403 });
        expect(await t.repos.sessions.find(s.sessionId)).not.toBeNull();
        const good = await page(post('/account/', { form: 'logout', security: createNonce(SECRET, sessionNonceSubject(s.sessionId)), redirect_to: '/a-post/?loggedin=1' }), admin, s.sessionId);
        if (!('response' in good)) throw new Error('expected a redirect');
        expect(good.response.status).toBe(303);
        expect(good.response.headers.get('location')).toBe('/a-post/');
        expect(good.response.headers.get('set-cookie')).toMatch(/^masthead_session=; .*Max-Age=0/);
        expect(await t.repos.sessions.find(s.sessionId)).toBeNull();
      });

      it('the reset page shows the form for a live link, sets the password by POST, then refuses the link', async () => {
        const r = await requestReset(env({ ip: '10.7.1.1' }), { username: 'ana' });
        await r.pending;
        const mail = (await t.repos.outbox.list(100)).find((m) => m.to_address === 'Ana.Ruiz@example.com')!;
        const token = /token=([\w-]{43})/.exec(mail.text_body)![1]!;
        const get = (q: string) => new Request(`${PUBLIC_URL}/account/reset/?token=${q}`);
        const reset = (request: Request) => handleResetPage({ request, url: new URL(request.url), locals: locals(), clientAddress: '10.7.1.2' });
        expect(await reset(get(token))).toMatchObject({ view: 'form', token, status: 200 });
        expect(await reset(get('nonsense'))).toMatchObject({ view: 'invalid', status: 200 });
        const foreign = await reset(post('/account/reset/', { token, password: 'ana-fresh-password', confirmPass: 'ana-fresh-password' }, { origin: 'https://evil.example' }));
        expect(foreign).toMatchObject({ view: 'form', status: 403 });
        const done = await reset(post('/account/reset/', { token, password: 'ana-fresh-password', confirmPass: 'ana-fresh-password' }));
        expect(done).toMatchObject({ view: 'done', status: 200 });
        expect(await reset(get(token))).toMatchObject({ view: 'invalid' });
        expect((await login('ana', 'ana-fresh-password', { ip: '10.7.1.3' })).success).toBe(true);
      });
    });
  });
}
