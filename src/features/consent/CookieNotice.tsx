import type { Translate } from '../../i18n/index.ts';

/**
 * Cookie-consent notice, rendered hidden: the consent script shows it when no choice is stored
 * (never inside a frame), so cached pages never flash it. It is a non-modal dialog placed right
 * after the skip link, so keyboard and screen-reader users meet it first without the page taking
 * their focus away; it is drawn fixed at the bottom of the window.
 */
export function CookieNotice({ t, privacyUrl, text = '' }: { t: Translate; privacyUrl: string; text?: string }) {
  return (
    <div id="cookie-notice" className="cookie-notice" role="dialog" aria-modal="false" aria-labelledby="cookie-notice-title" aria-describedby="cookie-notice-text" tabIndex={-1} hidden>
      <div className="cookie-notice__inner container">
        <h2 id="cookie-notice-title" className="cookie-notice__title">
          {t('consent.title')}
        </h2>
        <p id="cookie-notice-text">
          {text || t('consent.text')} <a href={privacyUrl}>{t('consent.privacy')}</a>
        </p>
        <div className="cookie-notice__actions">
          <button type="button" className="btn" data-cookie-set="accept">
            {t('consent.accept')}
          </button>
          <button type="button" className="btn btn--ghost" data-cookie-set="reject">
            {t('consent.reject')}
          </button>
        </div>
        <button type="button" className="icon-btn cookie-notice__close" data-cookie-set="close" aria-label={t('consent.close')}>
          ×
        </button>
      </div>
    </div>
  );
}

/** The revoke button ("Cookie settings"), shown by the script after a choice with automatic revocation. */
export function CookieRevoke({ t }: { t: Translate }) {
  return (
    <button type="button" id="cookie-revoke" className="cookie-revoke" hidden>
      {t('consent.revoke')}
    </button>
  );
}
