/**
 * Shapes shared by the contact-form server code, the markup (ContactForm.tsx) and the browser
 * script. No Node or DOM APIs here.
 */

/** Statuses the server answers (Contact Form 7 6.x). */
export type FeedbackStatus = 'validation_failed' | 'acceptance_missing' | 'spam' | 'aborted' | 'mail_sent' | 'mail_failed' | 'payment_required';

/** One entry of `invalid_fields` in the feedback answer. */
export interface InvalidField {
  field: string;
  message: string;
  /** id of the control the screen-reader list entry links to, or null */
  idref: string | null;
  /** `{unitTag}-ve-{field}`: id of the screen-reader list entry */
  error_id: string;
}

/** The JSON of `POST …/contact-forms/{id}/feedback`. */
export interface FeedbackAnswer {
  contact_form_id: number;
  status: FeedbackStatus | (string & {});
  message: string;
  invalid_fields: InvalidField[];
  /** empty for validation_failed, acceptance_missing and spam */
  posted_data_hash: string;
  /** `#{unitTag}` */
  into: string;
  /** captcha refill: field → the new picture's address; only when the form has captchas */
  captcha?: Record<string, string>;
  /** quiz refill: field → [question, hashed answer]; only when the form has quizzes */
  quiz?: Record<string, [string, string]>;
}

/** The JSON of `GET …/contact-forms/{id}/refill`: `[]` when there is nothing to refill. */
export type RefillAnswer = [] | { captcha?: Record<string, string>; quiz?: Record<string, [string, string]> };

/** WordPress REST error body. */
export interface RestError {
  code: string;
  message: string;
  data: { status: number };
}

/** Submitted values kept for re-rendering a form without JavaScript (files are never echoed). */
export type PostedValues = Record<string, string | string[]>;

/** The result of a plain HTML post of a form, rendered into that form instance. */
export interface FormPostResult {
  unitTag: string;
  answer: FeedbackAnswer;
  /** values to put back into the fields (empty after mail_sent) */
  values: PostedValues;
  /** the render time the visitor's form carried (kept, so fixing a field is not "too fast") */
  stamp?: string;
}

/** Per-render state of the forms of a page: the signed render time, the quiz questions and the captchas. */
export interface ContactFormState {
  /** signed timestamp for the minimum fill time check */
  stamp: string;
  /** `{formId}:{field}` → [question, hashed answer] */
  quizzes: Record<string, [string, string]>;
  /** `{formId}:{field}` → this render's captcha challenge (prefix and picture address) */
  captchas?: Record<string, { prefix: string; url: string }>;
  /** the answer to a plain HTML post, when the page is the answer to one */
  post?: FormPostResult | null;
}

/** Hidden fields our markup adds besides Contact Form 7's own (underscore: never posted data). */
export const HONEYPOT_FIELD = '_wpcf7_hp';
export const STAMP_FIELD = '_wpcf7_ts';
export const QUIZ_ANSWER_PREFIX = '_wpcf7_quiz_answer_';
/** CF7's hidden field that names the captcha challenge shown: `_wpcf7_captcha_challenge_{name}`. */
export const CAPTCHA_CHALLENGE_PREFIX = '_wpcf7_captcha_challenge_';
/** Captcha picture sizes in pixels, as Really Simple Captcha draws them (`size:s|m|l`). */
export const CAPTCHA_SIZES = { s: [60, 20], m: [72, 24], l: [84, 28] } as const;

/** Version string of the validation schema (Contact Form 7's SWV schema version). */
export const SCHEMA_VERSION = 'Contact Form 7 SWV Schema 2024-10';

/** Statuses as shown in `data-status` and as class names (SPEC 4). */
export const STATUS_DISPLAY: Readonly<Record<string, string>> = {
  init: 'init',
  validation_failed: 'invalid',
  acceptance_missing: 'unaccepted',
  spam: 'spam',
  aborted: 'aborted',
  mail_sent: 'sent',
  mail_failed: 'failed',
  submitting: 'submitting',
  resetting: 'resetting',
  validating: 'validating',
  payment_required: 'payment-required',
};

/** The display name of a status: known ones mapped, anything else `custom-{status}` (CF7 6.x). */
export function displayStatus(status: string): string {
  const known = STATUS_DISPLAY[status];
  if (known) return known;
  if (Object.values(STATUS_DISPLAY).includes(status) || status.startsWith('custom-')) return status;
  const slug = status.replace(/[^0-9a-z]+/i, ' ').trim().replace(/\s+/, '-');
  return `custom-${slug}`;
}

/** `{unitTag}-ve-{field}` with CF7's character filter. */
export const errorId = (unitTag: string, field: string) => `${unitTag}-ve-${field}`.replace(/[^0-9a-z_-]+/gi, '');

/** The id our markup gives a field's control, so the screen-reader list can link to it. */
export const controlId = (unitTag: string, field: string) => `${unitTag}-${field}`.replace(/[^0-9a-z_-]+/gi, '');

/** Contact Form 7's unit tag sanitiser. */
export const sanitizeUnitTag = (tag: unknown) => (typeof tag === 'string' ? tag.replace(/[^A-Za-z0-9_-]/g, '') : '');
