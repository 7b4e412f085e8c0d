import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Nonces for theme calls. A nonce is an HMAC of the visitor (signed-in user or anonymous visitor
 * cookie), the action scope and a 12-hour tick; it is accepted during its tick and the next one,
 * so a nonce is valid for 12 to 24 hours. Pages never carry nonces (they are cached); the browser
 * fetches one from the uncached nonce endpoint when it first needs it.
 */
const TICK_MS = 12 * 3600 * 1000;

export function createNonce(secret: string, subject: string, scope = 'theme', now = Date.now()): string {
  return sign(secret, subject, scope, Math.floor(now / TICK_MS));
}

export function verifyNonce(secret: string, subject: string, nonce: string, scope = 'theme', now = Date.now()): boolean {
  if (!nonce || nonce.length > 64) return false;
  const tick = Math.floor(now / TICK_MS);
  return [tick, tick - 1].some((t) => safeEqual(sign(secret, subject, scope, t), nonce));
}

function sign(secret: string, subject: string, scope: string, tick: number): string {
  return createHmac('sha256', secret).update(`${scope}|${subject}|${tick}`).digest('base64url').slice(0, 22);
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** The subject of a signed-in caller's nonces: their session, not only their account. */
export const sessionNonceSubject = (sessionId: string) => `s:${sessionId}`;
