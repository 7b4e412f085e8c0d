import { en, type Dictionary, type MessageKey } from './en.ts';

export type { MessageKey, Dictionary };

const dictionaries: Record<string, Dictionary> = { en };

/** The dictionary of a locale (falls back to English). */
export function dictionary(locale: string): Dictionary {
  return dictionaries[locale] ?? dictionaries[locale.split(/[-_]/)[0] ?? 'en'] ?? en;
}

/** Fills `{name}` placeholders. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(locale = 'en'): Translate {
  const d = dictionary(locale);
  return (key, params) => format(d[key] ?? en[key], params);
}

/** Dates shown to readers, in the site's locale. */
export function formatDate(iso: string, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}
