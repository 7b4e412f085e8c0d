// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { BlockHeadingTabs, type BlockHeadingTabsProps } from './BlockHeadingTabs.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

/**
 * jsdom lays nothing out: every category link is 80 px wide, the title 100 px, "More" 60 px, and
 * the heading as wide as `width` (changed by the test, then announced as a ResizeObserver would).
 * The real layout at 375 and 1280 px is proven by tests/e2e/portfolio-and-layout.spec.ts.
 */
let width = 300;
let resized: (() => void) | null = null;
const names = ['Travel', 'Food', 'Reviews', 'Photography', 'Culture'];
const props: BlockHeadingTabsProps = { id: 'b-title', title: 'From the sections', more: 'More', categories: names.map((name, i) => ({ id: i + 1, name, href: `/category/${name.toLowerCase()}/` })) };

beforeEach(() => {
  width = 300;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('block-heading') ? width : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const w = this.tagName === 'LI' ? 80 : this.tagName === 'H2' ? 100 : this.classList.contains('block-heading__more') ? 60 : 0;
    return { width: w, height: 20, x: 0, y: 0, top: 0, left: 0, right: w, bottom: 20, toJSON() {} } as DOMRect;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: () => void) {
        resized = cb;
      }
      observe() {
        resized?.();
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const row = () => [...document.querySelectorAll('.block-heading__cats a')].map((a) => a.textContent);
const menu = () => [...document.querySelectorAll('.block-heading__more-menu a')].map((a) => a.textContent);

describe('BlockHeadingTabs island', () => {
  it('hydrates as the server drew it, then moves what does not fit into "More", in order', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'block-heading', of: BlockHeadingTabs, props }]);
    expect(errors).toEqual([]);
    // 300 − 100 (title) = 200 px: one 80 px link beside the 60 px "More"
    expect(row()).toEqual(['Travel']);
    expect(menu()).toEqual(['Food', 'Reviews', 'Photography', 'Culture']);
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector<HTMLElement>('.block-heading__more-menu')!.hidden).toBe(true);
  });

  it('"More" opens its menu; Escape closes it and gives the button the focus back', async () => {
    await hydrateServerHtml([{ name: 'block-heading', of: BlockHeadingTabs, props }]);
    const more = screen.getByRole('button', { name: 'More' });
    await act(async () => more.click());
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById('b-title-more')!;
    expect(list.hidden).toBe(false);
    const first = within(list).getByRole('link', { name: 'Food' });
    first.focus();
    await act(async () => fireEvent.keyDown(first, { key: 'Escape' }));
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
    expect(document.activeElement).toBe(more);
    // a click elsewhere closes it too
    await act(async () => more.click());
    await act(async () => fireEvent.pointerDown(document.body));
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('a wider heading takes every link back and hides "More"; narrower brings it back', async () => {
    await hydrateServerHtml([{ name: 'block-heading', of: BlockHeadingTabs, props }]);
    width = 1000;
    await act(async () => resized?.());
    expect(row()).toEqual(names);
    expect(menu()).toEqual([]);
    expect(document.querySelector<HTMLElement>('.block-heading__more')!.hidden).toBe(true);
    width = 400;
    await act(async () => resized?.());
    // 300 px: three links (240) and "More" (60)
    expect(row()).toEqual(['Travel', 'Food', 'Reviews']);
    expect(menu()).toEqual(['Photography', 'Culture']);
  });
});
