/**
 * Where a smart-list choice takes the reader (SPEC 2): to the item's URL. An item of the post the
 * dropdown belongs to (that post's address, or the address shown) is a same-page navigation: a
 * history entry with the item's address (Back returns), then a scroll that lands the item below
 * the sticky bars and the sticky dropdown. Any other address is loaded with `location.assign`.
 */
import { reducedMotion } from '../../ui/client/enhance.ts';
import { topOffset } from '../../ui/client/top-offset.ts';
import { smartListTarget } from './target.ts';

export function goToSmartListItem(from: HTMLElement, value: string): void {
  const block = from.closest<HTMLElement>('.post-block');
  const nav = from.closest<HTMLElement>('[data-smartlist-nav]');
  const t = smartListTarget(value, location.href, block?.dataset.currentUrl ?? null);
  const target = t.id ? (block ?? document).querySelector<HTMLElement>(`[id="${t.id.replace(/["\\]/g, '\\$&')}"]`) : null;
  if (!target) {
    location.assign(t.url);
    return;
  }
  if (t.url !== location.href) history.pushState(history.state, '', t.url);
  const offset = topOffset() + (nav && getComputedStyle(nav).position === 'sticky' ? nav.offsetHeight + 8 : 0) + 16;
  const top = Math.max(0, Math.round(target.getBoundingClientRect().top + window.scrollY - offset));
  window.scrollTo({ top, behavior: reducedMotion() ? 'auto' : 'smooth' });
}
