/**
 * Signed values of the contact-form feature: the render timestamp (minimum fill time), the
 * posted-data hash and the quiz answer hashes. All are keyed with the site secret, so a visitor
 * can neither forge nor precompute them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PostedValues } from './types.ts';

function hmac(algorithm: 'sha256' | 'md5', secret: string, scope: string, text: string): Buffer {
  return createHmac(algorithm, secret).update(`${scope}|${text}`).digest();
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

// ---------------------------------------------------------------------------------------------
// Render timestamp

/** `{ms}.{signature}`: when the form was rendered, signed. It never expires (pages are cached). */
export function signStamp(secret: string, now = Date.now()): string {
  const ms = String(Math.floor(now));
  return `${ms}.${hmac('sha256', secret, 'wpcf7-ts', ms).toString('base64url').slice(0, 22)}`;
}

/** Milliseconds since the stamp was signed, or null when it is missing, forged or in the future. */
export function stampAge(secret: string, stamp: unknown, now = Date.now()): number | null {
  if (typeof stamp !== 'string' || stamp.length > 64) return null;
  const match = /^([0-9]{1,15})\.([A-Za-z0-9_-]{22})$/.exec(stamp.trim());
  if (!match) return null;
  const [, ms = '', signature = ''] = match;
  if (!safeEqual(hmac('sha256', secret, 'wpcf7-ts', ms).toString('base64url').slice(0, 22), signature)) return null;
  const age = now - Number(ms);
  // a little clock skew between processes is tolerated
  return age < -5000 ? null : Math.max(0, age);
}

// ---------------------------------------------------------------------------------------------
// Posted data hash

/**
 * Contact Form 7's `posted_data_hash`: `wp_hash( flat_join( [tick, remote_ip, unit_tag,
 * ...posted_data] ), 'wpcf7_submission' )`, where wp_hash is an HMAC-MD5 keyed with the site's
 * salt and the tick is the half hour (`ceil(time / 1800)`). We compute exactly that with the site
 * secret as the key: 32 lowercase hex characters, the same for the same data, address and form
 * instance within a half hour, and impossible to compute without the secret. Posted data are the
 * form's own fields in definition order (no `_`-prefixed fields, no files, no quiz answers); lists
 * are joined with ", " as `wpcf7_flat_join` does.
 */
export function postedDataHash(
  secret: string,
  input: { remoteAddr: string; unitTag: string; posted: PostedValues },
  now = Date.now(),
): string {
  const tick = Math.ceil(Math.floor(now / 1000) / 1800);
  const parts = [String(tick), input.remoteAddr, input.unitTag, ...Object.values(input.posted).map((v) => (Array.isArray(v) ? v.join(', ') : v))];
  return hmac('md5', secret, 'wpcf7_submission', parts.join(', ')).toString('hex');
}

// ---------------------------------------------------------------------------------------------
// Quiz

/** Contact Form 7 compares quiz answers canonicalised: trimmed, spaces collapsed, lower case. */
export function canonicalAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The hidden value that goes with a question: the HMAC of each accepted answer (CF7 stores one
 * hashed answer; a question of ours may accept several, joined by commas).
 */
export function quizAnswerHash(secret: string, answers: readonly string[]): string {
  return answers.map((a) => hmac('md5', secret, 'wpcf7_quiz', canonicalAnswer(a)).toString('hex')).join(',');
}

/** Whether `answer` is one of the answers hashed into `hashed`. */
export function quizAnswerMatches(secret: string, hashed: string, answer: string): boolean {
  if (typeof hashed !== 'string' || hashed === '' || hashed.length > 2000) return false;
  const given = hmac('md5', secret, 'wpcf7_quiz', canonicalAnswer(answer)).toString('hex');
  return hashed.split(',').some((h) => safeEqual(h, given));
}
