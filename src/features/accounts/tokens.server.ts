import { hashToken, newToken } from '../../server/session.server.ts';

/**
 * Password-reset links: a random 256-bit token goes into the mailed link; only its SHA-256 is
 * stored (repos.tokens), so a database leak gives no usable links. One hour, one use.
 */
export const RESET_PURPOSE = 'password-reset';
export const RESET_TTL_MS = 3600 * 1000;
export const RESET_PATH = '/account/reset/';

export interface IssuedToken {
  /** goes into the link only */
  token: string;
  /** stored: the hash of the token */
  id: string;
  expiresAt: string;
}

export function issueResetToken(now = Date.now()): IssuedToken {
  const token = newToken();
  return { token, id: hashToken(token), expiresAt: new Date(now + RESET_TTL_MS).toISOString() };
}

/** The id a presented token is stored under, or null when it cannot be one of ours. */
export function resetTokenId(token: unknown): string | null {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token) ? hashToken(token) : null;
}

export function resetLink(publicUrl: string, token: string): string {
  const url = new URL(RESET_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}
