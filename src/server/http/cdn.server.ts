import type { CdnConfig } from '../config.server.ts';
import type { Settings } from '../../features/site/settings.ts';
import { parseCookies } from '../session.server.ts';
import { ALL_KEY, ARCHIVE_KEY } from '../surrogate.server.ts';

/**
 * What a shared cache (a CDN) may do with a page (docs/deployment.md, "Behind a CDN").
 *
 * Only the pages the in-process page cache stores are CDN-cacheable: anonymous (no session
 * cookie), GET/HEAD, HTML, 200, not a search, no Set-Cookie, not marked private or no-store by
 * the page (forms with a captcha, POST answers). They carry
 *   Cache-Control: public, max-age=CDN_MAX_AGE, s-maxage=CDN_S_MAXAGE, stale-while-revalidate=…
 *   Surrogate-Key: all settings menus post-12 term-3 …   (Fastly: space-separated)
 *   Cache-Tag: all,settings,menus,post-12,term-3,…       (Cloudflare: comma-separated)
 *   ETag: a hash of the stored body, and 304 to a matching If-None-Match.
 * Signed-in answers stay `private, no-store`. A page whose Content-Security-Policy depends on
 * the visitor's consent cookie (analytics configured and the cookie notice on) is
 * `private, no-cache`: a CDN would hand one visitor's policy to the next, and `Vary: Cookie`
 * would split the CDN's cache per visitor (every cookie string its own copy), so it is not
 * offered to shared caches at all; browsers still revalidate it by ETag, one ETag per variant.
 */

/** Longest Surrogate-Key / Cache-Tag value sent; past it the per-item keys give way to `archive`. */
export const MAX_KEYS_LENGTH = 2000;

/** The Cache-Control of a CDN-cacheable page. */
export function publicCacheControl(cdn: CdnConfig): string {
  return `public, max-age=${cdn.maxAge}, s-maxage=${cdn.sMaxAge}, stale-while-revalidate=${cdn.staleWhileRevalidate}`;
}

export const PER_VISITOR_CACHE_CONTROL = 'private, no-cache';

/** Whether the visitor consented to the cookie notice (the analytics part of the CSP depends on it). */
export function hasConsent(settings: Settings, cookieHeader: string | undefined): boolean {
  return settings.cookieNotice.enabled && parseCookies(cookieHeader)[settings.cookieNotice.cookieName] === 'true';
}

/** Whether pages get a different CSP with and without consent (main.server.ts cspSources). */
export function cspPerVisitor(settings: Settings): boolean {
  return Boolean(settings.analytics.key) && settings.cookieNotice.enabled;
}

/**
 * Surrogate keys for the headers: `all` first, the broad keys, then the items in order. When the
 * list would be longer than MAX_KEYS_LENGTH, the per-item keys (`post-12`, `term-3`, `author-2`)
 * are dropped for `archive`: every change that purges an item key also purges `archive`
 * (surrogate.server.ts), so the page is still purged when it must be, only more often.
 */
export function surrogateKeyList(keys: Iterable<string>): string[] {
  const item = /-\d+$/;
  const all = [...new Set([ALL_KEY, ...keys])];
  const broad = all.filter((k) => !item.test(k));
  const items = all.filter((k) => item.test(k)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const list = [...broad, ...items];
  if (list.join(' ').length <= MAX_KEYS_LENGTH) return list;
  return broad.includes(ARCHIVE_KEY) ? broad : [...broad, ARCHIVE_KEY];
}

/** The headers a stored page keeps (cache hits send the same). */
export function storedPageHeaders(cdn: CdnConfig, keys: Iterable<string>, perVisitor: boolean): Record<string, string> {
  if (perVisitor) return { 'cache-control': PER_VISITOR_CACHE_CONTROL };
  const list = surrogateKeyList(keys);
  return { 'cache-control': publicCacheControl(cdn), 'surrogate-key': list.join(' '), 'cache-tag': list.join(',') };
}

/** The ETag a visitor gets: the stored body's, marked for the consented variant of a per-visitor CSP. */
export function etagFor(stored: string, consentedVariant: boolean): string {
  return consentedVariant ? `${stored.slice(0, -1)}-c"` : stored;
}

/**
 * If-None-Match against an ETag (RFC 9110 13.1.2: weak comparison, a list, or `*`). A CDN that
 * compresses may hand back a weakened `W/"…"`; it names the same body.
 */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  const want = strip(etag);
  return value.split(',').some((t) => strip(t) === want);
}
