import { createHash, randomBytes } from 'node:crypto';
import type { Repositories } from './db/repositories/index.server.ts';
import type { User } from '../features/accounts/types.ts';

export const SESSION_COOKIE = 'masthead_session';
/**
 * The session cookie's name: on an https site it carries the `__Host-` prefix, which browsers
 * accept only with `Secure`, `Path=/` and no `Domain`, so no subdomain or plain-http page can
 * plant or shadow it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
export const VISITOR_COOKIE = 'masthead_vid';
/** A remembered session lasts 14 days; a browser session is kept 2 days on the server at most. */
export const REMEMBER_SECONDS = 14 * 24 * 3600;
const BROWSER_SESSION_SECONDS = 2 * 24 * 3600;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const newToken = () => randomBytes(32).toString('base64url');

export interface CookieOptions {
  secure: boolean;
}

export function serializeCookie(name: string, value: string, opts: { maxAge?: number; httpOnly?: boolean; secure?: boolean; sameSite?: 'Lax' | 'Strict'; path?: string }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${opts.path ?? '/'}`, `SameSite=${opts.sameSite ?? 'Lax'}`];
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(opts.maxAge)}`);
  if (opts.httpOnly !== false) parts.push('HttpOnly');
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Parses a Cookie header; the first value of a repeated name wins, malformed pairs are skipped. */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/** Signs a user in: stores a new session and answers the Set-Cookie value. */
export async function startSession(
  repos: Repositories,
  userId: number,
  opts: { remember: boolean; userAgent: string; ip: string; secure: boolean },
): Promise<{ cookie: string; sessionId: string }> {
  const token = newToken();
  const id = hashToken(token);
  const lifetime = opts.remember ? REMEMBER_SECONDS : BROWSER_SESSION_SECONDS;
  await repos.sessions.create({ id, userId, persistent: opts.remember, expiresAt: new Date(Date.now() + lifetime * 1000).toISOString(), userAgent: opts.userAgent, ip: opts.ip });
  const cookie = serializeCookie(sessionCookieName(opts.secure), token, { secure: opts.secure, ...(opts.remember ? { maxAge: REMEMBER_SECONDS } : {}) });
  return { cookie, sessionId: id };
}

export async function readSession(repos: Repositories, token: string | undefined): Promise<{ user: User; sessionId: string } | null> {
  if (!token || token.length > 100) return null;
  const session = await repos.sessions.find(hashToken(token));
  if (!session) return null;
  const user = await repos.users.byId(session.userId);
  return user ? { user, sessionId: session.id } : null;
}

export const clearSessionCookie = (secure: boolean) => serializeCookie(sessionCookieName(secure), '', { maxAge: 0, secure });
