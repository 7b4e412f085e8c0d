/** Pure parts of the header search (SPEC 4 "Header search", 9 "Search input focus is delayed by 200 ms"). */
export const SEARCH_FOCUS_DELAY_MS = 200;

export type SearchStyle = 'overlay' | 'showup';

/** The popover attribute per style: overlay closes on Escape (auto), show-up does not (manual). */
export const popoverModeFor = (style: SearchStyle): 'auto' | 'manual' => (style === 'showup' ? 'manual' : 'auto');

/**
 * Focus trap step: which element Tab (or Shift+Tab) should move to so focus stays inside, or null
 * when the browser's own move already stays inside.
 */
export function trapTab<T>(focusables: readonly T[], active: unknown, backwards: boolean): T | null {
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (first === undefined || last === undefined) return null;
  const i = focusables.indexOf(active as T);
  if (i === -1) return backwards ? last : first;
  if (backwards && i === 0) return last;
  if (!backwards && i === focusables.length - 1) return first;
  return null;
}

/** Whether a popover is open (false where the browser has no popovers). */
export function popoverOpen(el: Element): boolean {
  try {
    return el.matches(':popover-open');
  } catch {
    return false;
  }
}
