/**
 * Script lazy loading with vanilla-lazyload (SPEC 4 "Lazy loading", 8, 9). Loaded on demand by
 * media/client.ts when the page has `.lazy` elements.
 *
 * What uses it: images that the server renders with `data-src`/`data-srcset`/`data-sizes` and the
 * class `lazy` (gallery images: features/media/LazyImage.tsx, with a <noscript> copy), and
 * background images via `data-bg`. Plain <img> elsewhere keep native `loading="lazy"`.
 *
 * Statuses are vanilla-lazyload's own, visible as `data-ll-status`: entered → loading → loaded
 * (or applied for multiple backgrounds) or error. An image that leaves the view (plus the 300 px
 * threshold) while loading is cancelled and its status cleared (`cancel_on_exit`); errored
 * elements are retried when the browser comes back online (the library's own `online` handler).
 */
import LazyLoad, { type ILazyLoadInstance } from 'vanilla-lazyload';

/** Lazy-load threshold (SPEC 9): 300 px around the viewport. */
export const LAZY_THRESHOLD = 300;

let instance: ILazyLoadInstance | null = null;

/** Starts (once) or updates the instance; `update()` also picks up elements appended later. */
export function lazyUpdate(): ILazyLoadInstance {
  if (!instance) {
    instance = new LazyLoad({
      elements_selector: '.lazy',
      threshold: LAZY_THRESHOLD,
      cancel_on_exit: true,
      unobserve_entered: false,
      unobserve_completed: true,
      restore_on_error: false,
      // prefixed, so the library's state classes never meet another feature's `.loading`
      class_entered: 'll-entered',
      class_exited: 'll-exited',
      class_loading: 'll-loading',
      class_loaded: 'll-loaded',
      class_applied: 'll-applied',
      class_error: 'll-error',
      callback_loaded: (el) => el.dispatchEvent(new CustomEvent('masthead:lazyloaded', { bubbles: true })),
      callback_error: (el) => el.dispatchEvent(new CustomEvent('masthead:lazyerror', { bubbles: true })),
    });
  } else instance.update();
  return instance;
}
