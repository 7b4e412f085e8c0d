// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { SiteHeader, type SiteHeaderProps } from './SiteHeader.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

const post = (id: number, title: string) => ({ id, url: `/p${id}/`, title, featured: null });
const props: SiteHeaderProps = {
  siteTitle: 'Test',
  tagline: 'Tag',
  menu: [
    { id: 1, label: 'Home', url: '/', megaTermId: null, children: [] },
    { id: 2, label: 'Travel', url: '/category/travel/', megaTermId: 7, children: [] },
    { id: 3, label: 'Contact', url: '/contact/', megaTermId: null, children: [{ id: 4, label: 'Write to us', url: '/contact/', megaTermId: null, children: [] }, { id: 5, label: 'Quote', url: '/quote/', megaTermId: null, children: [] }] },
  ],
  sideMenu: [
    { id: 10, label: 'Travel', url: '/category/travel/', megaTermId: null, children: [] },
    { id: 11, label: 'About', url: '/about/', megaTermId: null, children: [] },
  ],
  mega: { 7: [post(1, 'Coastal walks'), post(2, 'Night trains')] },
  currentPath: '/about/',
  searchStyle: 'overlay',
  sticky: false,
  searchQuery: '',
  account: { label: 'Log in', signedIn: false },
  labels: { menu: 'Menu', search: 'Search', close: 'Close', mainNavigation: 'Main navigation', sideMenu: 'Side menu', mobileMenu: 'Mobile menu', expand: 'Expand {label}', searchLabel: 'Search', placeholder: 'Type', submit: 'Search', suggestions: 'Suggested posts', seeAll: 'See all results for “{q}”', noSuggestions: 'No post matches yet', suggestionCount: 'Posts found: {n}.' },
};

afterEach(() => {
  document.body.innerHTML = '';
});

const main = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));
const itemOf = (label: string) => main().getByRole('link', { name: label }).closest('li')!;

describe('SiteHeader island', () => {
  it('hydrates without a mismatch; panels are closed and their buttons collapsed', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'header', of: SiteHeader, props }]);
    expect(errors).toEqual([]);
    expect(main().getByRole('button', { name: 'Expand Travel' }).getAttribute('aria-expanded')).toBe('false');
    expect(itemOf('Travel').classList.contains('is-open')).toBe(false);
    // Home has no panel and no button
    expect(main().queryByRole('button', { name: 'Expand Home' })).toBeNull();
    // the closed search box is no modal (nothing else on the page is hidden from assistive technology)
    const search = document.getElementById('search-box')!;
    expect(search.getAttribute('popover')).toBe('auto');
    expect(search.hasAttribute('aria-modal')).toBe(false);
    expect(screen.getByRole('button', { name: 'Search' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on hover and on focus; Escape closes and returns focus to the link; Enter/Space toggle', async () => {
    await hydrateServerHtml([{ name: 'header', of: SiteHeader, props }]);
    const travel = itemOf('Travel');
    const button = main().getByRole('button', { name: 'Expand Travel' });
    await act(async () => fireEvent.mouseEnter(travel));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await act(async () => fireEvent.mouseLeave(travel));
    await act(async () => new Promise((r) => setTimeout(r, 250)));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    const link = main().getByRole('link', { name: 'Contact' });
    await act(async () => link.focus());
    expect(itemOf('Contact').classList.contains('is-open')).toBe(true);
    await act(async () => main().getByRole('link', { name: 'Quote' }).focus());
    await act(async () => fireEvent.keyDown(main().getByRole('link', { name: 'Quote' }), { key: 'Escape' }));
    expect(itemOf('Contact').classList.contains('is-open')).toBe(false);
    expect(document.activeElement).toBe(link);

    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('arrow keys: down opens and enters the panel, the panel moves on, right moves along the row', async () => {
    await hydrateServerHtml([{ name: 'header', of: SiteHeader, props }]);
    const travel = main().getByRole('link', { name: 'Travel' });
    await act(async () => travel.focus());
    await act(async () => fireEvent.keyDown(travel, { key: 'ArrowDown' }));
    expect(document.activeElement?.textContent).toBe('Coastal walks');
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' }));
    expect(document.activeElement?.textContent).toBe('Night trains');
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Home' }));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' }));
    expect(document.activeElement).toBe(travel);
    await act(async () => fireEvent.keyDown(travel, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(main().getByRole('link', { name: 'Contact' }));
  });

  it('the side menu lists the mega menu posts under the item with the same address, folded behind a button', async () => {
    await hydrateServerHtml([{ name: 'header', of: SiteHeader, props }]);
    const side = within(screen.getByRole('navigation', { name: 'Mobile menu', hidden: true }));
    const button = side.getByRole('button', { name: 'Expand Travel', hidden: true });
    const list = side.getByRole('link', { name: 'Coastal walks', hidden: true }).closest('ul')!;
    expect(list.hidden).toBe(true);
    await act(async () => button.click());
    expect(list.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // About has nothing under it
    expect(side.queryByRole('button', { name: 'Expand About', hidden: true })).toBeNull();
  });
});
