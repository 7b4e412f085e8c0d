/**
 * Which related-posts popup is open on the page (SPEC 4): at most one; each shows at most once;
 * after the reader closes one, none shows again for the rest of the page view (appended posts
 * included).
 */
let closedForPage = false;
let openId: number | null = null;
const shown = new Set<number>();
const listeners = new Map<number, (open: boolean) => void>();

const notify = () => listeners.forEach((l, id) => l(id === openId));

export function subscribeRelatedPopups(postId: number, listener: (open: boolean) => void): () => void {
  listeners.set(postId, listener);
  return () => listeners.delete(postId);
}

/** The post's flag came into view: show its popup, unless it was shown or the reader closed one. */
export function claimRelatedPopup(postId: number): void {
  if (closedForPage || shown.has(postId)) return;
  shown.add(postId);
  openId = postId;
  notify();
}

export function closeRelatedPopups(): void {
  closedForPage = true;
  openId = null;
  notify();
}
