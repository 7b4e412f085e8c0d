/**
 * Browser helpers of the review charts' animations: "once in view" and a frame loop. They hold no
 * markup; the chart components call them from their effects with their own elements.
 */
import { progress } from './anim.ts';

/** Runs `run` once, the first time a quarter of `el` is in view. Answers a cancel function. */
export function onceInView(el: Element, run: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    run();
    return () => undefined;
  }
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      run();
    },
    { threshold: 0.25 },
  );
  io.observe(el);
  return () => io.disconnect();
}

/** Calls `step` on every animation frame for `duration` ms (eased progress, elapsed ms). Answers a cancel function. */
export function frames(duration: number, step: (p: number, elapsed: number) => void): () => void {
  let id = 0;
  const start = performance.now();
  const tick = () => {
    const elapsed = performance.now() - start;
    step(progress(elapsed, duration), elapsed);
    if (elapsed < duration) id = requestAnimationFrame(tick);
  };
  id = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(id);
}

