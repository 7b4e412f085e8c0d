import { pageVars } from '../../ui/page-vars.ts';
import { themeCall } from '../../ui/client/theme-call.ts';
import { hasConsent, onConsent, onConsentWithdrawn } from './consent.ts';
import { cookieDomain, parseCookies, serializeCookie } from './cookies.ts';

/**
 * Page views (NOTES: post in view, Consent):
 *
 * - Analytics (Google tag for the property `settings.analytics.key`) loads only when a key is set
 *   AND the visitor has accepted cookies: at page load when consent is stored. A visitor who
 *   accepts on a page is counted from the next page on, because the page's CSP names the tag's
 *   host only for visitors who had consented when it was sent. Before that nothing is requested
 *   from googletagmanager.com. When a stored acceptance is withdrawn, the tag is switched off
 *   (`ga-disable-{key}`) and its cookies removed.
 * - Our first-party view counter (action `masthead_count_view`) counts without consent: it is not
 *   a third party, stores only a per-post daily total (no visitor id, no address) and the action
 *   sets no cookie. Its call needs a nonce like every theme call, and `/api/nonce` sets the
 *   site's first-party visitor id cookie (`masthead_vid`, httpOnly, SameSite=Lax), the same one
 *   that protects likes and ratings; the counter neither reads nor stores it.
 *
 * `reportPageView(url, title)` is for the reading feature: call it on every post-in-view change.
 * It counts the post's view and, with consent, sends a page view to analytics. The same address
 * twice in a row is reported once (the page load itself counts as the first report).
 */

type Gtag = (...args: unknown[]) => void;
type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag } & Record<string, unknown>;
const globalWin = () => window as unknown as AnalyticsWindow;

export const gtagSrc = (key: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(key)}`;

let loadedKey: string | null = null;
let lastReported: string | null = null;

const analyticsKey = (): string => {
  try {
    return pageVars().analytics.key;
  } catch {
    return '';
  }
};

/** Loads the Google tag for `key` when consent is stored. Answers whether it is (now) loaded. */
export function loadAnalytics(key: string = analyticsKey(), doc: Document = document, win: AnalyticsWindow = globalWin()): boolean {
  if (!key || !hasConsent(doc)) return false;
  win[`ga-disable-${key}`] = false;
  if (loadedKey === key) return true;
  loadedKey = key;
  const dataLayer = (win.dataLayer ??= []);
  // gtag.js reads `arguments` objects from the data layer, not arrays
  win.gtag = function gtag() {
    dataLayer.push(arguments);
  };
  win.gtag('js', new Date());
  // `config` also sends the page view of the current address
  win.gtag('config', key);
  const script = doc.createElement('script');
  script.async = true;
  script.src = gtagSrc(key);
  doc.head.append(script);
  return true;
}

/** Switches analytics off after consent is withdrawn and removes its cookies (_ga, _gid, _gat…). */
export function stopAnalytics(key: string = analyticsKey(), doc: Document = document, win: AnalyticsWindow = globalWin()): void {
  if (!key) return;
  win[`ga-disable-${key}`] = true;
  const host = win.location.hostname;
  const domains = [null, host, cookieDomain(host)];
  for (const name of Object.keys(parseCookies(doc.cookie))) {
    if (!/^_(ga|gid|gat)(_|$)/.test(name)) continue;
    for (const domain of domains) doc.cookie = serializeCookie(name, '', { maxAge: 0, path: '/', domain });
  }
}

/** The post shown at `url` (query and hash aside): a post block with that `data-current-url`, or the page's own post. */
export function postIdFor(url: string, doc: Document = document): number | null {
  const path = (u: string) => {
    const x = new URL(u, doc.baseURI);
    return x.origin + x.pathname;
  };
  const target = path(url);
  for (const el of doc.querySelectorAll<HTMLElement>('[data-current-url][data-postid]')) {
    const at = el.dataset.currentUrl;
    if (at && path(at) === target) {
      const id = Number(el.dataset.postid);
      return Number.isInteger(id) && id > 0 ? id : null;
    }
  }
  try {
    const vars = pageVars(doc);
    if (vars.postId && target === path(doc.location.href)) return vars.postId;
  } catch {
    /* no page variables */
  }
  return null;
}

/** Counts one view of a post in our own counter (best effort: a failure is not the reader's problem). */
export function countView(postId: number): Promise<void> {
  return themeCall('masthead_count_view', { post_id: String(postId) }).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Reports a page view for a post-in-view change: our counter always, analytics with consent.
 * `postId` is found from the post block whose `data-current-url` is `url` when not given.
 */
export function reportPageView(url: string, title: string, postId?: number | null, doc: Document = document, win: AnalyticsWindow = globalWin()): void {
  const location = new URL(url, doc.baseURI).href;
  if (location === lastReported) return;
  lastReported = location;
  const id = postId ?? postIdFor(location, doc);
  if (id) void countView(id);
  const key = analyticsKey();
  if (key && loadedKey === key && hasConsent(doc)) win.gtag?.('event', 'page_view', { page_location: location, page_title: title });
}

/** Page load: counts the page's post, loads analytics now or at acceptance, stops it at withdrawal. */
export function initAnalytics(doc: Document = document, win: AnalyticsWindow = globalWin()): void {
  lastReported = doc.location.href;
  let postId: number | null = null;
  try {
    postId = pageVars(doc).postId;
  } catch {
    /* no page variables */
  }
  if (postId) {
    const id = postId;
    // after the page has settled: the count is never in the way of the first paint
    const later = (fn: () => void) => (typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1000));
    later(() => void countView(id));
  }
  const key = analyticsKey();
  if (!key) return;
  // The page's Content-Security-Policy allows the tag's host only when the visitor had consented
  // when the page was sent (server: main.server.ts): a visitor who accepts now is counted from
  // their next page on; one who withdraws and accepts again on this page has it back at once.
  const allowedHere = hasConsent(doc);
  loadAnalytics(key, doc, win);
  onConsent(() => {
    if (allowedHere) loadAnalytics(key, doc, win);
  }, doc);
  onConsentWithdrawn(() => stopAnalytics(key, doc, win), doc);
}

/** For tests: forget what was loaded and reported. */
export function resetAnalyticsForTests(): void {
  loadedKey = null;
  lastReported = null;
}
