/**
 * The contact-form rule engine: Contact Form 7 6.x "schema-woven validation" (SWV) semantics, as
 * one pure module used by both the server (feedback endpoint) and the browser (validation on
 * change and before submit), so both always reach the same verdict.
 *
 * Where CF7's PHP and browser checks disagree we follow the browser semantics of SPEC 5, except
 * dates, which must be real calendar dates on both sides (NOTES, "which verdict").
 *
 * No DOM, no Node APIs: form data is read through the tiny `FormDataLike` interface, which a
 * browser `FormData` satisfies as is and a server-side map can implement in two lines
 * (see `formDataFrom`).
 */

// ---------------------------------------------------------------------------------------------
// Input

/** What the engine needs of an uploaded file; a browser `File` is one. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export type FormValue = string | FileLike;

/** The read side of `FormData`: every value submitted under one name, in order. */
export interface FormDataLike {
  getAll(name: string): FormValue[];
}

/**
 * Builds a `FormDataLike` from a plain record (server-side parsed bodies, tests). A key may hold
 * one value or a list; `undefined` means "not submitted".
 */
export function formDataFrom(record: Readonly<Record<string, FormValue | readonly FormValue[] | undefined>>): FormDataLike {
  return {
    getAll(name) {
      const v = Object.hasOwn(record, name) ? record[name] : undefined;
      if (v === undefined) return [];
      return Array.isArray(v) ? [...(v as readonly FormValue[])] : [v as FormValue];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Numbers in CF7 schemas arrive as JSON numbers or numeric strings ("100"); both are accepted. */
export type Numeric = number | string;

interface FieldRule {
  /** The field name, without the `[]` suffix of multi-value controls. */
  field: string;
  /** The message shown when the rule fails. */
  error: string;
}

export type RequiredRule = FieldRule & { rule: 'required' };
export type RequiredFileRule = FieldRule & { rule: 'requiredfile' };
export type EmailRule = FieldRule & { rule: 'email' };
export type UrlRule = FieldRule & { rule: 'url' };
export type TelRule = FieldRule & { rule: 'tel' };
export type NumberRule = FieldRule & { rule: 'number' };
export type DateRule = FieldRule & { rule: 'date' };
export type TimeRule = FieldRule & { rule: 'time' };
/** Every value must be one of `accept` (compared as strings). */
export type EnumRule = FieldRule & { rule: 'enum'; accept: readonly (string | number)[] };
/** Every date must fall on one of the ISO weekdays in `accept` (1 = Monday … 7 = Sunday). */
export type DayOfWeekRule = FieldRule & { rule: 'dayofweek'; accept: readonly Numeric[] };
/** Every file must match one of `accept`: `.pdf`, `pdf`, `application/pdf` or `image/*`. */
export type FileRule = FieldRule & { rule: 'file'; accept: readonly string[] };
export type ThresholdRule = FieldRule & {
  rule: 'minlength' | 'maxlength' | 'minnumber' | 'maxnumber' | 'minitems' | 'maxitems' | 'minfilesize' | 'maxfilesize';
  threshold: Numeric;
};
/** `threshold` is a `YYYY-MM-DD` date. */
export type DateThresholdRule = FieldRule & { rule: 'mindate' | 'maxdate'; threshold: string };
/** The value minus `base` (default 0) must be a multiple of `interval`. */
export type StepNumberRule = FieldRule & { rule: 'stepnumber'; base?: Numeric; interval: Numeric };
/**
 * Composites. `all` fails with the first failing sub-rule's error (or its own `error` when that one
 * is empty); `any` fails with its own `error` (or the first sub-rule's) when no sub-rule passes.
 * A composite reports on its `field`, which defaults to the first sub-rule's field.
 */
export interface CompositeRule {
  rule: 'all' | 'any';
  field?: string;
  error?: string;
  rules: readonly Rule[];
}

export type Rule =
  | RequiredRule
  | RequiredFileRule
  | EmailRule
  | UrlRule
  | TelRule
  | NumberRule
  | DateRule
  | TimeRule
  | EnumRule
  | DayOfWeekRule
  | FileRule
  | ThresholdRule
  | DateThresholdRule
  | StepNumberRule
  | CompositeRule;

export type RuleName = Rule['rule'];

/** What `GET contact-forms/{id}/feedback/schema` answers. */
export interface Schema {
  version: string;
  locale: string;
  rules: Rule[];
}

export interface Violation {
  error: string;
  /** The name of the rule that produced the error (a sub-rule's name inside `all`). */
  rule: string;
}

export interface ValidateOptions {
  /** Validate only the rules that concern this field (a control name; a `[]` suffix is ignored). */
  target?: string;
}

// ---------------------------------------------------------------------------------------------
// Value checks (exported for the form script and the server, which reuse them)

/** Removes the `[]` suffix multi-value controls carry (`services[]` → `services`). */
export function fieldName(name: string): string {
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

// Local parts may use the RFC 5322 "atext" characters plus dots, like WordPress's is_email().
const EMAIL_LOCAL = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const DOMAIN_LABEL = /^[a-zA-Z0-9-]+$/;

/** Email address check (WordPress `is_email()` as CF7 ports it to the browser). */
export function isEmail(input: string): boolean {
  const text = input.trim();
  if (text.length < 6) return false;
  const at = text.indexOf('@');
  // exactly one @, and not the first character
  if (at < 1 || at !== text.lastIndexOf('@')) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!EMAIL_LOCAL.test(local)) return false;
  if (domain.includes('..')) return false;
  if (/^[\s.]|[\s.]$/.test(domain)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => DOMAIN_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'));
}

/** WordPress's `wp_allowed_protocols()`, the list SPEC 5 gives. */
export const ALLOWED_URL_PROTOCOLS: readonly string[] = [
  'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed',
  'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn',
];

/** An absolute URL (WHATWG parser, identical in browsers and Node) with an allowed protocol. */
export function isUrl(input: string): boolean {
  const text = input.trim();
  if (text === '') return false;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return false;
  }
  return ALLOWED_URL_PROTOCOLS.includes(parsed.protocol.replace(/:$/, '').toLowerCase());
}

/**
 * What the url control does on change: a value typed without a scheme that contains a dot gets
 * `http://` in front (leading slashes dropped). Anything else is returned trimmed and unchanged.
 */
export function normalizeUrl(value: string): string {
  const text = value.trim();
  if (text === '' || /^[a-z][a-z0-9.+-]*:/i.test(text) || !text.includes('.')) return text;
  return `http://${text.replace(/^\/+/, '')}`;
}

/**
 * Contact Form 7's surrounding white space (Unicode's White_Space set plus U+FEFF): stripped from
 * every posted value before any rule looks at it, on both sides of the wire.
 */
const EDGE_SPACE = /^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$/g;
export const stripWhitespace = (value: string): string => value.replace(EDGE_SPACE, '');

/**
 * A telephone number as Contact Form 7 reads it: an extension after `#` or `*` is dropped, then
 * the separators (every kind of white space, hyphens, dots, parentheses, slashes); a number that
 * starts with `+` or `00` is international and is written `+` followed by its digits without
 * leading zeros: `0049 (30) 123-4567 #12` → `+49301234567`.
 */
export function normalizeTel(value: string): string {
  const compact = value.replace(/[#*].*$/su, '').replace(/[\s\-.()/]+/gu, '');
  return compact.startsWith('+') || compact.startsWith('00') ? `+${compact.replace(/^[+0]+/, '')}` : compact;
}

/**
 * Telephone number: after `normalizeTel`, an optional leading `+` then digits only, 6 to 15
 * characters in all (the `+` counts, as in Contact Form 7).
 */
export function isTel(input: string): boolean {
  const tel = normalizeTel(stripWhitespace(input));
  return /^\+?[0-9]+$/.test(tel) && tel.length >= 6 && tel.length <= 15;
}

/** Integer or decimal with an optional minus and exponent, as Contact Form 7: `-12`, `.5`, `1e3`, `2.5E-4` (no `+`). */
export function isNumber(input: string): boolean {
  return /^-?(?:[0-9]+|[0-9]*\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(stripWhitespace(input));
}

/** Splits a valid `YYYY-MM-DD` calendar date into numbers, or returns null. */
function parseDate(input: string): { y: number; m: number; d: number } | null {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(input.trim());
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (y < 1 || m < 1 || m > 12 || d < 1) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
  return d <= daysInMonth ? { y, m, d } : null;
}

/** `YYYY-MM-DD` naming a real day of the (proleptic Gregorian) calendar. */
export function isDate(input: string): boolean {
  return parseDate(input) !== null;
}

/** `HH:MM` or `HH:MM:SS`, hours 00–23, minutes and seconds 00–59. */
export function isTime(input: string): boolean {
  return /^(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?$/.test(input.trim());
}

/**
 * ISO weekday (1 = Monday … 7 = Sunday) of a `YYYY-MM-DD` date, computed in UTC from the date's
 * own numbers so the visitor's or the server's time zone can never shift it. Null if invalid.
 */
export function isoWeekday(input: string): number | null {
  const date = parseDate(input);
  if (!date) return null;
  const utc = new Date(0);
  // setUTCFullYear keeps years 1–99 literal (Date.UTC would map them to 1900–1999).
  utc.setUTCFullYear(date.y, date.m - 1, date.d);
  const sundayBased = utc.getUTCDay();
  return sundayBased === 0 ? 7 : sundayBased;
}

// Extensions of the MIME types a form is likely to accept, so a type entry such as `image/*`
// also matches by file name (a server may not trust or know the browser-sent type).
const MIME_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'image/bmp': ['bmp'],
  'image/tiff': ['tif', 'tiff'],
  'image/heic': ['heic'],
  'image/svg+xml': ['svg'],
  'image/x-icon': ['ico'],
  'audio/mpeg': ['mp3', 'm4a', 'm4b'],
  'audio/aac': ['aac'],
  'audio/wav': ['wav'],
  'audio/ogg': ['ogg', 'oga'],
  'audio/flac': ['flac'],
  'audio/midi': ['mid', 'midi'],
  'video/mp4': ['mp4', 'm4v'],
  'video/mpeg': ['mpeg', 'mpg', 'mpe'],
  'video/quicktime': ['mov', 'qt'],
  'video/webm': ['webm'],
  'video/ogg': ['ogv'],
  'video/x-msvideo': ['avi'],
  'text/plain': ['txt', 'asc'],
  'text/csv': ['csv'],
  'text/calendar': ['ics'],
  'application/pdf': ['pdf'],
  'application/rtf': ['rtf'],
  'application/zip': ['zip'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-powerpoint': ['ppt', 'pps'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
};

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Whether a file matches one accept entry: an extension (`.pdf` or `pdf`), an exact MIME type
 * (`application/pdf`) or a MIME wildcard (`image/*`). A MIME entry matches the file's type or,
 * failing that, the extensions known for that type.
 */
export function fileMatches(file: FileLike, accept: string): boolean {
  const entry = accept.trim().toLowerCase();
  if (entry === '') return false;
  const ext = extensionOf(file.name);
  if (!entry.includes('/')) return ext !== '' && ext === entry.replace(/^\./, '');
  const type = file.type.trim().toLowerCase();
  const wildcard = entry.endsWith('/*') ? entry.slice(0, -1) : null; // 'image/'
  if (wildcard ? type.startsWith(wildcard) : type === entry) return true;
  return Object.entries(MIME_EXTENSIONS).some(
    ([mime, exts]) => (wildcard ? mime.startsWith(wildcard) : mime === entry) && exts.includes(ext),
  );
}

// ---------------------------------------------------------------------------------------------
// The engine

const isFile = (v: FormValue): v is FileLike => typeof v !== 'string';
const isBlank = (v: FormValue): boolean => (isFile(v) ? v.name === '' : stripWhitespace(v) === '');

function toNumber(value: Numeric | undefined, fallback = Number.NaN): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number') return value;
  return value.trim() === '' ? fallback : Number(value);
}

/** All values of a field, whether submitted as `name` or as `name[]`. */
function valuesOf(data: FormDataLike, field: string): FormValue[] {
  const base = fieldName(field);
  return [...data.getAll(base), ...data.getAll(`${base}[]`)];
}

/** Non-blank text values, trimmed: what the value rules look at (they pass on empty values). */
function textValues(data: FormDataLike, field: string): string[] {
  return valuesOf(data, field)
    .filter((v): v is string => typeof v === 'string')
    .map(stripWhitespace)
    .filter((v) => v !== '');
}

/** Chosen files (an empty file input submits a nameless, empty file, which is no file). */
function fileValues(data: FormDataLike, field: string): FileLike[] {
  return valuesOf(data, field).filter((v): v is FileLike => isFile(v) && v.name !== '');
}

/** Whether one simple (non-composite) rule passes. Unknown rule names pass. */
function passes(rule: Exclude<Rule, CompositeRule>, data: FormDataLike): boolean {
  const { field } = rule;
  switch (rule.rule) {
    case 'required':
      return valuesOf(data, field).some((v) => !isFile(v) && !isBlank(v));
    case 'requiredfile':
      return fileValues(data, field).length > 0;
    case 'email':
      return textValues(data, field).every(isEmail);
    case 'url':
      return textValues(data, field).every(isUrl);
    case 'tel':
      return textValues(data, field).every(isTel);
    case 'number':
      return textValues(data, field).every(isNumber);
    case 'date':
      return textValues(data, field).every(isDate);
    case 'time':
      return textValues(data, field).every(isTime);
    case 'enum': {
      const accepted = new Set((rule.accept ?? []).map(String));
      // compared untrimmed: option values are sent exactly as rendered
      return valuesOf(data, field).every((v) => isBlank(v) || (typeof v === 'string' && accepted.has(v)));
    }
    case 'dayofweek': {
      const accepted = new Set((rule.accept ?? []).map((d) => toNumber(d)));
      // invalid dates are the date rule's business
      return textValues(data, field).every((v) => {
        const day = isoWeekday(v);
        return day === null || accepted.has(day);
      });
    }
    case 'file':
      return fileValues(data, field).every((f) => (rule.accept ?? []).some((a) => fileMatches(f, a)));
    case 'minlength':
    case 'maxlength': {
      // Total characters (UTF-16 code units, like the browser's maxlength) across all values, each
      // without its surrounding white space (as Contact Form 7 strips it). A line break counts
      // once: the browser's FormData holds "\n" but a submitted multipart body carries "\r\n", and
      // server and browser must agree.
      const total = valuesOf(data, field).reduce((sum, v) => sum + (typeof v === 'string' ? stripWhitespace(v).replace(/\r\n?/g, '\n').length : 0), 0);
      const threshold = toNumber(rule.threshold);
      if (rule.rule === 'minlength') return total === 0 || !(total < threshold);
      return !(total > threshold);
    }
    case 'minnumber':
    case 'maxnumber': {
      const threshold = toNumber(rule.threshold);
      // non-numbers are the number rule's business
      return textValues(data, field)
        .filter(isNumber)
        .every((v) => (rule.rule === 'minnumber' ? !(Number(v) < threshold) : !(Number(v) > threshold)));
    }
    case 'mindate':
    case 'maxdate': {
      // valid YYYY-MM-DD strings sort like the dates they name
      if (!isDate(rule.threshold)) return true;
      const threshold = rule.threshold.trim();
      return textValues(data, field)
        .filter(isDate)
        .every((v) => (rule.rule === 'mindate' ? v >= threshold : v <= threshold));
    }
    case 'minitems':
    case 'maxitems': {
      const count = valuesOf(data, field).filter((v) => !isBlank(v)).length;
      const threshold = toNumber(rule.threshold);
      return rule.rule === 'minitems' ? !(count < threshold) : !(count > threshold);
    }
    case 'minfilesize':
    case 'maxfilesize': {
      const files = fileValues(data, field);
      if (files.length === 0) return true;
      const total = files.reduce((sum, f) => sum + f.size, 0);
      const threshold = toNumber(rule.threshold);
      return rule.rule === 'minfilesize' ? !(total < threshold) : !(total > threshold);
    }
    case 'stepnumber': {
      const interval = toNumber(rule.interval);
      const base = toNumber(rule.base, 0);
      if (!(interval > 0) || !Number.isFinite(base)) return true;
      return textValues(data, field)
        .filter(isNumber)
        .every((v) => {
          // remainder of |value − base| by the interval, allowing float noise at six decimals:
          // 0.3 − 0 by 0.1 leaves 0.0999…98, which is "one whole interval" at that precision.
          const remainder = Math.abs(Number(v) - base) % interval;
          return round6(remainder) === 0 || round6(interval - remainder) === 0;
        });
    }
    default:
      return true;
  }
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

const isComposite = (rule: Rule): rule is CompositeRule => rule.rule === 'all' || rule.rule === 'any';

/** Schemas come over the network: a rule must at least have a name, and a field or sub-rules. */
function isWellFormed(rule: unknown): rule is Rule {
  if (typeof rule !== 'object' || rule === null) return false;
  const r = rule as { rule?: unknown; field?: unknown; rules?: unknown };
  if (typeof r.rule !== 'string') return false;
  if (r.rule === 'all' || r.rule === 'any') {
    return (r.field === undefined || typeof r.field === 'string') && Array.isArray(r.rules) && r.rules.every(isWellFormed);
  }
  return typeof r.field === 'string';
}

/** The field a rule reports on. */
function keyOf(rule: Rule): string | undefined {
  if (!isComposite(rule)) return fieldName(rule.field);
  if (rule.field) return fieldName(rule.field);
  const first = rule.rules?.[0];
  return first ? keyOf(first) : undefined;
}

/** Whether a rule (or any rule inside a composite) concerns the field. */
function concerns(rule: Rule, field: string): boolean {
  if (!isComposite(rule)) return fieldName(rule.field) === field;
  return (rule.field !== undefined && fieldName(rule.field) === field) || (rule.rules ?? []).some((r) => concerns(r, field));
}

interface Failure extends Violation {
  field: string;
}

/** Evaluates one rule; null when it passes. */
function evaluate(rule: Rule, data: FormDataLike): Failure | null {
  if (!isComposite(rule)) {
    return passes(rule, data) ? null : { field: fieldName(rule.field), error: rule.error, rule: rule.rule };
  }
  const field = keyOf(rule);
  const subRules = rule.rules ?? [];
  if (field === undefined) return null;
  if (rule.rule === 'all') {
    for (const sub of subRules) {
      const failure = evaluate(sub, data);
      if (failure) return failure.error ? { ...failure, field } : { field, error: rule.error ?? '', rule: 'all' };
    }
    return null;
  }
  // any: passes as soon as one sub-rule passes (an empty list has nothing to pass)
  let first: Failure | null = null;
  for (const sub of subRules) {
    const failure = evaluate(sub, data);
    if (!failure) return null;
    first ??= failure;
  }
  return { field, error: rule.error || first?.error || '', rule: 'any' };
}

/**
 * Validates form data against a schema. Rules run in order and the first failure per field wins.
 * Returns only the failing fields: field name (without `[]`) → error message and rule name.
 */
export function validate(schema: Pick<Schema, 'rules'>, formData: FormDataLike, options: ValidateOptions = {}): Map<string, Violation> {
  const target = options.target === undefined ? undefined : fieldName(options.target);
  const result = new Map<string, Violation>();
  for (const rule of schema.rules ?? []) {
    if (!isWellFormed(rule)) continue;
    if (target !== undefined && !concerns(rule, target)) continue;
    const key = keyOf(rule);
    if (key === undefined || result.has(key)) continue;
    const failure = evaluate(rule, formData);
    if (failure) result.set(key, { error: failure.error, rule: failure.rule });
  }
  return result;
}
