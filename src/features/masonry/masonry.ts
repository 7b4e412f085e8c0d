/**
 * Masonry relayout (SPEC 9: debounce 100 ms, transition 0.4 s) of one grid, for whoever holds the
 * grid element: `masonry(grid)` lays its children out (each spans grid rows by its height,
 * features/masonry/layout.ts, so the shortest column takes the next item and the reading order is
 * kept) and keeps them laid out: when the width or an item's height changes, the layout is redone
 * 100 ms after the last change and moved items glide to their new place in 0.4 s (not with reduced
 * motion). Items added later are handed to `add(elements)` (or picked up when the grid's children
 * change): they are laid out at once and watched like the others. Nothing here looks markup up by
 * class; the caller passes the elements.
 */
import { debounce, reducedMotion } from '../../ui/client/enhance.ts';
import { MASONRY, glideFrom, rowSpan } from './layout.ts';

export interface Masonry {
  /** lays the grid out again now */
  layout(): void;
  /** items just put into the grid: laid out now and watched from now on */
  add(items: Element | Iterable<Element>): void;
  /** stops watching (the spans stay) */
  destroy(): void;
}

const handles = new WeakMap<HTMLElement, Masonry>();

const isItem = (el: Element): el is HTMLElement => el instanceof HTMLElement && !el.matches('noscript, style, script, template');

/** Masonry for `grid` (one per grid: a second call returns the same handle). */
export function masonry(grid: HTMLElement): Masonry {
  const known = handles.get(grid);
  if (known) return known;
  const items = () => [...grid.children].filter(isItem);
  grid.classList.add('is-masonry');

  let laidOut = false;
  let width = -1;
  /** the item heights the current spans were computed from */
  const measured = new WeakMap<Element, number>();
  const layout = () => {
    const list = items();
    width = grid.clientWidth;
    const gap = Number.parseFloat(getComputedStyle(grid).columnGap) || 0;
    const animate = laidOut && !reducedMotion() && typeof Element.prototype.animate === 'function';
    // read everything, then write everything (one layout pass); new items do not glide in
    const before = animate ? list.map((el) => (measured.has(el) ? el.getBoundingClientRect() : null)) : null;
    const spans = list.map((el) => {
      const h = el.getBoundingClientRect().height;
      measured.set(el, Math.round(h));
      return rowSpan(h, gap);
    });
    list.forEach((el, i) => (el.style.gridRowEnd = `span ${spans[i]}`));
    laidOut = true;
    grid.dataset.masonryColumns = getComputedStyle(grid).gridTemplateColumns.split(' ').length.toString();
    if (!before) return;
    list.forEach((el, i) => {
      const was = before[i];
      const from = was ? glideFrom(was, el.getBoundingClientRect()) : null;
      if (from) el.animate([{ transform: `translate(${from.x}px, ${from.y}px)` }, { transform: 'none' }], { duration: MASONRY.transitionMs, easing: 'ease' });
    });
  };

  const relayout = debounce(layout, MASONRY.debounceMs);
  // a new width, or an item whose height is not the one its span was made for (fonts, images)
  const resize = new ResizeObserver((entries) => {
    const changed = entries.some((entry) => (entry.target === grid ? grid.clientWidth !== width : measured.get(entry.target) !== Math.round(entry.target.getBoundingClientRect().height)));
    if (changed) relayout();
  });
  const watched = new WeakSet<Element>();
  const watch = (el: Element) => {
    if (watched.has(el)) return;
    watched.add(el);
    resize.observe(el);
  };
  const add = (added: Element | Iterable<Element>) => {
    const list = added instanceof Element ? [added] : [...added];
    const fresh = list.filter((el) => isItem(el) && el.parentElement === grid && !watched.has(el));
    if (!fresh.length) return;
    fresh.forEach(watch);
    // at once: a new item without its span would sit in one 4 px row under the others
    layout();
  };
  // children a component appends without telling (a React list growing) are picked up too
  const children = new MutationObserver((records) => add(records.flatMap((r) => [...r.addedNodes].filter((n): n is Element => n instanceof Element))));

  layout();
  resize.observe(grid);
  items().forEach(watch);
  children.observe(grid, { childList: true });

  const handle: Masonry = {
    layout,
    add,
    destroy() {
      resize.disconnect();
      children.disconnect();
      handles.delete(grid);
    },
  };
  handles.set(grid, handle);
  return handle;
}
