import { describe, expect, it } from 'vitest';
import { redactUrl, withoutDotSegments } from './main.server.ts';
import { canonicalStaticPath } from './static.server.ts';
import { canonicalPageUrl } from './cache.server.ts';

describe('request paths', () => {
  it('resolve dot segments, plain or percent-encoded, never into another host', () => {
    expect(withoutDotSegments('/_astro/x/../a.js')).toBe('/_astro/a.js');
    expect(withoutDotSegments('/_astro/./a.js')).toBe('/_astro/a.js');
    expect(withoutDotSegments('/_astro/%2e%2e/_astro/a.js')).toBe('/_astro/a.js');
    expect(withoutDotSegments('/a/..//evil.example/')).toBe('/evil.example/');
    expect(withoutDotSegments('/../../etc/passwd')).toBe('/etc/passwd');
    expect(withoutDotSegments('/about/..')).toBe('/');
    expect(withoutDotSegments('/about/')).toBeNull();
    expect(withoutDotSegments('/a..b/.c')).toBeNull();
  });

  it('have one canonical spelling for a static file', () => {
    expect(canonicalStaticPath('/_astro/a.js')).toBe('/_astro/a.js');
    expect(canonicalStaticPath('/_astro//a.js')).toBeNull();
    expect(canonicalStaticPath('/%5Fastro/a.js')).toBe('/_astro/a.js');
    expect(canonicalStaticPath('/media/uploads/caf%C3%A9.jpg')).toBe('/media/uploads/caf%C3%A9.jpg');
    expect(canonicalStaticPath('/media/uploads/a%2Fb.jpg')).toBeNull();
    expect(canonicalStaticPath('/media/%E0%A4%A.jpg')).toBeNull();
  });

  it('key a page by the parameters pages read, in one order', () => {
    expect(canonicalPageUrl('/about/?utm_source=x&fbclid=1')).toEqual({ url: '/about/', search: false });
    expect(canonicalPageUrl('/category/food/?page=2&orderby=date&x=1')).toEqual({ url: '/category/food/?orderby=date&page=2', search: false });
    expect(canonicalPageUrl('/?s=cake&s=pie')).toEqual({ url: '/?s=cake', search: true });
    expect(canonicalPageUrl('/?p=12')).toEqual({ url: '/?p=12', search: false });
  });

  it('keep one-time tokens out of the request log', () => {
    expect(redactUrl('/account/reset/?token=abc123&x=1')).toBe('/account/reset/?token=[redacted]&x=1');
    expect(redactUrl('/about/')).toBe('/about/');
  });
});
