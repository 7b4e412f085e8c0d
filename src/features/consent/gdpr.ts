import { parseCookies, writeCookie } from './cookies.ts';

/**
 * GDPR notice bar state (SPEC 4, NOTES): the bar is open when the cookie `masthead_law_footer_new`
 * is absent or '1'. Accept and the toggle tab store '1' (open) or '2' (closed) for one year
 * (31536000000 ms), path '/'. A stored value other than '1' means closed.
 */

export const GDPR_COOKIE = 'masthead_law_footer_new';
export const GDPR_LIFETIME_MS = 31_536_000_000;

/** Open unless a stored value exists and is not '1'. */
export const gdprOpen = (stored: string | undefined): boolean => stored === undefined || stored === '1';

/** The stored choice of this browser: open or closed. */
export function readGdprOpen(doc: Document = document): boolean {
  return gdprOpen(parseCookies(doc.cookie)[GDPR_COOKIE]);
}

export function storeGdprOpen(open: boolean, doc: Document = document): void {
  writeCookie(doc, GDPR_COOKIE, open ? '1' : '2', { maxAge: GDPR_LIFETIME_MS / 1000, path: '/', secure: doc.location?.protocol === 'https:', sameSite: 'Lax' });
}

/**
 * The page's GDPR state: the root's `data-gdpr` ('open' or 'closed'), a document state that
 * global.css shows the bar by (which of its two toggles, and its panel when open). Set from the
 * stored choice with the page's first script (`startGdpr`), so the bar appears in its real state
 * at once without loading its component, and by the bar when the visitor changes it.
 */
export function showGdpr(open: boolean, doc: Document = document): void {
  doc.documentElement.dataset.gdpr = open ? 'open' : 'closed';
}

export function startGdpr(doc: Document = document): void {
  showGdpr(readGdprOpen(doc), doc);
}
