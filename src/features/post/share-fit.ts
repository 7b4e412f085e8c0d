/**
 * Share buttons collapse into a "Share" expand button when they do not fit on one line. Given the
 * widths, how many buttons stay visible: all of them behind the "Share" label when they fit,
 * otherwise as many as fit behind the expand button (at least 0).
 */
export interface ShareRow {
  /** inner width of the share row */
  available: number;
  /** widths of the buttons, in order */
  items: readonly number[];
  /** gap between buttons */
  gap: number;
  /** gap between the label (or expand button) and the first button */
  leadGap: number;
  /** width of the "Share" label shown when everything fits */
  labelWidth: number;
  /** width of the expand button shown when collapsed */
  toggleWidth: number;
}

const rowWidth = (lead: number, leadGap: number, items: readonly number[], k: number, gap: number) =>
  lead + (k > 0 ? leadGap + items.slice(0, k).reduce((s, w) => s + w, 0) + gap * (k - 1) : 0);

export function shareFit(r: ShareRow): { visible: number; collapsed: boolean } {
  const n = r.items.length;
  // a little slack for sub-pixel rounding
  const room = r.available + 0.5;
  if (rowWidth(r.labelWidth, r.leadGap, r.items, n, r.gap) <= room) return { visible: n, collapsed: false };
  let k = n - 1;
  while (k > 0 && rowWidth(r.toggleWidth, r.leadGap, r.items, k, r.gap) > room) k--;
  return { visible: k, collapsed: true };
}
