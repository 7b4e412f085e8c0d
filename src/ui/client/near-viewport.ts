/**
 * `whenNear(el, cb)`: runs `cb` once, when `el` comes within `margin` px of the viewport. Used to
 * load a heavy library (slider, parallax, map) only for elements about to be seen. One shared
 * IntersectionObserver per margin. Returns a function that stops waiting (the callback is not run).
 */
const observers = new Map<number, { io: IntersectionObserver; cbs: WeakMap<Element, () => void> }>();

export function whenNear(el: Element, cb: () => void, margin = 300): () => void {
  if (typeof IntersectionObserver !== 'function') {
    cb();
    return () => undefined;
  }
  let o = observers.get(margin);
  if (!o) {
    const cbs = new WeakMap<Element, () => void>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          io.unobserve(e.target);
          const run = cbs.get(e.target);
          cbs.delete(e.target);
          run?.();
        }
      },
      { rootMargin: `${margin}px` },
    );
    o = { io, cbs };
    observers.set(margin, o);
  }
  const { io, cbs } = o;
  cbs.set(el, cb);
  io.observe(el);
  return () => {
    if (cbs.get(el) !== cb) return;
    cbs.delete(el);
    io.unobserve(el);
  };
}
