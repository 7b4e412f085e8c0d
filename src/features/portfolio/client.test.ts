// @vitest-environment jsdom
/**
 * The portfolio script on the grid's real server markup (PortfolioGrid rendered to HTML), with the
 * theme call replaced by a controllable fake: one request at a time, no redundant second request,
 * empty answer → no-more text, finished, hidden after 1200 ms; errors only logged; client-side
 * filter with aria-current, hash and a polite count.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { PortfolioGrid, PortfolioCard } from './PortfolioGrid.tsx';
import type { PortfolioSummary } from './types.ts';
import type { Term } from '../post/types.ts';
import { translator } from '../../i18n/index.ts';

const calls: { action: string; fields: Record<string, string> }[] = [];
let respond: (action: string, fields: Record<string, string>) => Promise<unknown> = async () => ({ success: true, data: { items: '' } });
vi.mock('../../ui/client/theme-call.ts', () => ({
  themeCall: (action: string, fields: Record<string, string>) => {
    calls.push({ action, fields });
    return respond(action, fields);
  },
}));

const term = (id: number, slug: string, count: number): Term => ({ id, taxonomy: 'portfolio_category', slug, name: slug[0]!.toUpperCase() + slug.slice(1), description: '', count });
const terms = [term(1, 'branding', 5), term(2, 'web', 3)];
const item = (id: number, slug: 'branding' | 'web'): PortfolioSummary => ({ id, slug: `p${id}`, url: `/portfolio/p${id}/`, title: `Project ${id}`, excerpt: '', featured: null, categories: [terms.find((t) => t.slug === slug)!], publishedAt: '2026-01-01T00:00:00.000Z' });
// 8 items: ids 1..8; first screen shows 1..4
const all = [item(1, 'branding'), item(2, 'web'), item(3, 'branding'), item(4, 'branding'), item(5, 'web'), item(6, 'branding'), item(7, 'web'), item(8, 'branding')];
const html = (items: PortfolioSummary[]) => items.map((i) => renderToStaticMarkup(createElement(PortfolioCard, { item: i }))).join('');

function mount(pagination: 'load-more' | 'infinite' = 'load-more') {
  const view = { items: all.slice(0, 4), terms, currentTerm: '*', total: 8, perPage: 4, page: 1, pagination };
  document.body.innerHTML = renderToStaticMarkup(createElement(PortfolioGrid, { view, t: translator('en') }));
}
const root = () => document.querySelector<HTMLElement>('.portfolio')!;
const button = () => document.querySelector<HTMLAnchorElement>('.portfolio-more__btn')!;
const visibleIds = () => [...document.querySelectorAll<HTMLElement>('.portfolio-item')].filter((i) => !i.hidden).map((i) => Number(i.dataset.id));
const filterData = () => JSON.parse(root().dataset.filter!) as { currentTerm: string; pflShowIds: number[] };
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

let initPortfolio: (root: HTMLElement) => void;
beforeAll(async () => {
  ({ initPortfolio } = await import('./grid.client.ts'));
});

beforeEach(() => {
  calls.length = 0;
  history.replaceState(null, '', '/portfolio/');
  mount();
  initPortfolio(root());
});
afterEach(() => vi.useRealTimers());

describe('portfolio load more', () => {
  it('sends one request at a time and never a redundant second one, then appends and tracks the ids', async () => {
    let release!: (v: unknown) => void;
    respond = () => new Promise((r) => (release = r));
    button().click();
    button().click();
    button().dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.action).toBe('masthead_pfl_more_post_ajax');
    expect(JSON.parse(calls[0]!.fields.datafilter!)).toMatchObject({ instanceId: 'pfl-1', currentTerm: '*', count: 4, pflShowIds: [1, 2, 3, 4], countByTerms: { '*': 8, branding: 5, web: 3 } });
    expect(button().getAttribute('aria-disabled')).toBe('true');
    release({ success: true, data: { items: html(all.slice(4, 8)), more: true } });
    await flush();
    expect(visibleIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(filterData().pflShowIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(calls).toHaveLength(1);
    expect(button().hidden).toBe(true); // all 8 of '*' are in the grid: nothing more to ask for
  });

  it('on an empty answer shows the no-more text, marks the term finished and hides the button after 1200 ms', async () => {
    vi.useFakeTimers();
    respond = async () => ({ success: true, data: { items: '' } });
    button().click();
    await vi.advanceTimersByTimeAsync(0);
    expect(button().textContent).toBe('No more projects');
    expect(button().hidden).toBe(false);
    await vi.advanceTimersByTimeAsync(1199);
    expect(button().hidden).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(button().hidden).toBe(true);
    expect(document.querySelector('.portfolio-status')!.textContent).toBe('No more projects');
    // finished: no further call for this term
    button().hidden = false;
    button().click();
    expect(calls).toHaveLength(1);
  });

  it('finishes at once when the server says nothing is left after these items', async () => {
    vi.useFakeTimers();
    respond = async () => ({ success: true, data: { items: html(all.slice(4, 6)), more: false } });
    button().click();
    await vi.advanceTimersByTimeAsync(100);
    expect(visibleIds()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(button().textContent).toBe('No more projects');
    expect(document.querySelector('.portfolio-status')!.textContent).toBe('2 more projects loaded. No more projects');
    await vi.advanceTimersByTimeAsync(1200);
    expect(button().hidden).toBe(true);
  });

  it('only logs errors and keeps the button usable', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond = async () => {
      throw new Error('offline');
    };
    button().click();
    await flush();
    expect(log).toHaveBeenCalledOnce();
    expect(button().hidden).toBe(false);
    expect(button().textContent).toBe('Load more');
    expect(button().hasAttribute('aria-disabled')).toBe(false);
    respond = async () => ({ success: false, data: { code: 'invalid_input', message: 'bad' } });
    button().click();
    await flush();
    expect(log).toHaveBeenCalledTimes(2);
    expect(calls).toHaveLength(2);
    log.mockRestore();
  });
});

describe('portfolio filter', () => {
  it('filters the loaded items client-side, marks the link and deep-links by hash', async () => {
    vi.useFakeTimers();
    const web = document.querySelector<HTMLAnchorElement>('a[data-term="web"]')!;
    web.click();
    expect(visibleIds()).toEqual([2]);
    expect(web.getAttribute('aria-current')).toBe('true');
    expect(document.querySelector('a[data-term="*"]')!.hasAttribute('aria-current')).toBe(false);
    expect(location.hash).toBe('#web');
    expect(filterData().currentTerm).toBe('web');
    await vi.advanceTimersByTimeAsync(100);
    expect(document.querySelector('.portfolio-status')!.textContent).toBe('1 project shown');
    // web has 3 on the server, 1 loaded: more to load, for this term
    expect(button().hidden).toBe(false);
    respond = async () => ({ success: true, data: { items: html([all[4]!, all[6]!]), more: false } });
    button().click();
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(calls[0]!.fields.datafilter!).currentTerm).toBe('web');
    expect(visibleIds()).toEqual([2, 5, 7]);
    // back to all: everything loaded is shown again and '*' still has more
    document.querySelector<HTMLAnchorElement>('a[data-term="*"]')!.click();
    expect(visibleIds()).toEqual([1, 2, 3, 4, 5, 7]);
    expect(location.hash).toBe('');
    expect(button().hidden).toBe(false);
    expect(button().textContent).toBe('Load more');
  });

  it('follows a hash change to a category', async () => {
    location.hash = '#branding';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(visibleIds()).toEqual([1, 3, 4]);
    expect(document.querySelector('a[data-term="branding"]')!.getAttribute('aria-current')).toBe('true');
  });
});
