import type { Translate } from '../../i18n/index.ts';

/**
 * Cookie-consent notice and its revoke link, rendered hidden: the consent script shows it when
 * no choice is stored (never inside a frame), so cached pages never flash it.
 */
export function CookieNotice({ t, privacyUrl }: { t: Translate; privacyUrl: string }) {
  return (
    <>
      <div id="cookie-notice" className="cookie-notice" role="dialog" aria-modal="false" aria-labelledby="cookie-notice-title" aria-describedby="cookie-notice-text" hidden>
        <div className="cookie-notice__inner container">
          <h2 id="cookie-notice-title" className="cookie-notice__title">
            {t('consent.title')}
          </h2>
          <p id="cookie-notice-text">
            {t('consent.text')} <a href={privacyUrl}>{t('consent.privacy')}</a>
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
      <button type="button" id="cookie-revoke" className="cookie-revoke" hidden>
        {t('consent.revoke')}
      </button>
    </>
  );
}
