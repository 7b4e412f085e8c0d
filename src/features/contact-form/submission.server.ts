/**
 * The submission pipeline of a contact form, shared by the REST endpoint and the plain HTML post
 * of a page (NOTES, Contact forms: server order):
 *
 *   validation (the shared rule engine + quiz answers) → acceptance → spam (honeypot, minimum
 *   fill time, per-address rate limit, user agent) → file checks → store the submission → mail
 *
 * Every submission that gets past the checks is stored (with its posted-data hash) together with
 * its outbox message, in one transaction, before mail is attempted. SMTP down or refusing: `mail_failed`, the submission stays, and the mailer's outbox
 * retries until the message is delivered. Without SMTP_URL the message stays in the outbox and
 * the answer is `mail_sent`.
 */
import type { Config } from '../../server/config.server.ts';
import type { Logger } from '../../server/log.server.ts';
import type { Repositories } from '../../server/db/repositories/index.server.ts';
import type { Mailer, PendingMail } from '../../server/mail/mailer.server.ts';
import type { RateLimiter } from '../../server/ratelimit.server.ts';
import { translator } from '../../i18n/index.ts';
import { fillMailTags, schemaFor, settingOn, type FormDefinition, type MailTemplate, type MessageKey } from './definition.ts';
import { validate, type FormDataLike } from './rules.ts';
import { resolveHeaders } from './mail-headers.ts';
import {
  HONEYPOT_FIELD,
  QUIZ_ANSWER_PREFIX,
  CAPTCHA_CHALLENGE_PREFIX,
  SCHEMA_VERSION,
  STAMP_FIELD,
  controlId,
  errorId,
  type FeedbackAnswer,
  type InvalidField,
  type PostedValues,
} from './types.ts';
import { postedDataHash, quizAnswerHash, quizAnswerMatches, stampAge } from './security.server.ts';
import { contentMatchesName, removeUploads, storeUploads, type StoredUpload } from './uploads.server.ts';
import { createLocalStore, type MediaStore } from '../media/storage.server.ts';
import { captchaRefill, quizRefill } from './state.server.ts';
import { checkCaptcha } from './captcha.server.ts';

/** What the pipeline needs of the runtime (the real Runtime satisfies it; tests build one). */
export interface FormRuntime {
  config: Pick<Config, 'secret' | 'dataDir' | 'publicUrl' | 'adminEmail' | 'rateLimitPerMinute'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  repos: Pick<Repositories, 'forms' | 'captcha' | 'outbox' | 'transaction'>;
  mailer: Pick<Mailer, 'enqueueIn' | 'deliverPending'>;
  limiter: RateLimiter;
  settings(): Promise<{ site: { title: string } }>;
  /** where attachments go (default: the local store in DATA_DIR) */
  mediaStore?: MediaStore;
}

export interface SubmitMeta {
  remoteAddr: string;
  userAgent: string;
  /** the page the form was sent from, for the `[_url]` mail tag */
  url?: string;
  now?: number;
}

export interface SubmitOutcome {
  answer: FeedbackAnswer;
  /** the posted values (for re-rendering without JavaScript) */
  posted: PostedValues;
  submissionId: number | null;
}

/** A person needs more than this to fill in a form; faster posts are treated as spam. */
export const MIN_FILL_MS = 3000;
/** Rate-limit window per address. */
export const RATE_WINDOW_MS = 10 * 60_000;
/** Accepted submissions per address and window: a twelfth of the per-minute theme-call budget (5 by default). */
export const rateLimitFor = (config: Pick<Config, 'rateLimitPerMinute'>) => Math.max(1, Math.floor(config.rateLimitPerMinute / 12));
/** CF7 calls a user agent shorter than 2 characters unnaturally short. */
export const MIN_USER_AGENT_LENGTH = 2;

/** Fields that carry posted data (CF7's posted_data: no files, no quiz or captcha answers, no submit). */
type DataField = Exclude<FormDefinition['fields'][number], { type: 'submit' | 'note' | 'file' | 'quiz' | 'captcha' }>;
const isDataField = (f: FormDefinition['fields'][number]): f is DataField => f.type !== 'submit' && f.type !== 'note' && f.type !== 'file' && f.type !== 'quiz' && f.type !== 'captcha';
const multiValued = (f: DataField) => f.type === 'checkbox' || (f.type === 'select' && f.multiple);

/** CF7's sanitising of posted text: no NUL bytes, line breaks as `\n`. */
const clean = (v: string) => v.replace(/\0/g, '').replace(/\r\n?/g, '\n');

function stringsOf(data: FormDataLike, name: string): string[] {
  return [...data.getAll(name), ...data.getAll(`${name}[]`)].filter((v): v is string => typeof v === 'string').map(clean);
}

/** The form's posted data, in definition order. */
export function collectPosted(def: FormDefinition, data: FormDataLike): PostedValues {
  const posted: PostedValues = {};
  for (const f of def.fields) {
    if (!isDataField(f)) continue;
    const values = stringsOf(data, f.name);
    if (f.type === 'acceptance') posted[f.name] = values.some((v) => v !== '') ? '1' : '';
    else if (multiValued(f)) posted[f.name] = values.filter((v) => v !== '');
    else posted[f.name] = values[0] ?? '';
  }
  return posted;
}

function chosenFiles(data: FormData, name: string): File[] {
  return [...data.getAll(name), ...data.getAll(`${name}[]`)].filter((v): v is File => typeof v !== 'string' && v.name !== '');
}

export function invalidField(def: FormDefinition, unitTag: string, field: string, message: string): InvalidField {
  const f = def.fields.find((x) => 'name' in x && x.name === field);
  // our markup gives single controls an id the screen-reader list links to; groups have none
  const hasId = f && f.type !== 'checkbox' && f.type !== 'radio' && f.type !== 'acceptance' && f.type !== 'hidden';
  return { field, message, idref: hasId ? controlId(unitTag, field) : null, error_id: errorId(unitTag, field) };
}

/** The answer for a failure before anything is stored. */
export function failureAnswer(def: FormDefinition, unitTag: string, status: 'validation_failed' | 'acceptance_missing' | 'spam', invalid: InvalidField[] = []): FeedbackAnswer {
  const key: MessageKey = status === 'validation_failed' ? 'validation_error' : status === 'acceptance_missing' ? 'accept_terms' : 'spam';
  return { contact_form_id: def.id, status, message: def.messages[key], invalid_fields: invalid, posted_data_hash: '', into: `#${unitTag}` };
}

/** Validation: the shared rule engine, then the quiz answers. First failure per field wins. */
export function validateSubmission(secret: string, def: FormDefinition, data: FormDataLike): Map<string, string> {
  const schema = schemaFor(def, SCHEMA_VERSION, def.locale);
  const errors = new Map<string, string>();
  for (const [field, v] of validate(schema, data)) errors.set(field, v.error);
  for (const f of def.fields) {
    if (f.type !== 'quiz' || errors.has(f.name)) continue;
    const answer = stringsOf(data, f.name)[0] ?? '';
    const hashed = stringsOf(data, `${QUIZ_ANSWER_PREFIX}${f.name}`)[0] ?? '';
    // the hashed answers must belong to one of this quiz's questions, and the answer must match
    const known = f.questions.some((q) => quizAnswerHash(secret, q.answers) === hashed);
    if (!known || !quizAnswerMatches(secret, hashed, answer)) errors.set(f.name, def.messages.quiz_answer_not_correct);
  }
  return errors;
}

/** The non-optional acceptance boxes not in their required state (an inverted one must stay unchecked). */
export function unaccepted(def: FormDefinition, data: FormDataLike): string[] {
  return def.fields.flatMap((f) => {
    if (f.type !== 'acceptance' || f.optional) return [];
    const checked = stringsOf(data, f.name).some((v) => v !== '');
    return (f.invert ? !checked : checked) ? [] : [f.name];
  });
}

/** Acceptance: every non-optional box in its required state. */
export const accepted = (def: FormDefinition, data: FormDataLike): boolean => unaccepted(def, data).length === 0;

/** Spam reasons (empty when the submission looks human). The rate limit is counted last. */
export async function spamReasons(rt: { config: Pick<Config, 'secret' | 'rateLimitPerMinute'>; limiter: RateLimiter }, data: FormDataLike, meta: SubmitMeta): Promise<string[]> {
  const reasons: string[] = [];
  if (meta.userAgent.trim().length < MIN_USER_AGENT_LENGTH) reasons.push('user agent string is unnaturally short');
  const honeypot = stringsOf(data, HONEYPOT_FIELD).join('');
  if (honeypot.trim() !== '') reasons.push('honeypot field filled in');
  const age = stampAge(rt.config.secret, stringsOf(data, STAMP_FIELD)[0], meta.now);
  if (age === null) reasons.push('missing or invalid form timestamp');
  else if (age < MIN_FILL_MS) reasons.push(`form sent ${age} ms after it was rendered`);
  if (reasons.length === 0) {
    const hit = await rt.limiter.hit(`cf7:${meta.remoteAddr}`, rateLimitFor(rt.config), RATE_WINDOW_MS);
    if (!hit.ok) reasons.push('too many submissions from this address');
  }
  return reasons;
}

async function fileProblems(def: FormDefinition, data: FormData): Promise<Map<string, string>> {
  const problems = new Map<string, string>();
  for (const f of def.fields) {
    if (f.type !== 'file') continue;
    for (const file of chosenFiles(data, f.name)) {
      const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
      if (!contentMatchesName(file.name, head)) {
        problems.set(f.name, def.messages.upload_file_type_invalid);
        break;
      }
    }
  }
  return problems;
}

function mailValues(def: FormDefinition, posted: PostedValues, uploads: StoredUpload[], extra: Record<string, string>): Record<string, string | string[]> {
  const t = translator(def.locale);
  const values: Record<string, string | string[]> = { ...extra };
  for (const f of def.fields) {
    if (f.type === 'acceptance') values[f.name] = posted[f.name] ? t('form.consented') : t('form.notConsented');
    else if (f.type === 'file') {
      values[f.name] = uploads.filter((u) => u.field === f.name).map((u) => `${u.name} (${Math.max(1, Math.round(u.size / 1024))} KB)`);
    } else if (isDataField(f)) values[f.name] = posted[f.name] ?? '';
  }
  return values;
}

/** Runs the whole pipeline for one post of a form instance (`unitTag` already sanitised). */
export async function submitForm(rt: FormRuntime, def: FormDefinition, data: FormData, unitTag: string, meta: SubmitMeta): Promise<SubmitOutcome> {
  const posted = collectPosted(def, data);
  const fail = (answer: FeedbackAnswer): SubmitOutcome => ({ answer, posted, submissionId: null });

  const errors = validateSubmission(rt.config.secret, def, data);
  // every captcha is checked (and so spent) on every submission, as CF7 validates every tag
  for (const f of def.fields) {
    if (f.type !== 'captcha') continue;
    const ok = await checkCaptcha(rt.repos, stringsOf(data, `${CAPTCHA_CHALLENGE_PREFIX}${f.name}`)[0] ?? '', stringsOf(data, f.name)[0] ?? '');
    if (!ok && !errors.has(f.name)) errors.set(f.name, def.messages.captcha_not_match);
  }
  // `acceptance_as_validation: on`: a box in the wrong state is an error next to it
  if (settingOn(def, 'acceptance_as_validation')) for (const name of unaccepted(def, data)) if (!errors.has(name)) errors.set(name, def.messages.accept_terms);
  if (errors.size > 0) {
    const invalid = [...errors].map(([field, message]) => invalidField(def, unitTag, field, message));
    return fail(await withRefill(rt, def, failureAnswer(def, unitTag, 'validation_failed', invalid)));
  }
  if (!accepted(def, data)) return fail(await withRefill(rt, def, failureAnswer(def, unitTag, 'acceptance_missing')));

  const reasons = await spamReasons(rt, data, meta);
  if (reasons.length > 0) {
    rt.log.warn({ formId: def.id, unitTag, remoteAddr: meta.remoteAddr, reasons }, 'contact form submission treated as spam');
    return fail(await withRefill(rt, def, failureAnswer(def, unitTag, 'spam')));
  }

  const problems = await fileProblems(def, data);
  if (problems.size > 0) {
    const invalid = [...problems].map(([field, message]) => invalidField(def, unitTag, field, message));
    return fail(await withRefill(rt, def, failureAnswer(def, unitTag, 'validation_failed', invalid)));
  }

  const now = meta.now ?? Date.now();
  const hash = postedDataHash(rt.config.secret, { remoteAddr: meta.remoteAddr, unitTag, posted }, now);
  if (settingOn(def, 'demo_mode')) {
    // `demo_mode: on`: the form answers as if sent; nothing is stored, nothing is mailed
    rt.log.info({ formId: def.id, unitTag }, 'contact form in demo mode: submission neither stored nor mailed');
    return { answer: await withRefill(rt, def, sentAnswer(def, unitTag, 'mail_sent', hash)), posted, submissionId: null };
  }
  const skipMail = settingOn(def, 'skip_mail');
  const files = def.fields.flatMap((f) => (f.type === 'file' ? chosenFiles(data, f.name).map((file) => ({ field: f.name, file })) : []));
  const store = rt.mediaStore ?? createLocalStore(rt.config.dataDir);
  const uploads = await storeUploads(store, files);
  const containerPost = Number(stringsOf(data, '_wpcf7_container_post')[0] ?? '');
  const postId = Number.isSafeInteger(containerPost) && containerPost > 0 ? containerPost : null;
  const site = (await rt.settings()).site;

  // The submission and its mail are written in one transaction: both or neither.
  let pending: PendingMail[];
  let submissionId: number;
  try {
    ({ pending, submissionId } = await rt.repos.transaction(async (tx) => {
      const id = await tx.forms.addSubmission({
        formId: def.id,
        containerPostId: postId,
        unitTag,
        fields: posted,
        files: uploads,
        postedDataHash: hash,
        // with `skip_mail: on` there is no mail to wait for: the submission is settled at once
        status: skipMail ? 'mail_sent' : 'init',
        remoteAddr: meta.remoteAddr,
        userAgent: meta.userAgent,
      });
      const date = new Date(now);
      const values = mailValues(def, posted, uploads, {
        _site_title: site.title,
        _site_url: rt.config.publicUrl,
        _site_admin_email: rt.config.adminEmail,
        _remote_ip: meta.remoteAddr,
        _user_agent: meta.userAgent,
        _url: meta.url ?? '',
        _date: date.toISOString().slice(0, 10),
        _time: date.toISOString().slice(11, 16) + ' UTC',
        _serial: String(id),
        _post_id: postId ? String(postId) : '',
      });
      if (skipMail) return { pending: [], submissionId: id };
      // Mail first, then Mail (2) when it is on: both in the outbox with the submission, so the
      // inbox shows each one's delivery; the submission's state follows the first one only.
      const templates: Pick<MailTemplate, 'to' | 'subject' | 'body' | 'headers'>[] = [def.mail, ...(def.mail2?.active ? [def.mail2] : [])];
      const mails: PendingMail[] = [];
      for (const m of templates) {
        const to = fillMailTags(m.to, values, true).trim();
        if (mails.length && !to) continue; // Mail (2) to an empty field (the sender left out their address): nothing to send
        // Cc, Bcc and Reply-To of the additional headers: checked addresses only (mail-headers.ts)
        const headers = resolveHeaders(m.headers, (v) => fillMailTags(v, values, true));
        mails.push(
          await rt.mailer.enqueueIn(tx, {
            to,
            subject: fillMailTags(m.subject, values, true).trim(),
            text: fillMailTags(m.body, values),
            replyTo: headers.replyTo.join(', ') || null,
            cc: headers.cc.join(', ') || null,
            bcc: headers.bcc.join(', ') || null,
            submissionId: id,
          }),
        );
      }
      return { pending: mails, submissionId: id };
    }));
  } catch (err) {
    await removeUploads(store, uploads).catch((e: unknown) => rt.log.warn({ err: e }, 'could not remove the files of an unrecorded submission'));
    throw err;
  }

  // Delivery. Everything past this point keeps the stored submission and its queued mail: a
  // failure here leaves the message to the outbox worker, which retries until it is accepted.
  // The sender's answer follows the first mail, as in CF7 (Mail (2) failing is the outbox's to retry).
  let status: 'mail_sent' | 'mail_failed' = 'mail_sent';
  for (const [n, p] of pending.entries()) {
    try {
      const result = await rt.mailer.deliverPending(p);
      if (result.delivered === false) {
        if (n === 0) status = 'mail_failed';
        rt.log.warn({ formId: def.id, submissionId, mailId: result.id, err: result.error }, 'contact form mail failed; the outbox will retry');
      }
    } catch (err) {
      rt.log.error({ err, formId: def.id, submissionId }, 'contact form mail could not be attempted; the outbox will retry');
      if (n === 0) status = 'mail_failed';
    }
  }
  const first = pending[0];
  if (first) {
    try {
      // A retry that already delivered the message has settled the submission: keep mail_sent.
      const settled = status === 'mail_failed' && (await rt.repos.outbox.stateOf(first.id))?.state === 'sent';
      if (!settled) await rt.repos.forms.setSubmissionStatus(submissionId, status);
    } catch (err) {
      rt.log.error({ err, submissionId, status }, 'could not record the submission status');
    }
  }
  return { answer: await withRefill(rt, def, sentAnswer(def, unitTag, status, hash)), posted, submissionId };
}

function sentAnswer(def: FormDefinition, unitTag: string, status: 'mail_sent' | 'mail_failed', hash: string): FeedbackAnswer {
  return {
    contact_form_id: def.id,
    status,
    message: def.messages[status === 'mail_sent' ? 'mail_sent_ok' : 'mail_sent_ng'],
    invalid_fields: [],
    posted_data_hash: hash,
    into: `#${unitTag}`,
  };
}

/** CF7 sends a fresh quiz question and a fresh captcha with every answer of a form that has them. */
async function withRefill(rt: Pick<FormRuntime, 'config' | 'repos'>, def: FormDefinition, answer: FeedbackAnswer): Promise<FeedbackAnswer> {
  const quiz = quizRefill(rt.config.secret, def);
  const captcha = await captchaRefill(rt.repos, def);
  return { ...answer, ...(captcha ? { captcha } : {}), ...(quiz ? { quiz } : {}) };
}
