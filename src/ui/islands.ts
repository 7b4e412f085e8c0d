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
  'block-heading': () => import('../features/home-blocks/BlockHeadingTabs.tsx').then((m) => m.BlockHeadingTabs),
  gallery: () => import('../features/media/GalleryGrid.tsx').then((m) => m.GalleryGrid),
  slider: () => import('../features/media/Slider.tsx').then((m) => m.Slider),
  rating: () => import('../features/rating/StarRating.tsx').then((m) => m.StarRating),
  review: () => import('../features/review/Review.tsx').then((m) => m.ReviewBox),
  'jump-to-recipe': () => import('../features/recipe/JumpToRecipeLink.tsx').then((m) => m.JumpToRecipeLink),
  'cookie-notice': () => import('../features/consent/CookieNotice.tsx').then((m) => m.CookieNotice),
  'cookie-revoke': () => import('../features/consent/CookieNotice.tsx').then((m) => m.CookieRevoke),
  'back-to-top': () => import('../features/navigation/BackToTop.tsx').then((m) => m.BackToTop),
  header: () => import('../features/navigation/SiteHeader.tsx').then((m) => m.SiteHeader),
  'account-popup': () => import('../features/accounts/AccountForms.tsx').then((m) => m.AccountPopup),
  'account-forms': () => import('../features/accounts/AccountForms.tsx').then((m) => m.AccountPanels),
  'account-new-password': () => import('../features/accounts/AccountForms.tsx').then((m) => m.NewPasswordForm),
  video: () => import('../features/media/VideoFacade.tsx').then((m) => m.ClickToPlay),
  playlist: () => import('../features/media/Playlist.tsx').then((m) => m.VideoPlaylist),
  map: () => import('../features/map/MapView.tsx').then((m) => m.MapView),
  'contact-form': () => import('../features/contact-form/ContactFormView.tsx').then((m) => m.ContactFormView),
  portfolio: () => import('../features/portfolio/PortfolioGrid.tsx').then((m) => m.PortfolioGrid),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof islands;

/**
 * What an island does before React is needed: a plain module (no React) that the runtime runs at
 * idle for each island of that name, also in appended posts. It gets the island's props, the
 * component's own first element (handed over by the runtime: nothing is looked up by selector) and
 * `hydrate`, which starts the island's hydration when the page state asks for the component.
 * The like button hydrates when the visitor's own state differs from the cached page's; the
 * related popup shows itself (a native popover) when its flag scrolls in; an auto-playing slider
 * hydrates shortly before its first step is due.
 */
export type IslandStart = (props: never, el: HTMLElement, hydrate: () => void) => void;
export const islandStarts: Partial<Record<IslandName, () => Promise<IslandStart>>> = {
  like: () => import('../features/likes/start.ts').then((m) => m.startLike),
  'related-popup': () => import('../features/post/related-popup-start.ts').then((m) => m.startRelatedPopup),
  slider: () => import('../features/media/slider-start.ts').then((m) => m.startSlider),
};
