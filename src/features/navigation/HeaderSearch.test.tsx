// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SiteHeader, type SiteHeaderProps } from './SiteHeader.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';
import { initialSuggest, suggestReducer } from '../search/suggest-state.ts';
import type { Suggestion } from '../search/query.ts';

// the box is a closed popover in jsdom: queries include hidden elements
const props: SiteHeaderProps = {
  siteTitle: 'Test',
  tagline: 'Tag',
  menu: [],
  sideMenu: [],
  mega: {},
  currentPath: '/',
  searchStyle: 'overlay',
  sticky: false,
  searchQuery: '',
  account: { label: 'Log in', signedIn: false },
  labels: { menu: 'Menu', search: 'Search', close: 'Close', mainNavigation: 'Main navigation', sideMenu: 'Side menu', mobileMenu: 'Mobile menu', expand: 'Expand {label}', searchLabel: 'Search', placeholder: 'Type', submit: 'Search', suggestions: 'Suggested posts', seeAll: 'See all results for “{q}”', noSuggestions: 'No post matches yet', suggestionCount: 'Posts found: {n}.' },
};

const hits: Suggestion[] = [
  { id: 1, url: '/harbour-lights/', title: [{ text: 'Harbour', mark: true }, { text: ' lights <b>' }] },
  { id: 2, url: '/walk/', title: [{ text: 'A walk by the ' }, { text: 'harbour', mark: true }] },
];

/** Fakes `GET /api/search`; returns the queries asked. */
function fakeSuggestions(answer: (q: string) => Suggestion[]) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe('/api/search');
    const q = u.searchParams.get('s') ?? '';
    asked.push(q);
    return new Response(JSON.stringify({ query: q, suggestions: answer(q) }), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const type = async (field: HTMLElement, value: string) => act(async () => void fireEvent.change(field, { target: { value } }));
const key = async (field: HTMLElement, k: string) => act(async () => void fireEvent.keyDown(field, { key: k }));

describe('header search suggestions', () => {
  it('without script the field is a plain search box; hydrated it is a combobox', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'header', of: SiteHeader, props }]);
    expect(errors).toEqual([]);
    const field = document.getElementById('search-box-input')!;
    expect(field.getAttribute('role')).toBe('combobox');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-controls')).toBe('search-box-suggestions');
  });

  it('text typed before the island hydrated (it hydrates on interaction) asks for suggestions once it has', async () => {
    const asked = fakeSuggestions((q) => (q === 'harb' ? hits : []));
    const { errors } = await hydrateServerHtml([{ name: 'header', of: SiteHeader, props, when: 'interaction' }], (c) => {
      c.querySelector<HTMLInputElement>('#search-box-input')!.value = 'harb';
    });
    expect(errors).toEqual([]);
    const field = document.getElementById('search-box-input') as HTMLInputElement;
    expect(field.value).toBe('harb');
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
    expect(asked).toEqual(['harb']);
  });

  it('asks once typing pauses, lists the posts with marked words, moves with the arrows and opens with Enter', async () => {
    const asked = fakeSuggestions((q) => (q === 'harb' ? hits : []));
    await hydrateServerHtml([{ name: 'header', of: SiteHeader, props }]);
    const field = document.getElementById('search-box-input')!;
    await type(field, 'h'); // one letter: nothing asked
    await type(field, 'ha');
    await type(field, 'har');
    await type(field, 'harb');
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
    expect(asked).toEqual(['harb']); // the debounce skipped the others
    const list = screen.getByRole('listbox', { name: 'Suggested posts', hidden: true });
    const options = within(list).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Harbour lights <b>', 'A walk by the harbour', 'See all results for “harb”']);
    expect(options[0]!.querySelector('mark')!.textContent).toBe('Harbour');
    expect(options[0]!.querySelector('b')).toBeNull(); // text, never markup
    expect(options[0]!.getAttribute('href')).toBe('/harbour-lights/');
    expect(options[2]!.getAttribute('href')).toBe('/?s=harb');
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('Posts found: 2.');

    await key(field, 'ArrowDown');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await key(field, 'ArrowDown');
    await key(field, 'ArrowDown');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    await key(field, 'ArrowDown'); // past the last: back to the field
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);
    await key(field, 'ArrowUp'); // from the field up: the last option
    expect(field.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    await key(field, 'ArrowUp');
    await key(field, 'ArrowUp');
    const opened: string[] = [];
    options[0]!.addEventListener('click', (e) => {
      e.preventDefault();
      opened.push(options[0]!.getAttribute('href')!);
    });
    await key(field, 'Enter');
    expect(opened).toEqual(['/harbour-lights/']);

    // Escape closes the list
    await key(field, 'Escape');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
  });

  it('nothing found: says so and still offers all results', async () => {
    fakeSuggestions(() => []);
    await hydrateServerHtml([{ name: 'header', of: SiteHeader, props }]);
    const field = document.getElementById('search-box-input')!;
    await type(field, 'zz');
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
    expect(within(screen.getByRole('listbox', { hidden: true })).getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['No post matches yet · See all results for “zz”']);
  });
});

describe('suggestion state', () => {
  it('ignores an answer to an older query, and a failure closes the list', () => {
    let s = suggestReducer(initialSuggest(), { type: 'input', query: 'ha' });
    s = suggestReducer(s, { type: 'input', query: 'har' });
    expect(s.status).toBe('loading');
    expect(suggestReducer(s, { type: 'loaded', query: 'ha', items: hits })).toBe(s);
    s = suggestReducer(s, { type: 'loaded', query: 'har', items: hits });
    expect(s).toMatchObject({ open: true, status: 'ready', active: -1 });
    expect(suggestReducer(s, { type: 'input', query: 'h' })).toEqual(initialSuggest('h'));
    const loading = suggestReducer(s, { type: 'input', query: 'harb' });
    expect(loading.items).toBe(hits); // still shown while the next answer loads
    expect(suggestReducer(loading, { type: 'failed', query: 'harb' })).toMatchObject({ open: false, items: [], status: 'error' });
  });

  it('punctuation alone asks nothing', () => {
    expect(suggestReducer(initialSuggest(), { type: 'input', query: '"*(' }).status).toBe('idle');
  });
});
