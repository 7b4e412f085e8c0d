// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gtagSrc, initAnalytics, loadAnalytics, postIdFor, reportPageView, resetAnalyticsForTests, stopAnalytics } from './analytics.ts';

type Win = Window & { dataLayer?: IArguments[]; gtag?: unknown } & Record<string, unknown>;
const win = window as unknown as Win;
const KEY = 'G-TEST123';
const calls: { action: string; post_id: string | null }[] = [];

beforeAll(() => {
  // the page variables are read once per document
  document.body.innerHTML = `<script type="application/json" id="masthead-vars">${JSON.stringify({
    ajaxUrl: '/api/theme',
    nonceUrl: '/api/nonce',
    postId: 7,
    analytics: { key: KEY },
    cookieNotice: { cookieName: 'cookie_notice_accepted' },
    i18n: {},
  })}</script>
  <article data-postid="7" data-current-url="/first/"></article>
  <article data-postid="12" data-current-url="/second/"></article>`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/nonce') return new Response(JSON.stringify({ nonce: 'n' }), { status: 200 });
      const body = init?.body as FormData;
      calls.push({ action: String(body.get('action')), post_id: body.get('post_id') as string | null });
      return new Response(JSON.stringify({ success: true, data: {} }), { status: 200 });
    }),
  );
});
afterAll(() => vi.unstubAllGlobals());
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

beforeEach(() => {
  // the page-load count waits for a timer: fake it, so no test's timer fires in another test
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  resetAnalyticsForTests();
  calls.length = 0;
  delete win.dataLayer;
  delete win.gtag;
  delete win[`ga-disable-${KEY}`];
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  document.cookie = 'cookie_notice_accepted=; Max-Age=0; Path=/';
  window.history.replaceState(null, '', '/first/');
});

const gtagScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager"]')];
const layer = () => (win.dataLayer ?? []).map((a) => [...a]);
const flush = () => new Promise((r) => setImmediate(r));
const accept = (previous: boolean | null) => {
  document.cookie = 'cookie_notice_accepted=true; Path=/';
  document.dispatchEvent(new CustomEvent('setCookieNotice', { detail: { value: true, previous, action: 'accept' } }));
};

describe('analytics', () => {
  it('loads nothing without consent', () => {
    expect(loadAnalytics(KEY)).toBe(false);
    expect(gtagScripts()).toHaveLength(0);
    expect(win.dataLayer).toBeUndefined();
  });

  it('with consent: loads the tag for the configured property once and configures it (which sends the page view)', () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    expect(loadAnalytics(KEY)).toBe(true);
    expect(loadAnalytics(KEY)).toBe(true);
    expect(gtagScripts().map((s) => s.src)).toEqual([gtagSrc(KEY)]);
    expect(gtagSrc(KEY)).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(layer()[1]).toEqual(['config', KEY]);
    // gtag.js needs Arguments objects, not arrays
    expect(Object.prototype.toString.call(win.dataLayer![0])).toBe('[object Arguments]');
  });

  it('an empty key means no analytics even with consent', () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    expect(loadAnalytics('')).toBe(false);
    expect(gtagScripts()).toHaveLength(0);
  });

  it('init without consent waits for the next page after an acceptance (the CSP of this one does not allow the tag)', () => {
    initAnalytics();
    expect(gtagScripts()).toHaveLength(0);
    accept(null);
    expect(gtagScripts()).toHaveLength(0);
  });

  it('with consent at load: withdrawal switches it off and removes its cookies; accepting again turns it back on', () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    initAnalytics();
    expect(gtagScripts()).toHaveLength(1);
    document.cookie = '_ga=GA1.1.123; Path=/';
    document.cookie = '_ga_TEST123=GS1; Path=/';
    document.cookie = 'cookie_notice_accepted=false; Path=/';
    document.dispatchEvent(new CustomEvent('setCookieNotice', { detail: { value: false, previous: true, action: 'reject' } }));
    expect(win[`ga-disable-${KEY}`]).toBe(true);
    expect(document.cookie).not.toMatch(/_ga/);
    accept(false);
    expect(win[`ga-disable-${KEY}`]).toBe(false);
  });

  it('stopAnalytics leaves other cookies alone', () => {
    document.cookie = 'keep=1; Path=/';
    document.cookie = '_gid=x; Path=/';
    stopAnalytics(KEY);
    expect(document.cookie).toContain('keep=1');
    expect(document.cookie).not.toContain('_gid');
  });
});

describe('reportPageView', () => {
  it('finds the post of an address from the post blocks, or the page post for the page address', () => {
    expect(postIdFor('/second/')).toBe(12);
    expect(postIdFor('/second/?utm=x#comments')).toBe(12);
    expect(postIdFor(`${location.origin}/first/`)).toBe(7);
    expect(postIdFor('/elsewhere/')).toBeNull();
  });

  it('without consent: counts the view in our own counter, sends nothing to analytics', async () => {
    initAnalytics();
    reportPageView('/second/', 'Second');
    await flush();
    await flush();
    expect(calls).toContainEqual({ action: 'masthead_count_view', post_id: '12' });
    expect(win.dataLayer).toBeUndefined();
  });

  it('with consent: also a page_view event with the address and title; the same address twice counts once', async () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    initAnalytics();
    const before = layer().length;
    reportPageView('/second/', 'Second post');
    reportPageView('/second/', 'Second post');
    await flush();
    await flush();
    expect(layer().slice(before)).toEqual([['event', 'page_view', { page_location: `${location.origin}/second/`, page_title: 'Second post' }]]);
    expect(calls.filter((c) => c.action === 'masthead_count_view' && c.post_id === '12')).toHaveLength(1);
    reportPageView('/first/', 'First');
    expect(layer().at(-1)).toEqual(['event', 'page_view', { page_location: `${location.origin}/first/`, page_title: 'First' }]);
  });

  it('the page load counts the page post once (after the page settles)', async () => {
    initAnalytics();
    await flush();
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1000);
    await flush();
    await flush();
    expect(calls.filter((c) => c.action === 'masthead_count_view')).toEqual([{ action: 'masthead_count_view', post_id: '7' }]);
    // the reading feature's first report of the same address is not a second view
    reportPageView('/first/', 'First');
    await flush();
    expect(calls.filter((c) => c.action === 'masthead_count_view')).toHaveLength(1);
  });
});
