import { describe, expect, it } from 'vitest';
import { etagFor, etagMatches, MAX_KEYS_LENGTH, storedPageHeaders, surrogateKeyList } from './cdn.server.ts';

const cdn = { maxAge: 0, sMaxAge: 300, staleWhileRevalidate: 60, purgeUrl: undefined, purgeToken: undefined, purgeFormat: 'json' as const, purgeTimeoutMs: 5000, purgeRetries: 3, purgeRepeatMs: 0 };

describe('CDN headers', () => {
  it('name every page `all`, broad keys first, items in numeric order; Fastly gets spaces, Cloudflare commas', () => {
    expect(surrogateKeyList(['post-10', 'settings', 'post-9', 'term-2', 'menus'])).toEqual(['all', 'settings', 'menus', 'post-9', 'post-10', 'term-2']);
    const h = storedPageHeaders(cdn, ['post-1', 'home'], false);
    expect(h).toEqual({ 'cache-control': 'public, max-age=0, s-maxage=300, stale-while-revalidate=60', 'surrogate-key': 'all home post-1', 'cache-tag': 'all,home,post-1' });
  });

  it('fall back to the broad keys plus `archive` when the item keys would make the header too long', () => {
    const many = Array.from({ length: 500 }, (_, i) => `post-${i}`);
    const list = surrogateKeyList(['settings', 'menus', ...many]);
    expect(list).toEqual(['all', 'settings', 'menus', 'archive']);
    expect(surrogateKeyList(many.slice(0, 20)).join(' ').length).toBeLessThanOrEqual(MAX_KEYS_LENGTH);
  });

  it('keep a per-visitor CSP page away from shared caches', () => {
    expect(storedPageHeaders(cdn, ['post-1'], true)).toEqual({ 'cache-control': 'private, no-cache' });
    expect(etagFor('"abc"', true)).toBe('"abc-c"');
    expect(etagFor('"abc"', false)).toBe('"abc"');
  });

  it('match If-None-Match weakly, in a list, or as *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
