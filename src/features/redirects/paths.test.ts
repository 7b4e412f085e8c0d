import { describe, expect, it } from 'vitest';
import { canonicalFrom, canonicalPath, isWpQueryLink, lookupKey, validTarget } from './paths.ts';

describe('canonical old addresses', () => {
  it.each([
    ['/old-slug', '/old-slug/'],
    ['/old-slug/', '/old-slug/'],
    ['old-slug', '/old-slug/'],
    ['//old//slug///', '/old/slug/'],
    ['/a/./b/../c/', '/a/c/'],
    ['/2019/05/04/caf%C3%A9/', '/2019/05/04/caf%C3%A9/'],
    ['/2019/05/04/café/', '/2019/05/04/caf%C3%A9/'],
    ['/feed.xml', '/feed.xml'],
    ['/old-slug/?utm_source=x', '/old-slug/'],
    ['https://old.example/2019/05/slug/', '/2019/05/slug/'],
    ['/?p=12', '/?p=12'],
    ['/?utm=1&p=12', '/?p=12'],
    ['/index.php?page_id=7', '/?page_id=7'],
    ['/?attachment_id=9', '/?attachment_id=9'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalFrom(input)).toBe(expected);
  });

  it.each(['', '/', '/?s=words', 'javascript:alert(1)', '/%zz/', '/a%00b/', 'x'.repeat(3000)])('%j is not an old address', (input) => {
    expect(canonicalFrom(input)).toBeNull();
  });

  it('looks a request up by the same spelling', () => {
    expect(lookupKey(new URL('http://site/Old-Slug'))).toBe('/Old-Slug/');
    expect(lookupKey(new URL('http://site/?p=5&replytocom=2'))).toBe('/?p=5');
    expect(canonicalPath('/a//b/')).toBe('/a/b/');
  });

  it('recognises WordPress query links on the front page only', () => {
    expect(isWpQueryLink(new URL('http://site/?p=5'))).toBe(true);
    expect(isWpQueryLink(new URL('http://site/?s=p'))).toBe(false);
    expect(isWpQueryLink(new URL('http://site/about/?p=5'))).toBe(false);
  });

  it('accepts site paths and http(s) addresses as targets, nothing else', () => {
    expect(validTarget('/new/')).toBe('/new/');
    expect(validTarget('https://elsewhere.example/x')).toBe('https://elsewhere.example/x');
    for (const bad of ['//evil.example/', '/\\evil.example', 'javascript:alert(1)', 'data:text/html,x', '', 'no/leading slash', '/a b/']) expect(validTarget(bad)).toBeNull();
  });
});
