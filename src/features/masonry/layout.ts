/**
 * Masonry (SPEC 9 "Layout": resize debounce 100 ms, transition 0.4 s). The layout itself is CSS
 * grid: rows of ROW_UNIT px, and every item spans as many rows as its height plus the gap needs.
 * Grid auto-placement then puts each item, in document order, at the first free cell scanning row
 * by row, which is the top of the shortest column (leftmost on ties): the masonry algorithm, with
 * reading order kept. These are the numbers; features/masonry/client.ts measures and applies them.
 */
export const MASONRY = {
  /** relayout this long after the last resize */
  debounceMs: 100,
  /** items glide to their new place in this long */
  transitionMs: 400,
  /** height of one grid row, px */
  rowUnit: 4,
} as const;

/** Rows an item of `height` px spans, leaving `gap` px below it. */
export function rowSpan(height: number, gap: number, unit: number = MASONRY.rowUnit): number {
  if (!(height > 0)) return 1;
  return Math.max(1, Math.ceil((height + Math.max(0, gap)) / unit));
}

/**
 * Where grid auto-placement puts items of the given spans in `columns` columns: each goes, in
 * order, to the column whose bottom is highest (leftmost on ties). Returns column index and start
 * row of each item; used by the tests to check the placement the grid performs.
 */
export function placeItems(spans: readonly number[], columns: number): { column: number; row: number }[] {
  const bottoms = Array.from({ length: Math.max(1, Math.floor(columns)) }, () => 0);
  return spans.map((span) => {
    let column = 0;
    for (let c = 1; c < bottoms.length; c++) if (bottoms[c]! < bottoms[column]!) column = c;
    const row = bottoms[column]!;
    bottoms[column] = row + span;
    return { column, row };
  });
}

/** FLIP: the offset an item must start from to glide from its old box to its new one (null: it did not move). */
export function glideFrom(before: { left: number; top: number }, after: { left: number; top: number }): { x: number; y: number } | null {
  const x = Math.round(before.left - after.left);
  const y = Math.round(before.top - after.top);
  return Math.abs(x) < 1 && Math.abs(y) < 1 ? null : { x, y };
}
