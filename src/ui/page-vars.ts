import type { CookieNoticeSettings, GdprNoticeSettings, TextRule } from '../features/site/settings.ts';

/**
 * The page variables: one typed object, written in each page as JSON in
 * `<script type="application/json" id="masthead-vars">` and read on the client through
 * `pageVars()`. They carry no secrets and no expiring tokens (pages are cached); the nonce is
 * fetched from `nonceUrl` when a call first needs it.
 */
export interface PageVars {
  /** the single theme-call endpoint (POST, field `action`) */
  ajaxUrl: string;
  /** GET: answers `{ nonce }` for the current visitor (uncached) */
  nonceUrl: string;
  /** the site title, for document titles built in the browser (post in view) */
  siteTitle: string;
  locale: string;
  dir: 'ltr' | 'rtl';
  /** the post this page shows (single posts), else null */
  postId: number | null;
  textRules: TextRule[];
  /** password-mismatch message of the registration form */
  errorPass: string;
  cookieNotice: CookieNoticeSettings;
  gdprNotice: GdprNoticeSettings;
  analytics: { key: string };
  /** Contact Form 7 client settings */
  wpcf7: { api: { root: string; namespace: string } };
  headerSearch: 'overlay' | 'showup';
  /** map tiles per map type (`labels`: a layer drawn over the tiles, hybrid) and the geocoder */
  map: { tiles: Record<'roadmap' | 'satellite' | 'hybrid' | 'terrain', { url: string; attribution: string; labels?: string }>; geocoderUrl: string };
  /** small localised strings scripts need */
  i18n: Record<string, string>;
}

export const PAGE_VARS_ID = 'masthead-vars';
/** The element's opening tag as `layouts/Base.astro` writes it (content cannot contain a script element) */
export const PAGE_VARS_OPEN = `<script type="application/json" id="${PAGE_VARS_ID}">`;

/** JSON for embedding in a <script> element: `<` is escaped so the text can never close the tag. */
export function serializePageVars(vars: Omit<PageVars, 'postId'>): string {
  return JSON.stringify(vars).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The page variables of one page from the part every page of a content version shares,
 * serialised once (`serializePageVars` of all but `postId`), and the page's own post: the same
 * object `pageVars()` reads as if serialised whole.
 */
export function withPostId(shared: string, postId: number | null): string {
  return `${shared.slice(0, -1)},"postId":${JSON.stringify(postId)}}`;
}

let memo: PageVars | null = null;

/** Client accessor: parses the page variables once. Throws when the page has none. */
export function pageVars(doc: Document = document): PageVars {
  if (memo && doc === document) return memo;
  const el = doc.getElementById(PAGE_VARS_ID);
  if (!el?.textContent) throw new Error('Masthead page variables are missing');
  const vars = JSON.parse(el.textContent) as PageVars;
  if (doc === document) memo = vars;
  return vars;
}
