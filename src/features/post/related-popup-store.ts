/**
 * Which related-posts popup is open on the page (SPEC 4): at most one; each shows at most once;
 * after the reader closes one, none shows again for the rest of the page view (appended posts
 * included). Plain state, read by the popup's start module (which shows and hides it) and by its
 * React part (close and focus).
 */
let closedForPage = false;
let openId: number | null = null;
const shown = new Set<number>();
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((l) => l());

export function subscribeRelatedPopups(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the popup of `postId` is the one open. */
export const relatedPopupOpen = (postId: number): boolean => openId === postId;

/** The post's flag came into view: show its popup, unless it was shown or the reader closed one. */
export function claimRelatedPopup(postId: number): void {
  if (closedForPage || shown.has(postId)) return;
  shown.add(postId);
  openId = postId;
  notify();
}

export function closeRelatedPopups(): void {
  if (closedForPage && openId === null) return;
  closedForPage = true;
  openId = null;
  notify();
}

/** A modal dialog (account popup, lightbox) is open: Escape belongs to it. */
export function modalOpen(doc: Document): boolean {
  try {
    return !!doc.querySelector('dialog[open]:modal, [aria-modal="true"]:not([hidden])');
  } catch {
    return !!doc.querySelector('[aria-modal="true"]:not([hidden])');
  }
}
