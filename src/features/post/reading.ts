/**
 * Pure logic of the single-post reading behaviours (infinite previous-post loading and the post
 * in view), kept free of the DOM so it is unit-tested without a browser (NOTES "Single post").
 */

/** SPEC 9: scroll debounce of the loader, post-in-view offset and settle delay. */
export const INFINITE = { debounceMs: 250, inViewOffset: 60, inViewDelayMs: 100 } as const;

/**
 * How far ahead the previous post is fetched: once the end of the last block is within this many
 * viewport heights below the viewport, its page is requested (issue 14: the reader should never
 * see the spinner). It is appended only when the reader reaches that end (NOTES).
 */
export const PREFETCH_VIEWPORTS = 1;

/**
 * Which post block is in view: the last block whose top is above `scrollTop + offset`. `tops` are
 * the blocks' tops relative to the viewport (getBoundingClientRect().top), in document order, so
 * "above scrollTop + offset" is `top < offset`. The first block is the fallback.
 */
export function blockInView(tops: readonly number[], offset: number = INFINITE.inViewOffset): number {
  let found = 0;
  for (let i = 0; i < tops.length; i++) if ((tops[i] ?? Infinity) < offset) found = i;
  return found;
}

export interface LoadState {
  /** bottom of the last loaded block relative to the viewport (getBoundingClientRect().bottom) */
  lastBottom: number;
  viewportHeight: number;
  /** a request is running */
  busy: boolean;
  /** the last block is flagged as the end of the chain (or has no previous post) */
  ended: boolean;
  /** the last request failed: only the Retry control loads again */
  failed: boolean;
  /** the reader is moving by focus (Tab, End) or sits past the posts (footer): never auto-load then */
  suppressed: boolean;
}

/**
 * Load the previous post when the reader reaches the END of the last loaded block (its bottom is
 * inside the viewport), not as early as its top; one request at a time; never after the end, after
 * a failure (the Retry control takes over) or while the reader moves by keyboard focus.
 */
export function shouldLoad(s: LoadState): boolean {
  if (s.busy || s.ended || s.failed || s.suppressed) return false;
  return s.lastBottom <= s.viewportHeight;
}

/**
 * Fetch the previous post ahead of time: the same conditions as `shouldLoad`, with the end of the
 * last block up to `PREFETCH_VIEWPORTS` viewport heights below the viewport.
 */
export function shouldPrefetch(s: LoadState): boolean {
  if (s.busy || s.ended || s.failed || s.suppressed) return false;
  return s.lastBottom <= s.viewportHeight * (1 + PREFETCH_VIEWPORTS);
}

/** The document title of a post, built as the server builds it (Base.astro). */
export function pageTitle(postTitle: string, siteTitle: string): string {
  if (!siteTitle || postTitle === siteTitle) return postTitle;
  if (!postTitle) return siteTitle;
  return `${postTitle} – ${siteTitle}`;
}

/**
 * The address for the post in view: the block's URL resolved against the page, on the page's own
 * origin only (a block can never move the address bar to another site). The first block keeps the
 * address the page was opened with (query and hash included). Null when nothing should change.
 */
export function addressFor(blockUrl: string, currentHref: string, initial?: { blockUrl: string; href: string }): string | null {
  if (!blockUrl) return null;
  let next: URL;
  try {
    const cur = new URL(currentHref);
    next = initial && initial.blockUrl === blockUrl ? new URL(initial.href) : new URL(blockUrl, cur);
    if (next.origin !== cur.origin) return null;
    return next.href === cur.href ? null : next.href;
  } catch {
    return null;
  }
}

/** Keys that move the reader by focus or to the very end of the page: they never trigger loading. */
export function isFocusNavigationKey(e: { key: string; ctrlKey?: boolean; metaKey?: boolean }): boolean {
  return e.key === 'Tab' || e.key === 'End';
}
