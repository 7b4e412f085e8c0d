import { Component, type ReactNode } from 'react';
import { translator } from '../../i18n/index.ts';

/** A screen that crashes shows a message and a reload button; the rest of the admin keeps working. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error(error);
  }
  override render() {
    if (!this.state.error) return this.props.children;
    const t = translator('en');
    const chunk = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(this.state.error.message);
    return (
      <div className="adm-notice adm-notice--error" role="alert">
        <p>{chunk ? t('admin.screenOutdated') : t('admin.screenCrashed')}</p>
        <button type="button" className="adm-btn" onClick={() => window.location.reload()}>
          {t('admin.reload')}
        </button>
      </div>
    );
  }
}
