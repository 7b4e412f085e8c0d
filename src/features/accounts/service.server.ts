import type { Runtime } from '../../server/runtime.server.ts';
import type { User } from './types.ts';
import { translator, type Translate } from '../../i18n/index.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../server/passwords.server.ts';
import { clearSessionCookie, startSession } from '../../server/session.server.ts';
import { checkAccountForm } from './validation.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, passwordProblem, slugFromUsername, validEmail, validUsername, type PasswordProblem } from './policy.ts';
import { issueResetToken, resetLink, resetTokenId, RESET_PURPOSE } from './tokens.server.ts';

/**
 * Sign-in, registration and password reset, shared by the theme actions (JavaScript) and the
 * plain form posts of /account/ (no JavaScript). Messages never tell whether an account exists
 * (except the registration's "already taken", which registration cannot avoid), and an unknown
 * account costs the same password verification as a known one.
 */

/** Who is asking, from where. */
export interface AccountEnv {
  runtime: Runtime;
  ip: string;
  userAgent: string;
  /** cookies get the Secure flag (site served over https) */
  secure: boolean;
  /** the session the request came with: deleted at sign-in, so the session id rotates */
  sessionId: string | null;
  user: User | null;
}

export interface Outcome {
  success: boolean;
  /** plain text, shown inside the form */
  message: string;
  /** wire names of the fields to mark invalid */
  fields: string[];
  /** HTTP status of the answer: 200 (a refusal is a normal answer, as in the reference), 429 when rate-limited */
  status: number;
  /** Set-Cookie value when the outcome signs someone in or out */
  cookie?: string;
}

/**
 * Rate limits: sign-in attempts per address and per account from one address (`loginAccount`;
 * the account's attempts from everywhere only slow down, see loginDelayMs); reset requests;
 * registrations.
 */
export const limits = {
  loginAccount: { limit: 5, windowMs: 15 * 60_000 },
  loginAddress: { limit: 20, windowMs: 15 * 60_000 },
  resetAccount: { limit: 3, windowMs: 60 * 60_000 },
  resetAddress: { limit: 10, windowMs: 60 * 60_000 },
  registerAddress: { limit: 10, windowMs: 60 * 60_000 },
  setPasswordAddress: { limit: 10, windowMs: 15 * 60_000 },
} as const;

const keyName = (name: string) => name.trim().toLowerCase().slice(0, EMAIL_MAX);

export const limitKeys = {
  loginAccount: (name: string) => `login:acct:${keyName(name)}`,
  loginPair: (name: string, ip: string) => `login:pair:${keyName(name)}|${ip}`,
  loginAddress: (ip: string) => `login:ip:${ip}`,
  resetAccount: (name: string) => `reset:acct:${keyName(name)}`,
  resetAddress: (ip: string) => `reset:ip:${ip}`,
  registerAddress: (ip: string) => `register:ip:${ip}`,
  setPasswordAddress: (ip: string) => `setpass:ip:${ip}`,
};

/**
 * The wait before checking a password when the account has had `previous` attempts in the
 * window from any address: none for the first five, then 0.25 s doubling up to 10 s. Guessing
 * from many addresses slows to one try per 10 s at most; the owner waits, but is never locked out.
 */
export function loginDelayMs(previous: number): number {
  const free = limits.loginAccount.limit;
  return previous < free ? 0 : Math.min(10_000, 250 * 2 ** (previous - free));
}

const ok = (message: string, cookie?: string): Outcome => ({ success: true, message, fields: [], status: 200, ...(cookie ? { cookie } : {}) });
const fail = (message: string, fields: string[] = [], status = 200): Outcome => ({ success: false, message, fields, status });

export async function translate(runtime: Runtime): Promise<Translate> {
  return translator((await runtime.settings()).site.locale);
}

const waitText = (t: Translate, seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? t('account.waitOne') : t('account.waitMany', { minutes });
};

function passwordMessage(t: Translate, problem: PasswordProblem): string {
  switch (problem) {
    case 'empty':
      return t('account.required');
    case 'short':
      return t('account.passwordShort', { min: PASSWORD_MIN });
    case 'long':
      return t('account.passwordLong', { max: PASSWORD_MAX });
    case 'same':
      return t('account.passwordSame');
    case 'common':
      return t('account.passwordCommon');
  }
}

/** Starts a fresh session for `userId`; the session the request came with (if any) is ended. */
async function signIn(env: AccountEnv, userId: number, remember: boolean): Promise<string> {
  const { repos } = env.runtime;
  if (env.sessionId) await repos.sessions.delete(env.sessionId);
  const { cookie } = await startSession(repos, userId, { remember, userAgent: env.userAgent, ip: env.ip, secure: env.secure });
  await repos.people.touchLogin(userId);
  return cookie;
}

// Hash the decoy once at start, so the first unknown name costs a verification, not a hash too.
void decoyHash();

export async function login(env: AccountEnv, input: { username: string; password: string; remember: boolean }): Promise<Outcome> {
  const { runtime } = env;
  const { limiter, repos } = runtime;
  const t = await translate(runtime);
  const check = checkAccountForm('login', input);
  if (check.invalid.length) return fail(t('account.required'), check.invalid);

  // Every attempt is counted before the password is checked (and given back when it was right),
  // so parallel guesses cannot all pass the limit before the first failure is recorded.
  //   - per address, and per account from one address: hard limits (429);
  //   - per account from anywhere: a growing delay before the check, never a refusal, so that
  //     guesses from many addresses slow down while the owner can still sign in.
  const pairKey = limitKeys.loginPair(input.username, env.ip);
  const addressKey = limitKeys.loginAddress(env.ip);
  const accountKey = limitKeys.loginAccount(input.username);
  const [address, pair] = [await limiter.hit(addressKey, limits.loginAddress.limit, limits.loginAddress.windowMs), await limiter.hit(pairKey, limits.loginAccount.limit, limits.loginAccount.windowMs)];
  const blocked = [pair, address].find((r) => !r.ok);
  if (blocked) return fail(t('account.tooManyLogins', { wait: waitText(t, blocked.retryAfterSeconds) }), [], 429);
  const account = await limiter.hit(accountKey, Number.MAX_SAFE_INTEGER, limits.loginAccount.windowMs);
  const wait = loginDelayMs(account.count - 1);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  const tooLong = input.username.length > EMAIL_MAX || input.password.length > PASSWORD_MAX;
  const user = tooLong ? null : await repos.users.byLoginOrEmail(input.username);
  // An unknown account spends the same verification time as a known one.
  const verified = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyPassword(await decoyHash(), input.password), false);
  if (!user || !verified) return fail(t('account.loginFailed'), ['password']);
  // An administrator locked the account (users screen): the right password still does not sign in.
  if (await repos.people.isLocked(user.id)) return fail(t('account.locked'), ['username']);
  await Promise.all([limiter.reset(pairKey), limiter.refund(addressKey), limiter.refund(accountKey)]);
  const cookie = await signIn(env, user.id, input.remember);
  runtime.log.info({ userId: user.id }, 'signed in');
  return ok(t('account.loginSuccess'), cookie);
}

export interface RegisterInput {
  fistName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPass: string;
}

async function freeSlug(env: AccountEnv, base: string): Promise<string> {
  for (let i = 1; i < 50; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!(await env.runtime.repos.users.bySlug(slug))) return slug;
  }
  return `${base}-${Date.now().toString(36)}`;
}

export async function register(env: AccountEnv, input: RegisterInput): Promise<Outcome> {
  const { runtime } = env;
  const { limiter, repos } = runtime;
  const t = await translate(runtime);
  const check = checkAccountForm('register', input);
  if (check.reason === 'required') return fail(t('account.required'), check.invalid);
  if (check.reason === 'mismatch') return fail(t('account.errorPass'), check.invalid);

  const username = input.username.trim();
  const email = input.email.trim();
  const firstName = input.fistName.trim();
  const lastName = input.lastName.trim();
  if (!validUsername(username)) return fail(t('account.usernameInvalid'), ['username']);
  if (!validEmail(email)) return fail(t('account.emailInvalid'), ['email']);
  if (firstName.length > NAME_MAX || lastName.length > NAME_MAX) {
    return fail(t('account.nameTooLong', { max: NAME_MAX }), [firstName.length > NAME_MAX ? 'fistName' : 'lastName']);
  }
  const problem = passwordProblem(input.password, { username, email });
  if (problem) return fail(passwordMessage(t, problem), ['password', 'confirmPass']);

  const limit = await limiter.hit(limitKeys.registerAddress(env.ip), limits.registerAddress.limit, limits.registerAddress.windowMs);
  if (!limit.ok) return fail(t('account.tooManyRegistrations', { wait: waitText(t, limit.retryAfterSeconds) }), [], 429);

  const taken = async () => {
    const exists = await repos.users.exists(username, email);
    if (!exists.login && !exists.email) return null;
    const messages = [exists.login ? t('account.usernameTaken') : '', exists.email ? t('account.emailTaken') : ''].filter(Boolean);
    const fields = [exists.login ? 'username' : '', exists.email ? 'email' : ''].filter(Boolean);
    return fail(messages.join(' '), fields);
  };
  const duplicate = await taken();
  if (duplicate) return duplicate;

  const passwordHash = await hashPassword(input.password);
  const displayName = [firstName, lastName].filter(Boolean).join(' ') || username;
  let userId: number;
  try {
    userId = await repos.users.create({
      login: username,
      slug: await freeSlug(env, slugFromUsername(username)),
      email,
      displayName,
      firstName,
      lastName,
      role: 'subscriber',
      passwordHash,
    });
  } catch (err) {
    // A concurrent registration took the name, the address or the slug between check and insert.
    const raced = await taken();
    if (raced) return raced;
    throw err;
  }
  const cookie = await signIn(env, userId, false);
  runtime.log.info({ userId }, 'account registered');
  return ok(t('account.registered', { name: displayName }), cookie);
}

/**
 * Asks for a reset link. The answer is the same whether or not the account exists, and it does
 * not wait for the lookup, the token or the mail: `pending` finishes that work (tests await it).
 */
export async function requestReset(env: AccountEnv, input: { username: string }): Promise<Outcome & { pending: Promise<void> }> {
  const { runtime } = env;
  const { limiter, repos } = runtime;
  const t = await translate(runtime);
  const done = Promise.resolve();
  const check = checkAccountForm('reset', input);
  if (check.invalid.length) return { ...fail(t('account.required'), check.invalid), pending: done };

  const address = await limiter.hit(limitKeys.resetAddress(env.ip), limits.resetAddress.limit, limits.resetAddress.windowMs);
  const account = await limiter.hit(limitKeys.resetAccount(input.username), limits.resetAccount.limit, limits.resetAccount.windowMs);
  const blocked = [address, account].find((r) => !r.ok);
  if (blocked) return { ...fail(t('account.tooManyResets', { wait: waitText(t, blocked.retryAfterSeconds) }), [], 429), pending: done };

  const name = input.username.trim();
  const pending = (async () => {
    if (name.length > EMAIL_MAX) return;
    const user = await repos.users.byLoginOrEmail(name);
    if (!user) {
      runtime.log.info('password reset asked for an unknown account');
      return;
    }
    const issued = issueResetToken();
    await repos.tokens.create({ id: issued.id, userId: user.id, purpose: RESET_PURPOSE, expiresAt: issued.expiresAt });
    const site = (await runtime.settings()).site.title;
    const link = resetLink(runtime.config.publicUrl, issued.token);
    const sent = await runtime.mailer.send({
      to: user.email,
      subject: t('account.resetSubject', { site }),
      text: t('account.resetMail', { login: user.login, site, link }),
    });
    runtime.log.info({ userId: user.id, mailId: sent.id, delivered: sent.delivered }, 'password reset link sent');
  })().catch((err: unknown) => runtime.log.error({ err }, 'password reset mail failed'));
  return { ...ok(t('account.resetSent')), pending };
}

/** Whether a reset link can still be used (the reset page shows the form or an explanation). */
export async function resetTokenUsable(runtime: Runtime, token: unknown): Promise<boolean> {
  const id = resetTokenId(token);
  return id ? (await runtime.repos.tokens.peek(id, RESET_PURPOSE)) !== null : false;
}

/**
 * Sets a new password from a reset link: the token is consumed (once), other reset links of the
 * account are dropped and every other session of the account is ended.
 */
export async function completeReset(env: AccountEnv, input: { token: unknown; password: string; confirmPass: string }): Promise<Outcome & { tokenInvalid?: boolean }> {
  const { runtime } = env;
  const { limiter, repos } = runtime;
  const t = await translate(runtime);
  const invalid = { ...fail(t('account.resetInvalid'), []), tokenInvalid: true };
  const id = resetTokenId(input.token);
  if (!id) return invalid;
  const limit = await limiter.hit(limitKeys.setPasswordAddress(env.ip), limits.setPasswordAddress.limit, limits.setPasswordAddress.windowMs);
  if (!limit.ok) return fail(t('account.tooManyResets', { wait: waitText(t, limit.retryAfterSeconds) }), [], 429);

  const check = checkAccountForm('register', { username: '-', email: '-', password: input.password, confirmPass: input.confirmPass });
  if (check.reason === 'required') return fail(t('account.required'), check.invalid);
  if (check.reason === 'mismatch') return fail(t('account.errorPass'), check.invalid);

  const userId = await repos.tokens.peek(id, RESET_PURPOSE);
  const user = userId === null ? null : await repos.users.byId(userId);
  if (!user) return invalid;
  const problem = passwordProblem(input.password, { username: user.login, email: user.email });
  if (problem) return fail(passwordMessage(t, problem), ['password', 'confirmPass']);

  const passwordHash = await hashPassword(input.password);
  const keep = env.user?.id === user.id ? env.sessionId : null;
  const changed = await repos.transaction(async (tx) => {
    if ((await tx.tokens.consume(id, RESET_PURPOSE)) !== user.id) return false;
    await tx.users.setPasswordHash(user.id, passwordHash);
    await tx.tokens.deleteForUser(user.id, RESET_PURPOSE);
    await tx.sessions.deleteForUser(user.id, keep ?? undefined);
    return true;
  });
  if (!changed) return invalid;
  // The owner proved control of the mailbox: lift a lock-out of the account name and address.
  await Promise.all([limiter.reset(limitKeys.loginAccount(user.login)), limiter.reset(limitKeys.loginAccount(user.email))]);
  runtime.log.info({ userId: user.id }, 'password changed from a reset link');
  return ok(t('account.resetDone'));
}

/** Ends the current session; answers the Set-Cookie value that clears the cookie. */
export async function signOut(env: AccountEnv): Promise<string> {
  if (env.sessionId) await env.runtime.repos.sessions.delete(env.sessionId);
  return clearSessionCookie(env.secure);
}
