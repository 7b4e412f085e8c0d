import { describe, expect, it } from 'vitest';
import { cookieDomain, lifetimeFor, parseCookies, readChoice, redirectUrl, serializeCookie, writeCookie, type CookieJar } from './cookies.ts';
import { cookieNoticeSchema } from '../site/settings.ts';

describe('parseCookies', () => {
  it('reads name=value pairs separated by semicolons', () => {
    expect(parseCookies('a=1; cookie_notice_accepted=true;b=two')).toEqual({ a: '1', cookie_notice_accepted: 'true', b: 'two' });
  });
  it('decodes values, strips quotes, keeps the first of a repeated name', () => {
    expect(parseCookies('x=hello%20world; q="quoted"; x=later')).toEqual({ x: 'hello world', q: 'quoted' });
  });
  it('skips malformed pairs and survives bad escapes', () => {
    expect(parseCookies('novalue; =nothing; ok=1; bad=%E0%A4%A')).toEqual({ ok: '1', bad: '%E0%A4%A' });
    expect(parseCookies('')).toEqual({});
    expect(parseCookies(null)).toEqual({});
  });
  it('keeps "=" inside values', () => {
    expect(parseCookies('t=a=b=c')).toEqual({ t: 'a=b=c' });
  });
});

describe('readChoice', () => {
  it('answers true, false or null (none or unreadable)', () => {
    expect(readChoice('cookie_notice_accepted=true', 'cookie_notice_accepted')).toBe(true);
    expect(readChoice('cookie_notice_accepted=false', 'cookie_notice_accepted')).toBe(false);
    expect(readChoice('other=true', 'cookie_notice_accepted')).toBeNull();
    expect(readChoice('cookie_notice_accepted=yes', 'cookie_notice_accepted')).toBeNull();
    expect(readChoice('my_consent=true', 'my_consent')).toBe(true);
  });
});

describe('serializeCookie', () => {
  const now = Date.UTC(2025, 0, 1);
  it('writes value, lifetime (Max-Age and Expires), path and SameSite', () => {
    expect(serializeCookie('cookie_notice_accepted', 'true', { maxAge: 3600, path: '/' }, now)).toBe(
      'cookie_notice_accepted=true; Max-Age=3600; Expires=Wed, 01 Jan 2025 01:00:00 GMT; Path=/; SameSite=Lax',
    );
  });
  it('adds Domain and Secure when asked, encodes the value, and a session cookie has no lifetime', () => {
    expect(serializeCookie('n', 'a b;c', { domain: '.example.co.uk', secure: true })).toBe('n=a%20b%3Bc; Path=/; Domain=.example.co.uk; SameSite=Lax; Secure');
  });
  it('SameSite=None always carries Secure', () => {
    expect(serializeCookie('n', 'v', { sameSite: 'None' })).toContain('SameSite=None; Secure');
  });
});

describe('lifetimeFor', () => {
  it('uses the accepted or the rejected lifetime, in seconds, from the settings', () => {
    const s = cookieNoticeSchema.parse({ acceptedLifetime: 86400, rejectedLifetime: 600 });
    expect(lifetimeFor(true, s)).toBe(86400);
    expect(lifetimeFor(false, s)).toBe(600);
  });
  it('defaults: a year accepted, thirty days rejected', () => {
    const s = cookieNoticeSchema.parse({});
    expect(lifetimeFor(true, s)).toBe(31_536_000);
    expect(lifetimeFor(false, s)).toBe(2_592_000);
  });
});

describe('cookieDomain (global cookie)', () => {
  it.each([
    ['example.com', '.example.com'],
    ['www.example.com', '.example.com'],
    ['a.b.blog.example.com', '.example.com'],
    ['example.co.uk', '.example.co.uk'],
    ['www.example.co.uk', '.example.co.uk'],
    ['shop.example.com.au', '.example.com.au'],
    ['news.example.co.jp', '.example.co.jp'],
    ['WWW.Example.COM.', '.example.com'],
    ['mysite.github.io', '.mysite.github.io'],
  ])('%s → %s', (host, domain) => {
    expect(cookieDomain(host)).toBe(domain);
  });
  it.each(['localhost', 'app.localhost', '127.0.0.1', '192.168.1.20', '::1', '[::1]', '2001:db8::1', 'intranet', 'co.uk', 'github.io', ''])('%s → no Domain attribute', (host) => {
    expect(cookieDomain(host)).toBeNull();
  });
});

describe('redirectUrl', () => {
  it('without the cache option: the same address', () => {
    expect(redirectUrl('https://ex.com/a/?x=1#top', false)).toBe('https://ex.com/a/?x=1#top');
  });
  it('with the cache option: adds cn-reloaded=1, keeping the other parameters and the hash', () => {
    expect(redirectUrl('https://ex.com/a/', true)).toBe('https://ex.com/a/?cn-reloaded=1');
    expect(redirectUrl('https://ex.com/a/?x=1&y=a%20b', true)).toBe('https://ex.com/a/?x=1&y=a%20b&cn-reloaded=1');
    expect(redirectUrl('https://ex.com/a/?x=1#comments', true)).toBe('https://ex.com/a/?x=1&cn-reloaded=1#comments');
    expect(redirectUrl('https://ex.com/a/#c', true)).toBe('https://ex.com/a/?cn-reloaded=1#c');
    expect(redirectUrl('https://ex.com/a/?#c', true)).toBe('https://ex.com/a/?cn-reloaded=1#c');
  });
  it('does not add the parameter twice', () => {
    expect(redirectUrl('https://ex.com/?cn-reloaded=1&x=2', true)).toBe('https://ex.com/?cn-reloaded=1&x=2');
  });
});

/** A cookie jar that, like a browser, refuses Domain attributes outside an allowed list. */
function jar(allowedDomains: string[]): CookieJar & { writes: string[] } {
  const store = new Map<string, string>();
  return {
    writes: [] as string[],
    get cookie() {
      return [...store].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      this.writes.push(line);
      const [pair, ...attrs] = line.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      const domain = attrs.find((a) => a.startsWith('Domain='))?.slice(7);
      if (domain && !allowedDomains.includes(domain)) return;
      if (attrs.includes('Max-Age=0')) store.delete(name);
      else store.set(name, value);
    },
  };
}

describe('writeCookie', () => {
  it('stores a shared cookie when the browser accepts its Domain', () => {
    const j = jar(['.example.co.uk']);
    expect(writeCookie(j, 'c', 'true', { domain: '.example.co.uk', maxAge: 10 })).toBe(true);
    expect(j.writes.at(-1)).toContain('Domain=.example.co.uk');
  });
  it('falls back to a host-only cookie when the Domain is refused (a public suffix not in our list)', () => {
    const j = jar([]);
    expect(writeCookie(j, 'c', 'false', { domain: '.example.weird', maxAge: 10 })).toBe(true);
    expect(j.writes.at(-1)).not.toContain('Domain=');
    expect(parseCookies(j.cookie).c).toBe('false');
  });
});
