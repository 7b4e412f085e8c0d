/**
 * Password-protected posts and pages (WordPress's `post_password`). The password is stored in
 * plain text on the item (migration 0860), as WordPress keeps it, so that editors see and share
 * it. A reader who gives it gets one cookie per site (like WordPress's `wp-postpass_*`) holding a
 * keyed hash of that password (HMAC-SHA-256 with the site's secret: nobody can make one without
 * knowing both, and it reveals neither); the body shows while the cookie's hash is the hash of the
 * item's current password, so changing the password locks readers out again. Like WordPress, the
 * cookie remembers the last password given, for every protected item that shares it.
 *
 * The form posts (urlencoded, no JavaScript needed) to the item's own address; attempts are
 * counted per client address with the rate limiter.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies, serializeCookie } from '../../server/session.server.ts';
import type { RateLimiter } from '../../server/ratelimit.server.ts';
import { foreignOrigin } from '../contact-form/rest.server.ts';
import { postpassCookieName } from './password-cookie.ts';

export { POSTPASS_COOKIE, postpassCookieName } from './password-cookie.ts';

/** The form's field name (WordPress's). */
export const PASSWORD_FIELD = 'post_password';
/** Ten days, as WordPress. */
export const POSTPASS_MAX_AGE = 10 * 24 * 3600;
/** Attempts per client address and window. */
export const PASSWORD_ATTEMPTS = 10;
export const PASSWORD_WINDOW_MS = 10 * 60_000;


/** The cookie's value for a password: a keyed hash, never the password itself. */
export function passwordToken(secret: string, password: string): string {
  return createHmac('sha256', secret).update(`postpass|${password}`).digest('base64url');
}

/** Whether a Cookie header unlocks an item with this password ('' : not protected, always open). */
export function unlocked(secret: string, password: string, cookieHeader: string | null | undefined, secure: boolean): boolean {
  if (!password) return true;
  const given = parseCookies(cookieHeader)[postpassCookieName(secure)];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(passwordToken(secret, password));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Constant-time comparison of a given password with the item's. */
export function samePassword(given: string, password: string): boolean {
  if (!password) return false;
  const a = createHmac('sha256', 'compare').update(given).digest();
  const b = createHmac('sha256', 'compare').update(password).digest();
  return timingSafeEqual(a, b) && given === password;
}

export type PasswordPostResult =
  /** right: redirect (303) back to the item with this cookie */
  | { kind: 'unlocked'; cookie: string }
  | { kind: 'wrong' }
  | { kind: 'limited'; retryAfterSeconds: number }
  /** not a password post (the page goes on as for any other post) */
  | null;

/**
 * A POST to a protected item's address: the password form's answer. Null when the request is
 * not the password form (another form of the page, or a foreign origin).
 */
export async function handlePasswordPost(
  rt: { config: { secret: string; publicUrl: string }; limiter: RateLimiter },
  request: Request,
  clientAddress: string | undefined,
  password: string,
): Promise<PasswordPostResult> {
  if (request.method !== 'POST' || !password) return null;
  if (!/^application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '')) return null;
  const text = await request.clone().text();
  if (text.length > 4096) return null;
  const params = new URLSearchParams(text);
  const given = params.get(PASSWORD_FIELD);
  if (given === null) return null;
  if (foreignOrigin(request, rt.config.publicUrl)) return { kind: 'wrong' };
  const hit = await rt.limiter.hit(`postpass:${clientAddress ?? 'unknown'}`, PASSWORD_ATTEMPTS, PASSWORD_WINDOW_MS);
  if (!hit.ok) return { kind: 'limited', retryAfterSeconds: hit.retryAfterSeconds };
  if (!samePassword(given, password)) return { kind: 'wrong' };
  await rt.limiter.refund(`postpass:${clientAddress ?? 'unknown'}`);
  const secure = rt.config.publicUrl.startsWith('https://');
  return { kind: 'unlocked', cookie: serializeCookie(postpassCookieName(secure), passwordToken(rt.config.secret, password), { secure, maxAge: POSTPASS_MAX_AGE, sameSite: 'Lax' }) };
}
