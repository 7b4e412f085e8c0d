import { describe, expect, it } from 'vitest';
import { SCROLL, anchorMotion, anchorScrollTop, backToTopVisible, inPageAnchor, scrollAt } from './scroll.ts';

describe('back-to-top', () => {
  it('shows after more than 300 px, debounced 200 ms, scrolling in 700 ms', () => {
    expect(SCROLL.backToTopAfter).toBe(300);
    expect(SCROLL.backToTopDebounceMs).toBe(200);
    expect(SCROLL.backToTopDurationMs).toBe(700);
    expect(backToTopVisible(300)).toBe(false);
    expect(backToTopVisible(301)).toBe(true);
    expect(backToTopVisible(0)).toBe(false);
  });
});

describe('scroll animation', () => {
  it('starts at from, ends at to, and is monotonic', () => {
    expect(scrollAt(1000, 0, 0, 700)).toBe(1000);
    expect(scrollAt(1000, 0, 700, 700)).toBe(0);
    expect(scrollAt(1000, 0, 900, 700)).toBe(0);
    expect(scrollAt(1000, 0, 350, 700)).toBeCloseTo(500);
    let prev = 1000;
    for (let t = 0; t <= 700; t += 35) {
      const y = scrollAt(1000, 0, t, 700);
      expect(y).toBeLessThanOrEqual(prev);
      prev = y;
    }
  });
  it('jumps when there is no duration', () => expect(scrollAt(500, 0, 0, 0)).toBe(0));
});

describe('anchor links', () => {
  it('land 120 px above the target, within the page', () => {
    expect(anchorScrollTop(2000, 10_000)).toBe(1880);
    expect(anchorScrollTop(50, 10_000)).toBe(0);
    expect(anchorScrollTop(9_990, 9_000)).toBe(9_000);
  });
  it('menu anchors use 120 px over 700 ms; every other anchor 70 px over 900 ms (SPEC 9)', () => {
    expect(anchorMotion(true)).toEqual({ offset: 120, durationMs: 700 });
    expect(anchorMotion(false)).toEqual({ offset: 70, durationMs: 900 });
    expect(anchorScrollTop(2000, 10_000, anchorMotion(false).offset)).toBe(1930);
  });
  const page = 'http://x.test/on-slow-reading/';
  it('recognises #hash links and links to this very page', () => {
    expect(inPageAnchor('#the-chair', `${page}#the-chair`, page)).toBe('the-chair');
    expect(inPageAnchor('/on-slow-reading/#rereading', `${page}#rereading`, `${page}#top`)).toBe('rereading');
    expect(inPageAnchor('#caf%C3%A9', `${page}#caf%C3%A9`, page)).toBe('café');
  });
  it('ignores other pages, bare # and links without a hash', () => {
    expect(inPageAnchor('/other/#x', 'http://x.test/other/#x', page)).toBeNull();
    expect(inPageAnchor('https://y.test/on-slow-reading/#x', 'https://y.test/on-slow-reading/#x', page)).toBeNull();
    expect(inPageAnchor('#', `${page}#`, page)).toBeNull();
    expect(inPageAnchor('/on-slow-reading/', page, page)).toBeNull();
    expect(inPageAnchor(null, page, page)).toBeNull();
  });
});
