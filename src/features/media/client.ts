/**
 * Media behaviours on every page (a few hundred bytes; the libraries load on demand):
 * - lightbox for `a[data-lightbox]`: yet-another-react-lightbox, on the first click (warmed up on
 *   hover or focus, the visitor's intent);
 * - script lazy loading for `.lazy` elements: vanilla-lazyload, when the page has any;
 * - parallax sections (`.parallax`): jarallax, when near the viewport, never with reduced motion.
 * Everything goes through `enhance`, so posts appended by infinite scroll get the same behaviour.
 */
import { enhance, reducedMotion } from '../../ui/client/enhance.ts';
import { whenNear } from '../../ui/client/near-viewport.ts';

const fail = (what: string) => (err: unknown) => console.error(`[masthead] ${what}:`, err);

enhance('.parallax', (el) => {
  if (reducedMotion()) return;
  whenNear(el, () => void import('./parallax.ts').then((m) => m.initParallax(el)).catch(fail('parallax')));
});

// lazy loading: the library loads when the first `.lazy` element comes within 1000 px (its own
// 300 px threshold then decides which load). Elements added later (an appended post) are handed to
// it in one update per batch. (Not on every approach: an update re-creates the library's observer,
// which forgets images that are loading and so could no longer cancel them when they leave.)
let lazy: Promise<typeof import('./lazy.ts')> | null = null;
let lazyQueued = false;
const startLazy = () => {
  lazy ??= import('./lazy.ts').then((m) => (m.lazyUpdate(), m));
  lazy.catch(fail('lazy loading'));
};
enhance('.lazy', (el) => {
  if (!lazy) {
    whenNear(el, startLazy, 1000);
    return;
  }
  if (lazyQueued) return;
  lazyQueued = true;
  queueMicrotask(() => {
    lazyQueued = false;
    void lazy?.then((m) => m.lazyUpdate());
  });
});

// lightbox: delegated, so links appended later work too
const LINK = 'a[data-lightbox]';
let lightbox: Promise<typeof import('./lightbox.tsx')> | null = null;
const loadLightbox = () => (lightbox ??= import('./lightbox.tsx'));
const linkOf = (t: EventTarget | null) => (t instanceof Element ? t.closest<HTMLAnchorElement>(LINK) : null);

document.addEventListener('click', (e) => {
  const link = linkOf(e.target);
  if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  link.setAttribute('aria-busy', 'true');
  loadLightbox()
    .then((m) => m.openLightbox(link))
    .catch((err) => {
      fail('lightbox')(err);
      location.assign(link.href); // the link still works
    })
    .finally(() => link.removeAttribute('aria-busy'));
});
const warm = (e: Event) => {
  if (linkOf(e.target)) void loadLightbox().catch(() => (lightbox = null));
};
document.addEventListener('pointerover', warm, { passive: true });
document.addEventListener('focusin', warm);
