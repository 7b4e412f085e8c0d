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

const DATE_STYLES = {
  /** "October 29, 2026": article headers, date archives */
  long: { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
  /** "Oct 29, 2026": post cards */
  short: { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' },
  /** "October 2026": month archives */
  month: { year: 'numeric', month: 'long', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Building a formatter costs far more than using one (it loads locale data), and a page formats
// dozens of dates: one formatter per locale and style, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Dates shown to readers, in the site's locale. */
export function formatDate(iso: string, locale = 'en', style: keyof typeof DATE_STYLES = 'long'): string {
  const key = `${locale}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, DATE_STYLES[style]);
    formatters.set(key, f);
  }
  return f.format(new Date(iso));
}
