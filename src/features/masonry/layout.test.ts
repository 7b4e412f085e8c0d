import { describe, expect, it } from 'vitest';
import { MASONRY, glideFrom, placeItems, rowSpan } from './layout.ts';

describe('masonry layout', () => {
  it('uses the SPEC 9 timings', () => {
    expect(MASONRY.debounceMs).toBe(100);
    expect(MASONRY.transitionMs).toBe(400);
  });

  it('spans enough rows for the item and the gap below it', () => {
    expect(rowSpan(400, 28, 4)).toBe(107);
    expect(rowSpan(401, 28, 4)).toBe(108);
    expect(rowSpan(10, 0, 4)).toBe(3);
    expect(rowSpan(0, 28)).toBe(1);
    expect(rowSpan(Number.NaN, 28)).toBe(1);
    expect(rowSpan(10, -5, 4)).toBe(3);
  });

  it('puts each item, in order, at the top of the shortest column (no empty column)', () => {
    // four equal cards in three columns: 2 + 1 + 1, never 2 + 2 + 0 as CSS columns balance them
    expect(placeItems([100, 100, 100, 100], 3).map((p) => p.column)).toEqual([0, 1, 2, 0]);
    // a tall first card: the next ones fill the other columns first
    expect(placeItems([300, 100, 100, 100, 100], 2)).toEqual([
      { column: 0, row: 0 },
      { column: 1, row: 0 },
      { column: 1, row: 100 },
      { column: 1, row: 200 },
      { column: 0, row: 300 },
    ]);
    expect(placeItems([5, 5], 0).map((p) => p.column)).toEqual([0, 0]);
  });

  it('glides moved items from their old place', () => {
    expect(glideFrom({ left: 10, top: 500 }, { left: 400, top: 80 })).toEqual({ x: -390, y: 420 });
    expect(glideFrom({ left: 10.2, top: 80.4 }, { left: 10, top: 80 })).toBeNull();
  });
});
