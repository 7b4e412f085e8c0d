import { debounce } from '../../ui/client/enhance.ts';
import { SCROLL, backToTopVisible } from './scroll.ts';

/**
 * Back-to-top's visibility where CSS scroll-driven animations are missing (global.css uses them
 * elsewhere; no scroll listener there): a document state, not markup of the component, the root's
 * `data-scrolled` once the page is scrolled more than 300 px, checked 200 ms after scrolling stops
 * (SPEC 4, NOTES). Loaded only by such browsers (`client.ts`).
 */
export function startBackToTopFallback(win: Window = window): void {
  const root = win.document.documentElement;
  const update = () => root.toggleAttribute('data-scrolled', backToTopVisible(win.scrollY));
  win.addEventListener('scroll', debounce(update, SCROLL.backToTopDebounceMs), { passive: true });
  update();
}
