// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { translator } from '../../i18n/index.ts';
import type { RenderContext } from '../post/render-context.ts';
import { ContactForm } from './ContactForm.tsx';
import { demoForms, formDefinitionSchema } from './definition.ts';
import type { FormPostResult } from './types.ts';
import { parseFormTemplate } from '../wxr/cf7.ts';

const ctx = (over: Partial<RenderContext> = {}): RenderContext => ({
  t: translator('en'),
  locale: 'en',
  media: {},
  players: [],
  postId: 42,
  postUrl: '/request-a-quote/',
  postTitle: 'Request a quote',
  forms: { 1: demoForms[0]!, 2: demoForms[1]! },
  formState: { stamp: '1760000000000.AAAAAAAAAAAAAAAAAAAAAA', quizzes: {} },
  ...over,
});

function render(formId: number, c: RenderContext = ctx()) {
  document.body.innerHTML = renderToStaticMarkup(<ContactForm formId={formId} ctx={c} />);
  return document.body;
}

describe('ContactForm markup (CF7 6.x)', () => {
  it('shows the words between the template’s tags as paragraphs, in their place', () => {
    const def = formDefinitionSchema.parse({
      ...demoForms[0]!,
      id: 7,
      fields: [{ type: 'note', text: 'Fields marked * are required.' }, { type: 'text', name: 'your-name', label: 'Your name', required: true }, { type: 'note', text: '<b>Not markup</b>' }, { type: 'submit', label: 'Send' }],
    });
    const root = render(7, ctx({ forms: { 7: def } }));
    const form = root.querySelector('form')!;
    const notes = Array.from(form.querySelectorAll('p.wpcf7-note'), (p) => p.textContent);
    expect(notes).toEqual(['Fields marked * are required.', '<b>Not markup</b>']);
    expect(form.querySelector('b')).toBeNull();
    const order = Array.from(form.querySelectorAll('p.wpcf7-note, input[name="your-name"], input[type="submit"]'), (el) => el.tagName);
    expect(order).toEqual(['P', 'INPUT', 'P', 'INPUT']);
  });

  it('draws a template as written: its markup around the controls, sanitised (no script, no handler)', () => {
    const template =
      '<h3 class="lead" onclick="alert(1)">Your details</h3>\n\n<label> Your name <strong>please</strong>\n    [text* your-name] </label>\n\n<script>alert(2)</script><p style="color:red">See <a href="javascript:alert(3)">this</a> and <a href="/privacy/">the policy</a>.</p>\n\n<div class="actions">[submit "Send"]</div>';
    const def = formDefinitionSchema.parse({ ...demoForms[0]!, id: 7, template, fields: parseFormTemplate(template).fields });
    const root = render(7, ctx({ forms: { 7: def } }));
    const form = root.querySelector('form')!;
    expect(form.querySelector('h3.lead')?.textContent).toBe('Your details');
    const input = form.querySelector<HTMLInputElement>('label > span.wpcf7-form-control-wrap[data-name="your-name"] > input[name="your-name"]')!;
    expect(input.id).toBe('wpcf7-f7-p42-o1-your-name');
    expect(input.closest('label')!.querySelector('strong')?.textContent).toBe('please');
    expect(form.querySelector('div.actions > input.wpcf7-submit')?.getAttribute('value')).toBe('Send');
    expect(form.querySelector('a[href="/privacy/"]')?.textContent).toBe('the policy');
    expect(form.querySelector('p.wpcf7-note')).toBeNull();
    expect(form.innerHTML).not.toMatch(/<script|onclick|alert\(|javascript:|style=/i);
  });

  it('chooses the default choices (CF7 default:N) until a post says otherwise; a date box has its step', () => {
    const template = '[radio size default:2 "S" "M" "L"]\n[checkbox extras default:1_3 "A" "B" "C"]\n[select when default:2 "Now" "Later"]\n[date day step:7]\n[submit]';
    const def = formDefinitionSchema.parse({ ...demoForms[0]!, id: 7, template, fields: parseFormTemplate(template).fields });
    const form = render(7, ctx({ forms: { 7: def } })).querySelector('form')!;
    const checked = (name: string) => Array.from(form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`), (i) => i.checked);
    expect(checked('size')).toEqual([false, true, false]);
    expect(checked('extras[]')).toEqual([true, false, true]);
    expect(form.querySelector<HTMLSelectElement>('select[name="when"]')!.value).toBe('Later');
    expect(form.querySelector('input[name="day"]')?.getAttribute('step')).toBe('7');
    const post: FormPostResult = { unitTag: 'wpcf7-f7-p42-o1', stamp: 's', values: { 'your-name': 'x' }, answer: { contact_form_id: 7, status: 'validation_failed', message: 'm', invalid_fields: [], posted_data_hash: '', into: '#wpcf7-f7-p42-o1' } };
    const again = render(7, ctx({ forms: { 7: def }, formState: { stamp: 's', quizzes: {}, post } })).querySelector('form')!;
    expect(Array.from(again.querySelectorAll<HTMLInputElement>('input[name="size"]'), (i) => i.checked)).toEqual([false, false, false]);
  });

  it('draws a template it cannot split around its tags from its fields (words as paragraphs)', () => {
    const template = 'Hello <a title="[text your-name]">x</a>\n\n[submit "Send"]';
    const def = formDefinitionSchema.parse({ ...demoForms[0]!, id: 7, template, fields: parseFormTemplate(template).fields });
    const form = render(7, ctx({ forms: { 7: def } })).querySelector('form')!;
    expect(form.querySelector('input[name="your-name"]')).not.toBeNull();
    expect(form.querySelector('a')).toBeNull();
  });

  it('renders the wrapper, hidden fields, screen-reader response and response output', () => {
    const root = render(2);
    const wrapper = root.querySelector('div.wpcf7.no-js')!;
    expect(wrapper.id).toBe('wpcf7-f2-p42-o1');
    const form = wrapper.querySelector(':scope > form.wpcf7-form')!;
    expect(form.getAttribute('action')).toBe('/request-a-quote/#wpcf7-f2-p42-o1');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('enctype')).toBe('multipart/form-data');
    expect(form.getAttribute('data-status')).toBe('init');
    expect(form.classList.contains('init')).toBe(true);
    const hidden = Object.fromEntries(Array.from(form.querySelectorAll<HTMLInputElement>('.hidden-fields-container input'), (i) => [i.name, i.value]));
    expect(hidden).toEqual({
      _wpcf7: '2',
      _wpcf7_version: '6.0.6',
      _wpcf7_locale: 'en_US',
      _wpcf7_unit_tag: 'wpcf7-f2-p42-o1',
      _wpcf7_container_post: '42',
      _wpcf7_posted_data_hash: '',
      _wpcf7_ts: '1760000000000.AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(wrapper.querySelector('.screen-reader-response [role="status"][aria-live="polite"]')).not.toBeNull();
    expect(wrapper.querySelector('.screen-reader-response ul')).not.toBeNull();
    expect(form.querySelector('.wpcf7-response-output')?.textContent).toBe('');
    expect(Array.from(form.querySelectorAll('.wpcf7-form-control-wrap'), (w) => w.getAttribute('data-name'))).toEqual([
      'your-name', 'your-email', 'your-website', 'your-phone', 'budget', 'start-date', 'call-time', 'services', 'brief', 'attachment', 'terms', 'newsletter',
    ]);
    expect(form.querySelector('.wpcf7-acceptance.optional input[name="newsletter"]')).not.toBeNull();
    expect(form.querySelector('.wpcf7-character-count.down[data-target-name="brief"]')?.textContent).toBe('2000');
    expect(form.querySelector('input[type="file"][name="attachment"]')?.getAttribute('accept')).toBe('.pdf,.jpg,.png');
    const messages = JSON.parse(wrapper.getAttribute('data-messages')!);
    expect(messages).toMatchObject({ wrong_place: 'Error: This contact form is placed in the wrong place.', fetch_error: 'You are probably offline.' });
  });

  it('hides the honeypot from people and assistive technology', () => {
    const form = render(1).querySelector('form')!;
    const hp = form.querySelector<HTMLInputElement>('input[name="_wpcf7_hp"]')!;
    const box = hp.closest('.wpcf7-hp')!;
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(hp.tabIndex).toBe(-1);
    expect(hp.getAttribute('autocomplete')).toBe('off');
    expect(hp.value).toBe('');
    expect(hp.closest('.wpcf7-form-control-wrap')).toBeNull();
  });

  it('renders the answer to a plain post into its own instance: status, message, tips, aria and the values', () => {
    const post: FormPostResult = {
      unitTag: 'wpcf7-f2-p42-o1',
      values: { 'your-name': 'Ana', 'your-email': 'ana@', services: ['Photography'], brief: 'Too short', terms: '1' },
      answer: {
        contact_form_id: 2,
        status: 'validation_failed',
        message: 'One or more fields have an error. Please check and try again.',
        invalid_fields: [
          { field: 'your-email', message: 'Please enter an email address.', idref: 'wpcf7-f2-p42-o1-your-email', error_id: 'wpcf7-f2-p42-o1-ve-your-email' },
          { field: 'services', message: 'Please select more options.', idref: null, error_id: 'wpcf7-f2-p42-o1-ve-services' },
        ],
        posted_data_hash: '',
        into: '#wpcf7-f2-p42-o1',
      },
    };
    const root = render(2, ctx({ formState: { stamp: 's', quizzes: {}, post } }));
    const form = root.querySelector('form')!;
    expect(form.getAttribute('data-status')).toBe('invalid');
    expect(form.classList.contains('invalid')).toBe(true);
    expect(form.querySelector('.wpcf7-response-output')?.textContent).toBe(post.answer.message);
    expect(root.querySelector('.screen-reader-response [role="status"]')?.textContent).toBe(post.answer.message);
    const items = root.querySelectorAll('.screen-reader-response li');
    expect(Array.from(items, (li) => li.id)).toEqual(['wpcf7-f2-p42-o1-ve-your-email', 'wpcf7-f2-p42-o1-ve-services']);
    expect(items[0]!.querySelector('a')?.getAttribute('href')).toBe('#wpcf7-f2-p42-o1-your-email');
    const email = form.querySelector<HTMLInputElement>('input[name="your-email"]')!;
    expect(email.id).toBe('wpcf7-f2-p42-o1-your-email');
    expect(email.value).toBe('ana@');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('wpcf7-f2-p42-o1-ve-your-email');
    expect(email.classList.contains('wpcf7-not-valid')).toBe(true);
    expect(email.closest('.wpcf7-form-control-wrap')?.querySelector('.wpcf7-not-valid-tip')?.textContent).toBe('Please enter an email address.');
    expect(form.querySelector<HTMLInputElement>('input[name="services[]"][value="Photography"]')?.checked).toBe(true);
    expect(form.querySelector<HTMLInputElement>('input[name="terms"]')?.checked).toBe(true);
    expect(form.querySelector<HTMLTextAreaElement>('textarea[name="brief"]')?.value).toBe('Too short');
    expect(form.querySelector('.wpcf7-character-count')?.classList.contains('too-short')).toBe(true);
    expect(form.querySelector<HTMLInputElement>('input[name="your-name"]')?.getAttribute('aria-invalid')).toBe('false');

    // another instance of the page is untouched
    const other = render(1, ctx({ formState: { stamp: 's', quizzes: {}, post } })).querySelector('form')!;
    expect(other.getAttribute('data-status')).toBe('init');
    expect(other.querySelector('.wpcf7-not-valid-tip')).toBeNull();
  });

  it('renders a quiz with the question and hashed answers of the render state', () => {
    const quizForm = { ...demoForms[0]!, id: 7, fields: [...demoForms[0]!.fields.slice(0, 1), { type: 'quiz' as const, name: 'quiz', label: 'Quiz', questions: [{ question: 'Q?', answers: ['A'] }] }] };
    const root = render(7, ctx({ forms: { 7: quizForm }, formState: { stamp: 's', quizzes: { '7:quiz': ['Which colour is the sky?', 'abc123'] } } }));
    const wrap = root.querySelector('.wpcf7-form-control-wrap[data-name="quiz"]')!;
    expect(wrap.querySelector('.wpcf7-quiz-label')?.textContent).toBe('Which colour is the sky?');
    expect(wrap.querySelector<HTMLInputElement>('input[name="_wpcf7_quiz_answer_quiz"]')?.value).toBe('abc123');
  });

  it('renders nothing for a form the page does not have', () => {
    expect(renderToStaticMarkup(<ContactForm formId={9} ctx={ctx()} />)).toBe('');
  });
});
