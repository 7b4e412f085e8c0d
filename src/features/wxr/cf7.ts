import type { FormDefinitionInput, FormField, MailTemplate, SecondMail } from '../contact-form/definition.ts';
import { headerLines } from '../contact-form/mail-headers.ts';
import { ADDITIONAL_SETTINGS, DEFAULT_MESSAGES, additionalSettingLines } from '../contact-form/definition.ts';
import { serialize, unserialize, type PhpValue } from './php.ts';
import { TAG_SOURCE, tokens } from '../contact-form/template.ts';

/**
 * Contact Form 7's stored form (post type `wpcf7_contact_form`) ↔ Masthead's form definition.
 * CF7 keeps the form template (`_form`: HTML with form tags such as `[email* your-email]`), the
 * mail (`_mail`, a serialized PHP array), the second mail (`_mail_2`, the same array with its
 * `active` flag), the messages (`_messages`) and free-form additional settings
 * (`_additional_settings`) in post meta.
 */
export interface Cf7Conversion {
  definition: FormDefinitionInput;
  /** form tags that have no equivalent here (reported as left out) */
  dropped: string[];
  /** what was brought in but behaves differently here (reported as written) */
  notes: string[];
}

const TAG = new RegExp(TAG_SOURCE, 'g');

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function option(bare: string[], key: string): string | undefined {
  const hit = bare.find((b) => b.startsWith(`${key}:`));
  return hit?.slice(key.length + 1);
}
const intOption = (bare: string[], key: string) => {
  const v = option(bare, key);
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
};

/** `default:1_3` → the chosen choices (1 is the first) that exist; `default:get` and the like are not kept. */
function defaultsOf(bare: string[], count: number): { defaults?: number[] } {
  const chosen = (option(bare, 'default') ?? '')
    .split('_')
    .filter((v) => /^\d+$/.test(v))
    .map(Number)
    .filter((n) => n >= 1 && n <= count);
  return chosen.length ? { defaults: [...new Set(chosen)] } : {};
}

function bytes(limit: string | undefined): number | undefined {
  const m = limit ? /^(\d+)(kb|mb)?$/i.exec(limit) : null;
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2]?.toLowerCase();
  return unit === 'mb' ? n * 1024 * 1024 : unit === 'kb' ? n * 1024 : n;
}

/** Paragraphs of words (blank-line separated, markup reduced to its text), each a note field. */
const notesOf = (html: string): FormField[] =>
  html
    .split(/\n\s*\n|<\/?p\b[^>]*>|<br\s*\/?>/i)
    .map(textOf)
    .filter(Boolean)
    .map((text) => ({ type: 'note', text }));

/** Tags that take no label from the words before them (those words are kept as a note). */
const UNLABELLED = new Set(['submit', 'hidden']);

/**
 * The fields of a CF7 form template. Words before a tag (since the previous tag or from the
 * opening `<label>`, else its last paragraph) are its label; other words between tags, and after
 * the last one, are kept in their place as `note` fields.
 */
export function parseFormTemplate(template: string): { fields: FormField[]; dropped: string[] } {
  const fields: FormField[] = [];
  const dropped: string[] = [];
  let lastEnd = 0;
  for (let m = TAG.exec(template); m; m = TAG.exec(template)) {
    const rawType = m[1]!;
    const required = rawType.endsWith('*');
    const type = rawType.replace(/\*$/, '');
    const { bare, quoted } = tokens(m[2] ?? '');
    // The label: the text before the tag since the previous tag or the opening <label>.
    const before = template.slice(lastEnd, m.index);
    const labelStart = before.lastIndexOf('<label');
    const paragraphs = before.split(/\n\s*\n/);
    const labelHtml = labelStart >= 0 ? before.slice(labelStart) : (paragraphs.at(-1) ?? '');
    const label = textOf(labelHtml);
    // a label only for a tag that shows one (a captcha's answer box reuses its picture's)
    const labelled = !UNLABELLED.has(type.replace(/\*$/, '')) && !(type === 'acceptance' && textOf(m[3] ?? ''));
    fields.push(...notesOf(labelled ? before.slice(0, before.length - labelHtml.length) : before));
    lastEnd = TAG.lastIndex;
    const name = bare[0] ?? '';
    const opts = bare.slice(1);
    const placeholder = opts.includes('placeholder') || opts.includes('watermark') ? quoted[0] : undefined;
    const value = placeholder === undefined ? quoted[0] : undefined;
    const textual = { name, label, required, ...(placeholder ? { placeholder } : {}), ...(value ? { value } : {}), ...(intOption(opts, 'minlength') !== undefined ? { minlength: intOption(opts, 'minlength') } : {}), ...(intOption(opts, 'maxlength') !== undefined ? { maxlength: intOption(opts, 'maxlength') } : {}) };
    switch (type) {
      case 'text':
      case 'email':
      case 'url':
      case 'tel':
        fields.push({ type, counter: false, ...textual } as FormField);
        break;
      case 'textarea': {
        const size = opts.find((o) => /^\d*x\d+$/.test(o));
        fields.push({ type: 'textarea', counter: false, rows: size ? Number(size.split('x')[1]) : 10, ...textual } as FormField);
        break;
      }
      case 'number':
      case 'range': {
        const num = (k: string) => {
          const v = option(opts, k);
          return v !== undefined && Number.isFinite(Number(v)) ? Number(v) : undefined;
        };
        const f: Record<string, unknown> = { type: 'number', name, label, required };
        if (placeholder) f.placeholder = placeholder;
        for (const k of ['min', 'max', 'step']) if (num(k) !== undefined) f[k] = num(k);
        fields.push(f as FormField);
        break;
      }
      case 'date': {
        const f: Record<string, unknown> = { type: 'date', name, label, required };
        if (placeholder) f.placeholder = placeholder;
        for (const k of ['min', 'max']) {
          const v = option(opts, k);
          if (v && /^\d{4}-\d{2}-\d{2}$/.test(v)) f[k] = v;
        }
        if (intOption(opts, 'step')) f.step = intOption(opts, 'step');
        fields.push(f as FormField);
        break;
      }
      case 'select':
        fields.push({ type: 'select', name, label, required, options: quoted.filter(Boolean), multiple: opts.includes('multiple'), includeBlank: opts.includes('include_blank'), ...defaultsOf(opts, quoted.filter(Boolean).length) } as FormField);
        break;
      case 'checkbox':
      case 'radio': {
        // minitems:/maxitems: bound how many boxes may be ticked (this engine's addition)
        const items = type === 'checkbox' ? { ...(intOption(opts, 'minitems') !== undefined ? { minitems: intOption(opts, 'minitems') } : {}), ...(intOption(opts, 'maxitems') !== undefined ? { maxitems: intOption(opts, 'maxitems') } : {}) } : {};
        fields.push({ type, name, label, required: type === 'checkbox' ? required : false, options: quoted.filter(Boolean), ...items, ...defaultsOf(opts, quoted.filter(Boolean).length) } as FormField);
        break;
      }
      case 'acceptance':
        fields.push({ type: 'acceptance', name, label: textOf(m[3] ?? '') || label || name, optional: opts.includes('optional'), invert: opts.includes('invert') } as FormField);
        break;
      case 'file': {
        const types = option(opts, 'filetypes');
        const f: Record<string, unknown> = { type: 'file', name, label, required, accept: types ? types.split('|').filter(Boolean).map((t) => (t.includes('/') ? t : `.${t.replace(/^\./, '')}`)) : [] };
        const limit = bytes(option(opts, 'limit'));
        if (limit) f.limit = limit;
        fields.push(f as FormField);
        break;
      }
      case 'quiz': {
        const questions = quoted.map((q) => {
          const [question, ...answers] = q.split('|');
          return { question: question ?? '', answers: answers.length ? answers : [''] };
        });
        fields.push({ type: 'quiz', name, label, questions } as FormField);
        break;
      }
      case 'hidden':
        fields.push({ type: 'hidden', name, value: quoted[0] ?? '' } as FormField);
        break;
      case 'time':
        fields.push({ type: 'time', name, label, required, ...(placeholder ? { placeholder } : {}) } as FormField);
        break;
      case 'captchac':
      case 'captchar': {
        // Really Simple Captcha: the picture ([captchac]) and its answer box ([captchar]) share a
        // name and are one field here; the label comes from whichever of the two comes first.
        const known = fields.find((f) => f.type === 'captcha' && f.name === name);
        const size = option(opts, 'size');
        const colour = (k: string) => {
          const v = option(opts, k);
          return v && /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(v) ? v : undefined;
        };
        const look = type === 'captchac' ? { ...(size === 's' || size === 'm' || size === 'l' ? { size } : {}), ...(colour('fg') ? { fg: colour('fg') } : {}), ...(colour('bg') ? { bg: colour('bg') } : {}) } : {};
        if (known) Object.assign(known, look);
        else fields.push({ type: 'captcha', name, label, size: 'm', ...look } as FormField);
        break;
      }
      case 'count': {
        // [count name]: the character counter of the text field or text area of that name
        const target = fields.find((f) => (f.type === 'text' || f.type === 'textarea') && f.name === name);
        if (target && (target.type === 'text' || target.type === 'textarea')) target.counter = true;
        else dropped.push(`[${rawType}${name ? ` ${name}` : ''}]`);
        break;
      }
      case 'submit':
        fields.push({ type: 'submit', label: quoted[0] || 'Submit' });
        break;
      default:
        dropped.push(`[${rawType}]`);
    }
  }
  TAG.lastIndex = 0;
  fields.push(...notesOf(template.slice(lastEnd)));
  return { fields, dropped };
}

const str = (v: PhpValue | undefined) => (typeof v === 'string' ? v : '');

/** A serialized CF7 mail array (`_mail`, `_mail_2`) → its parts, or null when it is no array. */
function mailArray(serialized: string | undefined): Record<string, PhpValue> | null {
  const value = unserialize(serialized ?? '');
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, PhpValue>) : null;
}

/**
 * A CF7 mail's additional headers, one a line as written (blank lines left out); the headers that
 * are not sent here (anything but Cc, Bcc and Reply-To: mail-headers.ts) are reported.
 */
function headersOf(mail: Record<string, PhpValue>, which: string, notes: string[]): string | undefined {
  const lines = headerLines(str(mail.additional_headers));
  for (const h of lines) if (!h.known) notes.push(`${which}: additional header “${h.raw.slice(0, 60)}” is kept but not sent.`);
  return lines.map((h) => h.raw).join('\n') || undefined;
}

/** The longest additional-settings text a definition keeps (definition.ts). */
const SETTINGS_MAX = 20_000;

/** A CF7 form's meta → a definition (validated by the caller with the contact-form schema). */
export function cf7ToDefinition(id: number, title: string, meta: Record<string, string>): Cf7Conversion {
  const { fields, dropped } = parseFormTemplate(meta._form ?? '');
  const notes: string[] = [];
  const mail = mailArray(meta._mail) ?? {};
  const headers = headersOf(mail, 'Mail', notes);
  const mailDef: MailTemplate = {
    to: str(mail.recipient) || '[_site_admin_email]',
    subject: str(mail.subject) || `[_site_title] "${title}"`,
    body: str(mail.body) || fields.flatMap((f) => (f.type !== 'submit' && f.type !== 'note' ? [`[${f.name}]`] : [])).join('\n') || '-',
    ...(str(mail.sender) ? { from: str(mail.sender) } : {}),
    ...(headers ? { headers } : {}),
  };
  const messagesValue = unserialize(meta._messages ?? '');
  const messages: Record<string, string> = {};
  if (messagesValue && typeof messagesValue === 'object' && !Array.isArray(messagesValue)) {
    for (const [k, v] of Object.entries(messagesValue)) if (k in DEFAULT_MESSAGES && typeof v === 'string' && v.trim()) messages[k] = v;
  }
  // Mail (2): kept with its text whether on or off, as CF7 keeps it; on without a recipient,
  // subject or body it could not be sent, so it comes in switched off (and that is reported).
  const second = mailArray(meta._mail_2);
  let mail2: SecondMail | undefined;
  if (second) {
    const to = str(second.recipient);
    const subject = str(second.subject);
    const body = str(second.body);
    const from = str(second.sender);
    const headers2 = headersOf(second, 'Mail (2)', notes);
    const on = second.active === true || second.active === 1 || second.active === '1';
    const missing = (['to', 'subject', 'body'] as const).filter((k) => !{ to, subject, body }[k].trim());
    if (on && missing.length) notes.push(`Mail (2) has no ${missing.join(', ')}, so it was brought in switched off.`);
    if (on || to || subject || body) mail2 = { active: on && !missing.length, to, subject, body, ...(from ? { from } : {}), ...(headers2 ? { headers: headers2 } : {}) };
  }
  // Additional settings: kept as written; the lines this product does not honour are reported.
  let additionalSettings = (meta._additional_settings ?? '').replace(/\r\n?/g, '\n').trim();
  if (additionalSettings.length > SETTINGS_MAX) {
    additionalSettings = additionalSettings.slice(0, SETTINGS_MAX);
    notes.push(`the additional settings were cut to their first ${SETTINGS_MAX} characters.`);
  }
  for (const l of additionalSettingLines(additionalSettings)) {
    if (!l.name || !(ADDITIONAL_SETTINGS as readonly string[]).includes(l.name)) notes.push(`additional setting “${l.raw.slice(0, 60)}” is kept but has no effect here.`);
  }
  return {
    definition: {
      id,
      title: title || `Form ${id}`,
      locale: (meta._locale || 'en_US').trim(),
      fields: fields.length ? fields : [{ type: 'submit', label: 'Submit' }],
      messages,
      mail: mailDef,
      ...(mail2 ? { mail2 } : {}),
      additionalSettings,
      // the template as written (its markup is drawn on the site: contact-form/template.ts)
      ...(meta._form?.trim() && meta._form.length <= 50_000 ? { template: meta._form.replace(/\r\n?/g, '\n') } : {}),
    },
    dropped,
    notes,
  };
}

/** A mail template → CF7's serialized mail array (`_mail`, `_mail_2`). */
export function mailToCf7(mail: Pick<MailTemplate, 'to' | 'subject' | 'body' | 'from' | 'headers'>, active: boolean): string {
  return serialize({
    active,
    subject: mail.subject,
    sender: mail.from ?? '[_site_title] <wordpress@[_site_domain]>',
    recipient: mail.to,
    body: mail.body,
    additional_headers: mail.headers ?? '',
    attachments: '',
    use_html: false,
    exclude_blank: false,
  });
}

/** A definition → the CF7 form template that writes the same fields. */
export function fieldsToTemplate(fields: readonly FormField[]): string {
  const q = (s: string) => `"${s.replace(/"/g, '”')}"`;
  const lines: string[] = [];
  for (const f of fields) {
    if (f.type === 'submit') {
      lines.push(`[submit ${q(f.label)}]`);
      continue;
    }
    if (f.type === 'note') {
      lines.push(f.text);
      continue;
    }
    if (f.type === 'hidden') {
      lines.push(`[hidden ${f.name} ${q(f.value)}]`);
      continue;
    }
    if (f.type === 'acceptance') {
      lines.push(`[acceptance ${f.name}${f.optional ? ' optional' : ''}${f.invert ? ' invert' : ''}] ${f.label} [/acceptance]`);
      continue;
    }
    if (f.type === 'captcha') {
      const look = [`size:${f.size}`, ...(f.fg ? [`fg:${f.fg}`] : []), ...(f.bg ? [`bg:${f.bg}`] : [])].join(' ');
      const tags = `[captchac ${f.name} ${look}] [captchar ${f.name}]`;
      lines.push(f.label ? `<label> ${f.label}\n    ${tags} </label>` : tags);
      continue;
    }
    const star = 'required' in f && f.required ? '*' : '';
    const parts: string[] = [`${f.type}${star}`, f.name];
    switch (f.type) {
      case 'text':
      case 'email':
      case 'url':
      case 'tel':
      case 'textarea':
        if (f.minlength !== undefined) parts.push(`minlength:${f.minlength}`);
        if (f.maxlength !== undefined) parts.push(`maxlength:${f.maxlength}`);
        if (f.type === 'textarea') parts.push(`x${f.rows}`);
        if (f.placeholder) parts.push('placeholder', q(f.placeholder));
        else if (f.value) parts.push(q(f.value));
        break;
      case 'number':
        if (f.min !== undefined) parts.push(`min:${f.min}`);
        if (f.max !== undefined) parts.push(`max:${f.max}`);
        if (f.step !== undefined) parts.push(`step:${f.step}`);
        if (f.placeholder) parts.push('placeholder', q(f.placeholder));
        break;
      case 'date':
        if (f.min) parts.push(`min:${f.min}`);
        if (f.max) parts.push(`max:${f.max}`);
        if (f.step !== undefined) parts.push(`step:${f.step}`);
        if (f.placeholder) parts.push('placeholder', q(f.placeholder));
        break;
      case 'time':
        if (f.placeholder) parts.push('placeholder', q(f.placeholder));
        break;
      case 'select':
        if (f.multiple) parts.push('multiple');
        if (f.includeBlank) parts.push('include_blank');
        if (f.defaults) parts.push(`default:${f.defaults.join('_')}`);
        parts.push(...f.options.map(q));
        break;
      case 'checkbox':
        if (f.minitems !== undefined) parts.push(`minitems:${f.minitems}`);
        if (f.maxitems !== undefined) parts.push(`maxitems:${f.maxitems}`);
        if (f.defaults) parts.push(`default:${f.defaults.join('_')}`);
        parts.push(...f.options.map(q));
        break;
      case 'radio':
        if (f.defaults) parts.push(`default:${f.defaults.join('_')}`);
        parts.push(...f.options.map(q));
        break;
      case 'file':
        if (f.accept.length) parts.push(`filetypes:${f.accept.map((a) => a.replace(/^\./, '')).join('|')}`);
        parts.push(`limit:${f.limit}`);
        break;
      case 'quiz':
        parts.push(...f.questions.map((x) => q(`${x.question}|${x.answers.join('|')}`)));
        break;
      default:
        break;
    }
    const counter = (f.type === 'text' || f.type === 'textarea') && f.counter ? ` [count ${f.name}]` : '';
    const tag = `[${parts.join(' ')}]${counter}`;
    lines.push(f.label ? `<label> ${f.label}\n    ${tag} </label>` : tag);
  }
  return lines.join('\n\n');
}
