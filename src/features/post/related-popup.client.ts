/**
 * Related-posts popup (SPEC 4): shown once, when the flag element in the post body scrolls into
 * view. Closing it (Close button or Escape) closes it for the rest of the page view: no popup
 * shows again, also not in posts appended later. A non-modal dialog named by its heading; it does
 * not take the focus from the reader, and focus inside it returns to where it came from on close.
 */
import { enhance } from '../../ui/client/enhance.ts';

let closedForPage = false;
let open: HTMLElement | null = null;
let returnTo: HTMLElement | null = null;
const shown = new WeakSet<HTMLElement>();

function close(popup: HTMLElement) {
  const hadFocus = popup.contains(document.activeElement);
  popup.hidden = true;
  closedForPage = true;
  if (open === popup) open = null;
  if (hadFocus) {
    const back = returnTo?.isConnected ? returnTo : document.getElementById('main');
    back?.focus({ preventScroll: true });
  }
}

function show(popup: HTMLElement) {
  if (closedForPage || shown.has(popup)) return;
  shown.add(popup);
  if (open && open !== popup) open.hidden = true;
  open = popup;
  popup.hidden = false;
}

function modalOpen(): boolean {
  try {
    return !!document.querySelector('dialog[open]:modal, [aria-modal="true"]:not([hidden])');
  } catch {
    return !!document.querySelector('[aria-modal="true"]:not([hidden])');
  }
}

document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || !open || e.defaultPrevented) return;
  // a modal dialog on top (account popup, lightbox) handles its own Escape
  if (!open.contains(document.activeElement) && modalOpen()) return;
  close(open);
});

enhance('.related-popup', (popup) => {
  popup.querySelector('.related-popup__close')?.addEventListener('click', () => close(popup));
  popup.addEventListener('focusin', (e) => {
    const from = e.relatedTarget as HTMLElement | null;
    if (from && !popup.contains(from)) returnTo = from;
  });
});

enhance('[data-related-popup]', (flag) => {
  const popup = flag.closest('.post-block')?.querySelector<HTMLElement>('.related-popup');
  if (!popup || typeof IntersectionObserver !== 'function') return;
  const io = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    io.disconnect();
    show(popup);
  });
  io.observe(flag);
});
