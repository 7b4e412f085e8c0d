// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement, act } from 'react';
import { renderToString } from 'react-dom/server';
import { CookieNotice, CookieRevoke, cookieNoticeProps } from './CookieNotice.tsx';
import { attachNotice, scrolledPast, shouldReload, startNotice, stopNotice, type NoticeSettings } from './notice.ts';
import { cookieNoticeSchema } from '../site/settings.ts';
import { translator } from '../../i18n/index.ts';
import { Island } from '../../ui/Island.tsx';
import { hydrateIsland } from '../../ui/client/hydrate.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const t = translator('en');
const NAME = 'cookie_notice_accepted';

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

/** Records every cookie the page writes (the real jsdom jar still stores them). */
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => desc.get!.call(document),
    set: (v: string) => {
      writes.push(v);
      desc.set!.call(document, v);
    },
  });
  return writes;
}

let events: string[] = [];
let errors: unknown[] = [];
const record = (e: Event) => events.push(e.type);
const EVENT_NAMES = ['setCookieNotice', 'showCookieNotice', 'hideCookieNotice', 'showRevokeNotice', 'hideRevokeNotice'];

/** A user action, with React's renders flushed. */
const act1 = (fn: () => void) => act(async () => fn());

/**
 * The page as the server sends it (skip link, the notice island, content with an owner-placed
 * revoke link, the revoke island at the end), then hydrated; the page's notice is started with the
 * test's window, navigation and motion preference before the islands start it.
 */
async function setup(over: Partial<NoticeSettings> = {}, opts: { win?: Window; navigate?: (u: string) => void; reduced?: boolean } = {}) {
  document.body.className = '';
  const settings = { ...cookieNoticeSchema.parse({}), hideEffect: 'none' as const, ...over };
  const props = cookieNoticeProps(t, settings);
  document.body.innerHTML = `<a class="skip-link" href="#main">Skip to content</a>${renderToString(createElement(Island<typeof props>, { name: 'cookie-notice', of: CookieNotice, when: 'idle', props }))}
    <button type="button" id="before">before</button><main id="main" tabindex="-1"><p>Story</p><a class="cn-revoke-cookie" href="#">Change cookie settings</a></main>
    ${renderToString(createElement(Island<{ label: string }>, { name: 'cookie-revoke', of: CookieRevoke, when: 'idle', props: { label: t('consent.revoke') } }))}`;
  startNotice(props.settings, { win: opts.win ?? window, navigate: opts.navigate ?? vi.fn(), reducedMotion: () => opts.reduced ?? false });
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  await act(async () => {
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('masthead-island'))) await new Promise<void>((started) => void hydrateIsland(el, started));
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  spy.mockRestore();
}

const notice = () => document.getElementById('cookie-notice')!;
const revoke = () => document.getElementById('cookie-revoke')!;
const button = (action: string) => notice().querySelector<HTMLButtonElement>(`[data-cookie-set="${action}"]`)!;
const cookie = () => document.cookie.split('; ').find((c) => c.startsWith(`${NAME}=`))?.split('=')[1];
const bodyHas = (...classes: string[]) => classes.every((c) => document.body.classList.contains(c));

beforeEach(() => {
  clearCookies();
  events = [];
  errors = [];
  for (const n of EVENT_NAMES) document.addEventListener(n, record);
});
afterEach(() => {
  expect(errors).toEqual([]);
  stopNotice();
  document.body.innerHTML = '';
  for (const n of EVENT_NAMES) document.removeEventListener(n, record);
  delete (document as { cookie?: string }).cookie;
  vi.useRealTimers();
});

describe('pure rules', () => {
  it('reloads only when the effective choice changes and redirection is on', async () => {
    expect(shouldReload(null, true, true)).toBe(true);
    expect(shouldReload(null, false, true)).toBe(false); // nothing stored already meant "no consent"
    expect(shouldReload(true, false, true)).toBe(true);
    expect(shouldReload(false, true, true)).toBe(true);
    expect(shouldReload(true, true, true)).toBe(false);
    expect(shouldReload(false, false, true)).toBe(false);
    expect(shouldReload(null, true, false)).toBe(false);
    expect(shouldReload(true, false, false)).toBe(false);
  });
  it('accepts on scroll strictly past the offset', async () => {
    expect(scrolledPast(100, 100)).toBe(false);
    expect(scrolledPast(101, 100)).toBe(true);
    expect(scrolledPast(0, 0)).toBe(false);
  });
});

describe('cookie-consent notice', () => {
  it('is shown when no choice is stored, as a named dialog, without taking the focus at page load', async () => {
    await setup();
    expect(notice().hidden).toBe(false);
    expect(notice().getAttribute('role')).toBe('dialog');
    expect(document.getElementById(notice().getAttribute('aria-labelledby')!)!.textContent).toBe('Cookies');
    expect(document.activeElement).toBe(document.body);
    expect(bodyHas('cookies-not-set', 'cookie-notice-visible')).toBe(true);
    expect(revoke().hidden).toBe(true);
    expect(events).toEqual(['showCookieNotice']);
  });

  it('accept stores true for the accepted lifetime, hides, shows the revoke button and fires the events', async () => {
    const writes = recordCookieWrites();
    await setup({ acceptedLifetime: 1234, rejectedLifetime: 99 });
    const details: unknown[] = [];
    document.addEventListener('setCookieNotice', (e) => details.push((e as CustomEvent).detail), { once: true });
    await act1(() => button('accept').click());
    expect(cookie()).toBe('true');
    expect(writes.at(-1)).toMatch(/^cookie_notice_accepted=true; Max-Age=1234; Expires=.*; Path=\/; SameSite=Lax$/);
    expect(notice().hidden).toBe(true);
    expect(revoke().hidden).toBe(false);
    expect(bodyHas('cookies-set', 'cookies-accepted', 'cookie-revoke-visible')).toBe(true);
    expect(bodyHas('cookies-not-set')).toBe(false);
    expect(bodyHas('cookie-notice-visible')).toBe(false);
    expect(events).toEqual(['showCookieNotice', 'hideCookieNotice', 'showRevokeNotice', 'setCookieNotice']);
    expect(details).toEqual([{ value: true, previous: null, action: 'accept' }]);
  });

  it.each(['reject', 'close'])('%s stores false for the rejected lifetime', async (action) => {
    const writes = recordCookieWrites();
    await setup({ acceptedLifetime: 1234, rejectedLifetime: 99 });
    await act1(() => button(action).click());
    expect(cookie()).toBe('false');
    expect(writes.at(-1)).toContain('Max-Age=99;');
    expect(notice().hidden).toBe(true);
    expect(bodyHas('cookies-set', 'cookies-refused')).toBe(true);
    expect(bodyHas('cookies-accepted')).toBe(false);
  });

  it('Escape inside the notice closes it (stores false) and gives focus back to the main content', async () => {
    await setup();
    button('accept').focus();
    await act1(() => button('accept').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(cookie()).toBe('false');
    expect(notice().hidden).toBe(true);
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('a key that reaches the notice while it hydrates (before its effect attached it) still sends the focus to the main content', async () => {
    await setup();
    // the island's effect has not run yet: the page's notice does not know its element
    attachNotice(null);
    button('reject').focus();
    await act1(() => button('reject').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(cookie()).toBe('false');
    expect(notice().hidden).toBe(true);
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('stays hidden when a choice is stored; automatic revocation shows the revoke button', async () => {
    document.cookie = `${NAME}=false; Path=/`;
    await setup();
    expect(notice().hidden).toBe(true);
    expect(revoke().hidden).toBe(false);
    expect(bodyHas('cookies-set', 'cookies-refused', 'cookie-revoke-visible')).toBe(true);
    expect(events).toEqual(['showRevokeNotice']);
  });

  it('revoke shows the notice again; a new choice replaces the old and focus returns to the revoke button', async () => {
    document.cookie = `${NAME}=true; Path=/`;
    await setup();
    revoke().focus();
    await act1(() => revoke().click());
    expect(notice().hidden).toBe(false);
    expect(revoke().hidden).toBe(true);
    expect(document.activeElement).toBe(notice());
    expect(events).toEqual(['showRevokeNotice', 'hideRevokeNotice', 'showCookieNotice']);
    await act1(() => button('reject').click());
    expect(cookie()).toBe('false');
    expect(revoke().hidden).toBe(false);
    expect(document.activeElement).toBe(revoke());
  });

  it('manual revocation: no revoke button, the owner-placed link reopens the notice', async () => {
    document.cookie = `${NAME}=true; Path=/`;
    await setup({ revoke: 'manual' });
    expect(revoke().hidden).toBe(true);
    await act1(() => document.querySelector<HTMLElement>('.cn-revoke-cookie')!.click());
    expect(notice().hidden).toBe(false);
    await act1(() => button('accept').click());
    expect(revoke().hidden).toBe(true);
  });

  it('revocation off: no revoke button and owner-placed links are hidden', async () => {
    await setup({ revoke: 'off' });
    await act1(() => button('accept').click());
    expect(revoke().hidden).toBe(true);
    expect(document.querySelector<HTMLElement>('.cn-revoke-cookie')!.hidden).toBe(true);
  });

  it('is never shown inside a frame', async () => {
    const framed = new Proxy(window, {
      get(target, key) {
        if (key === 'top') return {};
        const v = Reflect.get(target, key, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    await setup({ onClick: true }, { win: framed });
    expect(notice().hidden).toBe(true);
    expect(events).toEqual([]);
    await act1(() => document.getElementById('before')!.click());
    expect(cookie()).toBeUndefined();
  });

  describe('redirection', () => {
    it('reloads the same address when the choice changes (no cache option)', async () => {
      const navigate = vi.fn();
      await setup({ redirection: true, cache: false }, { navigate });
      await act1(() => button('accept').click());
      expect(navigate).toHaveBeenCalledWith(window.location.href);
    });
    it('adds cn-reloaded=1 with the cache option', async () => {
      const navigate = vi.fn();
      window.history.replaceState(null, '', '/story/?ref=home#comments');
      await setup({ redirection: true, cache: true }, { navigate });
      await act1(() => button('accept').click());
      expect(navigate).toHaveBeenCalledWith(`${window.location.origin}/story/?ref=home&cn-reloaded=1#comments`);
      window.history.replaceState(null, '', '/');
    });
    it('does not reload for a first rejection or for an unchanged choice', async () => {
      const navigate = vi.fn();
      await setup({ redirection: true }, { navigate });
      await act1(() => button('reject').click());
      await act1(() => revoke().click());
      await act1(() => button('close').click());
      expect(navigate).not.toHaveBeenCalled();
      await act1(() => revoke().click());
      await act1(() => button('accept').click());
      expect(navigate).toHaveBeenCalledTimes(1);
    });
    it('never reloads when redirection is off', async () => {
      const navigate = vi.fn();
      document.cookie = `${NAME}=false; Path=/`;
      await setup({ redirection: false }, { navigate });
      await act1(() => revoke().click());
      await act1(() => button('accept').click());
      expect(navigate).not.toHaveBeenCalled();
    });
  });

  describe('hide effects', () => {
    it('fade and slide animate out, then hide', async () => {
      for (const effect of ['fade', 'slide'] as const) {
        await setup({ hideEffect: effect });
        expect(notice().dataset.effect).toBe(effect);
        await act1(() => button('accept').click());
        expect(notice().classList.contains('is-hiding')).toBe(true);
        expect(notice().hidden).toBe(false);
        await act1(() => notice().dispatchEvent(new Event('animationend', { bubbles: true })));
        expect(notice().hidden).toBe(true);
        expect(notice().classList.contains('is-hiding')).toBe(false);
        stopNotice();
        clearCookies();
      }
    });
    it('reopening during the hide animation keeps it open', async () => {
      await setup({ hideEffect: 'fade' });
      vi.useFakeTimers();
      await act1(() => button('reject').click());
      expect(notice().classList.contains('is-hiding')).toBe(true);
      await act1(() => revoke().click());
      expect(notice().hidden).toBe(false);
      expect(notice().classList.contains('is-hiding')).toBe(false);
      await act1(() => notice().dispatchEvent(new Event('animationend', { bubbles: true }))); // the end of the fade-in
      await act1(() => vi.advanceTimersByTime(1000));
      expect(notice().hidden).toBe(false);
      expect(events).toEqual(['showCookieNotice', 'hideCookieNotice', 'showRevokeNotice', 'setCookieNotice', 'hideRevokeNotice', 'showCookieNotice']);
    });
    it('hides even when no animation end arrives', async () => {
      await setup({ hideEffect: 'fade' });
      vi.useFakeTimers();
      await act1(() => button('accept').click());
      await act1(() => vi.advanceTimersByTime(700));
      expect(notice().hidden).toBe(true);
    });
    it('honours prefers-reduced-motion: no animation', async () => {
      await setup({ hideEffect: 'slide' }, { reduced: true });
      await act1(() => button('accept').click());
      expect(notice().hidden).toBe(true);
      expect(notice().classList.contains('is-hiding')).toBe(false);
    });
  });

  describe('accept on scroll and on click (off by default)', () => {
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    };
    afterEach(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }));

    it('default settings: scrolling and clicking elsewhere do nothing', async () => {
      await setup();
      await act1(() => scrollTo(5000));
      await act1(() => document.getElementById('before')!.click());
      expect(cookie()).toBeUndefined();
      expect(notice().hidden).toBe(false);
    });
    it('on scroll: accepts strictly past the offset, once', async () => {
      const listeners = vi.spyOn(window, 'removeEventListener');
      await setup({ onScroll: true, onScrollOffset: 300 });
      await act1(() => scrollTo(300));
      expect(cookie()).toBeUndefined();
      await act1(() => scrollTo(301));
      expect(cookie()).toBe('true');
      expect(listeners.mock.calls.some(([type]) => type === 'scroll')).toBe(true);
      listeners.mockRestore();
    });
    it('on click: a click outside the notice accepts; clicks inside do not', async () => {
      await setup({ onClick: true });
      await act1(() => notice().querySelector('p')!.click());
      expect(cookie()).toBeUndefined();
      await act1(() => document.getElementById('before')!.click());
      expect(cookie()).toBe('true');
    });
    it('listeners are removed after the first choice', async () => {
      await setup({ onScroll: true, onScrollOffset: 10, onClick: true });
      await act1(() => button('reject').click());
      expect(cookie()).toBe('false');
      await act1(() => scrollTo(500));
      await act1(() => document.getElementById('before')!.click());
      expect(cookie()).toBe('false');
      // the notice reopened by revoke is not armed again
      await act1(() => revoke().click());
      await act1(() => scrollTo(900));
      await act1(() => document.getElementById('before')!.click());
      expect(cookie()).toBe('false');
      expect(notice().hidden).toBe(false);
    });
    it('are not armed when a choice is already stored', async () => {
      document.cookie = `${NAME}=false; Path=/`;
      await setup({ onScroll: true, onScrollOffset: 10, onClick: true });
      await act1(() => scrollTo(500));
      await act1(() => document.getElementById('before')!.click());
      expect(cookie()).toBe('false');
    });
  });

  it('global cookie: asks for the site-wide Domain, and keeps a host-only cookie when the browser refuses it', async () => {
    const writes = recordCookieWrites();
    const onExample = new Proxy(window, {
      get(target, key) {
        if (key === 'location') return { ...window.location, hostname: 'www.example.co.uk', href: window.location.href, protocol: 'https:' };
        const v = Reflect.get(target, key, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    await setup({ globalCookie: true }, { win: onExample });
    await act1(() => button('accept').click());
    expect(writes.some((w) => w.startsWith('cookie_notice_accepted=true') && w.includes('Domain=.example.co.uk') && w.includes('Secure'))).toBe(true);
    // jsdom is on localhost, so it refused .example.co.uk: the fallback stored it anyway
    expect(cookie()).toBe('true');
  });
});
