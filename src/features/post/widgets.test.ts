import { describe, expect, it } from 'vitest';
import { shareFit } from './share-fit.ts';
import { nextTabIndex } from './tabs.ts';
import { coveredTop } from '../../ui/client/top-offset.ts';
import { jumpOffset } from '../recipe/jump.ts';
import { smartListTarget } from '../smart-list/target.ts';
import { desiredLike, nextLike } from '../likes/toggle.ts';

describe('share buttons overflow', () => {
  const six = [40, 40, 40, 40, 40, 40];
  const row = { items: six, gap: 8, leadGap: 12, labelWidth: 80, toggleWidth: 100 };
  it('shows everything behind the label when it fits', () => {
    // 80 + 12 + 6 × 40 + 5 × 8 = 372
    expect(shareFit({ ...row, available: 372 })).toEqual({ visible: 6, collapsed: false });
    expect(shareFit({ ...row, available: 800 })).toEqual({ visible: 6, collapsed: false });
  });
  it('collapses behind the expand button, keeping as many as fit', () => {
    // 100 + 12 + k × 40 + (k − 1) × 8 ≤ 335 → k = 4 (304)
    expect(shareFit({ ...row, available: 335 })).toEqual({ visible: 4, collapsed: true });
    expect(shareFit({ ...row, available: 371 })).toEqual({ visible: 5, collapsed: true });
    expect(shareFit({ ...row, available: 90 })).toEqual({ visible: 0, collapsed: true });
  });
});

describe('author tabs keyboard', () => {
  it('moves with arrows (wrapping), Home and End; mirrored in right-to-left', () => {
    expect(nextTabIndex('ArrowRight', 0, 2)).toBe(1);
    expect(nextTabIndex('ArrowRight', 1, 2)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 2)).toBe(1);
    expect(nextTabIndex('Home', 1, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
    expect(nextTabIndex('ArrowLeft', 0, 3, true)).toBe(1);
    expect(nextTabIndex('Enter', 0, 3)).toBeNull();
  });
});

describe('jump offsets', () => {
  it('adds 30 px to the height covered by fixed or sticky bars', () => {
    expect(jumpOffset(0)).toBe(30);
    expect(jumpOffset(72)).toBe(102);
    // a header that scrolls away covers nothing
    expect(coveredTop([{ position: 'relative', cssTop: 0, height: 72, rectBottom: 72 }])).toBe(0);
    // the fixed admin bar (32) and a sticky header below it (top 32, 60 high)
    expect(coveredTop([{ position: 'fixed', cssTop: 0, height: 32, rectBottom: 32 }, { position: 'sticky', cssTop: 32, height: 60, rectBottom: 400 }])).toBe(92);
    // a fixed bar at the bottom of the screen does not count
    expect(coveredTop([{ position: 'fixed', cssTop: 0, height: 40, rectBottom: 800 }])).toBe(0);
  });
});

describe('smart-list targets', () => {
  const page = 'http://x.test/twelve-coastal-walks/';
  it('scrolls within the page for this post, loads other pages', () => {
    expect(smartListTarget('/twelve-coastal-walks/#kullaberg', page, '/twelve-coastal-walks/')).toEqual({ url: 'http://x.test/twelve-coastal-walks/#kullaberg', id: 'kullaberg' });
    // the address bar follows another post in view (infinite scroll): the block's own URL still counts
    expect(smartListTarget('/twelve-coastal-walks/#slea-head', 'http://x.test/other-post/', '/twelve-coastal-walks/').id).toBe('slea-head');
    expect(smartListTarget('/another-post/#x', page, '/twelve-coastal-walks/')).toEqual({ url: 'http://x.test/another-post/#x', id: null });
    expect(smartListTarget('https://elsewhere.test/twelve-coastal-walks/#a', page, '/twelve-coastal-walks/').id).toBeNull();
  });
});

describe('like toggling', () => {
  it('liked → count + 1, again → count − 1', () => {
    expect(nextLike({ liked: false, count: 38 })).toEqual({ liked: true, count: 39 });
    expect(nextLike({ liked: true, count: 39 })).toEqual({ liked: false, count: 38 });
    expect(nextLike({ liked: true, count: 0 })).toEqual({ liked: false, count: 0 });
  });
  it('stores what the browser shows, or toggles on an empty field', () => {
    expect(desiredLike('1', false)).toBe(true);
    expect(desiredLike('1', true)).toBe(true);
    expect(desiredLike('0', true)).toBe(false);
    expect(desiredLike('', true)).toBe(false);
    expect(desiredLike(undefined, false)).toBe(true);
  });
});
