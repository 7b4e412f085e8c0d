/**
 * Redirect addresses (pure; used by the server, the admin and the importer). An old address is
 * stored in one canonical spelling so that a lookup is one indexed query:
 *   - a path: decoded, one slash between segments, lower-case percent escapes re-encoded, and a
 *     trailing slash unless the last segment looks like a file (`/feed.xml`);
 *   - WordPress's query links on the front page: only the one parameter that names the object,
 *     `/?p=12`, `/?page_id=7`, `/?attachment_id=9`, `/?cat=3`, `/?tag=travel`, `/?author=2`.
 */
export const WP_QUERY_KEYS = ['p', 'page_id', 'attachment_id', 'cat', 'tag', 'author'] as const;

const MAX_LENGTH = 2000;

/** The canonical form of an old address, or null when it cannot be one (absolute elsewhere, junk). */
export function canonicalFrom(input: string): string | null {
  let raw = input.trim();
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) {
    // An absolute old address keeps only its path: the old site may have had another domain.
    let abs: URL;
    try {
      abs = new URL(raw);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(abs.protocol)) return null;
    raw = abs.pathname + abs.search;
  }
  // A leading `//` is a doubled slash of a path here, never another host.
  raw = `/${raw.replace(/^\/+/, '')}`;
  let u: URL;
  try {
    u = new URL(raw, 'http://x');
  } catch {
    return null;
  }
  if (u.pathname === '/' || u.pathname === '/index.php') {
    for (const key of WP_QUERY_KEYS) {
      const v = u.searchParams.get(key);
      if (v && /^[\w-]{1,200}$/.test(v)) return `/?${key}=${v}`;
    }
    return u.pathname === '/' ? null : '/index.php';
  }
  return canonicalPath(u.pathname);
}

/** One spelling per path: decoded, single slashes, no dot segments, trailing slash for pages. */
export function canonicalPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return null;
  const segments: string[] = [];
  for (const s of decoded.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      segments.pop();
      continue;
    }
    segments.push(s);
  }
  if (!segments.length) return '/';
  const last = segments[segments.length - 1]!;
  const file = /\.[a-z0-9]{1,5}$/i.test(last);
  return `/${segments.map((s) => encodeURIComponent(s)).join('/')}${file ? '' : '/'}`;
}

/** The key a request is looked up by (the same canonical spelling), or null. */
export function lookupKey(url: URL): string | null {
  return canonicalFrom(url.pathname + url.search);
}

/** True when the request is one of WordPress's front-page query links (looked up before routing). */
export function isWpQueryLink(url: URL): boolean {
  return (url.pathname === '/' || url.pathname === '/index.php') && WP_QUERY_KEYS.some((k) => url.searchParams.has(k));
}

/** A redirect target: a path on this site or an absolute http(s) address. */
export function validTarget(to: string): string | null {
  const t = to.trim();
  if (!t || t.length > MAX_LENGTH || /[\u0000-\u001f\u007f\s]/.test(t)) return null;
  if (t.startsWith('/') && !t.startsWith('//') && !t.startsWith('/\\')) return t;
  try {
    const u = new URL(t);
    return /^https?:$/.test(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}
