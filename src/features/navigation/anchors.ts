/**
 * Anchor links (SPEC 2 and 9, NOTES "Media and layout"): links to in-page anchors in the menus
 * scroll to the target minus 120 px in 700 ms and close the side (mobile) menu; those in the table
 * of contents and the article text use SPEC 9's scroll-to, 70 px above the target over 900 ms. The address gets the hash and focus moves to the target for keyboard and
 * screen-reader users. One delegated listener covers posts appended later.
 */
import { MENU_SCOPE, anchorMotion, anchorScrollTop, inPageAnchor } from './scroll.ts';
import { smoothScrollTo } from './smooth-scroll.ts';

const SCOPE = `${MENU_SCOPE}, .toc, .entry-content, [data-anchor-links]`;

document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
  if (!link || !link.closest(SCOPE) || link.closest('[data-no-anchor-scroll]')) return;
  const id = inPageAnchor(link.getAttribute('href'), link.href, location.href);
  if (!id) return;
  // prefer the target inside the same post (appended posts may repeat anchor names)
  const target = link.closest('.post-block')?.querySelector<HTMLElement>(`#${CSS.escape(id)}`) ?? document.getElementById(id);
  if (!target) return;
  e.preventDefault();
  const menu = document.getElementById('side-menu');
  if (menu?.matches(':popover-open')) menu.hidePopover();
  const motion = anchorMotion(!!link.closest(MENU_SCOPE));
  const top = anchorScrollTop(target.getBoundingClientRect().top + scrollY, document.documentElement.scrollHeight - innerHeight, motion.offset);
  if (location.hash !== `#${id}`) history.pushState(history.state, '', `#${encodeURIComponent(id)}`);
  void smoothScrollTo(top, motion.durationMs).then(() => {
    if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  });
});
