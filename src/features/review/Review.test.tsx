// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { waitFor } from '@testing-library/react';
import { ReviewBox, type ReviewBoxProps } from './Review.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

const props: ReviewBoxProps = {
  postId: 5,
  title: 'Camera',
  summary: 'Good.',
  score: 8.5,
  scores: [
    { label: 'Build', value: 9, text: '9 out of 10' },
    { label: 'Price', value: 8, text: '8 out of 10' },
  ],
  counters: [{ label: 'Shots', value: 4812 }],
  pros: ['Light'],
  cons: ['Pricey'],
  verdict: 'Buy it',
  labels: { pros: 'Pros', cons: 'Cons', verdict: 'Verdict' },
};

/** An IntersectionObserver the test scrolls by hand. */
function fakeViewport() {
  const watched: { cb: IntersectionObserverCallback; els: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { cb: IntersectionObserverCallback; els: Element[] };
      constructor(cb: IntersectionObserverCallback) {
        this.entry = { cb, els: [] };
        watched.push(this.entry);
      }
      observe(el: Element) {
        this.entry.els.push(el);
      }
      disconnect() {
        this.entry.els = [];
      }
      unobserve() {}
    },
  );
  return {
    count: () => watched.reduce((n, w) => n + w.els.length, 0),
    show: (match: (el: Element) => boolean) => {
      for (const w of watched) for (const el of w.els.filter(match)) w.cb([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    },
  };
}

const fill = () => document.querySelector<HTMLElement>('.review-bar__fill')!;
const counter = () => document.querySelector('.counter')!;
const dash = () => document.querySelector('.pie-chart__value')!.getAttribute('stroke-dasharray')!;
const ratio = () => {
  const [a, b] = dash().split(' ').map(Number);
  return a! / b!;
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('ReviewBox island', () => {
  it('the server shows the final values; after hydration each chart waits at zero until it is in view, then reaches its value', async () => {
    const viewport = fakeViewport();
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {} }));
    const { container, errors } = await hydrateServerHtml([{ name: 'review', of: ReviewBox, props }]);
    expect(errors).toEqual([]);
    // waiting at zero (the server's HTML had the final values: hydration matched it first)
    expect(fill().style.width).toBe('90%');
    expect(fill().style.transform).toBe('scaleX(0)');
    expect(counter().textContent).toBe('\u2007\u2007\u20070');
    expect(ratio()).toBe(0);
    expect(viewport.count()).toBe(4); // 2 bars, the pie, the counter
    await act(async () => viewport.show((el) => el.classList.contains('review-bar__fill') || el.classList.contains('pie-chart')));
    await waitFor(() => expect(fill().style.transform).toBe('scaleX(1)'));
    expect(fill().style.transition).toContain('1000ms');
    await act(async () => fill().dispatchEvent(new Event('transitionend', { bubbles: true })));
    expect(fill().style.transform).toBe('');
    await waitFor(() => expect(ratio()).toBeCloseTo(0.85, 2), { timeout: 2000 });
    // the counters are not in view yet
    expect(counter().textContent).toBe('\u2007\u2007\u20070');
    await act(async () => viewport.show((el) => el.classList.contains('counter')));
    await waitFor(() => expect(counter().textContent).toBe('4812'), { timeout: 3000 });
    expect(container.querySelector('.pie-chart')!.getAttribute('data-percent')).toBe('85');
  });

  it('with reduced motion the final values stay, and nothing is observed', async () => {
    const viewport = fakeViewport();
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
    const { errors } = await hydrateServerHtml([{ name: 'review', of: ReviewBox, props }]);
    expect(errors).toEqual([]);
    expect(fill().style.transform).toBe('');
    expect(counter().textContent).toBe('4812');
    expect(ratio()).toBeCloseTo(0.85, 2);
    expect(viewport.count()).toBe(0);
  });
});
