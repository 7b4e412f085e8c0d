// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { GdprBar, type GdprBarProps } from './GdprBar.tsx';
import { GDPR_COOKIE, GDPR_LIFETIME_MS, gdprOpen } from './gdpr.ts';
import { startGdprBar } from './gdpr-start.ts';
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
});

const bar = () => document.getElementById('gdpr-bar')!;
const toggle = () => bar().querySelector<HTMLButtonElement>('.gdpr-bar__toggle')!;
const panel = () => bar().querySelector<HTMLElement>('.gdpr-bar__panel')!;
const accept = () => bar().querySelector<HTMLButtonElement>('.gdpr-bar__accept')!;
const stored = () => document.cookie.split('; ').find((c) => c.startsWith(`${GDPR_COOKIE}=`))?.split('=')[1];
const isOpen = () => bar().dataset.state === 'open' && !panel().hidden && toggle().getAttribute('aria-expanded') === 'true';
const isClosed = () => bar().dataset.state === 'closed' && panel().hidden && toggle().getAttribute('aria-expanded') === 'false';
const hydrate = async () => {
  const { errors } = await hydrateServerHtml([{ name: 'gdpr', of: GdprBar, props }]);
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
  it('is rendered open by the server, the state of a first visit (no component needed for it)', () => {
    document.body.innerHTML = renderToStaticMarkup(<GdprBar {...props} />);
    expect(isOpen()).toBe(true);
    expect(bar().hasAttribute('data-ready')).toBe(false);
  });

  it('its start module hydrates it at idle only in a browser that closed it', () => {
    let asked = 0;
    startGdprBar({}, document.body, () => asked++);
    expect(asked).toBe(0);
    document.cookie = `${GDPR_COOKIE}=1; Path=/`;
    startGdprBar({}, document.body, () => asked++);
    expect(asked).toBe(0);
    document.cookie = `${GDPR_COOKIE}=2; Path=/`;
    startGdprBar({}, document.body, () => asked++);
    expect(asked).toBe(1);
  });

  it('opens when no cookie is stored, without storing anything', async () => {
    await hydrate();
    expect(isOpen()).toBe(true);
    expect(writes).toEqual([]);
  });

  it.each([
    ['1', true],
    ['2', false],
    ['0', false],
  ])('stored %s → open: %s', async (value, open) => {
    document.cookie = `${GDPR_COOKIE}=${value}; Path=/`;
    await hydrate();
    expect(isOpen()).toBe(open);
    expect(isClosed()).toBe(!open);
  });

  it('accept closes it and stores "2" for one year on path /', async () => {
    await hydrate();
    await act(async () => accept().click());
    expect(isClosed()).toBe(true);
    expect(stored()).toBe('2');
    expect(writes.at(-1)).toMatch(new RegExp(`^${GDPR_COOKIE}=2; Max-Age=${GDPR_LIFETIME_MS / 1000}; Expires=[^;]+; Path=/; SameSite=Lax$`));
    expect(GDPR_LIFETIME_MS).toBe(31536000000);
    expect(document.activeElement).toBe(toggle());
  });

  it('the toggle tab switches between "1" (open) and "2" (closed)', async () => {
    document.cookie = `${GDPR_COOKIE}=2; Path=/`;
    await hydrate();
    await act(async () => toggle().click());
    expect(isOpen()).toBe(true);
    expect(stored()).toBe('1');
    await act(async () => toggle().click());
    expect(isClosed()).toBe(true);
    expect(stored()).toBe('2');
  });
});
