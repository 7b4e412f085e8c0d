/**
 * Pure scrolling logic shared by back-to-top and the anchor links (SPEC 9 "Theme interaction").
 */
export const SCROLL = {
  /** back-to-top shows once the page is scrolled more than this */
  backToTopAfter: 300,
  backToTopDebounceMs: 200,
  backToTopDurationMs: 700,
  /** anchor links in the menus land this far above their target (SPEC 2, NOTES "Media and layout") */
  anchorOffset: 120,
  anchorDurationMs: 700,
  /** every other in-page anchor link (table of contents, article text): SPEC 9's scroll-to */
  scrollToOffset: 70,
  scrollToDurationMs: 900,
} as const;

/** Menus whose anchor links use the menu offset; anchors anywhere else use the scroll-to values. */
export const MENU_SCOPE = '.main-nav, #side-menu, .site-footer nav';

/** Offset and duration for an anchor link, by where the link sits. */
export const anchorMotion = (inMenu: boolean) =>
  inMenu ? { offset: SCROLL.anchorOffset, durationMs: SCROLL.anchorDurationMs } : { offset: SCROLL.scrollToOffset, durationMs: SCROLL.scrollToDurationMs };

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
