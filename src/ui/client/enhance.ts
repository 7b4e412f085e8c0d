/**
 * The one mechanism for document-level behaviours: `enhance(selector, init)` runs `init` once for
 * every element matching `selector` that is in the page now or added later (posts appended by
 * infinite scroll, portfolio items loaded on demand). Each element is initialised at most once per
 * behaviour.
 */
type Init = (el: HTMLElement) => void;

const registry: { selector: string; init: Init; done: WeakSet<Element> }[] = [];
let observer: MutationObserver | null = null;

function run(root: ParentNode) {
  for (const r of registry) {
    const list: HTMLElement[] = [];
    if (root instanceof HTMLElement && root.matches(r.selector)) list.push(root);
    root.querySelectorAll<HTMLElement>(r.selector).forEach((el) => list.push(el));
    for (const el of list) {
      if (r.done.has(el)) continue;
      r.done.add(el);
      try {
        r.init(el);
      } catch (err) {
        console.error(`[masthead] ${r.selector}:`, err);
      }
    }
  }
}

export function enhance(selector: string, init: Init): void {
  const entry = { selector, init, done: new WeakSet<Element>() };
  registry.push(entry);
  const start = () => {
    run(document);
    if (!observer) {
      observer = new MutationObserver((records) => {
        for (const rec of records) rec.addedNodes.forEach((n) => n instanceof HTMLElement && run(n));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

/** True when the visitor asked for less motion. */
export const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let t: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(t);
    t = setTimeout(() => fn(...args), ms);
  };
}
