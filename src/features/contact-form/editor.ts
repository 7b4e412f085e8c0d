/**
 * The admin's contact-form editor, as pure logic shared by the screen (live warnings, the tag
 * inserter) and the server (a save is refused with the same findings): a form is written as a
 * Contact Form 7 template (`[email* your-email]` …), read into this feature's field model with the
 * WordPress import's parser (features/wxr/cf7.ts), and checked here.
 *
 * Findings are errors (the form would break: it is not saved) or warnings (saved, but likely a
 * mistake): unknown tags, duplicate or missing field names, mail placeholders that name no field,
 * a form without a submit button. Each finding carries a message key of src/i18n/en.ts and its
 * parameters, so the screen and the server word it identically.
 */
import { fieldsToTemplate, parseFormTemplate } from '../wxr/cf7.ts';
import { additionalSettingLines, ADDITIONAL_SETTINGS, DEFAULT_MESSAGES, formDefinitionSchema, type FormDefinition, type FormDefinitionInput, type FormField, type MailTemplate, type MessageKey } from './definition.ts';
import type { MessageKey as TextKey, Translate } from '../../i18n/index.ts';
import { addressList, headerLines } from './mail-headers.ts';
import { templateLayout } from './template.ts';

/** Mail (2) as the editor holds it: every part a string, switched on or off. */
export interface SecondMailDraft {
  active: boolean;
  to: string;
  from?: string | undefined;
  subject: string;
  body: string;
  headers?: string | undefined;
}

/** What the editor sends: the form as a template, its mail, Mail (2), its messages and additional settings. */
export interface FormDraft {
  title: string;
  template: string;
  mail: MailTemplate;
  mail2: SecondMailDraft;
  messages: Partial<Record<MessageKey, string>>;
  additionalSettings: string;
}

/** Mail (2) before anyone wrote one: off, with Contact Form 7's autoresponder to the sender as a start. */
export const STARTER_MAIL2: SecondMailDraft = {
  active: false,
  to: '[your-email]',
  subject: '[_site_title]: we received your message',
  body: 'Thank you for your message. This is a copy of what you sent:\n\n[your-message]\n\n-- \nThis email is a receipt for your contact form submission on [_site_title] ([_site_url]).',
  headers: 'Reply-To: [_site_admin_email]',
};

export type FormIssueCode =
  | 'unknownTag'
  | 'badName'
  | 'duplicateName'
  | 'noOptions'
  | 'noQuestion'
  | 'noFields'
  | 'noSubmit'
  | 'mailEmpty'
  | 'unknownPlaceholder'
  | 'mail2Empty'
  | 'mail2Placeholder'
  | 'unknownSetting'
  | 'badSetting'
  | 'unknownHeader'
  | 'badHeader'
  | 'templateFallback'
  | 'invalid';

export interface FormIssue {
  severity: 'error' | 'warning';
  code: FormIssueCode;
  /** where it is: `template`, `mail.to`, `mail.subject` … */
  where: string;
  params: Record<string, string>;
}

/** Special mail tags the submission pipeline fills in (submission.server.ts). */
export const SPECIAL_MAIL_TAGS = ['_site_title', '_site_url', '_site_admin_email', '_remote_ip', '_user_agent', '_url', '_date', '_time', '_serial', '_post_id'] as const;

export const MAIL_PARTS = ['to', 'from', 'subject', 'headers', 'body'] as const satisfies readonly (keyof MailTemplate)[];

/** The names a template's fields answer to in mail (`[your-name]`), in order. */
export const fieldNames = (fields: readonly FormField[]) => fields.flatMap((f) => (f.type === 'submit' || f.type === 'note' ? [] : [f.name]));

/** `[name]` placeholders of a mail text, in order of appearance, each once. */
export function placeholdersIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/\[(_?[A-Za-z][A-Za-z0-9_-]*)\]/g)) out.add(m[1]!);
  return [...out];
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Reads a template and finds everything wrong with the draft. Pure; the same on both sides. */
export function checkForm(draft: Pick<FormDraft, 'template' | 'mail'> & Partial<Pick<FormDraft, 'mail2' | 'additionalSettings'>>): { fields: FormField[]; issues: FormIssue[] } {
  const { fields, dropped } = parseFormTemplate(draft.template);
  const issues: FormIssue[] = [];
  const add = (severity: FormIssue['severity'], code: FormIssueCode, where: string, params: Record<string, string> = {}) => issues.push({ severity, code, where, params });

  for (const tag of dropped) add('warning', 'unknownTag', 'template', { tag });
  const seen = new Set<string>();
  const reported = new Set<string>();
  for (const f of fields) {
    if (f.type === 'submit' || f.type === 'note') continue;
    if (!NAME.test(f.name)) {
      add('error', 'badName', 'template', { type: f.type === 'captcha' ? 'captchar' : f.type, name: f.name });
      continue;
    }
    if (seen.has(f.name) && !reported.has(f.name)) {
      add('error', 'duplicateName', 'template', { name: f.name });
      reported.add(f.name);
    }
    seen.add(f.name);
    if ((f.type === 'select' || f.type === 'checkbox' || f.type === 'radio') && f.options.length === 0) add('error', 'noOptions', 'template', { type: f.type, name: f.name });
    if (f.type === 'quiz' && (f.questions.length === 0 || f.questions.some((q) => !q.question.trim() || !q.answers.some((a) => a.trim())))) add('error', 'noQuestion', 'template', { name: f.name });
  }
  // markup that cannot hold the controls where their tags are: drawn from the fields instead (template.ts)
  if (draft.template.trim() && fields.length && templateLayout(draft.template, fields) === null) add('warning', 'templateFallback', 'template');
  if (!fields.some((f) => f.type !== 'note')) add('error', 'noFields', 'template');
  else if (!fields.some((f) => f.type === 'submit')) add('warning', 'noSubmit', 'template');

  const known = new Set<string>([...seen, ...SPECIAL_MAIL_TAGS]);
  for (const part of MAIL_PARTS) {
    const text = draft.mail[part] ?? '';
    if ((part === 'to' || part === 'subject' || part === 'body') && !text.trim()) add('error', 'mailEmpty', `mail.${part}`, { part });
    for (const name of placeholdersIn(text)) if (!known.has(name)) add('warning', 'unknownPlaceholder', `mail.${part}`, { name: `[${name}]`, part });
  }
  // Additional headers: Cc, Bcc and Reply-To are sent; other lines are kept but not sent
  const checkHeaders = (text: string | undefined, where: string) => {
    for (const h of headerLines(text ?? '')) {
      if (!h.known) add('warning', 'unknownHeader', where, { line: String(h.line), header: h.raw });
      // an address written out (not a placeholder) must be one
      else if (!h.value || addressList(h.value.replace(/\[(_?[A-Za-z][A-Za-z0-9_-]*)\]/g, 'x@example.com')).bad) add('warning', 'badHeader', where, { line: String(h.line), header: h.raw });
    }
  };
  checkHeaders(draft.mail.headers, 'mail.headers');
  // Mail (2), while it is on (off, its kept text is not looked at): as the first mail
  const mail2 = draft.mail2;
  if (mail2?.active) {
    for (const part of MAIL_PARTS) {
      const text = mail2[part] ?? '';
      if ((part === 'to' || part === 'subject' || part === 'body') && !text.trim()) add('error', 'mail2Empty', `mail2.${part}`, { part });
      for (const name of placeholdersIn(text)) if (!known.has(name)) add('warning', 'mail2Placeholder', `mail2.${part}`, { name: `[${name}]`, part });
    }
    checkHeaders(mail2.headers, 'mail2.headers');
  }
  for (const l of additionalSettingLines(draft.additionalSettings ?? '')) {
    if (!l.name || !(ADDITIONAL_SETTINGS as readonly string[]).includes(l.name)) add('warning', 'unknownSetting', 'additionalSettings', { line: String(l.line), setting: l.raw });
    else if (!/^(on|off|true|false|1|0|yes|no)$/i.test(l.value)) add('warning', 'badSetting', 'additionalSettings', { line: String(l.line), setting: l.raw });
  }

  // Whatever else the stored schema refuses (a minimum above its maximum, a bad colour …).
  if (!issues.some((i) => i.severity === 'error')) {
    const parsed = formDefinitionSchema.safeParse(definitionInput(1, 'x', fields, draft.mail, {}, 'en_US', { mail2: draft.mail2, additionalSettings: draft.additionalSettings }));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [, index] = issue.path;
        const f = typeof index === 'number' ? fields[index] : undefined;
        const name = f && 'name' in f ? f.name : f?.type;
        add('error', 'invalid', issue.path[0] === 'mail' || issue.path[0] === 'mail2' ? `${String(issue.path[0])}.${String(issue.path[1])}` : 'template', { name: name ?? String(issue.path.join('.')), message: issue.message });
      }
    }
  }
  return { fields, issues };
}

/** The definition a checked draft is stored as. */
export function definitionInput(
  id: number,
  title: string,
  fields: FormField[],
  mail: MailTemplate,
  messages: Partial<Record<MessageKey, string>>,
  locale = 'en_US',
  more: { mail2?: SecondMailDraft | undefined; additionalSettings?: string | undefined; template?: string | undefined } = {},
): FormDefinitionInput {
  const kept: Partial<Record<MessageKey, string>> = {};
  for (const key of Object.keys(DEFAULT_MESSAGES) as MessageKey[]) {
    const text = messages[key]?.trim();
    if (text) kept[key] = text;
  }
  const optional = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  const m2 = more.mail2;
  return {
    id,
    title,
    locale,
    fields,
    messages: kept,
    mail: { to: mail.to.trim(), subject: mail.subject.trim(), body: mail.body, ...(optional(mail.from) ? { from: optional(mail.from) } : {}), ...(optional(mail.headers) ? { headers: headerText(mail.headers!) } : {}) },
    // Mail (2) is kept while it is off, so switching it back on finds its text again
    ...(m2 && (m2.active || m2.to.trim() || m2.subject.trim() || m2.body.trim())
      ? { mail2: { active: m2.active, to: m2.to.trim(), subject: m2.subject.trim(), body: m2.body, ...(optional(m2.from) ? { from: optional(m2.from) } : {}), ...(optional(m2.headers) ? { headers: headerText(m2.headers!) } : {}) } }
      : {}),
    additionalSettings: (more.additionalSettings ?? '').replace(/\r\n?/g, '\n').trim(),
    // the template as written (line ends made plain), shown back in the editor exactly
    ...(more.template?.trim() ? { template: more.template.replace(/\r\n?/g, '\n') } : {}),
  };
}

/** Additional headers as stored: one line each, no blank lines, no spaces around. */
const headerText = (text: string) =>
  text
    .split(/\r\n?|\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

/** A stored definition as the editor shows it. */
export function draftOf(def: FormDefinition): FormDraft {
  return { title: def.title, template: def.template ?? fieldsToTemplate(def.fields), mail: { ...def.mail }, mail2: def.mail2 ? { ...def.mail2 } : { ...STARTER_MAIL2 }, messages: { ...def.messages }, additionalSettings: def.additionalSettings };
}

/** One finding in words. */
export const issueText = (t: Translate, issue: FormIssue) => t(`admin.forms.issue.${issue.code}` as TextKey, issue.params);

// ---------------------------------------------------------------------------------------------
// The tag inserter

/** Tags the inserter offers, in its order (each has help text `admin.forms.tag.{type}`). */
export const INSERTABLE_TAGS = ['text', 'email', 'url', 'tel', 'number', 'date', 'textarea', 'select', 'checkbox', 'radio', 'acceptance', 'quiz', 'file', 'captcha', 'submit'] as const;
export type InsertableTag = (typeof INSERTABLE_TAGS)[number];

/**
 * The options the inserter offers as fields, each written as Contact Form 7 writes it and read back
 * by `parseFormTemplate` (features/wxr/cf7.ts). Numbers are kept as typed (strings) so a field can
 * be empty or half-typed; `tagOptionProblems` says which are not usable yet.
 */
export interface TagOptions {
  /** text, email, url, tel, textarea: the default text (`"…"`), or the placeholder with `asPlaceholder` */
  value: string;
  asPlaceholder: boolean;
  /** number: the grey hint in the empty box (`placeholder "…"`) */
  placeholder: string;
  minlength: string;
  maxlength: string;
  /** textarea: rows (`x6`) */
  rows: string;
  /** text, textarea: a character counter after the field (`[count name]`) */
  counter: boolean;
  /** number: `min:` `max:` `step:`; date: `min:` `max:` (YYYY-MM-DD) and `step:` (days) */
  min: string;
  max: string;
  step: string;
  /** select, checkbox, radio: the choices chosen at first, by number (`default:1_3`) */
  defaults: string;
  /** select */
  multiple: boolean;
  includeBlank: boolean;
  /** checkbox: `minitems:` `maxitems:` */
  minitems: string;
  maxitems: string;
  /** file: accepted types (`filetypes:pdf|png`), the size limit in KB (`limit:500kb`) */
  filetypes: string;
  limitKb: string;
  /** acceptance */
  optional: boolean;
  invert: boolean;
  /** captcha: the picture's size */
  size: 's' | 'm' | 'l';
}

export type TagOption = keyof TagOptions;

export const EMPTY_TAG_OPTIONS: TagOptions = {
  value: '',
  asPlaceholder: false,
  placeholder: '',
  minlength: '',
  maxlength: '',
  rows: '',
  counter: false,
  min: '',
  max: '',
  step: '',
  defaults: '',
  multiple: false,
  includeBlank: false,
  minitems: '',
  maxitems: '',
  filetypes: '',
  limitKb: '',
  optional: false,
  invert: false,
  size: 'm',
};

/** What the inserter asks for; which of these a tag uses is in `TAG_INPUTS`. */
export interface TagSpec {
  type: InsertableTag;
  name: string;
  label: string;
  required: boolean;
  /** options (select, checkbox, radio) or `question|answer` lines (quiz), one per line */
  choices: string;
  options: TagOptions;
}

const TEXTUAL: readonly TagOption[] = ['value', 'asPlaceholder', 'minlength', 'maxlength'];

/** Which inputs each tag shows, the options in the order the inserter shows them. */
export const TAG_INPUTS: Record<InsertableTag, { name: boolean; required: boolean; choices: boolean; options: readonly TagOption[] }> = {
  text: { name: true, required: true, choices: false, options: [...TEXTUAL, 'counter'] },
  email: { name: true, required: true, choices: false, options: TEXTUAL },
  url: { name: true, required: true, choices: false, options: TEXTUAL },
  tel: { name: true, required: true, choices: false, options: TEXTUAL },
  number: { name: true, required: true, choices: false, options: ['min', 'max', 'step', 'placeholder'] },
  date: { name: true, required: true, choices: false, options: ['min', 'max', 'step'] },
  textarea: { name: true, required: true, choices: false, options: [...TEXTUAL, 'rows', 'counter'] },
  select: { name: true, required: true, choices: true, options: ['multiple', 'includeBlank', 'defaults'] },
  checkbox: { name: true, required: true, choices: true, options: ['minitems', 'maxitems', 'defaults'] },
  radio: { name: true, required: false, choices: true, options: ['defaults'] },
  acceptance: { name: true, required: false, choices: false, options: ['optional', 'invert'] },
  quiz: { name: true, required: false, choices: true, options: [] },
  file: { name: true, required: true, choices: false, options: ['filetypes', 'limitKb'] },
  captcha: { name: true, required: false, choices: false, options: ['size'] },
  submit: { name: false, required: false, choices: false, options: [] },
};

/** A free name for a new field of a type: `text-1`, `text-2` … not taken in the template. */
export function freeName(type: InsertableTag, template: string): string {
  const taken = new Set(fieldNames(parseFormTemplate(template).fields));
  const stem = type === 'captcha' ? 'captcha' : type;
  for (let n = 1; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

const quote = (s: string) => `"${s.replace(/"/g, '”')}"`;

const WHOLE = /^\d+$/;
/** Choice numbers as typed ("1 3", "1, 3", "1_3"). */
const choiceNumbers = (text: string) => text.split(/[\s,;_]+/).filter(Boolean);
const NUMBER = /^-?\d+(?:\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILETYPE = /^[a-z0-9][a-z0-9.+*/-]*$/i;

/** The accepted file types as typed ("pdf, .jpg image/png") → CF7's `pdf|jpg|image/png`. */
const fileTypesOf = (text: string) =>
  text
    .split(/[\s,;|]+/)
    .map((t) => t.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);

/**
 * The options that cannot be written as typed (each with the message key saying why); the tag is
 * written without them, and the inserter shows the message next to the field and inserts nothing
 * until they are fixed. Only options the tag shows are looked at.
 */
export function tagOptionProblems(spec: Pick<TagSpec, 'type' | 'options'> & Partial<Pick<TagSpec, 'choices'>>): Partial<Record<TagOption, TextKey>> {
  const o = spec.options;
  const shown = new Set(TAG_INPUTS[spec.type].options);
  const out: Partial<Record<TagOption, TextKey>> = {};
  const check = (key: TagOption, ok: (v: string) => boolean, message: TextKey) => {
    const v = String(o[key]).trim();
    if (shown.has(key) && v && !ok(v)) out[key] = message;
  };
  for (const key of ['minlength', 'maxlength', 'minitems', 'maxitems'] as const) check(key, (v) => WHOLE.test(v), 'admin.forms.opt.wholeNumber');
  check('rows', (v) => WHOLE.test(v) && Number(v) > 0, 'admin.forms.opt.positiveNumber');
  check('limitKb', (v) => WHOLE.test(v) && Number(v) > 0, 'admin.forms.opt.positiveNumber');
  check('filetypes', (v) => fileTypesOf(v).every((t) => FILETYPE.test(t)), 'admin.forms.opt.badFiletypes');
  if (spec.type === 'date') for (const key of ['min', 'max'] as const) check(key, (v) => DATE.test(v), 'admin.forms.opt.date');
  else for (const key of ['min', 'max'] as const) check(key, (v) => NUMBER.test(v), 'admin.forms.opt.number');
  check('step', (v) => (spec.type === 'date' ? WHOLE.test(v) : NUMBER.test(v)) && Number(v) > 0, 'admin.forms.opt.positiveNumber');
  // choice numbers: whole, from 1, and (when the choices are known) no more than there are
  const count = spec.choices === undefined ? Infinity : spec.choices.split('\n').filter((l) => l.trim()).length;
  check('defaults', (v) => choiceNumbers(v).every((n) => WHOLE.test(n) && Number(n) >= 1 && Number(n) <= count), 'admin.forms.opt.choiceNumbers');
  const below = (lo: TagOption, hi: TagOption, compare: (a: string, b: string) => boolean) => {
    const a = String(o[lo]).trim();
    const b = String(o[hi]).trim();
    if (shown.has(hi) && a && b && !out[lo] && !out[hi] && !compare(a, b)) out[hi] = 'admin.forms.opt.belowMin';
  };
  below('minlength', 'maxlength', (a, b) => Number(a) <= Number(b));
  below('minitems', 'maxitems', (a, b) => Number(a) <= Number(b));
  below('min', 'max', spec.type === 'date' ? (a, b) => a <= b : (a, b) => Number(a) <= Number(b));
  return out;
}

/** The CF7 options a tag's fields write, in the order `fieldsToTemplate` writes them. */
function optionWords(spec: TagSpec): string[] {
  const o = spec.options;
  const problems = tagOptionProblems(spec);
  const shown = new Set(TAG_INPUTS[spec.type].options);
  const usable = (key: TagOption) => shown.has(key) && !problems[key] && String(o[key]).trim() !== '';
  const on = (key: TagOption) => shown.has(key) && o[key] === true;
  const words: string[] = [];
  const colon = (key: TagOption, word: string = key) => {
    if (usable(key)) words.push(`${word}:${String(o[key]).trim()}`);
  };
  switch (spec.type) {
    case 'text':
    case 'email':
    case 'url':
    case 'tel':
    case 'textarea':
      colon('minlength');
      colon('maxlength');
      if (usable('rows')) words.push(`x${o.rows.trim()}`);
      if (usable('value')) words.push(...(o.asPlaceholder ? ['placeholder'] : []), quote(o.value.trim()));
      break;
    case 'number':
      colon('min');
      colon('max');
      colon('step');
      if (usable('placeholder')) words.push('placeholder', quote(o.placeholder.trim()));
      break;
    case 'date':
      colon('min');
      colon('max');
      colon('step');
      break;
    case 'select':
      if (on('multiple')) words.push('multiple');
      if (on('includeBlank')) words.push('include_blank');
      if (usable('defaults')) words.push(`default:${choiceNumbers(o.defaults).join('_')}`);
      break;
    case 'checkbox':
      colon('minitems');
      colon('maxitems');
      if (usable('defaults')) words.push(`default:${choiceNumbers(o.defaults).join('_')}`);
      break;
    case 'radio':
      if (usable('defaults')) words.push(`default:${choiceNumbers(o.defaults).join('_')}`);
      break;
    case 'acceptance':
      if (on('optional')) words.push('optional');
      if (on('invert')) words.push('invert');
      break;
    case 'file':
      if (usable('filetypes')) words.push(`filetypes:${fileTypesOf(o.filetypes).join('|')}`);
      if (usable('limitKb')) words.push(`limit:${o.limitKb.trim()}kb`);
      break;
    case 'captcha':
      words.push(`size:${o.size}`);
      break;
    default:
      break;
  }
  return words;
}

/** The template text the inserter adds for a tag. */
export function tagSnippet(spec: TagSpec): string {
  const label = spec.label.trim();
  const name = spec.name.trim();
  const words = optionWords(spec);
  const lines = spec.choices
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const withLabel = (tag: string) => (label ? `<label> ${label}\n    ${tag} </label>` : tag);
  const counter = TAG_INPUTS[spec.type].options.includes('counter') && spec.options.counter ? ` [count ${name}]` : '';
  switch (spec.type) {
    case 'submit':
      return `[submit ${quote(label || 'Submit')}]`;
    case 'acceptance':
      return `[${['acceptance', name, ...words].join(' ')}] ${label} [/acceptance]`;
    case 'captcha':
      return withLabel(`[${['captchac', name, ...words].join(' ')}] [captchar ${name}]`);
    default: {
      const star = TAG_INPUTS[spec.type].required && spec.required ? '*' : '';
      const parts = [`${spec.type}${star}`, name, ...words, ...lines.map(quote)];
      return withLabel(`[${parts.join(' ')}]${counter}`);
    }
  }
}

/** Inserts text at a selection, on lines of its own; answers the new text and the caret after it. */
export function insertAt(text: string, start: number, end: number, snippet: string): { text: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = lead + snippet + trail;
  return { text: before + inserted + after, caret: before.length + lead.length + snippet.length };
}
