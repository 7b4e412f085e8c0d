// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { GdprBar, type GdprBarProps } from './GdprBar.tsx';
import { GDPR_COOKIE, GDPR_LIFETIME_MS, gdprOpen, startGdpr } from './gdpr.ts';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

const props: GdprBarProps = { privacyUrl: '/privacy-policy/', labels: { label: 'Privacy notice', toggle: 'Privacy', text: 'We use cookies.', privacy: 'Privacy policy', accept: 'Accept' } };
const writes: string[] = [];
const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

beforeEach(() => {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  writes.length = 0;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => desc.get!.call(document),
    set: (v: string) => {
      writes.push(v);
      desc.set!.call(document, v);
    },
  });
});
afterEach(() => {
  delete (document as { cookie?: string }).cookie;
  document.body.innerHTML = '';
  delete document.documentElement.dataset.gdpr;
});

const bar = () => document.getElementById('gdpr-bar')!;
/** the toggle said "expanded" (shown while open) and the one said "collapsed" (shown while closed) */
const toggleWhile = (open: boolean) => bar().querySelector<HTMLButtonElement>(`.gdpr-bar__toggle[aria-expanded="${open}"]`)!;
const accept = () => bar().querySelector<HTMLButtonElement>('.gdpr-bar__accept')!;
const stored = () => document.cookie.split('; ').find((c) => c.startsWith(`${GDPR_COOKIE}=`))?.split('=')[1];
/** the page's state, which global.css shows the bar by: one toggle, and the panel when open */
const shown = () => document.documentElement.dataset.gdpr;
const hydrate = async () => {
  startGdpr(); // (the page's first script)
  const { errors } = await hydrateServerHtml([{ name: 'gdpr', of: GdprBar, props, when: 'interaction' }]);
  expect(errors).toEqual([]);
};

describe('gdprOpen', () => {
  it('is open when nothing is stored or the value is "1", closed for any other stored value', () => {
    expect(gdprOpen(undefined)).toBe(true);
    expect(gdprOpen('1')).toBe(true);
    expect(gdprOpen('2')).toBe(false);
    expect(gdprOpen('')).toBe(false);
    expect(gdprOpen('yes')).toBe(false);
  });
});

describe('GDPR bar island', () => {
  it('holds both states in its markup: a toggle saying expanded, one saying collapsed, both controlling the panel', () => {
    document.body.innerHTML = renderToStaticMarkup(<GdprBar {...props} />);
    const toggles = Array.from(bar().querySelectorAll('button.gdpr-bar__toggle'));
    expect(toggles.map((b) => [b.textContent, b.getAttribute('aria-expanded'), b.getAttribute('aria-controls')])).toEqual([
      ['Privacy', 'true', 'gdpr-bar-panel'],
      ['Privacy', 'false', 'gdpr-bar-panel'],
    ]);
    expect(bar().querySelector<HTMLElement>('#gdpr-bar-panel')?.hidden).toBe(false);
  });

  it.each([
    [undefined, 'open'],
    ['1', 'open'],
    ['2', 'closed'],
    ['0', 'closed'],
  ])('the first script shows the stored state (%s → %s) without storing anything', (value, state) => {
    if (value) document.cookie = `${GDPR_COOKIE}=${value}; Path=/`;
    writes.length = 0;
    startGdpr();
    expect(shown()).toBe(state);
    expect(writes).toEqual([]);
  });

  it('accept closes it, stores "2" for one year on path /, and moves the focus to the toggle now shown', async () => {
    await hydrate();
    expect(shown()).toBe('open');
    await act(async () => accept().click());
    expect(shown()).toBe('closed');
    expect(stored()).toBe('2');
    expect(writes.at(-1)).toMatch(new RegExp(`^${GDPR_COOKIE}=2; Max-Age=${GDPR_LIFETIME_MS / 1000}; Expires=[^;]+; Path=/; SameSite=Lax$`));
    expect(GDPR_LIFETIME_MS).toBe(31536000000);
    expect(document.activeElement).toBe(toggleWhile(false));
  });

  it('the toggle tab switches between "1" (open) and "2" (closed), the focus following it', async () => {
    document.cookie = `${GDPR_COOKIE}=2; Path=/`;
    await hydrate();
    expect(shown()).toBe('closed');
    await act(async () => toggleWhile(false).click());
    expect(shown()).toBe('open');
    expect(stored()).toBe('1');
    expect(document.activeElement).toBe(toggleWhile(true));
    await act(async () => toggleWhile(true).click());
    expect(shown()).toBe('closed');
    expect(stored()).toBe('2');
    expect(document.activeElement).toBe(toggleWhile(false));
  });
});
