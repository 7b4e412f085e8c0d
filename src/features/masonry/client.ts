/**
 * Masonry relayout (SPEC 9: debounce 100 ms, transition 0.4 s) for the home masonry block
 * (`.masonry[data-masonry]`) and masonry galleries (`.gallery--masonry`). Without script the home
 * block is a plain grid and the gallery CSS columns; with it, each item spans grid rows by its
 * height (features/masonry/layout.ts), so the shortest column takes the next item and the
 * reading order is kept. When the width or an item's height changes, the layout is redone 100 ms
 * after the last change and moved items glide to their new place in 0.4 s (not with reduced motion).
 */
import { debounce, enhance, reducedMotion } from '../../ui/client/enhance.ts';
import { MASONRY, glideFrom, rowSpan } from './layout.ts';

enhance('.masonry[data-masonry], .gallery--masonry', (grid) => {
  const items = () => [...grid.children].filter((el): el is HTMLElement => el instanceof HTMLElement && !el.matches('noscript, style, script, template'));
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
    // read everything, then write everything (one layout pass)
    const before = animate ? list.map((el) => el.getBoundingClientRect()) : null;
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
      const from = glideFrom(before[i]!, el.getBoundingClientRect());
      if (from) el.animate([{ transform: `translate(${from.x}px, ${from.y}px)` }, { transform: 'none' }], { duration: MASONRY.transitionMs, easing: 'ease' });
    });
  };

  layout();
  const relayout = debounce(layout, MASONRY.debounceMs);
  // a new width, or an item whose height is not the one its span was made for (fonts, images)
  const observer = new ResizeObserver((entries) => {
    const changed = entries.some((entry) => (entry.target === grid ? grid.clientWidth !== width : measured.get(entry.target) !== Math.round(entry.target.getBoundingClientRect().height)));
    if (changed) relayout();
  });
  observer.observe(grid);
  for (const el of items()) observer.observe(el);
});
