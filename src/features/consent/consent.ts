import { pageVars } from '../../ui/page-vars.ts';
import { readChoice } from './cookies.ts';

/**
 * The visitor's consent, for every feature that loads something from a third party (analytics,
 * outside video players, map tiles):
 *
 *   import { hasConsent, withConsent } from '../consent/consent.ts';
 *   withConsent(() => loadTheThing());
 *
 * Consent is the cookie-consent notice's stored choice (`cookie_notice_accepted=true`, or the
 * cookie name set in the settings). No stored choice, a rejection, or a disabled notice all mean
 * "no consent": privacy by default. Changes arrive through the notice's document event
 * `setCookieNotice` (detail `{ value, previous, action }`), so this module works with or without the
 * notice script on the page.
 */

export const CONSENT_COOKIE = 'cookie_notice_accepted';

/** Detail of the `setCookieNotice` document event. */
export interface SetCookieNoticeDetail {
  /** the choice now stored */
  value: boolean;
  /** the choice stored before (null: none) */
  previous: boolean | null;
  action: 'accept' | 'reject' | 'close';
}

/** The document events of the notice (NOTES: Cookie consent and GDPR notices). */
export const NOTICE_EVENTS = {
  set: 'setCookieNotice',
  show: 'showCookieNotice',
  hide: 'hideCookieNotice',
  showRevoke: 'showRevokeNotice',
  hideRevoke: 'hideRevokeNotice',
} as const;

/** The consent cookie's name from the settings (page variables), or the default. */
export function consentCookieName(doc: Document = document): string {
  try {
    return pageVars(doc).cookieNotice.cookieName || CONSENT_COOKIE;
  } catch {
    return CONSENT_COOKIE;
  }
}

/** The stored choice: true (accepted), false (rejected or closed), null (none yet). */
export function consentChoice(doc: Document = document): boolean | null {
  return readChoice(doc.cookie, consentCookieName(doc));
}

/** True when the visitor has accepted cookies. */
export function hasConsent(doc: Document = document): boolean {
  return consentChoice(doc) === true;
}

type Callback = () => void;
const listeners = new Map<Document, { accept: Set<Callback>; withdraw: Set<Callback> }>();

function listenersOf(doc: Document) {
  let l = listeners.get(doc);
  if (!l) {
    const entry = { accept: new Set<Callback>(), withdraw: new Set<Callback>() };
    l = entry;
    listeners.set(doc, entry);
    doc.addEventListener(NOTICE_EVENTS.set, (e) => {
      const d = (e as CustomEvent<SetCookieNoticeDetail>).detail;
      if (!d) return;
      const run = d.value ? entry.accept : d.previous === true ? entry.withdraw : null;
      for (const cb of [...(run ?? [])]) {
        try {
          cb();
        } catch (err) {
          console.error('[masthead] consent listener:', err);
        }
      }
    });
  }
  return l;
}

/** Calls `cb` every time the visitor accepts (not for a consent stored earlier). Returns an unsubscribe. */
export function onConsent(cb: Callback, doc: Document = document): () => void {
  const l = listenersOf(doc);
  l.accept.add(cb);
  return () => l.accept.delete(cb);
}

/** Calls `cb` when a stored acceptance is replaced by a rejection. Returns an unsubscribe. */
export function onConsentWithdrawn(cb: Callback, doc: Document = document): () => void {
  const l = listenersOf(doc);
  l.withdraw.add(cb);
  return () => l.withdraw.delete(cb);
}

/** Runs `cb` once: now when consent is stored, otherwise at the first acceptance. */
export function withConsent(cb: Callback, doc: Document = document): void {
  if (hasConsent(doc)) {
    cb();
    return;
  }
  const off = onConsent(() => {
    off();
    cb();
  }, doc);
}
