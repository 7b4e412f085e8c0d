/**
 * The island runtime of the reader's pages (see `ui/Island.tsx`). Every `<masthead-island>` in the
 * page, also those appended later (infinite scroll, portfolio load-more), is hydrated once, when
 * its `data-when` says: `idle`, `visible` (200 px before it scrolls into view) or `media:<query>`.
 * React and the component are loaded on the first island that needs them; the browser caches the
 * modules, so a page holds one copy of React however many islands it has.
 */
import { enhance } from './enhance.ts';
import { hydrateIsland } from './hydrate.ts';

function onIdle(run: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

let observer: IntersectionObserver | null = null;
const waiting = new WeakMap<Element, () => void>();
function onVisible(el: HTMLElement, run: () => void) {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        observer?.unobserve(e.target);
        waiting.get(e.target)?.();
        waiting.delete(e.target);
      }
    },
    { rootMargin: '200px' },
  );
  // display: contents has no box: watch the component's own first element
  const target = el.firstElementChild ?? el;
  waiting.set(target, run);
  observer.observe(target);
}

function onMedia(query: string, run: () => void) {
  const mq = matchMedia(query);
  if (mq.matches) return run();
  const change = () => {
    if (!mq.matches) return;
    mq.removeEventListener('change', change);
    run();
  };
  mq.addEventListener('change', change);
}

enhance('masthead-island', (el) => {
  const when = el.dataset.when ?? 'idle';
  const run = () => void hydrateIsland(el).catch((err: unknown) => console.error(`[masthead] island ${el.dataset.island}:`, err));
  if (when === 'visible') onVisible(el, run);
  else if (when.startsWith('media:')) onMedia(when.slice(6), run);
  else onIdle(run);
});
