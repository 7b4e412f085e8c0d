// @vitest-environment jsdom
/**
 * The contact-form island (ContactFormView.tsx) hydrated by the island runtime over the server's
 * markup in jsdom, with `fetch` answering as Contact Form 7's REST API does: CF7's markup, events
 * and wire stay what CF7's own client expects. (The real browser and server are exercised by
 * tests/e2e/contact-form.spec.ts and captcha.spec.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { translator } from '../../i18n/index.ts';
import { PAGE_VARS_ID } from '../../ui/page-vars.ts';
import { hydrateIsland } from '../../ui/client/hydrate.ts';
import { ContactForm } from './ContactForm.tsx';
import { demoForms, schemaFor, type FormDefinition } from './definition.ts';
import { SCHEMA_VERSION, type FeedbackAnswer } from './types.ts';
import { parseFormTemplate } from '../wxr/cf7.ts';

type Script = typeof import('./wpcf7.ts');
type Forms = Record<number, FormDefinition>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const schemaOf = (def: FormDefinition) => schemaFor(def, SCHEMA_VERSION, 'en_US');
const defaultForms: Forms = { 1: demoForms[0]!, 2: demoForms[1]!, 3: demoForms[2]! };
const CAPTCHA = { '3:captcha-1': { prefix: '1111', url: '/contact-form/captcha/1111.png' } };

/** The page as the server sends it: the island's markup and the page settings. */
function page(formId: number, { vars = true, wrapInForm = false, forms = defaultForms } = {}) {
  const markup = renderToString(
    <ContactForm
      formId={formId}
      ctx={{ t: translator('en'), locale: 'en', media: {}, players: [], postId: 7, postUrl: '/contact/', postTitle: 'Contact', forms, formState: { stamp: 's', quizzes: {}, captchas: CAPTCHA } }}
    />,
  );
  const settings = vars ? `<script type="application/json" id="${PAGE_VARS_ID}">${JSON.stringify({ wpcf7: { api: { root: '/wp-json/', namespace: 'contact-form-7/v1' } } })}</script>` : '';
  document.body.innerHTML = `<main>${markup}</main>${settings}`;
  const island = document.querySelector<HTMLElement>('masthead-island')!;
  if (wrapInForm) {
    // a script put the form inside another form (the HTML parser would drop the inner one)
    const outer = document.createElement('form');
    outer.id = 'outer';
    island.replaceWith(outer);
    outer.append(island);
  }
  return { island, wrapper: island.querySelector<HTMLElement>('.wpcf7')! };
}

/** fetch answering schema, refill and feedback; `feedback` decides the POST answer. */
function api(feedback: (body: FormData) => Response | Promise<Response>, { forms = defaultForms, refill = (): unknown => [] } = {}) {
  const calls: { url: string; method: string; body?: FormData }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, ...(init.body ? { body: init.body as FormData } : {}) });
    const m = /contact-forms\/(\d+)\/(feedback\/schema|refill|feedback)$/.exec(url);
    if (!m) return new Response('', { status: 404 });
    if (m[2] === 'feedback/schema') return json(schemaOf(forms[Number(m[1])]!));
    if (m[2] === 'refill') return json(refill());
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

/** Types into a field as a browser does: input events, then change when it is left. */
async function fill(form: HTMLFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const el = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
  await flush();
}

async function check(form: HTMLFormElement, name: string, on = true) {
  const box = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  if (box.checked !== on) box.click();
  await flush();
}

function record(form: HTMLFormElement) {
  const events: string[] = [];
  for (const name of ['beforesubmit', 'submit', 'invalid', 'unaccepted', 'spam', 'aborted', 'mailsent', 'mailfailed', 'refill', 'reset', 'statuschanged']) {
    form.addEventListener(`wpcf7${name}`, (e) => events.push(name === 'statuschanged' ? `status:${(e as CustomEvent<{ status: string }>).detail.status}` : name));
  }
  return events;
}

let script: Script;
let consoleErrors: unknown[][];

beforeEach(async () => {
  vi.resetModules();
  script = await import('./wpcf7.ts');
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The page, hydrated: the island runtime takes the server's markup over. */
async function started(formId: number, feedback: (body: FormData) => Response | Promise<Response> = () => json(sent()), options: { forms?: Forms; refill?: () => unknown } = {}) {
  const { island, wrapper } = page(formId, options);
  const { calls, fetch } = api(feedback, options);
  await hydrateIsland(island);
  await flush();
  const form = wrapper.querySelector('form')!;
  return { wrapper, form, calls, fetch };
}

const output = (form: HTMLFormElement) => form.querySelector('.wpcf7-response-output')?.textContent;
const tips = (form: HTMLFormElement) => Array.from(form.querySelectorAll('.wpcf7-not-valid-tip'), (t) => [t.closest('[data-name]')?.getAttribute('data-name'), t.textContent]);

describe('start', () => {
  it('hydrates the server markup without a mismatch: js instead of no-js, the spinner, the schema fetched once', async () => {
    const { wrapper, form, calls } = await started(1);
    expect(consoleErrors).toEqual([]);
    expect(wrapper.classList.contains('js')).toBe(true);
    expect(wrapper.classList.contains('no-js')).toBe(false);
    expect(wrapper.querySelector('.wpcf7-submit + .wpcf7-spinner')).not.toBeNull();
    expect(calls).toEqual([{ url: '/wp-json/contact-form-7/v1/contact-forms/1/feedback/schema', method: 'GET' }]);
    // CF7's own `form.wpcf7` object, for code written against Contact Form 7
    expect((form as unknown as { wpcf7: { id: number; unitTag: string; schema: unknown } }).wpcf7).toMatchObject({ id: 1, unitTag: 'wpcf7-f1-p7-o1', status: 'init' });
    expect((form as unknown as { wpcf7: { schema: { rules: unknown[] } } }).wpcf7.schema.rules.length).toBeGreaterThan(0);
  });

  it('hydrates a form drawn from its template’s markup without a mismatch, and sends it', async () => {
    const template = '<fieldset class="who"><legend>About you</legend>\n<p><label> Your name <em>(required)</em>\n    [text* your-name] </label></p>\n<ul><li>One</li><li>Two [checkbox topics "A" "B"]</li></ul>\n</fieldset>\n\n<div class="actions">[submit "Send"]</div>';
    const def: FormDefinition = { ...demoForms[0]!, template, fields: parseFormTemplate(template).fields, mail: { ...demoForms[0]!.mail, body: '[your-name]' } };
    const forms = { 1: def };
    const { wrapper, form, calls } = await started(1, () => json(sent()), { forms });
    expect(consoleErrors).toEqual([]);
    expect(wrapper.classList.contains('js')).toBe(true);
    expect(form.querySelector('fieldset.who legend')?.textContent).toBe('About you');
    expect(form.querySelector('p > label > em ~ .wpcf7-form-control-wrap[data-name="your-name"] > input')).not.toBeNull();
    expect(form.querySelector('div.actions > .wpcf7-submit + .wpcf7-spinner')).not.toBeNull();
    await fill(form, { 'your-name': 'Ana' });
    form.requestSubmit();
    await flush();
    expect(calls.find((c) => c.method === 'POST')?.body?.get('your-name')).toBe('Ana');
    expect(output(form)).toBe('Thank you for your message. It has been sent.');
  });

  it('logs SPEC 8 errors for missing settings and leaves the form a plain HTML form', async () => {
    const { island, wrapper } = page(1, { vars: false });
    api(() => json(sent()));
    await hydrateIsland(island);
    expect(consoleErrors).toContainEqual(['wpcf7 is not defined.']);
    expect(wrapper.classList.contains('no-js')).toBe(true);
    // the submit is not taken over: the browser posts the form to the page
    const event = new Event('submit', { bubbles: true, cancelable: true });
    wrapper.querySelector('form')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('logs a missing API setting and unsupported browser features', async () => {
    document.body.innerHTML = `<script type="application/json" id="${PAGE_VARS_ID}">{"wpcf7":{}}</script>`;
    expect(script.checkEnvironment()).toBe(false);
    expect(consoleErrors.at(-1)).toEqual(['wpcf7.api is not defined.']);
    page(1);
    const replaceAll = String.prototype.replaceAll;
    // @ts-expect-error simulating an old browser
    delete String.prototype.replaceAll;
    vi.resetModules();
    const fresh: Script = await import('./wpcf7.ts');
    try {
      vi.stubGlobal('fetch', vi.fn());
      expect(fresh.checkEnvironment()).toBe(false);
      expect(consoleErrors.at(-1)).toEqual(['Your browser does not support String.replaceAll().']);
    } finally {
      String.prototype.replaceAll = replaceAll;
    }
    expect(fresh.checkEnvironment()).toBe(true);
    vi.stubGlobal('fetch', undefined);
    expect(fresh.checkEnvironment()).toBe(false);
    expect(consoleErrors.at(-1)).toEqual(['Your browser does not support window.fetch().']);
  });

  it('replaces a form placed inside another form with the error message', async () => {
    const { island, wrapper } = page(1, { wrapInForm: true });
    api(() => json(sent()));
    await hydrateIsland(island);
    await flush();
    expect(wrapper.textContent).toBe('Error: This contact form is placed in the wrong place.');
    expect(wrapper.querySelector('input')).toBeNull();
  });
});

describe('submitting', () => {
  it('sent: fires CF7’s sequence, resets and stores the hash', async () => {
    const { form, calls } = await started(1);
    await fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com', 'your-message': 'Hello there' });
    await check(form, 'consent');
    const events = record(form);
    form.requestSubmit();
    await flush();
    expect(events).toEqual(['beforesubmit', 'status:submitting', 'status:sent', 'mailsent', 'submit', 'status:resetting', 'refill', 'status:sent', 'reset']);
    expect(form.getAttribute('data-status')).toBe('sent');
    expect(form.className).toBe('wpcf7-form sent');
    expect(output(form)).toBe('Thank you for your message. It has been sent.');
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
    expect(consoleErrors).toEqual([]);
  });

  it('sending: the form says submitting, the button is marked busy and a second submit sends nothing', async () => {
    let answer!: (r: Response) => void;
    const { form, calls } = await started(1, () => new Promise<Response>((r) => (answer = r)));
    await fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com' });
    await check(form, 'consent');
    form.requestSubmit();
    await flush();
    expect(form.getAttribute('data-status')).toBe('submitting');
    expect(form.classList.contains('submitting')).toBe(true);
    expect(form.querySelector('.wpcf7-submit')?.getAttribute('aria-disabled')).toBe('true');
    form.requestSubmit();
    await flush();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    answer(json(sent()));
    await flush();
    expect(form.getAttribute('data-status')).toBe('sent');
    expect(form.querySelector('.wpcf7-submit')?.hasAttribute('aria-disabled')).toBe(false);
  });

  it('invalid: shows the server’s invalid fields with CF7’s tips and returns to init after a reset', async () => {
    const answer = sent({
      status: 'validation_failed',
      message: 'One or more fields have an error. Please check and try again.',
      posted_data_hash: '',
      invalid_fields: [{ field: 'your-email', message: 'Please enter an email address.', idref: 'wpcf7-f1-p7-o1-your-email', error_id: 'wpcf7-f1-p7-o1-ve-your-email' }],
    });
    // a form without rules in its schema: the server decides
    const { form } = await started(1, () => json(answer), { forms: { ...defaultForms, 1: { ...demoForms[0]!, fields: demoForms[0]!.fields.map((f) => ('required' in f ? { ...f, required: false } : f)) } } });
    await fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com' });
    await check(form, 'consent');
    const events = record(form);
    form.requestSubmit();
    await flush();
    expect(events).toEqual(['beforesubmit', 'status:submitting', 'status:invalid', 'invalid', 'submit']);
    expect(form.className).toBe('wpcf7-form invalid');
    const email = form.querySelector<HTMLInputElement>('[name="your-email"]')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('wpcf7-f1-p7-o1-ve-your-email');
    expect(email.classList.contains('wpcf7-not-valid')).toBe(true);
    expect(email.parentElement?.querySelector('.wpcf7-not-valid-tip')?.textContent).toBe('Please enter an email address.');
    const li = document.querySelector('.screen-reader-response li')!;
    expect(li.id).toBe('wpcf7-f1-p7-o1-ve-your-email');
    expect(li.querySelector('a')?.getAttribute('href')).toBe('#wpcf7-f1-p7-o1-your-email');
    expect(email.value).toBe('ana@example.com');
    form.reset();
    await flush();
    expect(form.getAttribute('data-status')).toBe('init');
    expect(form.querySelector('.wpcf7-not-valid-tip')).toBeNull();
  });

  it.each([
    ['spam', 'spam', 'There was an error trying to send your message. Please try again later.'],
    ['mail_failed', 'failed', 'There was an error trying to send your message. Please try again later.'],
    ['acceptance_missing', 'unaccepted', 'You must accept the terms and conditions before sending your message.'],
    ['over_quota', 'custom-over-quota', 'Too many messages.'],
    ['aborted', 'aborted', 'Sending mail has been aborted.'],
    ['payment_required', 'payment-required', 'Payment is required.'],
  ] as const)('%s: the form shows %s, the message, and keeps what was typed', async (status, shown, message) => {
    const { form } = await started(1, () => json(sent({ status, message, posted_data_hash: '' })));
    await fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com' });
    await check(form, 'consent');
    const events = record(form);
    form.requestSubmit();
    await flush();
    expect(form.getAttribute('data-status')).toBe(shown);
    expect(form.className).toBe(`wpcf7-form ${shown}`);
    expect(output(form)).toBe(message);
    expect(events).toContain(`status:${shown}`);
    expect(events.at(-1)).toBe('submit');
    if (shown === 'failed') expect(events).toContain('mailfailed');
    if (shown === 'spam' || shown === 'unaccepted' || shown === 'aborted') expect(events).toContain(shown);
    expect(form.querySelector<HTMLInputElement>('[name="your-name"]')?.value).toBe('Ana');
  });

  it.each([
    ['offline', () => Promise.reject(new TypeError('Failed to fetch')), { code: 'fetch_error', message: 'You are probably offline.' }, 'You are probably offline.'],
    ['invalid JSON', () => new Response('<html>oops</html>', { status: 200 }), { code: 'invalid_json', message: 'The response is not a valid JSON response.' }, 'The response is not a valid JSON response.'],
    ['empty 204', () => new Response(null, { status: 204 }), { code: 'empty_response', message: 'The response is empty.' }, 'There was an error trying to send your message. Please try again later.'],
  ] as const)('%s: logs the error, goes back to the previous status and shows the message', async (_name, answer, logged, shown) => {
    const { form } = await started(1, answer as () => Response);
    await fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com' });
    await check(form, 'consent');
    const events = record(form);
    form.requestSubmit();
    await flush();
    expect(consoleErrors).toContainEqual([logged]);
    expect(events).toEqual(['beforesubmit', 'status:submitting', 'status:init']);
    expect(form.getAttribute('data-status')).toBe('init');
    expect(output(form)).toBe(shown);
    expect(form.querySelector<HTMLInputElement>('[name="your-name"]')?.value).toBe('Ana');
    expect(form.querySelector<HTMLInputElement>('.wpcf7-submit')?.disabled).toBe(false);
  });

  it('non-2xx: throws the response, logs it and shows the server’s error message', async () => {
    const { form } = await started(1, () => json({ code: 'wpcf7_not_found', message: 'The requested contact form was not found.', data: { status: 404 } }, 404));
    await fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com' });
    await check(form, 'consent');
    form.requestSubmit();
    await flush();
    expect(consoleErrors[0]?.[0]).toBeInstanceOf(Response);
    expect((consoleErrors[0]?.[0] as Response).status).toBe(404);
    expect(form.getAttribute('data-status')).toBe('init');
    expect(output(form)).toBe('The requested contact form was not found.');
  });

  it('validates the whole form before submit and sends nothing when it is invalid', async () => {
    const { form, calls } = await started(2);
    await fill(form, { 'your-name': 'Ana', 'your-email': 'nope', brief: 'short' });
    await check(form, 'terms');
    const events = record(form);
    form.requestSubmit();
    await flush();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(events).toEqual(['status:invalid', 'invalid']);
    expect(output(form)).toBe('One or more fields have an error. Please check and try again.');
    expect(tips(form)).toEqual([
      ['your-email', 'Please enter an email address.'],
      ['services', 'Please select more options.'],
      ['brief', 'This field has a too short input.'],
    ]);
    expect(document.querySelectorAll('.screen-reader-response li')).toHaveLength(3);
  });

  it('captcha: a refused code brings a new picture and challenge, and the answer box is emptied', async () => {
    const { form } = await started(3, () =>
      json(
        sent({
          contact_form_id: 3,
          status: 'validation_failed',
          message: 'One or more fields have an error. Please check and try again.',
          posted_data_hash: '',
          invalid_fields: [{ field: 'captcha-1', message: 'Your entered code is incorrect.', idref: null, error_id: 'wpcf7-f3-p7-o1-ve-captcha-1' }],
          captcha: { 'captcha-1': '/contact-form/captcha/2222.png' },
        }),
      ),
    );
    const img = form.querySelector<HTMLImageElement>('img.wpcf7-captchac')!;
    expect(img.getAttribute('src')).toBe('/contact-form/captcha/1111.png');
    await fill(form, { 'your-name': 'Ana', 'your-email': 'ana@example.com', 'captcha-1': 'ZZZZ' });
    form.querySelector<HTMLSelectElement>('[name="request"]')!.value = 'Correct my data';
    form.requestSubmit();
    await flush();
    expect(img.getAttribute('src')).toBe('/contact-form/captcha/2222.png');
    expect(form.querySelector<HTMLInputElement>('[name="_wpcf7_captcha_challenge_captcha-1"]')?.value).toBe('2222');
    expect(form.querySelector<HTMLInputElement>('[name="captcha-1"]')?.value).toBe('');
    expect(tips(form)).toEqual([['captcha-1', 'Your entered code is incorrect.']]);
    expect(form.querySelector<HTMLInputElement>('[name="your-name"]')?.value).toBe('Ana');
  });
});

describe('helpers', () => {
  it('validates a field on change, with statuschanged only on real changes', async () => {
    const { form } = await started(2);
    const events = record(form);
    await fill(form, { 'your-email': 'ana@' });
    const email = form.querySelector<HTMLInputElement>('[name="your-email"]')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.parentElement?.querySelector('.wpcf7-not-valid-tip')?.textContent).toBe('Please enter an email address.');
    expect(events).toEqual(['status:validating', 'status:init']);
    await fill(form, { 'your-email': 'ana@example.com' });
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(email.hasAttribute('aria-describedby')).toBe(false);
    expect(form.querySelector('.wpcf7-not-valid-tip')).toBeNull();
    expect(document.querySelectorAll('.screen-reader-response li')).toHaveLength(0);
  });

  it('prefixes http:// to a url with a dot and no scheme, and turns a leading 00 into +', async () => {
    const { form } = await started(2);
    await fill(form, { 'your-website': 'example.com/path', 'your-phone': '0049 30 123456' });
    expect(form.querySelector<HTMLInputElement>('[name="your-website"]')?.value).toBe('http://example.com/path');
    expect(form.querySelector<HTMLInputElement>('[name="your-phone"]')?.value).toBe('+49 30 123456');
    await fill(form, { 'your-website': 'localhost' });
    expect(form.querySelector<HTMLInputElement>('[name="your-website"]')?.value).toBe('localhost');
    expect(form.querySelector('[data-name="your-website"] .wpcf7-not-valid-tip')?.textContent).toBe('Please enter a URL.');
  });

  it('keeps submit disabled until the required acceptance box is checked; the optional one does not matter', async () => {
    const { form } = await started(2);
    const submit = form.querySelector<HTMLInputElement>('.wpcf7-submit')!;
    expect(submit.disabled).toBe(true);
    await check(form, 'newsletter');
    expect(submit.disabled).toBe(true);
    await check(form, 'terms');
    expect(submit.disabled).toBe(false);
    await check(form, 'newsletter', false);
    expect(submit.disabled).toBe(false);
    await check(form, 'terms', false);
    expect(submit.disabled).toBe(true);
  });

  it('an inverted box must stay unchecked', async () => {
    const inverted = { ...demoForms[0]!, fields: demoForms[0]!.fields.map((f) => (f.type === 'acceptance' ? { ...f, invert: true } : f)) };
    const { form } = await started(1, undefined, { forms: { ...defaultForms, 1: inverted } });
    expect(form.querySelector('.wpcf7-acceptance.invert')).not.toBeNull();
    const submit = form.querySelector<HTMLInputElement>('.wpcf7-submit')!;
    expect(submit.disabled).toBe(false);
    await check(form, 'consent');
    expect(submit.disabled).toBe(true);
  });

  it('counts characters down and marks too short / too long', async () => {
    const { form } = await started(2);
    const counter = form.querySelector<HTMLElement>('.wpcf7-character-count')!;
    await fill(form, { brief: 'Twelve chars' });
    expect(counter.textContent).toBe('1988');
    expect(counter.getAttribute('data-current-value')).toBe('1988');
    expect(counter.classList.contains('too-short')).toBe(true);
    await fill(form, { brief: 'x'.repeat(2001) });
    expect(counter.textContent).toBe('-1');
    expect(counter.classList.contains('too-long')).toBe(true);
    expect(counter.classList.contains('too-short')).toBe(false);
    await fill(form, { brief: 'x'.repeat(25) });
    expect(counter.className).toBe('wpcf7-character-count down');
  });
});

describe('on the page', () => {
  it('a form in a post appended later (infinite scroll) is hydrated by the island runtime too', async () => {
    const { island, wrapper } = page(1);
    api(() => json(sent()));
    island.remove();
    await import('../../ui/client/islands.ts');
    // the next post arrives with its form
    document.querySelector('main')!.append(island);
    await vi.waitFor(() => expect(wrapper.classList.contains('js')).toBe(true), { timeout: 3000 });
    expect(consoleErrors).toEqual([]);
  });

  it('a right-to-left form says so on its wrapper, so its lists and tips mirror', async () => {
    const arabic = { ...demoForms[0]!, locale: 'ar' };
    const { wrapper } = page(1, { forms: { ...defaultForms, 1: arabic } });
    expect(wrapper.getAttribute('dir')).toBe('rtl');
    expect(wrapper.getAttribute('lang')).toBe('ar');
    expect(page(2).wrapper.getAttribute('dir')).toBe('ltr');
  });
});
