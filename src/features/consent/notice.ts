import type { CookieNoticeSettings } from '../site/settings.ts';
import { enhance } from '../../ui/client/enhance.ts';
import { cookieDomain, lifetimeFor, readChoice, redirectUrl, writeCookie } from './cookies.ts';
import { NOTICE_EVENTS, type SetCookieNoticeDetail } from './consent.ts';
import { markHandled } from '../../ui/client/early-events.ts';

/**
 * The cookie-consent notice's state (SPEC 4, NOTES "Cookie consent and GDPR notices"), one per page,
 * shared by its two islands (`CookieNotice.tsx`: the non-modal dialog, rendered hidden by the
 * server, and the revoke button "Cookie settings"). The islands render from `noticeView()` and call
 * `setChoice`, `reopen`; this module keeps what is page-wide: the stored choice (the consent cookie,
 * which `consent.ts` reads for analytics and embeds), the document events and body classes, focus
 * return, and the owner-placed revoke links in the content.
 *
 * - Shown when no choice is stored, never inside a frame.
 * - Accept stores `true` for the accepted lifetime; reject, close and Escape store `false` for the
 *   rejected lifetime (seconds, from the settings). Then it hides (effect none, fade or slide; no
 *   motion when the visitor prefers reduced motion).
 * - Revocation `automatic`: the revoke button shows whenever a choice is stored; `manual`: only
 *   links the site owner places (`.cn-revoke-cookie` or `[data-cookie-revoke]`) reopen the notice;
 *   `off`: no way back (those links are hidden).
 * - Redirection: when the choice changed (none → accepted, or accepted ⇄ rejected) the page
 *   reloads; with the cache option it goes to the address with `cn-reloaded=1` added.
 * - Accept on scroll (strictly past the offset) and on a click outside the notice: off by default;
 *   only armed while no choice is stored, removed after the first choice.
 * - Focus: on a first visit the page does not take the focus away: the notice comes right after the
 *   skip link in the document, so Tab reaches it first and screen readers read it first (taking
 *   focus at load would also put it "past the posts" and hold back infinite loading). When the
 *   visitor reopens it ("Cookie settings"), focus moves to the dialog. Nothing is trapped. When it
 *   closes with the focus inside, focus goes back where it was, or to the main content.
 * - Document events setCookieNotice, showCookieNotice, hideCookieNotice, showRevokeNotice,
 *   hideRevokeNotice; body classes cookies-not-set / cookies-set / cookies-accepted /
 *   cookies-refused, cookie-notice-visible, cookie-revoke-visible.
 */

export type NoticeAction = 'accept' | 'reject' | 'close';

export type NoticeSettings = Pick<
  CookieNoticeSettings,
  'cookieName' | 'acceptedLifetime' | 'rejectedLifetime' | 'globalCookie' | 'onScroll' | 'onScrollOffset' | 'onClick' | 'redirection' | 'cache' | 'revoke' | 'hideEffect'
>;

/** Whether a choice should reload the page: the effective consent changed and redirection is on. */
export function shouldReload(previous: boolean | null, next: boolean, redirection: boolean): boolean {
  if (!redirection) return false;
  return previous === null ? next : previous !== next;
}

/** Whether accept-on-scroll fires: strictly past the offset. */
export const scrolledPast = (scrollY: number, offset: number) => scrollY > offset;

export const MANUAL_REVOKE_SELECTOR = '.cn-revoke-cookie, [data-cookie-revoke]';
const HIDE_FALLBACK_MS = 600;

/** What the islands show: the notice (open, or playing its hide effect) and the revoke button. */
export interface NoticeView {
  open: boolean;
  hiding: boolean;
  revoke: boolean;
  /** bumped when the notice should take the focus (reopened by the visitor) */
  focus: number;
  /** bumped when the revoke button should take the focus back (it opened the notice) */
  revokeFocus: number;
}

export const CLOSED: NoticeView = { open: false, hiding: false, revoke: false, focus: 0, revokeFocus: 0 };
/** the notice's id (a click inside it is no acceptance, even before its island hydrates) */
export const NOTICE_ID = 'cookie-notice';
/** the revoke button's id ("Cookie settings") */
export const REVOKE_ID = 'cookie-revoke';

export interface NoticeEnv {
  doc: Document;
  win: Window;
  reducedMotion: () => boolean;
  /** goes to `url`, or reloads when it is the current address (tests replace it) */
  navigate: (url: string) => void;
}

export function inFrame(win: Window): boolean {
  try {
    return win.top !== win.self;
  } catch {
    return true; // a cross-origin parent: certainly framed
  }
}

let view: NoticeView = CLOSED;
const listeners = new Set<() => void>();
let page: { s: NoticeSettings; env: NoticeEnv; framed: boolean; el: HTMLElement | null; owned: boolean; returnFocus: Element | null; hideTimer?: ReturnType<typeof setTimeout>; cleanups: (() => void)[]; disarm: (() => void)[]; ro: ResizeObserver | null; height: number } | null = null;

function update(patch: Partial<NoticeView>) {
  view = { ...view, ...patch };
  for (const l of [...listeners]) l();
}

/** The current view (for `useSyncExternalStore`). */
export const noticeView = (): NoticeView => view;
export function subscribeNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const emit = (type: string, detail: unknown = {}) => page?.env.doc.dispatchEvent(new CustomEvent(type, { detail }));
const current = () => (page ? readChoice(page.env.doc.cookie, page.s.cookieName) : null);

function stateClasses(choice: boolean | null) {
  const body = page!.env.doc.body;
  body.classList.toggle('cookies-not-set', choice === null);
  body.classList.toggle('cookies-set', choice !== null);
  body.classList.toggle('cookies-accepted', choice === true);
  body.classList.toggle('cookies-refused', choice === false);
}

function showRevoke() {
  if (!page || page.framed || page.s.revoke !== 'automatic' || view.revoke) return;
  update({ revoke: true });
  page.env.doc.body.classList.add('cookie-revoke-visible');
  emit(NOTICE_EVENTS.showRevoke);
}
function hideRevoke() {
  if (!page || !view.revoke) return;
  update({ revoke: false });
  page.env.doc.body.classList.remove('cookie-revoke-visible');
  emit(NOTICE_EVENTS.hideRevoke);
}

/**
 * Keeps keyboard focus and in-page jumps from being scrolled under the open notice (WCAG 2.4.11):
 * the root's scroll padding, written only when the notice's height changes (0 when hidden). Not a
 * custom property: one on the root is inherited by every element, and writing it restyled the
 * whole page at start-up.
 */
function measure() {
  if (!page?.el) return;
  const height = page.el.offsetHeight;
  if (height === page.height) return;
  page.height = height;
  page.env.doc.documentElement.style.scrollPaddingBottom = height > 0 ? `${height + 8}px` : '';
}

function show(takeFocus: boolean) {
  if (!page || page.framed) return;
  // before hiding the revoke button, which may hold the focus; a notice that opens by itself
  // (first visit) is reached by Tab, and gives the focus to the main content when it closes
  const active = page.env.doc.activeElement;
  if (!takeFocus) page.returnFocus = null;
  else if (!page.el?.contains(active)) page.returnFocus = active;
  const wasVisible = view.open;
  clearTimeout(page.hideTimer);
  hideRevoke();
  update({ open: true, hiding: false, ...(takeFocus ? { focus: view.focus + 1 } : {}) });
  page.env.doc.body.classList.remove('cookie-notice-hiding');
  page.env.doc.body.classList.add('cookie-notice-visible');
  // before the island hydrates, the store gives the focus itself (the island does it once it is there)
  if (takeFocus && !page.owned) page.el?.focus({ preventScroll: true });
  if (!wasVisible) emit(NOTICE_EVENTS.show);
}

/** The hide effect ended (or never started): the notice is hidden. */
export function noticeHidden(): void {
  if (page) clearTimeout(page.hideTimer);
  page?.env.doc.body.classList.remove('cookie-notice-hiding');
  if (view.hiding) update({ hiding: false });
}

function hide(from: Element | null = null): boolean {
  if (!page || !view.open) return false;
  const el = page.el ?? from;
  const hadFocus = !!el?.contains(page.env.doc.activeElement);
  page.env.doc.body.classList.remove('cookie-notice-visible');
  const animate = page.s.hideEffect !== 'none' && !page.env.reducedMotion();
  update({ open: false, hiding: animate });
  // the hide effect also plays before the island hydrates (global.css)
  if (animate) page.env.doc.body.classList.add('cookie-notice-hiding');
  if (animate) page.hideTimer = setTimeout(noticeHidden, HIDE_FALLBACK_MS);
  emit(NOTICE_EVENTS.hide);
  return hadFocus;
}

function restoreFocus() {
  if (!page) return;
  const back = page.returnFocus;
  const { doc } = page.env;
  page.returnFocus = null;
  if (back instanceof HTMLElement && back.id === REVOKE_ID && view.revoke) {
    // the revoke button shows again with this choice: it takes the focus once rendered
    update({ revokeFocus: view.revokeFocus + 1 });
    return;
  }
  if (back instanceof HTMLElement && back !== doc.body && back.isConnected && !back.closest('[hidden]')) {
    back.focus({ preventScroll: true });
    return;
  }
  const main = doc.getElementById('main');
  if (main) main.focus({ preventScroll: true });
  else (doc.activeElement as HTMLElement | null)?.blur?.();
}

/**
 * Stores the visitor's choice: accept stores `true` for the accepted lifetime; reject, close and
 * Escape store `false` for the rejected lifetime. The notice hides, the revoke button shows (automatic
 * revocation), the `setCookieNotice` event tells consent listeners, and the page reloads when the
 * choice changed and redirection is on. `from` is the notice element when the visitor chose in it:
 * a key pressed while the island hydrates reaches its handler before the island's effect has
 * attached the element here, and the focus must still leave the notice for the main content.
 */
export function setChoice(action: NoticeAction, from: Element | null = null): void {
  if (!page) return;
  const { s, env } = page;
  const value = action === 'accept';
  const previous = current();
  page.disarm.splice(0).forEach((off) => off());
  writeCookie(env.doc, s.cookieName, String(value), {
    maxAge: lifetimeFor(value, s),
    path: '/',
    domain: s.globalCookie ? cookieDomain(env.win.location.hostname) : null,
    secure: env.win.location.protocol === 'https:',
    sameSite: 'Lax',
  });
  stateClasses(value);
  const hadFocus = hide(from);
  showRevoke();
  if (hadFocus) restoreFocus();
  else page.returnFocus = null;
  const detail: SetCookieNoticeDetail = { value, previous, action };
  emit(NOTICE_EVENTS.set, detail);
  if (shouldReload(previous, value, s.redirection)) env.navigate(redirectUrl(env.win.location.href, s.cache));
}

/** "Cookie settings" (or an owner-placed revoke link): the notice shows again and takes the focus. */
export function reopen(): void {
  show(true);
}

/** The notice island's element (focus return, height), attached by the hydrated island; null when it goes. */
export function attachNotice(el: HTMLElement | null): void {
  if (!page) return;
  page.owned = !!el;
  watchNotice(el);
}

function watchNotice(el: HTMLElement | null) {
  if (!page) return;
  page.ro?.disconnect();
  page.ro = null;
  page.el = el;
  // the observer reports the first size after the next layout, in a task of its own (measuring
  // here would force a layout inside the page's start-up script)
  if (el && typeof ResizeObserver === 'function') {
    page.ro = new ResizeObserver(measure);
    page.ro.observe(el);
  } else measure();
}

/**
 * Starts the page's notice once (the notice island calls it when it hydrates): shows it when no
 * choice is stored (never inside a frame), otherwise the revoke button; arms accept-on-scroll and
 * accept-on-click while no choice is stored; wires the owner-placed revoke links (also in posts
 * appended later).
 */
export function startNotice(settings: NoticeSettings, env: Partial<NoticeEnv> = {}): void {
  if (page) return;
  const doc = env.doc ?? document;
  const win = env.win ?? window;
  page = {
    s: settings,
    env: {
      doc,
      win,
      reducedMotion: env.reducedMotion ?? (() => typeof win.matchMedia === 'function' && win.matchMedia('(prefers-reduced-motion: reduce)').matches),
      navigate:
        env.navigate ??
        ((url: string) => {
          if (url === win.location.href) win.location.reload();
          else win.location.assign(url);
        }),
    },
    framed: inFrame(win),
    el: null,
    owned: false,
    returnFocus: null,
    cleanups: [],
    disarm: [],
    ro: null,
    height: 0,
  };
  const p = page;
  const on = (target: EventTarget, type: string, fn: EventListener, o?: AddEventListenerOptions) => {
    target.addEventListener(type, fn, o);
    const off = () => target.removeEventListener(type, fn, o);
    p.cleanups.push(off);
    return off;
  };
  enhance(MANUAL_REVOKE_SELECTOR, (link) => {
    if (page !== p) return;
    if (p.s.revoke === 'off' || p.framed) link.hidden = true;
    else
      on(link, 'click', (e) => {
        e.preventDefault();
        reopen();
      });
  });

  // the notice's own element, for its height and the focus, before its island hydrates (it hydrates
  // on interaction: a visit that never touches it loads no component); the island attaches it again
  const el = p.el ?? doc.getElementById(NOTICE_ID);
  if (el) {
    watchNotice(el);
    earlyChoices(p, el);
  }
  const choice = current();
  stateClasses(choice);
  if (choice !== null) {
    showRevoke();
    return;
  }
  show(false);
  if (p.framed) return;
  if (p.s.onScroll) {
    p.disarm.push(
      on(
        win,
        'scroll',
        () => {
          if (current() === null && scrolledPast(win.scrollY, p.s.onScrollOffset)) setChoice('accept');
        },
        { passive: true },
      ),
    );
  }
  if (p.s.onClick) {
    p.disarm.push(
      on(doc, 'click', (e) => {
        const t = e.target as Element | null;
        if (current() !== null || !t || t.closest?.(`#${NOTICE_ID}`) || t.closest?.(`#${REVOKE_ID}`) || t.closest?.(MANUAL_REVOKE_SELECTOR)) return;
        setChoice('accept');
      }),
    );
  }
}

/**
 * Until its island hydrates, the notice's buttons (`data-cookie-set`, the wire attributes of the
 * reference) and Escape inside it store the choice here at once: a visitor who accepts and moves on
 * right away is not waiting for React, and the choice is never lost to a quick navigation. The
 * event goes no further (React, hydrating meanwhile, does not see it) and the island runtime does
 * not replay it (`early-events.ts`). Once hydrated, the component's own handlers do this.
 */
function earlyChoices(p: NonNullable<typeof page>, el: HTMLElement) {
  const onClick = (e: Event) => {
    if (p.owned || page !== p) return;
    const action = (e.target as Element | null)?.closest?.('button[data-cookie-set]')?.getAttribute('data-cookie-set');
    if (action !== 'accept' && action !== 'reject' && action !== 'close') return;
    markHandled(e);
    e.stopPropagation();
    setChoice(action, el);
  };
  const onKey = (e: KeyboardEvent) => {
    if (p.owned || page !== p || e.key !== 'Escape' || e.defaultPrevented || !view.open) return;
    e.preventDefault();
    markHandled(e);
    e.stopPropagation();
    setChoice('close', el);
  };
  el.addEventListener('click', onClick);
  el.addEventListener('keydown', onKey);
  p.cleanups.push(() => {
    el.removeEventListener('click', onClick);
    el.removeEventListener('keydown', onKey);
  });
}

/** Ends the page's notice: every listener removed, the view closed (tests start a new page with it). */
export function stopNotice(): void {
  if (!page) return;
  clearTimeout(page.hideTimer);
  page.ro?.disconnect();
  page.disarm.splice(0).forEach((off) => off());
  page.cleanups.splice(0).forEach((off) => off());
  page = null;
  view = CLOSED;
  for (const l of [...listeners]) l();
}
