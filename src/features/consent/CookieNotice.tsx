import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Translate } from '../../i18n/index.ts';
import type { CookieNoticeSettings } from '../site/settings.ts';
import { CLOSED, NOTICE_ID, REVOKE_ID, attachNotice, noticeHidden, noticeView, reopen, setChoice, startNotice, subscribeNotice, type NoticeAction, type NoticeSettings } from './notice.ts';

export interface CookieNoticeProps {
  settings: NoticeSettings;
  privacyUrl: string;
  /** localised strings (the text is the site owner's, or the built-in wording) */
  labels: { title: string; text: string; privacy: string; accept: string; reject: string; close: string };
}

/** The notice island's props from the settings (server side). */
export function cookieNoticeProps(t: Translate, c: CookieNoticeSettings): CookieNoticeProps {
  const { cookieName, acceptedLifetime, rejectedLifetime, globalCookie, onScroll, onScrollOffset, onClick, redirection, cache, revoke, hideEffect } = c;
  return {
    settings: { cookieName, acceptedLifetime, rejectedLifetime, globalCookie, onScroll, onScrollOffset, onClick, redirection, cache, revoke, hideEffect },
    privacyUrl: c.privacyUrl,
    labels: { title: t('consent.title'), text: c.text || t('consent.text'), privacy: t('consent.privacy'), accept: t('consent.accept'), reject: t('consent.reject'), close: t('consent.close') },
  };
}

const useNoticeView = () => useSyncExternalStore(subscribeNotice, noticeView, () => CLOSED);

/**
 * Cookie-consent notice (island `cookie-notice`, SPEC 4): a non-modal dialog placed right after the
 * skip link, so keyboard and screen-reader users meet it first without the page taking their focus
 * away; drawn fixed at the bottom of the window. The server renders it hidden (cached pages never
 * flash it); the page's notice (`notice.ts`, started by the first script, or here) opens it when no
 * choice is stored. Accept, Reject, Close and Escape store the choice; the hide effect (none, fade, slide)
 * plays before it hides. Reopened by "Cookie settings", it takes the focus.
 *
 * Both islands hydrate on interaction: the notice shows, and its buttons and Escape work, through
 * the page's notice store before that (`notice.ts`), so a visit that only accepts loads no React.
 */
export function CookieNotice({ settings, privacyUrl, labels }: CookieNoticeProps) {
  const view = useNoticeView();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    startNotice(settings);
    attachNotice(ref.current);
    return () => attachNotice(null);
  }, [settings]);
  useEffect(() => {
    if (view.focus > 0) ref.current?.focus({ preventScroll: true });
  }, [view.focus]);
  useEffect(() => {
    // the end of the hide effect, on the notice itself (not an animation of its content)
    const el = ref.current;
    if (!el || !view.hiding) return;
    const end = (e: Event) => {
      if (e.target === el) noticeHidden();
    };
    el.addEventListener('animationend', end);
    return () => el.removeEventListener('animationend', end);
  }, [view.hiding]);
  const choose = (action: NoticeAction) => () => setChoice(action, ref.current);
  return (
    <div
      ref={ref}
      id={NOTICE_ID}
      className={`cookie-notice${view.hiding ? ' is-hiding' : ''}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-notice-title"
      aria-describedby="cookie-notice-text"
      tabIndex={-1}
      data-effect={settings.hideEffect}
      hidden={!view.open && !view.hiding}
      onKeyDown={(e) => {
        // the store, not this render: a key pressed before hydration is replayed right after it
        if (e.key !== 'Escape' || e.defaultPrevented || !noticeView().open) return;
        e.preventDefault();
        setChoice('close', ref.current);
      }}
    >
      <div className="cookie-notice__inner container">
        <h2 id="cookie-notice-title" className="cookie-notice__title">
          {labels.title}
        </h2>
        <p id="cookie-notice-text">
          {labels.text} <a href={privacyUrl}>{labels.privacy}</a>
        </p>
        <div className="cookie-notice__actions">
          <button type="button" className="btn" data-cookie-set="accept" onClick={choose('accept')}>
            {labels.accept}
          </button>
          <button type="button" className="btn btn--ghost" data-cookie-set="reject" onClick={choose('reject')}>
            {labels.reject}
          </button>
        </div>
        <button type="button" className="icon-btn cookie-notice__close" data-cookie-set="close" aria-label={labels.close} onClick={choose('close')}>
          ×
        </button>
      </div>
    </div>
  );
}

/**
 * "Cookie settings" (island `cookie-revoke`): shown after a choice with automatic revocation; it
 * reopens the notice, and takes the focus back when a choice made there closes it.
 */
export function CookieRevoke({ label }: { label: string }) {
  const view = useNoticeView();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (view.revokeFocus > 0) ref.current?.focus({ preventScroll: true });
  }, [view.revokeFocus]);
  return (
    <button ref={ref} type="button" id={REVOKE_ID} className="cookie-revoke" hidden={!view.revoke} onClick={reopen}>
      {label}
    </button>
  );
}
