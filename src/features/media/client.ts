/**
 * Media behaviours on every page (a few hundred bytes; the libraries load on demand):
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
