import type { Translate } from '../../i18n/index.ts';

/** GDPR notice bar, rendered closed (no flash); the script opens it when the cookie is absent or '1'. */
export function GdprBar({ t, privacyUrl, text = '' }: { t: Translate; privacyUrl: string; text?: string }) {
  return (
    <div id="gdpr-bar" className="gdpr-bar" data-state="closed" role="region" aria-label={t('gdpr.label')}>
      <button type="button" className="gdpr-bar__toggle" aria-expanded="false" aria-controls="gdpr-bar-panel">
        {t('gdpr.toggle')}
      </button>
      <div id="gdpr-bar-panel" className="gdpr-bar__panel" hidden>
        <p>
          {text || t('gdpr.text')} <a href={privacyUrl}>{t('gdpr.privacy')}</a>
        </p>
        <button type="button" className="btn gdpr-bar__accept">
          {t('gdpr.accept')}
        </button>
      </div>
    </div>
  );
}
