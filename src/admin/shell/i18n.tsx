import { createContext, useContext } from 'react';
import { translator, type Translate } from '../../i18n/index.ts';

/** The admin's strings come from the same dictionary as the site's (src/i18n). */
const I18n = createContext<Translate>(translator('en'));
export const I18nProvider = I18n.Provider;
export const useT = () => useContext(I18n);

/** Dates and times in the admin, in the viewer's own time zone. */
export function formatDateTime(iso: string, locale = 'en'): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
export function formatDay(iso: string, locale = 'en'): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(d);
}
