// @vitest-environment jsdom
/**
 * The form script against the server-rendered markup in jsdom, with `fetch` answering as the
 * REST API does. (The real browser and server are exercised by tests/e2e/contact-form.spec.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { translator } from '../../i18n/index.ts';
import { PAGE_VARS_ID } from '../../ui/page-vars.ts';
import { ContactForm } from './ContactForm.tsx';
import { demoForms, schemaFor } from './definition.ts';
import { SCHEMA_VERSION, type FeedbackAnswer } from './types.ts';

type Script = typeof import('./wpcf7.ts');

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const schemaOf = (id: number) => schemaFor(demoForms[id - 1]!, SCHEMA_VERSION, 'en_US');

function page(formId: number, { vars = true, wrapInForm = false } = {}) {
  const markup = renderToStaticMarkup(
    <ContactForm
      formId={formId}
      ctx={{ t: translator('en'), locale: 'en', media: {}, postId: 7, postUrl: '/contact/', postTitle: 'Contact', forms: { 1: demoForms[0]!, 2: demoForms[1]! }, formState: { stamp: 's', quizzes: {} } }}
    />,
  );
  const settings = vars ? `<script type="application/json" id="${PAGE_VARS_ID}">${JSON.stringify({ wpcf7: { api: { root: '/wp-json/', namespace: 'contact-form-7/v1' } } })}</script>` : '';
  document.body.innerHTML = (wrapInForm ? `<form id="outer">${markup}</form>` : markup) + settings;
  return document.querySelector<HTMLElement>('.wpcf7')!;
}

/** fetch answering schema, refill and feedback; `feedback` decides the POST answer. */
function api(feedback: (body: FormData) => Response | Promise<Response>) {
  const calls: { url: string; method: string; body?: FormData }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, ...(init.body ? { body: init.body as FormData } : {}) });
    const m = /contact-forms\/(\d+)\/(feedback\/schema|refill|feedback)$/.exec(url);
    if (!m) return new Response('', { status: 404 });
    if (m[2] === 'feedback/schema') return json(schemaOf(Number(m[1])));
    if (m[2] === 'refill') return json([]);
    return feedback(init.body as FormData);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

const sent = (over: Partial<FeedbackAnswer> = {}): FeedbackAnswer => ({
  contact_form_id: 1,
  status: 'mail_sent',
  message: 'Thank you for your message. It has been sent.',
  invalid_fields: [],
  posted_data_hash: '0123456789abcdef0123456789abcdef',
  into: '#wpcf7-f1-p7-o1',
  ...over,
});

const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

function fill(form: HTMLFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const el = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

function check(form: HTMLFormElement, name: string, on = true) {
  const box = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  box.checked = on;
  box.dispatchEvent(new Event('change', { bubbles: true }));
}

function record(form: HTMLFormElement) {
  const events: string[] = [];
  for (const name of ['beforesubmit', 'submit', 'invalid', 'unaccepted', 'spam', 'aborted', 'mailsent', 'mailfailed', 'refill', 'reset', 'statuschanged']) {
    form.addEventListener(`wpcf7${name}`, (e) => events.push(name === 'statuschanged' ? `status:${(e as CustomEvent<{ status: string }>).detail.status}` : name));
  }
  return events;
}

let script: Script;

beforeEach(async () => {
  vi.resetModules();
  script = await import('./wpcf7.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

async function started(formId: number, feedback: (body: FormData) => Response | Promise<Response> = () => json(sent())) {
  const wrapper = page(formId);
  const { calls, fetch } = api(feedback);
  script.start(wrapper);
  await flush();
  const form = wrapper.querySelector('form')!;
  return { wrapper, form, calls, fetch };
}

describe('start', () => {
  it('turns no-js into js, adds the spinner and fetches the schema once per form', async () => {
    const { wrapper, calls } = await started(1);
    expect(wrapper.classList.contains('js')).toBe(true);
    expect(wrapper.classList.contains('no-js')).toBe(false);
    expect(wrapper.querySelector('.wpcf7-submit + .wpcf7-spinner')).not.toBeNull();
    expect(calls).toEqual([{ url: '/wp-json/contact-form-7/v1/contact-forms/1/feedback/schema', method: 'GET' }]);
  });

  it('logs SPEC 8 errors for missing settings and leaves the form a plain HTML form', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const wrapper = page(1, { vars: false });
    api(() => json(sent()));
    script.start(wrapper);
    expect(error).toHaveBeenCalledWith('wpcf7 is not defined.');
    expect(wrapper.classList.contains('no-js')).toBe(true);
  });

  it('logs a missing API setting and unsupported browser features', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = `<script type="application/json" id="${PAGE_VARS_ID}">{"wpcf7":{}}</script>`;
    expect(script.checkEnvironment()).toBe(false);
    expect(error).toHaveBeenLastCalledWith('wpcf7.api is not defined.');
    page(1);
    const replaceAll = String.prototype.replaceAll;
    // @ts-expect-error simulating an old browser
    delete String.prototype.replaceAll;
    vi.resetModules();
    const fresh: Script = await import('./wpcf7.ts');
    try {
      vi.stubGlobal('fetch', vi.fn());
      expect(fresh.checkEnvironment()).toBe(false);
      expect(error).toHaveBeenLastCalledWith('Your browser does not support String.replaceAll().');
    } finally {
      String.prototype.replaceAll = replaceAll;
    }
    expect(fresh.checkEnvironment()).toBe(true);
    vi.stubGlobal('fetch', undefined);
    expect(fresh.checkEnvironment()).toBe(false);
    expect(error).toHaveBeenLastCalledWith('Your browser does not support window.fetch().');
  });

  it('replaces a form placed inside another form with the error message', async () => {
    const wrapper = page(1, { wrapInForm: true });
    api(() => json(sent()));
    script.start(wrapper);
    expect(wrapper.textContent).toBe('Error: This contact form is placed in the wrong place.');
    expect(wrapper.querySelector('input')).toBeNull();
  });
});

describe('submitting', () => {
  it('fires CF7’s sequence for a successful send, resets and stores the hash', async () => {
    const { form, calls } = await started(1);
    fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com', 'your-message': 'Hello there' });
    check(form, 'consent');
    const events = record(form);
    form.requestSubmit();
    await flush();
    expect(events).toEqual(['beforesubmit', 'status:submitting', 'status:sent', 'mailsent', 'submit', 'status:resetting', 'refill', 'status:sent', 'reset']);
    expect(form.getAttribute('data-status')).toBe('sent');
    expect(form.className).toBe('wpcf7-form sent');
    expect(form.querySelector('.wpcf7-response-output')?.textContent).toBe('Thank you for your message. It has been sent.');
    expect(document.querySelector('.screen-reader-response [role="status"]')?.textContent).toBe('Thank you for your message. It has been sent.');
    expect(form.querySelector<HTMLInputElement>('[name="your-name"]')?.value).toBe('');
    expect(form.querySelector<HTMLInputElement>('[name="_wpcf7_posted_data_hash"]')?.value).toBe('0123456789abcdef0123456789abcdef');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/wp-json/contact-form-7/v1/contact-forms/1/feedback');
    expect(post.body?.get('your-name')).toBe('Ana');
    expect(post.body?.get('_wpcf7_unit_tag')).toBe('wpcf7-f1-p7-o1');
    expect(calls.filter((c) => c.url.endsWith('/refill'))).toHaveLength(1);
    // the submit button is disabled again until the box is checked again
    expect(form.querySelector<HTMLInputElement>('.wpcf7-submit')?.disabled).toBe(true);
  });

  it('shows the server’s invalid fields and returns to init after a reset', async () => {
    const answer = sent({
      status: 'validation_failed',
      message: 'One or more fields have an error. Please check and try again.',
      posted_data_hash: '',
      invalid_fields: [{ field: 'your-email', message: 'Please enter an email address.', idref: null, error_id: 'wpcf7-f1-p7-o1-ve-your-email' }],
    });
    const { form } = await started(1, () => json(answer));
    (form as unknown as { wpcf7: { schema: unknown } }).wpcf7.schema = undefined; // let the server decide
    fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com' });
    check(form, 'consent');
    const events = record(form);
    form.requestSubmit();
    await flush();
    expect(events).toEqual(['beforesubmit', 'status:submitting', 'status:invalid', 'invalid', 'submit']);
    const email = form.querySelector<HTMLInputElement>('[name="your-email"]')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('wpcf7-f1-p7-o1-ve-your-email');
    expect(email.classList.contains('wpcf7-not-valid')).toBe(true);
    expect(email.parentElement?.querySelector('.wpcf7-not-valid-tip')?.textContent).toBe('Please enter an email address.');
    const li = document.querySelector('.screen-reader-response li')!;
    expect(li.id).toBe('wpcf7-f1-p7-o1-ve-your-email');
    expect(li.querySelector('a')?.getAttribute('href')).toBe('#wpcf7-f1-p7-o1-your-email');
    form.reset();
    await flush();
    expect(form.getAttribute('data-status')).toBe('init');
    expect(form.querySelector('.wpcf7-not-valid-tip')).toBeNull();
  });

  it.each([
    ['offline', () => Promise.reject(new TypeError('Failed to fetch')), { code: 'fetch_error', message: 'You are probably offline.' }, 'You are probably offline.'],
    ['invalid JSON', () => new Response('<html>oops</html>', { status: 200 }), { code: 'invalid_json', message: 'The response is not a valid JSON response.' }, 'The response is not a valid JSON response.'],
    ['empty 204', () => new Response(null, { status: 204 }), { code: 'empty_response', message: 'The response is empty.' }, 'There was an error trying to send your message. Please try again later.'],
  ] as const)('%s: logs the error, goes back to the previous status and shows the message', async (_name, answer, logged, shown) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { form } = await started(1, answer as () => Response);
    fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com' });
    check(form, 'consent');
    const events = record(form);
    form.requestSubmit();
    await flush();
    expect(error).toHaveBeenCalledWith(logged);
    expect(events).toEqual(['beforesubmit', 'status:submitting', 'status:init']);
    expect(form.getAttribute('data-status')).toBe('init');
    expect(form.querySelector('.wpcf7-response-output')?.textContent).toBe(shown);
    expect(form.querySelector<HTMLInputElement>('[name="your-name"]')?.value).toBe('Ana');
  });

  it('non-2xx: throws the response, logs it and shows the server’s error message', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { form } = await started(1, () => json({ code: 'wpcf7_not_found', message: 'The requested contact form was not found.', data: { status: 404 } }, 404));
    fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com' });
    check(form, 'consent');
    form.requestSubmit();
    await flush();
    expect(error.mock.calls[0]?.[0]).toBeInstanceOf(Response);
    expect((error.mock.calls[0]?.[0] as Response).status).toBe(404);
    expect(form.getAttribute('data-status')).toBe('init');
    expect(form.querySelector('.wpcf7-response-output')?.textContent).toBe('The requested contact form was not found.');
  });

  it('validates the whole form before submit and sends nothing when it is invalid', async () => {
    const { form, calls } = await started(2);
    fill(form, { 'your-name': 'Ana', 'your-email': 'nope', brief: 'short' });
    check(form, 'terms');
    const events = record(form);
    form.requestSubmit();
    await flush();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(events).toEqual(['status:invalid', 'invalid']);
    expect(form.querySelector('.wpcf7-response-output')?.textContent).toBe('One or more fields have an error. Please check and try again.');
    const tips = Array.from(form.querySelectorAll('.wpcf7-not-valid-tip'), (t) => [t.closest('[data-name]')?.getAttribute('data-name'), t.textContent]);
    expect(tips).toEqual([
      ['your-email', 'Please enter an email address.'],
      ['services', 'Please select more options.'],
      ['brief', 'This field has a too short input.'],
    ]);
    expect(document.querySelectorAll('.screen-reader-response li')).toHaveLength(3);
  });
});

describe('helpers', () => {
  it('validates a field on change, with statuschanged only on real changes', async () => {
    const { form } = await started(2);
    const events = record(form);
    fill(form, { 'your-email': 'ana@' });
    const email = form.querySelector<HTMLInputElement>('[name="your-email"]')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.parentElement?.querySelector('.wpcf7-not-valid-tip')?.textContent).toBe('Please enter an email address.');
    expect(events).toEqual(['status:validating', 'status:init']);
    fill(form, { 'your-email': 'ana@example.com' });
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(email.hasAttribute('aria-describedby')).toBe(false);
    expect(form.querySelector('.wpcf7-not-valid-tip')).toBeNull();
    expect(document.querySelectorAll('.screen-reader-response li')).toHaveLength(0);
  });

  it('prefixes http:// to a url with a dot and no scheme, and turns a leading 00 into +', async () => {
    const { form } = await started(2);
    fill(form, { 'your-website': 'example.com/path', 'your-phone': '0049 30 123456' });
    expect(form.querySelector<HTMLInputElement>('[name="your-website"]')?.value).toBe('http://example.com/path');
    expect(form.querySelector<HTMLInputElement>('[name="your-phone"]')?.value).toBe('+49 30 123456');
    fill(form, { 'your-website': 'localhost' });
    expect(form.querySelector<HTMLInputElement>('[name="your-website"]')?.value).toBe('localhost');
    expect(form.querySelector('[data-name="your-website"] .wpcf7-not-valid-tip')?.textContent).toBe('Please enter a URL.');
  });

  it('keeps submit disabled until the required acceptance box is checked; the optional one does not matter', async () => {
    const { form } = await started(2);
    const submit = form.querySelector<HTMLInputElement>('.wpcf7-submit')!;
    expect(submit.disabled).toBe(true);
    check(form, 'newsletter');
    expect(submit.disabled).toBe(true);
    check(form, 'terms');
    expect(submit.disabled).toBe(false);
    check(form, 'newsletter', false);
    expect(submit.disabled).toBe(false);
    check(form, 'terms', false);
    expect(submit.disabled).toBe(true);
  });

  it('an inverted box must stay unchecked', async () => {
    const wrapper = page(1);
    wrapper.querySelector('.wpcf7-acceptance')!.classList.add('invert');
    api(() => json(sent()));
    script.start(wrapper);
    const form = wrapper.querySelector('form')!;
    const submit = form.querySelector<HTMLInputElement>('.wpcf7-submit')!;
    expect(submit.disabled).toBe(false);
    check(form, 'consent');
    expect(submit.disabled).toBe(true);
  });

  it('counts characters down and marks too short / too long', async () => {
    const { form } = await started(2);
    const counter = form.querySelector<HTMLElement>('.wpcf7-character-count')!;
    fill(form, { brief: 'Twelve chars' });
    expect(counter.textContent).toBe('1988');
    expect(counter.getAttribute('data-current-value')).toBe('1988');
    expect(counter.classList.contains('too-short')).toBe(true);
    fill(form, { brief: 'x'.repeat(2001) });
    expect(counter.textContent).toBe('-1');
    expect(counter.classList.contains('too-long')).toBe(true);
    expect(counter.classList.contains('too-short')).toBe(false);
    fill(form, { brief: 'x'.repeat(25) });
    expect(counter.className).toBe('wpcf7-character-count down');
  });

  it('setStatus maps server statuses to display names and unknown ones to custom-…', async () => {
    const { form } = await started(1);
    const events = record(form);
    const f = form as Parameters<Script['setStatus']>[0];
    expect(script.setStatus(f, 'acceptance_missing')).toBe('unaccepted');
    expect(script.setStatus(f, 'payment_required')).toBe('payment-required');
    expect(script.setStatus(f, 'over_quota')).toBe('custom-over-quota');
    expect(script.setStatus(f, 'custom-over-quota')).toBe('custom-over-quota');
    expect(form.className).toBe('wpcf7-form custom-over-quota');
    expect(events).toEqual(['status:unaccepted', 'status:payment-required', 'status:custom-over-quota']);
  });
});
