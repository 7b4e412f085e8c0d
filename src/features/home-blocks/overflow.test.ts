import { describe, expect, it } from 'vitest';
import { splitOverflow, visibleCount } from './overflow.ts';

const row = { items: [60, 80, 70, 90, 50], gap: 14, moreGap: 16, moreWidth: 60 };
const total = 60 + 80 + 70 + 90 + 50 + 4 * 14; // 406

describe('block-heading overflow', () => {
  it('keeps every item when they all fit, without "More"', () => {
    expect(visibleCount({ ...row, available: total })).toBe(5);
    expect(visibleCount({ ...row, available: 1000 })).toBe(5);
  });

  it('moves what does not fit behind "More", leaving room for it', () => {
    // one pixel short: the last item goes, and the first four plus "More" must fit
    // 4 items = 60+80+70+90+3*14 = 342; + 16 + 60 = 418 > 405, so three: 60+80+70+28 = 238 + 76 = 314
    expect(visibleCount({ ...row, available: total - 1 })).toBe(3);
    expect(visibleCount({ ...row, available: 314 })).toBe(3);
    expect(visibleCount({ ...row, available: 313 })).toBe(2);
  });

  it('never goes below zero (only "More" on a tiny screen)', () => {
    expect(visibleCount({ ...row, available: 100 })).toBe(0);
    expect(visibleCount({ ...row, available: 0 })).toBe(0);
    expect(visibleCount({ ...row, items: [], available: 0 })).toBe(0);
  });

  it('splits the items in order', () => {
    expect(splitOverflow(['a', 'b', 'c', 'd'], 1)).toEqual({ shown: ['a'], more: ['b', 'c', 'd'] });
    expect(splitOverflow(['a', 'b'], 5)).toEqual({ shown: ['a', 'b'], more: [] });
    expect(splitOverflow(['a', 'b'], -1)).toEqual({ shown: [], more: ['a', 'b'] });
  });
});
