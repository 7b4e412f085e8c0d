import type { RelatedPopupProps } from './RelatedPopup.tsx';
import { claimRelatedPopup, closeRelatedPopups, modalOpen, relatedPopupOpen, subscribeRelatedPopups } from './related-popup-store.ts';

/**
 * The related-posts popup without React (its island's start, `ui/islands.ts`; SPEC 4): reading
 * the post needs no component, so showing the popup does not load React. When the post's flag
 * block scrolls into view the store claims the popup, and this module shows or hides the popup as
 * a native manual popover (`showPopover` changes no markup, so hydration later finds the server's
 * markup unchanged). Escape closes it while the focus is outside it; Close, and anything done
 * inside it, hydrate the component (`RelatedPopup.tsx`), which closes it and returns the focus.
 */
export function startRelatedPopup(props: RelatedPopupProps, popup: HTMLElement, _hydrate: () => void): void {
  const doc = popup.ownerDocument;
  // the flag is the post's own block (SPEC 3: behaviours scope themselves to the post they act in)
  const flag = popup.closest('.post-block')?.querySelector('[data-related-popup]');
  if (!flag || typeof IntersectionObserver !== 'function' || typeof popup.showPopover !== 'function') return;
  const show = () => {
    const open = relatedPopupOpen(props.postId);
    if (open === popup.matches(':popover-open') || !popup.isConnected) return;
    if (open) popup.showPopover();
    else popup.hidePopover();
  };
  subscribeRelatedPopups(show);
  const io = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    io.disconnect();
    claimRelatedPopup(props.postId);
  });
  io.observe(flag);
  doc.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || e.defaultPrevented || !relatedPopupOpen(props.postId)) return;
    // with the focus inside, the component closes it (and returns the focus)
    if (popup.contains(doc.activeElement) || modalOpen(doc)) return;
    closeRelatedPopups();
  });
}
