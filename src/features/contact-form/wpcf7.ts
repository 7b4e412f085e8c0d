/**
 * The contact-form script (Contact Form 7 6.x client semantics, SPEC 4/5/7/8 and NOTES "Contact
 * forms"). Loaded on demand by ./client.ts when a page has a `.wpcf7` wrapper.
 *
 * - statuses in `data-status` and as a class, `wpcf7statuschanged` only on real changes;
 * - submit through the REST API (multipart), events beforesubmit → submitting → (status) →
 *   invalid/unaccepted/spam/aborted or mailsent/mailfailed → submit; after mail_sent the form
 *   resets: resetting → refill → back to sent → reset; otherwise init;
 * - the schema is fetched once per form at start; a field is validated on change and the whole
 *   form before submit, with the shared rule engine and the server's messages;
 * - url auto-prefix, tel 00 → +, character counters, submit disabled until the required
 *   acceptance boxes are right;
 * - failed calls are logged, the status goes back to what it was and the message is shown.
 */
import { pageVars } from '../../ui/page-vars.ts';
import { normalizeUrl, stripWhitespace, validate, type Schema } from './rules.ts';
import { displayStatus, errorId, type FeedbackAnswer, type RefillAnswer } from './types.ts';
import type { ClientMessages } from './ContactForm.tsx';

// ---------------------------------------------------------------------------------------------
// Settings, environment, REST calls

interface ApiSettings {
  root: string;
  namespace?: string;
}

/** A catalogue error (SPEC 8). */
export interface ApiError {
  code: string;
  message: string;
}

export const FETCH_ERROR: ApiError = { code: 'fetch_error', message: 'You are probably offline.' };
export const INVALID_JSON: ApiError = { code: 'invalid_json', message: 'The response is not a valid JSON response.' };

const isApiError = (e: unknown): e is ApiError => typeof e === 'object' && e !== null && typeof (e as ApiError).code === 'string' && typeof (e as ApiError).message === 'string';

let api: ApiSettings | null = null;

/**
 * Reads the page settings and checks the browser, logging SPEC 8's console errors. Returns false
 * when the script cannot run: the forms then keep working as plain HTML posts.
 */
export function checkEnvironment(): boolean {
  let settings: unknown;
  try {
    settings = pageVars().wpcf7;
  } catch {
    // a Contact Form 7 page publishes `var wpcf7 = { api: { root, namespace } }` instead
    settings = (globalThis as { wpcf7?: unknown }).wpcf7;
  }
  if (typeof settings !== 'object' || settings === null) {
    console.error('wpcf7 is not defined.');
    return false;
  }
  const a = (settings as { api?: unknown }).api;
  if (typeof a !== 'object' || a === null || typeof (a as ApiSettings).root !== 'string') {
    console.error('wpcf7.api is not defined.');
    return false;
  }
  if (typeof window.fetch !== 'function') {
    console.error('Your browser does not support window.fetch().');
    return false;
  }
  if (typeof window.FormData !== 'function') {
    console.error('Your browser does not support window.FormData().');
    return false;
  }
  if (typeof NodeList.prototype.forEach !== 'function') {
    console.error('Your browser does not support NodeList.forEach().');
    return false;
  }
  if (typeof String.prototype.replaceAll !== 'function') {
    console.error('Your browser does not support String.replaceAll().');
    return false;
  }
  api = a as ApiSettings;
  return true;
}

/**
 * Contact Form 7's apiFetch: `{root}{namespace}/{endpoint}`, JSON accepted. Offline → throws
 * fetch_error; non-2xx → throws the Response; 204 → null; unparsable body → throws invalid_json.
 */
export async function apiFetch<T>(endpoint: string, init: { method: 'GET' | 'POST'; body?: FormData }): Promise<T | null> {
  if (!api) throw new Error('wpcf7.api is not defined.');
  const namespace = (api.namespace ?? 'contact-form-7/v1').replace(/^\/|\/$/g, '');
  let path = `${namespace}/${endpoint.replace(/^\//, '')}`;
  if (api.root.includes('?')) path = path.replace('?', '&');
  let response: Response;
  try {
    response = await window.fetch(api.root + path, {
      method: init.method,
      headers: { Accept: 'application/json, */*;q=0.1' },
      credentials: 'same-origin',
      ...(init.body ? { body: init.body } : { cache: 'no-store' as const }),
    });
  } catch {
    throw FETCH_ERROR;
  }
  if (response.status < 200 || response.status >= 300) throw response;
  if (response.status === 204) return null;
  try {
    return (await response.json()) as T;
  } catch {
    throw INVALID_JSON;
  }
}

// ---------------------------------------------------------------------------------------------
// Form state, status, events

export interface FormInfo {
  id: number;
  status: string;
  pluginVersion: string;
  locale: string;
  unitTag: string;
  containerPost: number;
  parent: HTMLElement;
  schema: Schema | undefined;
  messages: ClientMessages;
  resetOnMailSent?: boolean;
}

type Wpcf7Form = HTMLFormElement & { wpcf7: FormInfo };

/** A string for use inside a double-quoted attribute selector. */
const quoted = (s: string) => s.replace(/["\\]/g, '\\$&');

const absInt = (v: FormDataEntryValue | null) => Math.abs(Number.parseInt(String(v ?? ''), 10)) || 0;

export function triggerEvent(target: EventTarget, name: string, detail: unknown): void {
  target.dispatchEvent(new CustomEvent(`wpcf7${name}`, { bubbles: true, detail }));
}

/** Sets the status (display name in data-status and as a class); fires statuschanged on a change. */
export function setStatus(form: Wpcf7Form, status: string): string {
  const next = displayStatus(status);
  const prev = form.getAttribute('data-status');
  form.wpcf7.status = next;
  form.setAttribute('data-status', next);
  form.classList.add(next);
  if (prev && prev !== next) {
    form.classList.remove(prev);
    triggerEvent(form, 'statuschanged', { ...baseDetail(form), prevStatus: prev });
  }
  return next;
}

function baseDetail(form: Wpcf7Form) {
  const w = form.wpcf7;
  return { contactFormId: w.id, pluginVersion: w.pluginVersion, contactFormLocale: w.locale, unitTag: w.unitTag, containerPostId: w.containerPost, status: w.status };
}

function submissionDetail(form: Wpcf7Form, formData: FormData) {
  return {
    ...baseDetail(form),
    inputs: Array.from(formData)
      .filter(([name]) => !name.startsWith('_'))
      .map(([name, value]) => ({ name, value })),
    formData,
    apiResponse: undefined as unknown,
  };
}

// ---------------------------------------------------------------------------------------------
// Validation display

function statusArea(form: Wpcf7Form): HTMLElement | null {
  return form.wpcf7.parent.querySelector<HTMLElement>('.screen-reader-response [role="status"]');
}

function errorList(form: Wpcf7Form): HTMLElement | null {
  return form.wpcf7.parent.querySelector<HTMLElement>('.screen-reader-response ul');
}

const wrapsOf = (form: HTMLFormElement, field: string) =>
  Array.from(form.querySelectorAll<HTMLElement>('.wpcf7-form-control-wrap[data-name]')).filter((w) => w.dataset.name === field);

/** Error tip, invalid marker, aria-invalid, aria-describedby and the screen-reader list entry. */
export function setValidationError(form: Wpcf7Form, field: string, message: string): void {
  const id = errorId(form.wpcf7.unitTag, field);
  const wraps = wrapsOf(form, field);
  const firstControl = wraps[0]?.querySelector<HTMLElement>('.wpcf7-form-control');
  const li = document.createElement('li');
  li.id = id;
  if (firstControl?.id) {
    const a = document.createElement('a');
    a.href = `#${firstControl.id}`;
    a.textContent = message;
    li.append(a);
  } else li.textContent = message;
  errorList(form)?.append(li);

  for (const wrap of wraps) {
    const tip = document.createElement('span');
    tip.className = 'wpcf7-not-valid-tip';
    tip.setAttribute('aria-hidden', 'true');
    tip.textContent = message;
    wrap.append(tip);
    wrap.querySelectorAll('[aria-invalid]').forEach((el) => el.setAttribute('aria-invalid', 'true'));
    wrap.querySelectorAll<HTMLElement>('.wpcf7-form-control').forEach((control) => {
      control.classList.add('wpcf7-not-valid');
      control.setAttribute('aria-describedby', id);
      if ('setCustomValidity' in control && typeof control.setCustomValidity === 'function') (control as HTMLInputElement).setCustomValidity(message);
    });
  }
}

export function removeValidationError(form: Wpcf7Form, field: string): void {
  const id = errorId(form.wpcf7.unitTag, field);
  errorList(form)
    ?.querySelectorAll('li')
    .forEach((li) => li.id === id && li.remove());
  for (const wrap of wrapsOf(form, field)) {
    wrap.querySelector('.wpcf7-not-valid-tip')?.remove();
    wrap.querySelectorAll('[aria-invalid]').forEach((el) => el.setAttribute('aria-invalid', 'false'));
    wrap.querySelectorAll<HTMLElement>('.wpcf7-form-control').forEach((control) => {
      control.removeAttribute('aria-describedby');
      control.classList.remove('wpcf7-not-valid');
      if ('setCustomValidity' in control && typeof control.setCustomValidity === 'function') (control as HTMLInputElement).setCustomValidity('');
    });
  }
}

/** Clears every message of the form (status area, list, tips, markers, response output). */
export function clearResponse(form: Wpcf7Form): void {
  const status = statusArea(form);
  if (status) status.textContent = '';
  const list = errorList(form);
  if (list) list.textContent = '';
  form.querySelectorAll('.wpcf7-not-valid-tip').forEach((tip) => tip.remove());
  form.querySelectorAll('[aria-invalid]').forEach((el) => el.setAttribute('aria-invalid', 'false'));
  form.querySelectorAll<HTMLElement>('.wpcf7-form-control').forEach((control) => {
    control.removeAttribute('aria-describedby');
    control.classList.remove('wpcf7-not-valid');
    if ('setCustomValidity' in control && typeof control.setCustomValidity === 'function') (control as HTMLInputElement).setCustomValidity('');
  });
  form.querySelectorAll<HTMLElement>('.wpcf7-response-output').forEach((div) => (div.textContent = ''));
}

/** Writes a message into the screen-reader status and the response output. */
function showMessage(form: Wpcf7Form, message: string): void {
  const status = statusArea(form);
  if (status) status.textContent = message;
  form.querySelectorAll<HTMLElement>('.wpcf7-response-output').forEach((div) => (div.textContent = message));
}

/** The values the schema sees: enabled controls inside the field wraps (CF7's validate()). */
function schemaData(form: HTMLFormElement): FormData {
  const data = new FormData();
  form.querySelectorAll<HTMLElement>('.wpcf7-form-control-wrap').forEach((wrap) => {
    wrap.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select').forEach((control) => {
      if (!control.name || control.disabled) return;
      switch (control.type) {
        case 'button':
        case 'image':
        case 'reset':
        case 'submit':
          break;
        case 'checkbox':
        case 'radio':
          if ((control as HTMLInputElement).checked) data.append(control.name, control.value);
          break;
        case 'select-multiple':
          for (const option of Array.from((control as HTMLSelectElement).selectedOptions)) data.append(control.name, option.value);
          break;
        case 'file':
          for (const file of Array.from((control as HTMLInputElement).files ?? [])) data.append(control.name, file);
          break;
        default:
          data.append(control.name, control.value);
      }
    });
  });
  return data;
}

/**
 * Validates one field (`target`, on change) or the whole form (before submit) against the
 * schema and shows the verdicts. Returns false when something is invalid. Without a schema
 * (not loaded yet, or failed) it passes and the server decides. A change validation passes
 * through the `validating` status; the check before submit is `quiet`, so a send keeps CF7's
 * event sequence (beforesubmit → submitting → …).
 */
export function validateForm(form: Wpcf7Form, target?: HTMLElement, quiet = false): boolean {
  const schema = form.wpcf7.schema;
  if (!schema) return true;
  let targetField: string | undefined;
  if (target) {
    const wrap = target.closest<HTMLElement>('.wpcf7-form-control-wrap[data-name]');
    if (!wrap || !form.contains(wrap) || target.closest('.novalidate')) return true;
    targetField = wrap.dataset.name;
  }
  const prevStatus = form.wpcf7.status;
  if (!quiet) setStatus(form, 'validating');
  let result: Map<string, { error: string }>;
  try {
    result = validate(schema, schemaData(form), targetField === undefined ? {} : { target: targetField });
  } finally {
    if (!quiet) setStatus(form, prevStatus);
  }
  const fields = targetField === undefined ? Array.from(form.querySelectorAll<HTMLElement>('.wpcf7-form-control-wrap[data-name]'), (w) => w.dataset.name ?? '') : [targetField];
  for (const field of new Set([...fields, ...result.keys()])) {
    if (!field) continue;
    removeValidationError(form, field);
    const failure = result.get(field);
    if (failure) setValidationError(form, field, failure.error);
  }
  return result.size === 0;
}

// ---------------------------------------------------------------------------------------------
// Submit and reset

/** What a failed call shows: the catalogue message, the server's error message, or the form's. */
async function failureMessage(form: Wpcf7Form, error: unknown): Promise<string> {
  const m = form.wpcf7.messages;
  if (isApiError(error) && error.code === FETCH_ERROR.code) return m.fetch_error;
  if (isApiError(error) && error.code === INVALID_JSON.code) return m.invalid_json;
  if (error instanceof Response) {
    try {
      const body = (await error.clone().json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      /* not JSON */
    }
  }
  return m.mail_sent_ng;
}

export async function submit(form: Wpcf7Form, submitter?: HTMLElement | null): Promise<void> {
  if (form.wpcf7.status === 'submitting') return;
  const prevStatus = form.wpcf7.status;

  // validate the whole form first (the reference only did it on change)
  if (form.wpcf7.schema) {
    clearResponse(form);
    if (!validateForm(form, undefined, true)) {
      setStatus(form, 'validation_failed');
      const message = form.wpcf7.messages.validation_error;
      showMessage(form, message);
      const invalid = Array.from(errorList(form)?.querySelectorAll('li') ?? [], (li) => ({ error_id: li.id, message: li.textContent ?? '' }));
      triggerEvent(form, 'invalid', {
        ...baseDetail(form),
        apiResponse: { contact_form_id: form.wpcf7.id, status: 'validation_failed', message, invalid_fields: invalid, posted_data_hash: '', into: `#${form.wpcf7.unitTag}` },
      });
      return;
    }
  }

  const formData = new FormData(form);
  if (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) {
    if (submitter.name) formData.append(submitter.name, submitter.value);
  }
  const detail = submissionDetail(form, formData);
  clearResponse(form);
  triggerEvent(form, 'beforesubmit', detail);
  setStatus(form, 'submitting');

  let response: FeedbackAnswer | null;
  try {
    response = await apiFetch<FeedbackAnswer>(`contact-forms/${form.wpcf7.id}/feedback`, { method: 'POST', body: formData });
    if (!response || typeof response !== 'object' || typeof response.status !== 'string') throw { code: 'empty_response', message: 'The response is empty.' } satisfies ApiError;
  } catch (error) {
    console.error(error);
    setStatus(form, prevStatus);
    showMessage(form, await failureMessage(form, error));
    return;
  }

  const status = setStatus(form, response.status);
  detail.status = response.status;
  detail.apiResponse = response;
  if (['invalid', 'unaccepted', 'spam', 'aborted'].includes(status)) triggerEvent(form, status, detail);
  else if (status === 'sent' || status === 'failed') triggerEvent(form, `mail${status}`, detail);
  triggerEvent(form, 'submit', detail);

  const hash = form.querySelector<HTMLInputElement>('input[name="_wpcf7_posted_data_hash"]');
  if (hash && response.posted_data_hash) hash.value = response.posted_data_hash;
  if (response.status === 'mail_sent') {
    form.wpcf7.resetOnMailSent = true;
    form.reset();
  }
  for (const e of response.invalid_fields ?? []) {
    if (e && typeof e.field === 'string') setValidationError(form, e.field, String(e.message ?? ''));
  }
  showMessage(form, String(response.message ?? ''));
}

export async function reset(form: Wpcf7Form): Promise<void> {
  if (form.wpcf7.status === 'resetting') return;
  const before = form.wpcf7.status;
  const detail = submissionDetail(form, new FormData(form));
  clearResponse(form);
  setStatus(form, 'resetting');
  let response: RefillAnswer | null;
  try {
    response = await apiFetch<RefillAnswer>(`contact-forms/${form.wpcf7.id}/refill`, { method: 'GET' });
  } catch (error) {
    console.error(error);
    delete form.wpcf7.resetOnMailSent;
    setStatus(form, before);
    return;
  }
  detail.apiResponse = response;
  triggerEvent(form, 'refill', detail);
  if (form.wpcf7.resetOnMailSent) {
    delete form.wpcf7.resetOnMailSent;
    setStatus(form, 'mail_sent');
  } else setStatus(form, 'init');
  detail.status = form.wpcf7.status;
  triggerEvent(form, 'reset', detail);
}

/** Captcha refill: empty answer, the new picture, and the new challenge's prefix read from its address. */
function resetCaptcha(form: HTMLFormElement, captcha: Record<string, string>): void {
  for (const [name, url] of Object.entries(captcha)) {
    for (const input of form.querySelectorAll<HTMLInputElement>(`input[name="${quoted(name)}"]`)) input.value = '';
    for (const img of form.querySelectorAll<HTMLImageElement>(`img.wpcf7-captcha-${CSS.escape(name.replace(/:/g, ''))}`)) img.setAttribute('src', url);
    const prefix = /(\d+)\.(?:png|gif|jpeg)$/.exec(url)?.[1];
    if (!prefix) continue;
    for (const input of form.querySelectorAll<HTMLInputElement>(`input[name="${quoted(`_wpcf7_captcha_challenge_${name}`)}"]`)) input.value = prefix;
  }
}

/** Quiz refill: new question, empty answer, new hashed answer (CF7 resetQuiz). */
function resetQuiz(form: HTMLFormElement, quiz: Record<string, [string, string]>): void {
  for (const [name, [question, hashed]] of Object.entries(quiz)) {
    for (const wrap of wrapsOf(form, name)) {
      const input = wrap.querySelector<HTMLInputElement>(`input[name="${quoted(name)}"]`);
      if (input) input.value = '';
      const label = wrap.querySelector('.wpcf7-quiz-label');
      if (label) label.textContent = question;
      const hidden = wrap.querySelector<HTMLInputElement>(`input[name="${quoted(`_wpcf7_quiz_answer_${name}`)}"]`);
      if (hidden) hidden.value = hashed;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers: url, tel, acceptance, counters

function initInputHelpers(form: HTMLFormElement): void {
  form.querySelectorAll<HTMLInputElement>('.wpcf7-validates-as-url').forEach((el) => {
    el.addEventListener('change', () => {
      el.value = normalizeUrl(el.value);
    });
  });
  form.querySelectorAll<HTMLInputElement>('.wpcf7-validates-as-tel').forEach((el) => {
    el.addEventListener('change', () => {
      const v = el.value.trim();
      el.value = v.startsWith('00') ? `+${v.slice(2)}` : v;
    });
  });
}

/** Submit buttons stay disabled until every non-optional acceptance box is right. */
function initSubmitButton(form: HTMLFormElement): void {
  if (!form.querySelector('.wpcf7-acceptance') || form.classList.contains('wpcf7-acceptance-as-validation')) return;
  const check = () => {
    const accepted = Array.from(form.querySelectorAll<HTMLElement>('.wpcf7-acceptance')).every((box) => {
      if (box.classList.contains('optional')) return true;
      const checkbox = box.querySelector<HTMLInputElement>('input[type="checkbox"]');
      if (!checkbox) return true;
      return box.classList.contains('invert') ? !checkbox.checked : checkbox.checked;
    });
    form.querySelectorAll<HTMLInputElement | HTMLButtonElement>('.wpcf7-submit').forEach((button) => {
      // a keyboard user whose focused button becomes disabled keeps a place in the form
      if (!accepted && document.activeElement === button) {
        form.tabIndex = -1;
        form.focus({ preventScroll: true });
      }
      button.disabled = !accepted;
    });
  };
  check();
  form.addEventListener('change', check);
  form.addEventListener('wpcf7reset', check);
}

function initCharacterCount(form: HTMLFormElement): void {
  const update = (counter: HTMLElement, target: HTMLInputElement | HTMLTextAreaElement) => {
    const starting = absInt(counter.getAttribute('data-starting-value'));
    const maximum = absInt(counter.getAttribute('data-maximum-value'));
    const minimum = absInt(counter.getAttribute('data-minimum-value'));
    // counted as the length rules count it: without surrounding white space
    const length = stripWhitespace(target.value).length;
    const count = counter.classList.contains('down') ? starting - length : length;
    counter.setAttribute('data-current-value', String(count));
    counter.textContent = String(count);
    counter.classList.toggle('too-long', Boolean(maximum) && maximum < length);
    counter.classList.toggle('too-short', Boolean(minimum) && length < minimum);
  };
  const all = (bind: boolean) => {
    form.querySelectorAll<HTMLElement>('.wpcf7-character-count').forEach((counter) => {
      const name = counter.getAttribute('data-target-name') ?? '';
      const target = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${quoted(name)}"]`);
      if (!target) return;
      update(counter, target);
      if (bind) {
        target.addEventListener('input', () => update(counter, target));
        target.addEventListener('keyup', () => update(counter, target));
      }
    });
  };
  all(true);
  // the form's own reset event fires before the fields are cleared
  form.addEventListener('wpcf7reset', () => all(false));
  form.addEventListener('reset', () => setTimeout(() => all(false), 0));
}

// ---------------------------------------------------------------------------------------------
// Start

const schemas = new Map<number, Promise<Schema | null>>();

function readMessages(wrapper: HTMLElement): ClientMessages {
  const fallback: ClientMessages = {
    validation_error: 'One or more fields have an error. Please check and try again.',
    mail_sent_ng: 'There was an error trying to send your message. Please try again later.',
    fetch_error: FETCH_ERROR.message,
    invalid_json: INVALID_JSON.message,
    wrong_place: 'Error: This contact form is placed in the wrong place.',
  };
  try {
    return { ...fallback, ...(JSON.parse(wrapper.dataset.messages ?? '{}') as Partial<ClientMessages>) };
  } catch {
    return fallback;
  }
}

export function init(form: HTMLFormElement, wrapper: HTMLElement): void {
  const data = new FormData(form);
  const f = form as Wpcf7Form;
  f.wpcf7 = {
    id: absInt(data.get('_wpcf7')),
    status: form.getAttribute('data-status') ?? 'init',
    pluginVersion: String(data.get('_wpcf7_version') ?? ''),
    locale: String(data.get('_wpcf7_locale') ?? ''),
    unitTag: String(data.get('_wpcf7_unit_tag') ?? ''),
    containerPost: absInt(data.get('_wpcf7_container_post')),
    parent: wrapper,
    schema: undefined,
    messages: readMessages(wrapper),
  };

  form.querySelectorAll('.has-spinner').forEach((el) => el.insertAdjacentHTML('afterend', '<span class="wpcf7-spinner" aria-hidden="true"></span>'));
  initInputHelpers(form);
  initSubmitButton(form);
  initCharacterCount(form);

  form.addEventListener('reset', () => void reset(f));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(f, (event as SubmitEvent).submitter);
  });
  const refill = (event: Event) => {
    const answer = (event as CustomEvent<{ apiResponse?: { quiz?: Record<string, [string, string]>; captcha?: Record<string, string> } | null }>).detail?.apiResponse;
    if (answer && typeof answer === 'object' && answer.captcha) resetCaptcha(form, answer.captcha);
    if (answer && typeof answer === 'object' && answer.quiz) resetQuiz(form, answer.quiz);
  };
  form.addEventListener('wpcf7submit', refill);
  form.addEventListener('wpcf7reset', refill);

  // the schema: once per form id, at start
  const id = f.wpcf7.id;
  let schema = schemas.get(id);
  if (!schema) {
    schema = apiFetch<Schema>(`contact-forms/${id}/feedback/schema`, { method: 'GET' }).catch((error: unknown) => {
      console.error(error);
      return null;
    });
    schemas.set(id, schema);
  }
  void schema.then((s) => {
    if (s && Array.isArray(s.rules)) f.wpcf7.schema = s;
  });

  form.addEventListener('change', (event) => {
    const target = event.target as HTMLElement | null;
    if (target?.closest('.wpcf7-form-control')) validateForm(f, target);
  });
}

let environment: boolean | null = null;

/** Starts one `.wpcf7` wrapper (called by ./client.ts for every wrapper on the page, now or later). */
export function start(wrapper: HTMLElement): void {
  environment ??= checkEnvironment();
  if (!environment) return;
  const form = wrapper.querySelector<HTMLFormElement>(':scope > form');
  // A form inside another form: the HTML parser drops the inner <form>, or it is nested in script.
  if (!form || wrapper.parentElement?.closest('form')) {
    const p = document.createElement('p');
    p.className = 'wpcf7-wrong-place';
    p.textContent = readMessages(wrapper).wrong_place;
    wrapper.replaceChildren(p);
    return;
  }
  init(form, wrapper);
  wrapper.classList.replace('no-js', 'js');
}

