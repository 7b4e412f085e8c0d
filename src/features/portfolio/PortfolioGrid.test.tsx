// @vitest-environment jsdom
/**
 * The portfolio grid island on its server HTML (the `Portfolio` props and card slots), hydrated by
 * the real island runtime, with the theme-call endpoint faked: one request at a time and no
 * redundant second one; new items render from the answer's data and take the focus; empty answer
 * → no-more text, finished, hidden after 1200 ms; errors only logged; the client-side filter with
 * aria-current, hash and a polite count; infinite mode near the viewport.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen } from '@testing-library/react';
import { PortfolioGrid, type PortfolioGridProps } from './PortfolioGrid.tsx';
import { PortfolioCardLink, termsOf } from './PortfolioCard.tsx';
import type { PortfolioSummary } from './types.ts';
import type { Term } from '../post/types.ts';
import { translator } from '../../i18n/index.ts';
import { fakeThemeEndpoint, hydrateServerHtml } from '../../../tests/support/island.ts';

/** infinite mode: the test says when the button comes near the viewport */
const near: { el: Element; cb: () => void }[] = [];
vi.mock('../../ui/client/near-viewport.ts', () => ({
  whenNear: (el: Element, cb: () => void) => {
    const entry = { el, cb };
    near.push(entry);
    return () => near.splice(near.indexOf(entry) >>> 0, 1);
  },
}));

const t = translator('en');
const term = (id: number, slug: string, count: number): Term => ({ id, taxonomy: 'portfolio_category', slug, name: slug[0]!.toUpperCase() + slug.slice(1), description: '', count });
const terms = [term(1, 'branding', 5), term(2, 'web', 3)];
const item = (id: number, slug: 'branding' | 'web'): PortfolioSummary => ({ id, slug: `p${id}`, url: `/portfolio/p${id}/`, title: `Project ${id}`, excerpt: '', featured: null, categories: [terms.find((x) => x.slug === slug)!], publishedAt: '2026-01-01T00:00:00.000Z' });
// 8 items: ids 1..8; the first screen shows 1..4
const all = [item(1, 'branding'), item(2, 'web'), item(3, 'branding'), item(4, 'branding'), item(5, 'web'), item(6, 'branding'), item(7, 'web'), item(8, 'branding')];

const props = (over: Partial<PortfolioGridProps> = {}): PortfolioGridProps => ({
  instanceId: 'pfl-1',
  pagination: 'load-more',
  terms: terms.map((x) => ({ slug: x.slug, name: x.name, count: x.count! })),
  currentTerm: '*',
  total: 8,
  perPage: 4,
  page: 1,
  items: all.slice(0, 4).map((i) => ({ id: i.id, terms: termsOf(i) })),
  labels: { filter: t('portfolio.filter'), all: t('portfolio.all'), loadMore: t('portfolio.loadMore'), noMore: t('portfolio.noMore'), shown: t('portfolio.shown'), shownOne: t('portfolio.shownOne'), loaded: t('portfolio.loaded'), loadedOne: t('portfolio.loadedOne') },
  ...over,
});
const slots = Object.fromEntries(all.slice(0, 4).map((i) => [`item-${i.id}`, <PortfolioCardLink item={i} />]));

type Answer = { success: boolean; data: unknown };
let respond: (fields: Record<string, string>) => Answer | Promise<Answer>;
let calls: { action: string; fields: Record<string, string> }[];

async function mount(over: Partial<PortfolioGridProps> = {}) {
  calls = fakeThemeEndpoint((_action, fields) => respond(fields));
  const { errors } = await hydrateServerHtml([{ name: 'portfolio', of: PortfolioGrid, props: props(over), slots }]);
  expect(errors).toEqual([]);
}
/** the load-more control (by its class: once hidden it has no accessible name to find it by) */
const button = () => document.querySelector<HTMLAnchorElement>('.portfolio-more__btn')!;
const visibleIds = () => [...document.querySelectorAll<HTMLElement>('article')].filter((i) => !i.hidden).map((i) => Number(i.dataset.id));
const status = () => screen.getByRole('status');
const link = (name: string) => screen.getByRole('navigation', { name: 'Filter projects' }).querySelector<HTMLAnchorElement>(`a[data-term="${name}"]`)!;
const loadedAnswer = (items: PortfolioSummary[], more: boolean) => ({ success: true, data: { items: '<article>ignored by the island</article>', list: items, more } });
const settle = (ms = 0) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const realSettle = () => act(async () => new Promise((r) => setTimeout(r, 100)));

beforeEach(() => {
  history.replaceState(null, '', '/portfolio/');
  near.length = 0;
  respond = () => ({ success: true, data: { items: '', list: [], more: false } });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('portfolio grid island', () => {
  it('hydrates the server cards without a mismatch; its load-more link acts as a button', async () => {
    await mount();
    expect(visibleIds()).toEqual([1, 2, 3, 4]);
    expect(screen.getByRole('link', { name: /Project 1/ }).getAttribute('href')).toBe('/portfolio/p1/');
    const more = screen.getByRole('button', { name: 'Load more' });
    expect(more).toBe(button());
    expect(more.getAttribute('href')).toBe('/portfolio/?page=2');
    expect(more.dataset.mes_no_more).toBe('No more projects');
    expect(link('*').getAttribute('aria-current')).toBe('true');
    expect(status().textContent).toBe('');
  });

  it('sends one request at a time and never a redundant second one; the new items render from the data and take the focus', async () => {
    let release!: (a: Answer) => void;
    respond = () => new Promise((r) => (release = r));
    await mount();
    await act(async () => {
      button().focus();
      button().click();
      button().click();
      button().dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.action).toBe('masthead_pfl_more_post_ajax');
    expect(JSON.parse(calls[0]!.fields.datafilter!)).toEqual({ instanceId: 'pfl-1', currentTerm: '*', count: 4, pflShowIds: [1, 2, 3, 4], countByTerms: { '*': 8, branding: 5, web: 3 } });
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(document.querySelector('.portfolio')!.getAttribute('aria-busy')).toBe('true');
    await act(async () => release(loadedAnswer(all.slice(4, 8), false)));
    await realSettle();
    expect(visibleIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Project 5/ }));
    expect(calls).toHaveLength(1);
    // the next request would send the new ids
    expect(status().textContent).toBe('4 more projects loaded. No more projects');
  });

  it('loads with Space and keeps asking while the server has more', async () => {
    respond = () => loadedAnswer(all.slice(4, 6), true);
    await mount();
    await act(async () => button().dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true })));
    await realSettle();
    expect(visibleIds()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(status().textContent).toBe('2 more projects loaded.');
    expect(button().textContent).toBe('Load more');
    expect(button().hidden).toBe(false);
    respond = () => loadedAnswer(all.slice(6, 8), true);
    await act(async () => button().click());
    await realSettle();
    expect(JSON.parse(calls[1]!.fields.datafilter!).pflShowIds).toEqual([1, 2, 3, 4, 5, 6]);
    // every one of the 8 is in the grid: nothing more to ask for, the button goes at once
    expect(visibleIds()).toHaveLength(8);
    expect(button().hidden).toBe(true);
  });

  it('on an empty answer shows the no-more text, marks the category finished and hides the button after 1200 ms', async () => {
    await mount();
    vi.useFakeTimers();
    await act(async () => button().click());
    await settle(100);
    expect(button().textContent).toBe('No more projects');
    expect(button().hidden).toBe(false);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(status().textContent).toBe('No more projects');
    await settle(1099);
    expect(button().hidden).toBe(false);
    await settle(1);
    expect(button().hidden).toBe(true);
    // finished: no further call for this category
    await act(async () => button().click());
    expect(calls).toHaveLength(1);
  });

  it('only logs errors and keeps the button usable', async () => {
    await mount();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond = () => {
      throw new Error('offline');
    };
    await act(async () => button().click());
    await realSettle();
    expect(log).toHaveBeenCalled();
    expect(button().hidden).toBe(false);
    expect(button().textContent).toBe('Load more');
    expect(button().hasAttribute('aria-disabled')).toBe(false);
    log.mockClear();
    respond = () => ({ success: false, data: { code: 'invalid_input', message: 'bad' } });
    await act(async () => button().click());
    await realSettle();
    expect(log).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(2);
    expect(visibleIds()).toEqual([1, 2, 3, 4]);
  });
});

describe('portfolio filter', () => {
  it('filters the loaded items client-side, marks the link, announces the count and deep-links by hash', async () => {
    await mount();
    await act(async () => link('web').click());
    expect(visibleIds()).toEqual([2]);
    expect(link('web').getAttribute('aria-current')).toBe('true');
    expect(link('web').className).toBe('is-active');
    expect(link('*').hasAttribute('aria-current')).toBe(false);
    expect(location.hash).toBe('#web');
    await realSettle();
    expect(status().textContent).toBe('1 project shown');
    expect(calls).toHaveLength(0);
    // web has 3 on the server, 1 loaded: more to load, for this category
    expect(button().hidden).toBe(false);
    respond = () => loadedAnswer([all[4]!, all[6]!], false);
    await act(async () => button().click());
    await realSettle();
    expect(JSON.parse(calls[0]!.fields.datafilter!).currentTerm).toBe('web');
    expect(visibleIds()).toEqual([2, 5, 7]);
    // back to all: everything loaded is shown again and '*' still has more
    await act(async () => link('*').click());
    expect(visibleIds()).toEqual([1, 2, 3, 4, 5, 7]);
    expect(location.hash).toBe('');
    expect(button().hidden).toBe(false);
    expect(button().textContent).toBe('Load more');
  });

  it('follows a hash change, and starts from the hash in the address', async () => {
    await mount();
    await act(async () => {
      location.hash = '#branding';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(visibleIds()).toEqual([1, 3, 4]);
    expect(link('branding').getAttribute('aria-current')).toBe('true');
    document.body.innerHTML = '';
    history.replaceState(null, '', '/portfolio/#web');
    await mount();
    expect(visibleIds()).toEqual([2]);
    expect(link('web').getAttribute('aria-current')).toBe('true');
  });

  it('a category with nothing loaded asks for its first items at once', async () => {
    const photo = { slug: 'photography', name: 'Photography', count: 2 };
    await mount({ terms: [...props().terms, photo] });
    const pic = { ...item(9, 'web'), categories: [{ ...terms[0]!, id: 3, slug: 'photography', name: 'Photography' }] };
    respond = () => loadedAnswer([pic], true);
    await act(async () => link('photography').click());
    await realSettle();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.fields.datafilter!).currentTerm).toBe('photography');
    expect(visibleIds()).toEqual([9]);
  });
});

describe('portfolio infinite mode', () => {
  it('loads when the button comes near the viewport, again while it stays there, and stops when nothing is left', async () => {
    await mount({ pagination: 'infinite' });
    expect(calls).toHaveLength(0);
    expect(near).toHaveLength(1);
    expect(near[0]!.el).toBe(button());
    respond = () => loadedAnswer(all.slice(4, 6), true);
    await act(async () => near[0]!.cb());
    await realSettle();
    expect(visibleIds()).toEqual([1, 2, 3, 4, 5, 6]);
    // not moved into the grid by a scroll
    expect(document.activeElement).toBe(document.body);
    expect(near).toHaveLength(1);
    respond = () => loadedAnswer(all.slice(6, 8), false);
    await act(async () => near[0]!.cb());
    await realSettle();
    expect(visibleIds()).toHaveLength(8);
    expect(near).toHaveLength(0);
    expect(calls).toHaveLength(2);
  });

  it('after an error it waits for the button', async () => {
    await mount({ pagination: 'infinite' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond = () => ({ success: false, data: { message: 'bad' } });
    await act(async () => near[0]!.cb());
    await realSettle();
    expect(near).toHaveLength(0);
    respond = () => loadedAnswer(all.slice(4, 6), true);
    await act(async () => button().click());
    await realSettle();
    expect(visibleIds()).toHaveLength(6);
    expect(near).toHaveLength(1);
  });
});
