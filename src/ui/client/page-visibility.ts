/**
 * Whether the page's tab is hidden, as a store for React's `useSyncExternalStore` (components do
 * not read the document themselves). Used by auto-playing widgets, which pause in a hidden tab.
 */
export function subscribePageVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

export const isPageHidden = (): boolean => document.visibilityState === 'hidden';

/** On the server and during hydration the page counts as visible. */
export const isPageHiddenOnServer = (): boolean => false;
