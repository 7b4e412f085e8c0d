/**
 * How much of the top of the viewport is covered by fixed or sticky bars (admin bar, a sticky
 * header), so in-page jumps land below them. Pure part + DOM reader.
 */
export interface TopBar {
  position: string;
  /** the computed CSS `top` in px (sticky bars stick there) */
  cssTop: number;
  height: number;
  /** the bar's current bottom edge in the viewport (fixed bars) */
  rectBottom: number;
}

/** Height covered at the top: the lowest bottom edge of the fixed/sticky bars (they stack). */
export function coveredTop(bars: readonly TopBar[]): number {
  let covered = 0;
  for (const b of bars) {
    if (b.height <= 0) continue;
    if (b.position === 'fixed' && b.rectBottom > 0 && b.rectBottom - b.height <= 1) covered = Math.max(covered, b.rectBottom);
    else if (b.position === 'sticky') covered = Math.max(covered, b.cssTop + b.height);
  }
  return Math.round(covered);
}

const SELECTORS = '#admin-toolbar, #site-header, [data-sticky-top]';

/** The covered height for this page right now (0 when the header scrolls away with the page; its height with the sticky header). */
export function topOffset(doc: Document = document): number {
  const bars: TopBar[] = [];
  doc.querySelectorAll<HTMLElement>(SELECTORS).forEach((el) => {
    const cs = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    // the sticky header that shows up (SPEC 9) covers its height below the admin bar wherever a
    // jump lands: it is stuck there, shown or ready to slide in, even while it is still in the flow
    if (el.hasAttribute('data-sticky-header')) bars.push({ position: 'sticky', cssTop: Number.parseFloat(cs.getPropertyValue('--admin-bar-h')) || 0, height: rect.height, rectBottom: rect.bottom });
    else bars.push({ position: cs.position, cssTop: Number.parseFloat(cs.top) || 0, height: rect.height, rectBottom: rect.bottom });
  });
  return coveredTop(bars);
}

/**
 * The sticky header's height as the page's `--sticky-header-h` (null: none), which the CSS of the
 * other sticky elements adds to their top margins.
 */
export function publishStickyHeaderHeight(px: number | null, doc: Document = document): void {
  if (px === null) doc.documentElement.style.removeProperty('--sticky-header-h');
  else doc.documentElement.style.setProperty('--sticky-header-h', `${Math.round(px)}px`);
}

/** Scrolls so `target` starts `offset` px below the top of the viewport, then focuses it for keyboard users. */
export function scrollToTarget(target: HTMLElement, offset: number, reduced: boolean): void {
  const top = Math.max(0, Math.round(target.getBoundingClientRect().top + window.scrollY - offset));
  window.scrollTo({ top, behavior: reduced ? 'auto' : 'smooth' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
