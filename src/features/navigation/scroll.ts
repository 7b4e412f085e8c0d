/**
 * Pure scrolling logic shared by back-to-top and the anchor links (SPEC 9 "Theme interaction").
 */
export const SCROLL = {
  /** back-to-top shows once the page is scrolled more than this */
  backToTopAfter: 300,
  backToTopDebounceMs: 200,
  backToTopDurationMs: 700,
  /** anchor links land this far above their target (NOTES "Media and layout") */
  anchorOffset: 120,
  anchorDurationMs: 700,
} as const;

export const backToTopVisible = (scrollY: number) => scrollY > SCROLL.backToTopAfter;

/** Where an anchor link scrolls: the target's document top minus the offset, never above 0 or past the end. */
export function anchorScrollTop(targetDocTop: number, maxScroll: number, offset: number = SCROLL.anchorOffset): number {
  return Math.round(Math.max(0, Math.min(maxScroll, targetDocTop - offset)));
}

/** easeInOutCubic over t in 0..1 */
export const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Scroll position at `elapsed` ms of an animation from `from` to `to` lasting `duration` ms. */
export function scrollAt(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * ease(Math.max(0, elapsed) / duration);
}

/**
 * The in-page target id of a link, or null when the link leaves the page: `#id` hrefs, or URLs to
 * this very page (same origin, path and query) with a hash. `#` alone and `#top`-less empty hashes
 * are not anchors.
 */
export function inPageAnchor(href: string | null, linkUrl: string, pageUrl: string): string | null {
  if (!href) return null;
  let link: URL;
  let page: URL;
  try {
    link = new URL(linkUrl);
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  if (!link.hash || link.hash === '#') return null;
  const samePage = href.startsWith('#') || (link.origin === page.origin && link.pathname === page.pathname && link.search === page.search);
  if (!samePage) return null;
  try {
    return decodeURIComponent(link.hash.slice(1));
  } catch {
    return null;
  }
}
