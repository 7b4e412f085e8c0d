/**
 * The sticky header that shows up (SPEC 9 "show-up threshold 300 px", issue 15 item 6), pure part.
 * Once the page is scrolled more than 300 px the header sticks to the top, parked out of sight
 * above it; scrolling up slides it in, scrolling down slides it out again; back at the very top
 * it is the plain header again. Sticking happens while the header is out of view and sliding is a
 * transform, so nothing on the page ever moves (no layout shift).
 */
export const STICKY_HEADER_AFTER = 300;
/** smaller moves than this are jitter (touch, rounding), not a change of direction */
const JITTER = 3;

/** static: in the page's flow; parked: stuck, out of sight, no animation; shown / hidden: stuck and sliding */
export type StickyMode = 'static' | 'parked' | 'shown' | 'hidden';

export function stickyStep(mode: StickyMode, y: number, lastY: number, after: number = STICKY_HEADER_AFTER): StickyMode {
  if (y <= 0) return 'static';
  if (mode === 'static') return y > after ? 'parked' : 'static';
  if (Math.abs(y - lastY) < JITTER) return mode;
  return y < lastY ? 'shown' : mode === 'parked' ? 'parked' : 'hidden';
}
