// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { GdprBar } from './GdprBar.tsx';
import { GDPR_COOKIE, GDPR_LIFETIME_MS, gdprOpen, initGdprBar } from './gdpr.ts';
import { translator } from '../../i18n/index.ts';

const t = translator('en');
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
  // fresh markup each time: listeners of the previous test go with the old elements
  document.body.innerHTML = renderToStaticMarkup(<GdprBar t={t} privacyUrl="/privacy-policy/" />);
});
afterEach(() => {
  delete (document as { cookie?: string }).cookie;
});

const bar = () => document.getElementById('gdpr-bar')!;
const toggle = () => bar().querySelector<HTMLButtonElement>('.gdpr-bar__toggle')!;
const panel = () => bar().querySelector<HTMLElement>('.gdpr-bar__panel')!;
const accept = () => bar().querySelector<HTMLButtonElement>('.gdpr-bar__accept')!;
const stored = () => document.cookie.split('; ').find((c) => c.startsWith(`${GDPR_COOKIE}=`))?.split('=')[1];
const isOpen = () => bar().dataset.state === 'open' && !panel().hidden && toggle().getAttribute('aria-expanded') === 'true';
const isClosed = () => bar().dataset.state === 'closed' && panel().hidden && toggle().getAttribute('aria-expanded') === 'false';

describe('gdprOpen', () => {
  it('is open when nothing is stored or the value is "1", closed for any other stored value', () => {
    expect(gdprOpen(undefined)).toBe(true);
    expect(gdprOpen('1')).toBe(true);
    expect(gdprOpen('2')).toBe(false);
    expect(gdprOpen('')).toBe(false);
    expect(gdprOpen('yes')).toBe(false);
  });
});

describe('GDPR bar', () => {
  it('is rendered closed by the server (no flash)', () => {
    expect(isClosed()).toBe(true);
  });

  it('opens when no cookie is stored, without storing anything', () => {
    initGdprBar();
    expect(isOpen()).toBe(true);
    expect(writes).toEqual([]);
  });

  it.each([
    ['1', true],
    ['2', false],
    ['0', false],
  ])('stored %s → open: %s', (value, open) => {
    document.cookie = `${GDPR_COOKIE}=${value}; Path=/`;
    initGdprBar();
    expect(isOpen()).toBe(open);
    expect(isClosed()).toBe(!open);
  });

  it('accept closes it and stores "2" for one year on path /', () => {
    initGdprBar();
    accept().click();
    expect(isClosed()).toBe(true);
    expect(stored()).toBe('2');
    expect(writes.at(-1)).toMatch(new RegExp(`^${GDPR_COOKIE}=2; Max-Age=${GDPR_LIFETIME_MS / 1000}; Expires=[^;]+; Path=/; SameSite=Lax$`));
    expect(GDPR_LIFETIME_MS).toBe(31536000000);
    expect(document.activeElement).toBe(toggle());
  });

  it('the toggle tab switches between "1" (open) and "2" (closed)', () => {
    document.cookie = `${GDPR_COOKIE}=2; Path=/`;
    initGdprBar();
    toggle().click();
    expect(isOpen()).toBe(true);
    expect(stored()).toBe('1');
    toggle().click();
    expect(isClosed()).toBe(true);
    expect(stored()).toBe('2');
  });
});
