/**
 * Smart-list dropdown: navigates to the chosen item. Items of this post (same page, the target in
 * the same post block) are scrolled to below the sticky bars and the dropdown itself; any other
 * address is loaded with `location.assign`.
 */
import { reducedMotion } from '../../ui/client/enhance.ts';
import { topOffset } from '../../ui/client/top-offset.ts';
import { smartListTarget } from './target.ts';

export function initSmartListSelect(el: HTMLElement): void {
  const select = el as HTMLSelectElement;
  const nav = select.closest<HTMLElement>('[data-smartlist-nav]');
  select.addEventListener('change', () => {
    if (!select.value) return;
    const block = select.closest<HTMLElement>('.post-block');
    const t = smartListTarget(select.value, location.href, block?.dataset.currentUrl ?? null);
    const target = t.id ? (block ?? document).querySelector<HTMLElement>(`[id="${CSS.escape(t.id)}"]`) : null;
    if (!target) {
      location.assign(t.url);
      return;
    }
    const offset = topOffset() + (nav && getComputedStyle(nav).position === 'sticky' ? nav.offsetHeight + 8 : 0) + 16;
    const top = Math.max(0, Math.round(target.getBoundingClientRect().top + window.scrollY - offset));
    window.scrollTo({ top, behavior: reducedMotion() ? 'auto' : 'smooth' });
  });
}
