/**
 * Block headings whose category list does not fit (SPEC 2 "Block-heading lists that overflow into a
 * 'more' dropdown"): the links that don't fit move, in order, into the menu of a "More" disclosure
 * button (aria-expanded; Escape, a click outside or leaving it with Tab closes it). Recomputed
 * when the heading's width changes (ResizeObserver). Without script the list is clipped but every
 * category stays reachable from the menus and the footer.
 */
import { splitOverflow, visibleCount } from './overflow.ts';

let seq = 0;
const DOWN = '<svg class="icon" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="m12 17-7-7 1.4-1.4 5.6 5.6 5.6-5.6L19 10l-7 7Z" fill="currentColor"/></svg>';

const px = (v: string) => Number.parseFloat(v) || 0;

/** Enhances one block-heading category list (`ul.block-heading__cats[data-overflow-more]`). */
export function initOverflowMore(list: HTMLElement): void {
  const heading = list.parentElement;
  if (!heading) return;
  const title = heading.querySelector<HTMLElement>('.block-heading__title');
  const id = `block-heading-more-${++seq}`;

  const wrap = document.createElement('div');
  wrap.className = 'block-heading__more';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'block-heading__more-btn';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', id);
  button.innerHTML = DOWN;
  button.prepend(document.createTextNode(list.dataset.overflowMore || 'More'));
  const menu = document.createElement('ul');
  menu.className = 'block-heading__more-menu';
  menu.id = id;
  menu.hidden = true;
  wrap.append(button, menu);
  wrap.hidden = true;
  list.after(wrap);
  list.classList.add('is-enhanced');

  const setOpen = (open: boolean, focusButton = false) => {
    button.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
    if (!open && focusButton) button.focus();
  };

  let lastWidth = -1;
  const layout = () => {
    const width = heading.clientWidth;
    if (width === lastWidth) return;
    lastWidth = width;
    const focused = document.activeElement;
    // every item back in the heading, in order, to measure
    list.append(...menu.children);
    const items = [...list.children] as HTMLElement[];
    wrap.hidden = false;
    const cs = getComputedStyle(heading);
    const headingGap = px(cs.columnGap);
    const available = width - px(cs.paddingLeft) - px(cs.paddingRight) - (title?.getBoundingClientRect().width ?? 0) - (title ? headingGap : 0);
    const k = visibleCount({
      available,
      items: items.map((li) => li.getBoundingClientRect().width),
      gap: px(getComputedStyle(list).columnGap),
      moreGap: headingGap,
      moreWidth: wrap.getBoundingClientRect().width,
    });
    const { more } = splitOverflow(items, k);
    menu.append(...more);
    wrap.hidden = more.length === 0;
    if (!more.length) setOpen(false);
    if (focused instanceof HTMLElement && focused !== document.activeElement && focused.isConnected && !focused.closest('[hidden]')) focused.focus();
  };

  let frame = 0;
  const schedule = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(layout);
  };
  new ResizeObserver(schedule).observe(heading);
  // web fonts change the widths once they arrive
  void document.fonts?.ready.then(() => {
    lastWidth = -1;
    schedule();
  });
  layout();

  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  wrap.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false, true);
    }
  });
  wrap.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !wrap.contains(next)) setOpen(false);
  });
  document.addEventListener('click', (event) => {
    if (button.getAttribute('aria-expanded') === 'true' && !wrap.contains(event.target as Node)) setOpen(false);
  });
}
