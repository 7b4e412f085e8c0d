import { reducedMotion } from '../../ui/client/enhance.ts';
import { scrollAt } from './scroll.ts';

let cancel: (() => void) | null = null;

/**
 * Scrolls the window to `top` in `duration` ms (instantly with reduced motion). A wheel or touch by
 * the reader, or a newer scroll, stops it. Resolves when it ends either way.
 */
export function smoothScrollTo(top: number, duration: number): Promise<void> {
  cancel?.();
  const from = scrollY;
  if (reducedMotion() || duration <= 0 || Math.abs(top - from) < 2) {
    scrollTo({ top, behavior: 'instant' });
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let frame = 0;
    const start = performance.now();
    const end = () => {
      cancelAnimationFrame(frame);
      removeEventListener('wheel', end);
      removeEventListener('touchstart', end);
      if (cancel === end) cancel = null;
      resolve();
    };
    cancel = end;
    addEventListener('wheel', end, { passive: true });
    addEventListener('touchstart', end, { passive: true });
    const step = (now: number) => {
      const elapsed = now - start;
      scrollTo({ top: scrollAt(from, top, elapsed, duration), behavior: 'instant' });
      if (elapsed < duration) frame = requestAnimationFrame(step);
      else end();
    };
    frame = requestAnimationFrame(step);
  });
}

/** Puts keyboard focus at the top of the page (the skip link, else the main region) without scrolling. */
export function focusPageTop(): void {
  const top = document.querySelector<HTMLElement>('.skip-link') ?? document.getElementById('main');
  top?.focus({ preventScroll: true });
}
