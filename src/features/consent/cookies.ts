/**
 * Browser-cookie helpers of the consent feature: pure functions (no DOM), shared by the notices,
 * the consent API and their tests.
 */

/** Parses a `document.cookie` string; the first value of a repeated name wins (most specific path). */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || Object.prototype.hasOwnProperty.call(out, name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export interface CookieAttributes {
  /** lifetime in seconds (Max-Age); omitted: a browser-session cookie */
  maxAge?: number;
  path?: string;
  /** Domain attribute (e.g. `.example.co.uk`); omitted: host-only */
  domain?: string | null;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/** A `document.cookie` assignment string. Max-Age and Expires are both written (old browsers read Expires). */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes = {}, now: number = Date.now()): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (attrs.maxAge !== undefined) {
    const seconds = Math.max(0, Math.floor(attrs.maxAge));
    parts.push(`Max-Age=${seconds}`, `Expires=${new Date(now + seconds * 1000).toUTCString()}`);
  }
  parts.push(`Path=${attrs.path ?? '/'}`);
  if (attrs.domain) parts.push(`Domain=${attrs.domain}`);
  parts.push(`SameSite=${attrs.sameSite ?? 'Lax'}`);
  if (attrs.secure || attrs.sameSite === 'None') parts.push('Secure');
  return parts.join('; ');
}

/** The stored consent choice: true, false, or null when none (or something unreadable) is stored. */
export function readChoice(cookieHeader: string, cookieName: string): boolean | null {
  const v = parseCookies(cookieHeader)[cookieName];
  return v === 'true' ? true : v === 'false' ? false : null;
}

/** Lifetime (seconds, from the settings) of a stored choice: accepted or rejected. */
export function lifetimeFor(accepted: boolean, settings: { acceptedLifetime: number; rejectedLifetime: number }): number {
  return accepted ? settings.acceptedLifetime : settings.rejectedLifetime;
}

/**
 * Public suffixes made of more than one label, for the global-cookie domain. This is a short list
 * of the common ones, not the whole Public Suffix List (which weighs ~200 KB): a browser refuses a
 * cookie whose Domain is a public suffix, so a suffix missing here cannot leak a cookie to other
 * sites; `writeCookie` then notices the refusal and falls back to a host-only cookie.
 */
export const MULTI_PART_SUFFIXES: ReadonlySet<string> = new Set([
  // United Kingdom
  'co.uk', 'org.uk', 'me.uk', 'ltd.uk', 'plc.uk', 'net.uk', 'ac.uk', 'gov.uk', 'sch.uk', 'nhs.uk', 'police.uk',
  // Australia, New Zealand
  'com.au', 'net.au', 'org.au', 'edu.au', 'gov.au', 'asn.au', 'id.au',
  'co.nz', 'net.nz', 'org.nz', 'ac.nz', 'govt.nz', 'geek.nz', 'school.nz',
  // Asia
  'co.jp', 'ne.jp', 'or.jp', 'ac.jp', 'go.jp', 'co.kr', 'or.kr', 'com.cn', 'net.cn', 'org.cn', 'gov.cn',
  'com.hk', 'com.tw', 'com.sg', 'com.my', 'co.in', 'net.in', 'org.in', 'co.id', 'or.id', 'com.ph', 'com.pk',
  'co.th', 'in.th', 'com.vn', 'co.il', 'org.il', 'ac.il', 'com.sa', 'com.tr',
  // Americas
  'com.br', 'net.br', 'org.br', 'com.mx', 'com.ar', 'com.co', 'com.pe', 'com.uy',
  // Africa, Europe
  'co.za', 'org.za', 'com.ng', 'com.eg', 'co.ke', 'com.ua', 'com.pl', 'com.gr', 'co.at', 'or.at', 'com.es', 'com.pt',
  // hosting platforms whose subdomains belong to different owners
  'github.io', 'gitlab.io', 'netlify.app', 'vercel.app', 'pages.dev', 'workers.dev', 'web.app', 'firebaseapp.com',
  'herokuapp.com', 'appspot.com', 'blogspot.com', 'azurewebsites.net', 'cloudfront.net', 'onrender.com', 'fly.dev',
]);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The Domain attribute for a cookie shared by every subdomain of the site ("global cookie"):
 * `.example.com` for `www.example.com`, `.example.co.uk` for `blog.example.co.uk` (never `.co.uk`).
 * IP addresses, `localhost`, single-label hosts and public suffixes themselves get null: a
 * host-only cookie.
 */
export function cookieDomain(hostname: string): string | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (!host || host.includes(':') || host.startsWith('[') || IPV4.test(host)) return null;
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((l) => !l) || labels[labels.length - 1] === 'localhost') return null;
  // the longest known multi-part suffix the host ends with; otherwise the last label
  let suffixLabels = 1;
  for (let n = labels.length; n >= 2; n--) {
    if (MULTI_PART_SUFFIXES.has(labels.slice(-n).join('.'))) {
      suffixLabels = n;
      break;
    }
  }
  if (labels.length <= suffixLabels) return null; // the host is a public suffix
  return `.${labels.slice(-(suffixLabels + 1)).join('.')}`;
}

/**
 * The address to load after a changed choice when redirection is on: with the cache option,
 * `cn-reloaded=1` is added to the query (once), so cached copies of the page are bypassed; the
 * rest of the query and the hash are kept as they were.
 */
export function redirectUrl(href: string, cache: boolean): string {
  const u = new URL(href);
  if (!cache) return u.href;
  const params = new URLSearchParams(u.search);
  if (params.get('cn-reloaded') === '1') return u.href;
  const search = u.search && u.search !== '?' ? `${u.search}&cn-reloaded=1` : '?cn-reloaded=1';
  return `${u.origin}${u.pathname}${search}${u.hash}`;
}

/** Minimal document surface the writers need (a real `document`, or a fake in tests). */
export interface CookieJar {
  cookie: string;
}

/**
 * Writes a cookie; when a Domain attribute was asked for but the browser refused it (a public
 * suffix missing from our list), writes a host-only cookie instead. Answers whether it is stored.
 */
export function writeCookie(jar: CookieJar, name: string, value: string, attrs: CookieAttributes): boolean {
  // a host-only copy would shadow the shared one in `document.cookie`: remove it first
  if (attrs.domain) jar.cookie = serializeCookie(name, '', { path: attrs.path ?? '/', maxAge: 0 });
  jar.cookie = serializeCookie(name, value, attrs);
  if (parseCookies(jar.cookie)[name] === value) return true;
  if (attrs.domain) {
    jar.cookie = serializeCookie(name, value, { ...attrs, domain: null });
    return parseCookies(jar.cookie)[name] === value;
  }
  return false;
}
