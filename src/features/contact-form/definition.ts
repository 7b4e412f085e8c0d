/**
 * A stored contact-form definition: what the server keeps in `contact_forms.definition`, renders
 * as Contact Form 7 markup, mails from, and turns into the validation schema that both the server
 * and the browser run (`schemaFor`).
 *
 * Messages are per-form content, as in Contact Form 7 (an editor may reword them per form); the
 * defaults below are CF7's English ones.
 */
import { z } from 'zod';
import { isDate, type Rule, type Schema } from './rules.ts';

// ---------------------------------------------------------------------------------------------
// Fields

/** Control names: a letter, then letters, digits, `_` and `-` (CF7's tag-name alphabet). */
const fieldNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'use letters, digits, _ and - and start with a letter');
const isoDate = z.string().refine(isDate, 'expected a YYYY-MM-DD date');
const length = z.number().int().nonnegative();
const options = z.array(z.string().min(1)).min(1);

const base = {
  name: fieldNameSchema,
  label: z.string().default(''),
  required: z.boolean().default(false),
};

const textual = {
  ...base,
  placeholder: z.string().optional(),
  /** Initial value. */
  value: z.string().optional(),
  minlength: length.optional(),
  maxlength: length.optional(),
  /** Render a character counter (CF7 `[count]`) that marks too long / too short. */
  counter: z.boolean().default(false),
};

/** CF7's `default:1_3`: the choices chosen before the visitor picks (1 is the first), until a post says otherwise. */
const defaults = z.array(z.number().int().positive()).min(1).optional();

const textField = z.object({ type: z.enum(['text', 'email', 'url', 'tel']), ...textual });
const textareaField = z.object({ type: z.literal('textarea'), ...textual, rows: z.number().int().positive().default(10) });
const numberField = z.object({
  type: z.literal('number'),
  ...base,
  placeholder: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** Allowed step, counted from `min` (or 0), as in HTML. */
  step: z.number().positive().optional(),
});
/** `step` (days) is the date box's own step (its picker), as CF7 writes it; the server does not check it. */
const dateField = z.object({ type: z.literal('date'), ...base, placeholder: z.string().optional(), min: isoDate.optional(), max: isoDate.optional(), step: z.number().int().positive().optional() });
const timeField = z.object({ type: z.literal('time'), ...base, placeholder: z.string().optional() });
const selectField = z.object({
  type: z.literal('select'),
  ...base,
  options,
  multiple: z.boolean().default(false),
  /** Offer an empty "—Please choose an option—" first entry. */
  includeBlank: z.boolean().default(false),
  defaults,
});
/** Checkboxes submit as `name[]`; rules address them as `name`. */
const checkboxField = z.object({
  type: z.literal('checkbox'),
  ...base,
  options,
  minitems: length.optional(),
  maxitems: length.optional(),
  defaults,
});
const radioField = z.object({ type: z.literal('radio'), ...base, options, defaults });
/**
 * An acceptance box is not validated by the schema: the submit button stays disabled until every
 * non-optional box is in its required state, and the server answers `acceptance_missing`.
 */
const acceptanceField = z.object({
  type: z.literal('acceptance'),
  name: fieldNameSchema,
  /** The consent text next to the box. */
  label: z.string().min(1),
  /** An optional box does not block submission. */
  optional: z.boolean().default(false),
  /** An inverted box must stay unchecked. */
  invert: z.boolean().default(false),
});
const fileField = z.object({
  type: z.literal('file'),
  ...base,
  /** Accepted types: extensions (`.pdf`) or MIME types (`image/png`, `image/*`). Empty: any. */
  accept: z.array(z.string().regex(/^(\.[A-Za-z0-9]+|[a-z]+\/(\*|[a-z0-9.+-]+))$/i)).default([]),
  /** Maximum total size in bytes (CF7's default is 1 MB). */
  limit: z.number().int().positive().default(1_048_576),
});
/** One question is picked per render; the answer is checked on the server, never in the schema. */
const quizField = z.object({
  type: z.literal('quiz'),
  name: fieldNameSchema,
  label: z.string().default(''),
  questions: z.array(z.object({ question: z.string().min(1), answers: z.array(z.string().min(1)).min(1) })).min(1),
});
/**
 * Contact Form 7's image captcha: the picture (`[captchac name size:s|m|l fg:#hex bg:#hex]`) and its
 * answer box (`[captchar name]`) under one name. A new challenge per render, checked once on the
 * server (captcha.server.ts), never in the schema.
 */
const captchaField = z.object({
  type: z.literal('captcha'),
  name: fieldNameSchema,
  label: z.string().default(''),
  size: z.enum(['s', 'm', 'l']).default('m'),
  fg: z.string().regex(/^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i).optional(),
  bg: z.string().regex(/^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i).optional(),
});
const hiddenField = z.object({ type: z.literal('hidden'), name: fieldNameSchema, value: z.string().default('') });
const submitField = z.object({ type: z.literal('submit'), label: z.string().min(1).default('Submit') });
/**
 * Words between the tags of a template that are no field's label ("Fields marked * are
 * required.", a heading): kept in their place and shown as a paragraph. Kept as text: markup
 * around them is not (the form's markup is this product's own).
 */
const noteField = z.object({ type: z.literal('note'), text: z.string().trim().min(1) });

export const fieldSchema = z.discriminatedUnion('type', [
  textField,
  textareaField,
  numberField,
  dateField,
  timeField,
  selectField,
  checkboxField,
  radioField,
  acceptanceField,
  fileField,
  quizField,
  captchaField,
  hiddenField,
  submitField,
  noteField,
]);

export type FormField = z.infer<typeof fieldSchema>;
export type FieldType = FormField['type'];
/** Every field that carries a value (everything but the submit button). */
export type NamedField = Exclude<FormField, { type: 'submit' | 'note' }>;

// ---------------------------------------------------------------------------------------------
// Messages

/** Contact Form 7's message keys with their English defaults, plus the keys of our extra rules. */
export const DEFAULT_MESSAGES = {
  mail_sent_ok: 'Thank you for your message. It has been sent.',
  mail_sent_ng: 'There was an error trying to send your message. Please try again later.',
  validation_error: 'One or more fields have an error. Please check and try again.',
  spam: 'There was an error trying to send your message. Please try again later.',
  accept_terms: 'You must accept the terms and conditions before sending your message.',
  invalid_required: 'Please fill out this field.',
  invalid_too_long: 'This field has a too long input.',
  invalid_too_short: 'This field has a too short input.',
  invalid_email: 'Please enter an email address.',
  invalid_url: 'Please enter a URL.',
  invalid_tel: 'Please enter a telephone number.',
  invalid_number: 'Please enter a number.',
  number_too_small: 'This field has a too small number.',
  number_too_large: 'This field has a too large number.',
  number_not_in_step: 'Please enter a number in the allowed steps.',
  invalid_date: 'Please enter a date in YYYY-MM-DD format.',
  date_too_early: 'This field has a too early date.',
  date_too_late: 'This field has a too late date.',
  invalid_time: 'Please enter a time in HH:MM format.',
  invalid_enum: 'Undefined value was submitted through this field.',
  too_few_items: 'Please select more options.',
  too_many_items: 'Please select fewer options.',
  upload_failed: 'There was an unknown error uploading the file.',
  upload_file_type_invalid: 'You are not allowed to upload files of this type.',
  upload_file_too_large: 'The uploaded file is too large.',
  quiz_answer_not_correct: 'The answer to the quiz is incorrect.',
  captcha_not_match: 'Your entered code is incorrect.',
} as const;

export type MessageKey = keyof typeof DEFAULT_MESSAGES;

// Each key may be overridden; a missing key gets its default. `prefault` (not `default`) so that
// an absent object is parsed too and every key is filled in.
export const messagesSchema = z
  .object(
    Object.fromEntries(Object.entries(DEFAULT_MESSAGES).map(([key, text]) => [key, z.string().min(1).default(text)])) as {
      [K in MessageKey]: z.ZodDefault<z.ZodString>;
    },
  )
  .prefault({});

export type FormMessages = z.infer<typeof messagesSchema>;

// ---------------------------------------------------------------------------------------------
// Mail

/**
 * The mail sent for each accepted submission. `[field-name]` placeholders are replaced by the
 * submitted values (see `fillMailTags`); special tags such as `[_site_title]` are filled in by the
 * submission pipeline (submission.server.ts).
 */
/**
 * Definitions stored before additional headers were kept had a `replyTo` part: it is read as the
 * additional header `Reply-To: …`.
 */
const withHeaders = <T extends { replyTo?: string | undefined; headers?: string | undefined }>({ replyTo, ...m }: T): Omit<T, 'replyTo'> =>
  m.headers === undefined && replyTo ? { ...m, headers: `Reply-To: ${replyTo}` } : m;

export const mailSchema = z
  .object({
    to: z.string().min(1),
    from: z.string().min(1).optional(),
    subject: z.string().min(1),
    body: z.string().min(1),
    /** CF7's additional headers, as written (mail-headers.ts: Cc, Bcc and Reply-To are sent) */
    headers: z.string().min(1).optional(),
    replyTo: z.string().min(1).optional(),
  })
  .transform(withHeaders);

export type MailTemplate = z.infer<typeof mailSchema>;

/**
 * Contact Form 7's "Mail (2)": a second message sent for the same submission (typically an
 * autoresponder to the sender), switched on and off without losing its text. Its parts may be
 * empty while it is off; when it is on, to, subject and body are required as for the first mail.
 */
export const mail2Schema = z
  .object({
    active: z.boolean().default(false),
    to: z.string().default(''),
    from: z.string().min(1).optional(),
    subject: z.string().default(''),
    body: z.string().default(''),
    headers: z.string().min(1).optional(),
    replyTo: z.string().min(1).optional(),
  })
  .superRefine((m, ctx) => {
    if (!m.active) return;
    for (const part of ['to', 'subject', 'body'] as const) if (!m[part].trim()) ctx.addIssue({ code: 'custom', path: [part], message: 'required while Mail (2) is on' });
  })
  .transform(withHeaders);

export type SecondMail = z.infer<typeof mail2Schema>;

// ---------------------------------------------------------------------------------------------
// Additional settings

/**
 * Contact Form 7's "Additional settings" this product honours (`name: value` lines, `on` / `off`):
 * - `skip_mail: on` — the submission is stored in the inbox, no mail is sent; the sender sees the
 *   "sent" message;
 * - `demo_mode: on` — nothing is stored and nothing is mailed; the sender sees the "sent" message
 *   (for trying a form out);
 * - `acceptance_as_validation: on` — an acceptance box left in the wrong state is a field error
 *   (the "accept terms" message next to it) instead of stopping the whole form.
 * Other lines are kept as written and ignored (the editor warns about them).
 */
export const ADDITIONAL_SETTINGS = ['skip_mail', 'demo_mode', 'acceptance_as_validation'] as const;
export type AdditionalSetting = (typeof ADDITIONAL_SETTINGS)[number];

/** The `name: value` lines of an additional-settings text (`#` lines and blank lines skipped). */
export function additionalSettingLines(text: string): { line: number; name: string | null; value: string; raw: string }[] {
  return text.split(/\r?\n/).flatMap((raw, i) => {
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith('#')) return [];
    const m = /^([A-Za-z][A-Za-z0-9_]*)\s*:\s*(.*)$/.exec(trimmed);
    return [{ line: i + 1, name: m ? m[1]! : null, value: m ? m[2]!.trim().replace(/^(["'])(.*)\1$/, '$2') : '', raw: trimmed }];
  });
}

/** Whether an additional setting is on (the last line naming it wins, as in CF7). */
export function settingOn(def: Pick<FormDefinition, 'additionalSettings'>, name: AdditionalSetting): boolean {
  let on = false;
  for (const l of additionalSettingLines(def.additionalSettings)) if (l.name === name) on = /^(on|true|1|yes)$/i.test(l.value);
  return on;
}

/**
 * Replaces `[name]` tags by the submitted values (lists joined by ", "), and special tags such as
 * `[_site_title]` when `values` carries them. Unknown tags are left as they are. With `singleLine` (headers: to, subject, reply-to) line breaks become spaces, so a
 * value can never inject a header.
 */
export function fillMailTags(template: string, values: Readonly<Record<string, string | readonly string[] | undefined>>, singleLine = false): string {
  return template.replace(/\[(_?[A-Za-z][A-Za-z0-9_-]*)\]/g, (tag, name: string) => {
    if (!Object.hasOwn(values, name)) return tag;
    const value = values[name];
    const text = value === undefined ? '' : typeof value === 'string' ? value : value.join(', ');
    return singleLine ? text.replace(/[\r\n]+/g, ' ') : text;
  });
}

// ---------------------------------------------------------------------------------------------
// The definition

export const formDefinitionSchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string().min(1),
    locale: z.string().min(2).default('en_US'),
    fields: z.array(fieldSchema).min(1),
    messages: messagesSchema,
    mail: mailSchema,
    mail2: mail2Schema.optional(),
    /** CF7's additional settings, as written (see ADDITIONAL_SETTINGS for the ones honoured). */
    additionalSettings: z.string().max(20_000).default(''),
    /**
     * The Contact Form 7 template as its owner wrote it (the editor, the WordPress import): shown
     * back in the editor as written and drawn on the site with its markup (./template.ts); the
     * fields above are read from it. Forms without one (the demo forms, older rows) are drawn from
     * their fields.
     */
    template: z.string().max(50_000).optional(),
  })
  .superRefine((def, ctx) => {
    const seen = new Set<string>();
    def.fields.forEach((field, index) => {
      const path = ['fields', index];
      if (field.type === 'submit' || field.type === 'note') return;
      if (seen.has(field.name)) ctx.addIssue({ code: 'custom', path: [...path, 'name'], message: `duplicate field name "${field.name}"` });
      seen.add(field.name);
      const pairs: [string, number | string | undefined, number | string | undefined][] = [];
      if (field.type === 'number' || field.type === 'date') pairs.push(['min/max', field.min, field.max]);
      if ('minlength' in field) pairs.push(['minlength/maxlength', field.minlength, field.maxlength]);
      if (field.type === 'checkbox') pairs.push(['minitems/maxitems', field.minitems, field.maxitems]);
      for (const [what, low, high] of pairs) {
        if (low !== undefined && high !== undefined && low > high) {
          ctx.addIssue({ code: 'custom', path, message: `${what}: the minimum is above the maximum` });
        }
      }
    });
  });

/** The stored shape (every default filled in). */
export type FormDefinition = z.infer<typeof formDefinitionSchema>;
/** What an author writes: defaults may be left out. */
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>;

/** Parses stored or imported JSON; throws a ZodError describing every problem. */
export function parseFormDefinition(input: unknown): FormDefinition {
  return formDefinitionSchema.parse(input);
}

// ---------------------------------------------------------------------------------------------
// Definition → validation schema

/**
 * Derives the Contact Form 7 validation schema of a form: per field, `required` (or
 * `requiredfile`) first, then the type rule, then ranges, each carrying the form's message.
 * Acceptance boxes, quizzes, captchas, hidden fields and the submit button have no schema rules.
 */
export function schemaFor(definition: Pick<FormDefinition, 'fields' | 'messages'>, version: string, locale: string): Schema {
  const m = definition.messages;
  const rules: Rule[] = [];

  const lengthRules = (field: string, min?: number, max?: number) => {
    if (min !== undefined && min > 0) rules.push({ rule: 'minlength', field, threshold: min, error: m.invalid_too_short });
    if (max !== undefined) rules.push({ rule: 'maxlength', field, threshold: max, error: m.invalid_too_long });
  };

  for (const f of definition.fields) {
    switch (f.type) {
      case 'text':
      case 'textarea':
      case 'email':
      case 'url':
      case 'tel': {
        if (f.required) rules.push({ rule: 'required', field: f.name, error: m.invalid_required });
        if (f.type === 'email') rules.push({ rule: 'email', field: f.name, error: m.invalid_email });
        if (f.type === 'url') rules.push({ rule: 'url', field: f.name, error: m.invalid_url });
        if (f.type === 'tel') rules.push({ rule: 'tel', field: f.name, error: m.invalid_tel });
        lengthRules(f.name, f.minlength, f.maxlength);
        break;
      }
      case 'number': {
        if (f.required) rules.push({ rule: 'required', field: f.name, error: m.invalid_required });
        rules.push({ rule: 'number', field: f.name, error: m.invalid_number });
        if (f.min !== undefined) rules.push({ rule: 'minnumber', field: f.name, threshold: f.min, error: m.number_too_small });
        if (f.max !== undefined) rules.push({ rule: 'maxnumber', field: f.name, threshold: f.max, error: m.number_too_large });
        if (f.step !== undefined) {
          rules.push({ rule: 'stepnumber', field: f.name, base: f.min ?? 0, interval: f.step, error: m.number_not_in_step });
        }
        break;
      }
      case 'date': {
        if (f.required) rules.push({ rule: 'required', field: f.name, error: m.invalid_required });
        rules.push({ rule: 'date', field: f.name, error: m.invalid_date });
        if (f.min !== undefined) rules.push({ rule: 'mindate', field: f.name, threshold: f.min, error: m.date_too_early });
        if (f.max !== undefined) rules.push({ rule: 'maxdate', field: f.name, threshold: f.max, error: m.date_too_late });
        break;
      }
      case 'time': {
        if (f.required) rules.push({ rule: 'required', field: f.name, error: m.invalid_required });
        rules.push({ rule: 'time', field: f.name, error: m.invalid_time });
        break;
      }
      case 'select':
      case 'radio':
      case 'checkbox': {
        if (f.required) rules.push({ rule: 'required', field: f.name, error: m.invalid_required });
        rules.push({ rule: 'enum', field: f.name, accept: f.options, error: m.invalid_enum });
        if (f.type === 'checkbox') {
          if (f.minitems !== undefined && f.minitems > 0) rules.push({ rule: 'minitems', field: f.name, threshold: f.minitems, error: m.too_few_items });
          if (f.maxitems !== undefined) rules.push({ rule: 'maxitems', field: f.name, threshold: f.maxitems, error: m.too_many_items });
        }
        break;
      }
      case 'file': {
        if (f.required) rules.push({ rule: 'requiredfile', field: f.name, error: m.invalid_required });
        if (f.accept.length > 0) rules.push({ rule: 'file', field: f.name, accept: f.accept, error: m.upload_file_type_invalid });
        rules.push({ rule: 'maxfilesize', field: f.name, threshold: f.limit, error: m.upload_file_too_large });
        break;
      }
      case 'acceptance':
      case 'quiz':
      case 'captcha':
      case 'hidden':
      case 'submit':
      case 'note':
        break;
    }
  }

  return { version, locale, rules };
}

// ---------------------------------------------------------------------------------------------
// Demo forms (RUNTIME-CONTRACT: pages `contact` and `request-a-quote`; form 3, with a captcha, on `privacy-policy`)

const demoFormInputs: FormDefinitionInput[] = [
  {
    id: 1,
    title: 'Contact',
    locale: 'en_US',
    fields: [
      { type: 'text', name: 'your-name', label: 'Your name', required: true },
      { type: 'email', name: 'your-email', label: 'Your email', required: true },
      { type: 'text', name: 'your-subject', label: 'Subject' },
      { type: 'textarea', name: 'your-message', label: 'Your message (optional)' },
      { type: 'acceptance', name: 'consent', label: 'I agree that my data is used to answer my message, as described in the privacy policy.' },
      { type: 'submit', label: 'Submit' },
    ],
    mail: {
      to: '[_site_admin_email]',
      subject: '[_site_title] "[your-subject]"',
      body: 'From: [your-name] <[your-email]>\nSubject: [your-subject]\n\nMessage Body:\n[your-message]\n\n-- \nThis email was sent from a contact form on [_site_title] ([_site_url])',
      headers: 'Reply-To: [your-email]',
    },
  },
  {
    id: 2,
    title: 'Request a quote',
    locale: 'en_US',
    fields: [
      { type: 'text', name: 'your-name', label: 'Your name', required: true },
      { type: 'email', name: 'your-email', label: 'Your email', required: true },
      { type: 'url', name: 'your-website', label: 'Your website', placeholder: 'https://' },
      { type: 'tel', name: 'your-phone', label: 'Your phone' },
      { type: 'number', name: 'budget', label: 'Budget (100 to 100,000, in steps of 50)', min: 100, max: 100_000, step: 50 },
      { type: 'date', name: 'start-date', label: 'Preferred start date', min: '2020-01-01' },
      { type: 'time', name: 'call-time', label: 'Best time to call' },
      { type: 'checkbox', name: 'services', label: 'Services (choose one or two)', options: ['Design', 'Photography', 'Development'], minitems: 1, maxitems: 2 },
      { type: 'textarea', name: 'brief', label: 'Project brief (20 to 2000 characters)', minlength: 20, maxlength: 2000, counter: true },
      { type: 'file', name: 'attachment', label: 'Attachment (PDF, JPG or PNG, at most 1 MB)', accept: ['.pdf', '.jpg', '.png'], limit: 1_048_576 },
      { type: 'acceptance', name: 'terms', label: 'I accept the terms and conditions.' },
      { type: 'acceptance', name: 'newsletter', label: 'Send me the newsletter.', optional: true },
      { type: 'submit', label: 'Request a quote' },
    ],
    mail: {
      to: '[_site_admin_email]',
      subject: '[_site_title] Quote request from [your-name]',
      body:
        'From: [your-name] <[your-email]>\nWebsite: [your-website]\nPhone: [your-phone]\nBudget: [budget]\n' +
        'Start date: [start-date]\nBest time to call: [call-time]\nServices: [services]\nAttachment: [attachment]\nNewsletter: [newsletter]\n\n' +
        'Brief:\n[brief]\n\n-- \nThis email was sent from a contact form on [_site_title] ([_site_url])',
      headers: 'Reply-To: [your-email]',
    },
  },
  {
    id: 3,
    title: 'Data request',
    locale: 'en_US',
    fields: [
      { type: 'text', name: 'your-name', label: 'Your name', required: true },
      { type: 'email', name: 'your-email', label: 'Your email', required: true },
      { type: 'select', name: 'request', label: 'What would you like?', options: ['A copy of my data', 'Correct my data', 'Delete my data'], required: true },
      { type: 'textarea', name: 'your-message', label: 'Anything we should know (optional)' },
      { type: 'captcha', name: 'captcha-1', label: 'Type the code shown in the picture' },
      { type: 'submit', label: 'Send request' },
    ],
    mail: {
      to: '[_site_admin_email]',
      subject: '[_site_title] data request: [request]',
      body: 'From: [your-name] <[your-email]>\nRequest: [request]\n\n[your-message]\n\n-- \nThis email was sent from the privacy policy of [_site_title] ([_site_url])',
      headers: 'Reply-To: [your-email]',
    },
  },
];

/** The two demo forms, parsed (a broken demo definition fails at import, loudly). */
export const demoForms: readonly FormDefinition[] = demoFormInputs.map((input) => formDefinitionSchema.parse(input));
