import type { ComponentType } from 'react';

/**
 * Every island of the reader's pages: its name (written by `<Island name>` on the server) and how
 * the browser loads its component. Each loader is a dynamic import, so each component is its own
 * chunk, fetched only on pages that render it; React itself is one shared chunk.
 */
export const islands = {
  like: () => import('../features/likes/LikeButton.tsx').then((m) => m.LikeButton),
  'smart-list': () => import('../features/smart-list/SmartListNav.tsx').then((m) => m.SmartListNav),
  'font-size': () => import('../features/post/FontSizeControl.tsx').then((m) => m.FontSizeControl),
  gdpr: () => import('../features/consent/GdprBar.tsx').then((m) => m.GdprBar),
  'author-box': () => import('../features/post/AuthorBox.tsx').then((m) => m.AuthorBox),
  share: () => import('../features/post/ShareButtons.tsx').then((m) => m.ShareButtons),
  'related-popup': () => import('../features/post/RelatedPopup.tsx').then((m) => m.RelatedPopup),
  'back-to-top': () => import('../features/navigation/BackToTop.tsx').then((m) => m.BackToTop),
  map: () => import('../features/map/MapView.tsx').then((m) => m.MapView),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof islands;
