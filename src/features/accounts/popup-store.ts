import type { AccountFormKind } from './validation.ts';
import { wakeIslands } from '../../ui/client/island-demand.ts';

/**
 * The account popup's page-wide state, shared by two islands: the header (`SiteHeader`, whose
 * account link asks for the popup) and the popup itself (`AccountPopup`, which opens its dialog).
 * No markup is looked up: the header passes its own link (for the focus to return to), the popup
 * subscribes. The popup's island hydrates on demand: the first request asks for it
 * (`wakeIslands`), so a visit that never opens it loads none of its code. A request made before
 * the popup's island has hydrated waits for it; should the popup never come (its chunk failed to
 * load), the link's address opens instead after a while.
 */

export interface PopupRequest {
  /** bumped by every request, so the same panel asked twice opens twice */
  seq: number;
  panel: AccountFormKind;
}

const NONE: PopupRequest = { seq: 0, panel: 'login' };
/** How long a request waits for the popup before the link is followed instead. */
export const POPUP_WAIT_MS = 4000;

let request: PopupRequest = NONE;
let opener: HTMLElement | null = null;
let attached = 0;
let fallback: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** The latest request (for `useSyncExternalStore`). */
export const popupRequest = (): PopupRequest => request;
export const noPopupRequest = (): PopupRequest => NONE;

export function subscribePopup(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks for the popup on `panel`; `from` is the element that asked (focus returns to it when the
 * popup closes) and `href` the address to go to if no popup answers.
 */
export function openAccountPopup(panel: AccountFormKind, from: HTMLElement | null, href: string, go: (url: string) => void = (url) => location.assign(url)): void {
  opener = from;
  request = { seq: request.seq + 1, panel };
  clearTimeout(fallback);
  if (!attached) fallback = setTimeout(() => go(href), POPUP_WAIT_MS);
  for (const l of [...listeners]) l();
  wakeIslands('account-popup');
}

/** The popup island is there (it calls this when it hydrates); returns its detach. */
export function attachPopup(): () => void {
  attached += 1;
  clearTimeout(fallback);
  return () => {
    attached -= 1;
  };
}

/** The element that opened the popup (taken once: the popup gives it the focus back on close). */
export function takeOpener(): HTMLElement | null {
  const el = opener;
  opener = null;
  return el;
}

/** Forgets everything (tests). */
export function resetPopupStore(): void {
  clearTimeout(fallback);
  request = NONE;
  opener = null;
  attached = 0;
  listeners.clear();
}
