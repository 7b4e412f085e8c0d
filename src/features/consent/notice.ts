import type { CookieNoticeSettings } from '../site/settings.ts';
import { cookieDomain, lifetimeFor, readChoice, redirectUrl, writeCookie } from './cookies.ts';
import { NOTICE_EVENTS, type SetCookieNoticeDetail } from './consent.ts';

/**
 * The cookie-consent notice (SPEC 4, NOTES "Cookie consent and GDPR notices"): a non-modal dialog
 * rendered hidden by the server (#cookie-notice, buttons `data-cookie-set="accept|reject|close"`)
 * and a revoke button (#cookie-revoke, "Cookie settings").
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

export interface NoticeController {
  /** the stored choice (null: none) */
  choice(): boolean | null;
  visible(): boolean;
  revokeVisible(): boolean;
  /** shows the notice and moves focus to it (as the revoke button does) */
  show(): void;
  set(action: NoticeAction): void;
  /** removes every listener (tests) */
  destroy(): void;
}

export interface NoticeOptions {
  settings: NoticeSettings;
  doc?: Document;
  win?: Window;
  reducedMotion?: () => boolean;
  /** goes to `url`, or reloads when it is the current address (tests replace it) */
  navigate?: (url: string) => void;
}

export function inFrame(win: Window): boolean {
  try {
    return win.top !== win.self;
  } catch {
    return true; // a cross-origin parent: certainly framed
  }
}

export function initCookieNotice(opts: NoticeOptions): NoticeController | null {
  const doc = opts.doc ?? document;
  const win = opts.win ?? window;
  const s = opts.settings;
  const notice = doc.getElementById('cookie-notice');
  if (!notice) return null;
  const revoke = doc.getElementById('cookie-revoke');
  const body = doc.body;
  const framed = inFrame(win);
  const reduced = opts.reducedMotion ?? (() => typeof win.matchMedia === 'function' && win.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const navigate =
    opts.navigate ??
    ((url: string) => {
      if (url === win.location.href) win.location.reload();
      else win.location.assign(url);
    });
  const cleanups: (() => void)[] = [];
  const on = (target: EventTarget, type: string, fn: EventListener, o?: AddEventListenerOptions) => {
    target.addEventListener(type, fn, o);
    const off = () => target.removeEventListener(type, fn, o);
    cleanups.push(off);
    return off;
  };
  const emit = (type: string, detail: unknown = {}) => doc.dispatchEvent(new CustomEvent(type, { detail }));

  let returnFocus: Element | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const current = () => readChoice(doc.cookie, s.cookieName);

  notice.dataset.effect = s.hideEffect;
  if (!notice.hasAttribute('tabindex')) notice.tabIndex = -1;

  const stateClasses = (choice: boolean | null) => {
    body.classList.toggle('cookies-not-set', choice === null);
    body.classList.toggle('cookies-set', choice !== null);
    body.classList.toggle('cookies-accepted', choice === true);
    body.classList.toggle('cookies-refused', choice === false);
  };

  const visible = () => !notice.hidden && !notice.classList.contains('is-hiding');
  const revokeVisible = () => !!revoke && !revoke.hidden;

  const showRevoke = () => {
    if (framed || s.revoke !== 'automatic' || !revoke || revokeVisible()) return;
    revoke.hidden = false;
    body.classList.add('cookie-revoke-visible');
    emit(NOTICE_EVENTS.showRevoke);
  };
  const hideRevoke = () => {
    if (!revoke || !revokeVisible()) return;
    revoke.hidden = true;
    body.classList.remove('cookie-revoke-visible');
    emit(NOTICE_EVENTS.hideRevoke);
  };

  // Keeps other fixed bars (the GDPR bar) above the notice while it is open.
  const measure = () => doc.documentElement.style.setProperty('--cookie-notice-h', `${notice.offsetHeight}px`);
  if (typeof ResizeObserver === 'function') {
    const ro = new ResizeObserver(measure);
    ro.observe(notice);
    cleanups.push(() => ro.disconnect());
  }

  const show = (takeFocus: boolean) => {
    if (framed) return;
    // before hiding the revoke button, which may hold the focus
    const active = doc.activeElement;
    if (!notice.contains(active)) returnFocus = active;
    const wasVisible = visible();
    cancelHide();
    hideRevoke();
    notice.hidden = false;
    measure();
    body.classList.add('cookie-notice-visible');
    if (takeFocus) notice.focus({ preventScroll: true });
    if (!wasVisible) emit(NOTICE_EVENTS.show);
  };

  // a hide animation in progress: its end (or the fallback timer) finishes the hiding
  let onAnimationEnd: ((e: Event) => void) | null = null;
  const cancelHide = () => {
    clearTimeout(hideTimer);
    if (onAnimationEnd) notice.removeEventListener('animationend', onAnimationEnd);
    onAnimationEnd = null;
    notice.classList.remove('is-hiding');
  };

  const hide = () => {
    if (!visible()) return false;
    const hadFocus = notice.contains(doc.activeElement);
    body.classList.remove('cookie-notice-visible');
    const done = () => {
      cancelHide();
      notice.hidden = true;
    };
    if (s.hideEffect === 'none' || reduced()) done();
    else {
      notice.classList.add('is-hiding');
      onAnimationEnd = (e) => {
        if (e.target === notice) done();
      };
      notice.addEventListener('animationend', onAnimationEnd);
      hideTimer = setTimeout(done, HIDE_FALLBACK_MS);
    }
    emit(NOTICE_EVENTS.hide);
    return hadFocus;
  };

  const restoreFocus = () => {
    const back = returnFocus;
    returnFocus = null;
    if (back instanceof HTMLElement && back !== body && back.isConnected && !back.closest('[hidden]')) {
      back.focus({ preventScroll: true });
      return;
    }
    const main = doc.getElementById('main');
    if (main) main.focus({ preventScroll: true });
    else (doc.activeElement as HTMLElement | null)?.blur?.();
  };

  const disarm: (() => void)[] = [];
  const disarmAuto = () => disarm.splice(0).forEach((off) => off());

  const set = (action: NoticeAction) => {
    const value = action === 'accept';
    const previous = current();
    disarmAuto();
    writeCookie(doc, s.cookieName, String(value), {
      maxAge: lifetimeFor(value, s),
      path: '/',
      domain: s.globalCookie ? cookieDomain(win.location.hostname) : null,
      secure: win.location.protocol === 'https:',
      sameSite: 'Lax',
    });
    stateClasses(value);
    const hadFocus = hide();
    showRevoke();
    if (hadFocus) restoreFocus();
    else returnFocus = null;
    const detail: SetCookieNoticeDetail = { value, previous, action };
    emit(NOTICE_EVENTS.set, detail);
    if (shouldReload(previous, value, s.redirection)) navigate(redirectUrl(win.location.href, s.cache));
  };

  // Buttons, Escape, revoke.
  on(notice, 'click', (e) => {
    const btn = (e.target as Element | null)?.closest<HTMLElement>('[data-cookie-set]');
    const action = btn?.dataset.cookieSet;
    if (action === 'accept' || action === 'reject' || action === 'close') {
      e.preventDefault();
      set(action);
    }
  });
  on(notice, 'keydown', (e) => {
    const k = e as KeyboardEvent;
    if (k.key === 'Escape' && !k.defaultPrevented && visible()) {
      k.preventDefault();
      set('close');
    }
  });
  const reopen = (e: Event) => {
    e.preventDefault();
    show(true);
  };
  if (revoke) on(revoke, 'click', reopen);
  for (const link of doc.querySelectorAll<HTMLElement>(MANUAL_REVOKE_SELECTOR)) {
    if (s.revoke === 'off' || framed) link.hidden = true;
    else on(link, 'click', reopen);
  }

  const choice = current();
  stateClasses(choice);
  if (choice === null) {
    show(false);
    if (!framed && s.onScroll) {
      disarm.push(
        on(
          win,
          'scroll',
          () => {
            if (current() === null && scrolledPast(win.scrollY, s.onScrollOffset)) set('accept');
          },
          { passive: true },
        ),
      );
    }
    if (!framed && s.onClick) {
      disarm.push(
        on(doc, 'click', (e) => {
          const t = e.target as Element | null;
          if (current() !== null || !t || notice.contains(t) || revoke?.contains(t) || t.closest?.(MANUAL_REVOKE_SELECTOR)) return;
          set('accept');
        }),
      );
    }
  } else showRevoke();

  return {
    choice: current,
    visible,
    revokeVisible,
    show: () => show(true),
    set,
    destroy() {
      cancelHide();
      disarmAuto();
      cleanups.splice(0).forEach((off) => off());
    },
  };
}
