/**
 * Block-heading category lists that overflow into a "More" dropdown (SPEC 2, NOTES "Media and
 * layout"). Given the room and the widths, how many links stay in the heading; the rest move into
 * the "More" menu, in order.
 */
export interface OverflowRow {
  /** room for the list and the "More" control together */
  available: number;
  /** widths of the list items, in order */
  items: readonly number[];
  /** gap between list items */
  gap: number;
  /** gap between the list and the "More" control */
  moreGap: number;
  /** width of the "More" control */
  moreWidth: number;
}

const rowWidth = (items: readonly number[], k: number, gap: number) => (k > 0 ? items.slice(0, k).reduce((s, w) => s + w, 0) + gap * (k - 1) : 0);

/** Number of items that stay visible: all when they fit without "More", else as many as fit beside it (≥ 0). */
export function visibleCount(r: OverflowRow): number {
  const n = r.items.length;
  // a little slack for sub-pixel rounding
  const room = r.available + 0.5;
  if (rowWidth(r.items, n, r.gap) <= room) return n;
  let k = n - 1;
  while (k > 0 && rowWidth(r.items, k, r.gap) + r.moreGap + r.moreWidth > room) k--;
  return k;
}

/** Splits items into those shown in the heading and those moved into the menu. */
export function splitOverflow<T>(items: readonly T[], visible: number): { shown: T[]; more: T[] } {
  const k = Math.max(0, Math.min(items.length, Math.floor(visible)));
  return { shown: items.slice(0, k), more: items.slice(k) };
}
