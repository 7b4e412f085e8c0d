import { WP_QUERY_KEYS } from '../../features/redirects/paths.ts';
import { SIGNED_IN_FLAG } from '../../features/accounts/validation.ts';

/**
 * Query parameters that public pages read (search `s`, archive `page`/`orderby`, portfolio
 * `term`, the account page's `redirect_to`, the reset page's `token`, the sign-in flag, and
 * WordPress's front-page query links). Any other parameter (tracking tags, cache busters) is
 * dropped before the page is rendered and looked up, so it can neither create cache entries nor
 * reach a page. A route that starts reading a new parameter adds it here.
 */
export const PAGE_QUERY_KEYS: readonly string[] = ['s', 'page', 'orderby', 'term', 'redirect_to', 'token', SIGNED_IN_FLAG, ...WP_QUERY_KEYS];
const SEARCH_KEY = 's';

/** Paths answered by endpoints rather than pages: their query strings are passed on untouched and never cached here. */
export function pageCacheable(pathname: string): boolean {
  return !/^\/(api|wp-json|admin|_image)(\/|$)/.test(pathname);
}

/**
 * The one URL a page request is rendered and cached under: the path as sent, then the known
 * parameters (first value of each) sorted by name. `search` says the request is a search, whose
 * results are never stored (every word would be an entry).
 */
export function canonicalPageUrl(url: string): { url: string; search: boolean } {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (q < 0) return { url: pathname, search: false };
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = new URLSearchParams();
  for (const key of [...PAGE_QUERY_KEYS].sort()) {
    const v = params.get(key);
    if (v !== null) kept.set(key, v);
  }
  const query = kept.toString();
  return { url: query ? `${pathname}?${query}` : pathname, search: kept.has(SEARCH_KEY) };
}

/**
 * In-memory cache of rendered anonymous pages, already compressed. Entries are keyed by the
 * content version, so a publish or edit (which bumps the version) makes every old entry
 * unreachable; they then age out of the LRU.
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  storedAt: number;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  /** `origin` is the configured public origin, never the request's Host header. */
  key(origin: string, url: string): string;
  setVersion(v: number): void;
  readonly version: number;
  clear(): void;
  readonly size: number;
}

export function createPageCache(opts: { version: number; maxBytes?: number; maxAgeMs?: number }): PageCache {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxAgeMs = opts.maxAgeMs ?? 10 * 60 * 1000;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let version = opts.version;
  const sizeOf = (p: CachedPage) => p.raw.length + p.br.length + p.gzip.length;
  const drop = (k: string) => {
    const p = entries.get(k);
    if (p) {
      bytes -= sizeOf(p);
      entries.delete(k);
    }
  };
  return {
    get(key) {
      const p = entries.get(key);
      if (!p) return undefined;
      if (Date.now() - p.storedAt > maxAgeMs) {
        drop(key);
        return undefined;
      }
      // refresh recency
      entries.delete(key);
      entries.set(key, p);
      return p;
    },
    set(key, page) {
      drop(key);
      entries.set(key, page);
      bytes += sizeOf(page);
      for (const k of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(k);
      }
    },
    key: (origin, url) => `${version}|${origin}${url}`,
    setVersion(v) {
      if (v !== version) {
        version = v;
        entries.clear();
        bytes = 0;
      }
    },
    get version() {
      return version;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
