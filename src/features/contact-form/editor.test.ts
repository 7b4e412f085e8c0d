import { describe, expect, it } from 'vitest';
import { checkForm, definitionInput, draftOf, freeName, insertAt, issueText, placeholdersIn, tagOptionProblems, tagSnippet, EMPTY_TAG_OPTIONS, INSERTABLE_TAGS, TAG_INPUTS, type TagOptions, type TagSpec } from './editor.ts';
import { demoForms, formDefinitionSchema } from './definition.ts';
import { parseFormTemplate } from '../wxr/cf7.ts';
import { translator } from '../../i18n/index.ts';
import { en } from '../../i18n/en.ts';

const mail = { to: '[_site_admin_email]', subject: 'Hello from [your-name]', body: '[your-name] wrote:\n[your-message]', headers: 'Reply-To: [your-email]' };
const template = '<label> Your name\n    [text* your-name] </label>\n\n<label> Your email\n    [email* your-email] </label>\n\n<label> Message\n    [textarea your-message] </label>\n\n[submit "Send"]';
const t = translator('en');

describe('the contact-form editor: template round trip', () => {
  it('writes every demo form as a template that reads back into the same fields', () => {
    for (const def of demoForms) {
      const draft = draftOf(def);
      const { fields, issues } = checkForm(draft);
      expect(issues, def.title).toEqual([]);
      expect(formDefinitionSchema.parse(definitionInput(def.id, def.title, fields, draft.mail, draft.messages)).fields, def.title).toEqual(def.fields);
    }
  });

  it('keeps the words between tags in their place (not only labels), through a save and back', () => {
    const written = '<h3>Your details</h3>\n\nFields marked * are required.\n\n<label> Your name\n    [text* your-name] </label>\n\nWe answer within two days.\n[submit "Send"]\n\n<p>Thank you &amp; goodbye.</p>';
    const { fields, issues } = checkForm({ template: written, mail });
    expect(fields.map((f) => (f.type === 'note' ? f.text : f.type))).toEqual(['Your details', 'Fields marked * are required.', 'text', 'We answer within two days.', 'submit', 'Thank you & goodbye.']);
    expect(fields[2]).toMatchObject({ name: 'your-name', label: 'Your name' });
    expect(issues.map((i) => i.code)).not.toContain('noFields');
    const def = formDefinitionSchema.parse(definitionInput(1, 'F', fields, mail, {}));
    const again = draftOf(def).template;
    expect(again).toContain('Fields marked * are required.\n\n<label> Your name');
    expect(checkForm({ template: again, mail }).fields).toEqual(def.fields);
    // words alone are no form
    expect(checkForm({ template: 'Only words.', mail }).issues.map((i) => i.code)).toContain('noFields');
  });

  it('keeps the template as written with the form, and shows it back exactly; a form without one shows its fields’ template', () => {
    const written = '<div class="intro">\r\n<h3>Your details</h3>\r\n<label> Your name\r\n    [text* your-name] </label>\r\n</div>\r\n\r\n[submit "Send"]';
    const own = { to: '[_site_admin_email]', subject: 'Hello from [your-name]', body: '[your-name]' };
    const { fields, issues } = checkForm({ template: written, mail: own });
    expect(issues).toEqual([]);
    const def = formDefinitionSchema.parse(definitionInput(1, 'F', fields, own, {}, 'en_US', { template: written }));
    expect(def.template).toBe(written.replace(/\r\n/g, '\n'));
    expect(draftOf(def).template).toBe(def.template);
    expect(draftOf(demoForms[0]!).template).toContain('[text* your-name]');
    expect(demoForms.every((d) => d.template === undefined)).toBe(true);
  });

  it('warns when a tag stands where its control cannot go (the form is drawn from its fields then)', () => {
    for (const bad of ['<a title="[text your-name]">x</a>\n[submit]', '<select>[text your-name]</select>\n[submit]', '<script>[text your-name]</script>\n[submit]']) {
      expect(checkForm({ template: bad, mail: { ...mail, subject: 'x', body: 'x' } }).issues.map((i) => i.code), bad).toContain('templateFallback');
    }
    expect(checkForm({ template, mail }).issues).toEqual([]);
  });

  it('reads the image captcha ([captchac] and [captchar] under one name) and the character counter', () => {
    const { fields, dropped } = parseFormTemplate('<label> Code\n [captchac cap-1 size:l fg:#000000 bg:#ffffff] [captchar cap-1] </label>\n<label> Note [textarea note maxlength:50] [count note] </label>\n[time call]');
    expect(dropped).toEqual([]);
    expect(fields).toEqual([
      { type: 'captcha', name: 'cap-1', label: 'Code', size: 'l', fg: '#000000', bg: '#ffffff' },
      { type: 'textarea', counter: true, rows: 10, name: 'note', label: 'Note', required: false, maxlength: 50 },
      { type: 'time', name: 'call', label: '', required: false },
    ]);
  });
});

describe('the contact-form editor: findings', () => {
  it('finds nothing wrong with a sound form', () => {
    expect(checkForm({ template, mail }).issues).toEqual([]);
  });

  it('warns about unknown tags, mail placeholders that name no field and a missing submit button', () => {
    const { issues } = checkForm({ template: '[text* your-name]\n[recaptcha]', mail: { ...mail, subject: 'From [your-nmae] at [_site_title]' } });
    expect(issues).toEqual([
      { severity: 'warning', code: 'unknownTag', where: 'template', params: { tag: '[recaptcha]' } },
      { severity: 'warning', code: 'noSubmit', where: 'template', params: {} },
      { severity: 'warning', code: 'unknownPlaceholder', where: 'mail.subject', params: { name: '[your-nmae]', part: 'subject' } },
      { severity: 'warning', code: 'unknownPlaceholder', where: 'mail.headers', params: { name: '[your-email]', part: 'headers' } },
      { severity: 'warning', code: 'unknownPlaceholder', where: 'mail.body', params: { name: '[your-message]', part: 'body' } },
    ]);
    expect(issueText(t, issues[2]!)).toBe('The mail (subject) uses [your-nmae], but no field of the form has that name.');
  });

  it('finds the errors that would break the form: duplicate or missing names, options, an empty mail', () => {
    const { issues } = checkForm({
      template: '[text* your-name]\n[email your-name]\n[email your-name]\n[select topic]\n[text]\n[quiz check]\n[submit]',
      mail: { to: ' ', subject: 'x', body: '' },
    });
    expect(issues.filter((i) => i.severity === 'error').map((i) => [i.code, i.params.name ?? i.params.part])).toEqual([
      ['duplicateName', 'your-name'],
      ['noOptions', 'topic'],
      ['badName', ''],
      ['noQuestion', 'check'],
      ['mailEmpty', 'to'],
      ['mailEmpty', 'body'],
    ]);
    expect(checkForm({ template: 'Only words.', mail }).issues.map((i) => i.code)).toContain('noFields');
  });

  it('reports what the stored schema refuses besides (a minimum above the maximum)', () => {
    const { issues } = checkForm({ template: '[number budget min:10 max:5]\n[submit]', mail: { ...mail, subject: 'x', body: 'x', headers: '' } });
    expect(issues).toEqual([{ severity: 'error', code: 'invalid', where: 'template', params: { name: 'budget', message: 'min/max: the minimum is above the maximum' } }]);
  });

  it('checks Mail (2) as the first mail while it is on, and leaves its kept text alone while it is off', () => {
    const mail2 = { active: false, to: '[your-emial]', subject: '', body: '' };
    expect(checkForm({ template, mail, mail2 }).issues).toEqual([]);
    const on = checkForm({ template, mail, mail2: { ...mail2, active: true } }).issues;
    expect(on.map((i) => [i.severity, i.code, i.where])).toEqual([
      ['warning', 'mail2Placeholder', 'mail2.to'],
      ['error', 'mail2Empty', 'mail2.subject'],
      ['error', 'mail2Empty', 'mail2.body'],
    ]);
    expect(issueText(t, on[0]!)).toBe('Mail (2) (to) uses [your-emial], but no field of the form has that name.');
    expect(issueText(t, on[1]!)).toBe('Mail (2) is on, so it needs a subject.');
  });

  it('warns about additional settings it does not honour, and about values that are not on or off', () => {
    const { issues } = checkForm({ template, mail, additionalSettings: '# comment\nskip_mail: on\ndemo_mode: maybe\non_sent_ok: "location = x"\n\nnonsense' });
    expect(issues.map((i) => [i.code, i.params.line])).toEqual([
      ['badSetting', '3'],
      ['unknownSetting', '4'],
      ['unknownSetting', '6'],
    ]);
    expect(issueText(t, issues[1]!)).toBe('Additional settings, line 4: “on_sent_ok: "location = x"” is not a setting this site knows; it is kept and ignored.');
  });

  it('stores Mail (2) while it is off (its text is kept) and the additional settings; reads them back', () => {
    const fields = checkForm({ template, mail }).fields;
    const mail2 = { active: false, to: '[your-email]', subject: 'Receipt', body: 'Thanks', headers: '' };
    const def = formDefinitionSchema.parse(definitionInput(3, 'F', fields, mail, {}, 'en_US', { mail2, additionalSettings: 'skip_mail: on\r\n' }));
    expect(def.mail2).toEqual({ active: false, to: '[your-email]', subject: 'Receipt', body: 'Thanks' });
    expect(def.additionalSettings).toBe('skip_mail: on');
    expect(draftOf(def)).toMatchObject({ mail2: { active: false, to: '[your-email]' }, additionalSettings: 'skip_mail: on' });
    // an active Mail (2) without a recipient is refused by the stored schema too
    expect(formDefinitionSchema.safeParse(definitionInput(3, 'F', fields, mail, {}, 'en_US', { mail2: { ...mail2, active: true, to: '' } })).success).toBe(false);
    // a form written before Mail (2) existed reads back with the starter text, off
    expect(draftOf(formDefinitionSchema.parse(definitionInput(3, 'F', fields, mail, {}))).mail2.active).toBe(false);
  });

  it('names additional headers that are not sent or hold no address; keeps them one a line; reads an old Reply-To part', () => {
    const headers = 'Reply-To: [your-name] <[your-email]>\r\n\nCc: desk@example.com, [nobody]\nBcc: not an address\nX-Priority: 1\nnonsense';
    const { fields, issues } = checkForm({ template, mail: { ...mail, headers } });
    expect(issues).toEqual([
      { severity: 'warning', code: 'unknownPlaceholder', where: 'mail.headers', params: { name: '[nobody]', part: 'headers' } },
      { severity: 'warning', code: 'badHeader', where: 'mail.headers', params: { line: '4', header: 'Bcc: not an address' } },
      { severity: 'warning', code: 'unknownHeader', where: 'mail.headers', params: { line: '5', header: 'X-Priority: 1' } },
      { severity: 'warning', code: 'unknownHeader', where: 'mail.headers', params: { line: '6', header: 'nonsense' } },
    ]);
    expect(issueText(t, issues[2]!)).toBe('Additional headers, line 5: “X-Priority: 1” is not sent (only Cc, Bcc and Reply-To are); it is kept.');
    const def = formDefinitionSchema.parse(definitionInput(3, 'F', fields, { ...mail, headers }, {}));
    expect(def.mail.headers).toBe('Reply-To: [your-name] <[your-email]>\nCc: desk@example.com, [nobody]\nBcc: not an address\nX-Priority: 1\nnonsense');
    // a definition stored with the former Reply-To part
    const { headers: _h, ...rest } = mail;
    expect(formDefinitionSchema.parse({ ...def, mail: { ...rest, replyTo: '[your-email]' } }).mail).toEqual({ ...rest, headers: 'Reply-To: [your-email]' });
  });

  it('lists placeholders once each', () => {
    expect(placeholdersIn('[a] [b-c] [a] [_site_title] [not a tag] [9]')).toEqual(['a', 'b-c', '_site_title']);
  });
});

describe('the tag inserter', () => {
  const spec = (over: Partial<Omit<TagSpec, 'options'>> & { options?: Partial<TagOptions> }): TagSpec => ({ type: 'text', name: 'x', label: '', required: false, choices: '', ...over, options: { ...EMPTY_TAG_OPTIONS, ...over.options } });
  const readBack = (s: TagSpec) => {
    const snippet = tagSnippet(s);
    const { fields, dropped } = parseFormTemplate(snippet);
    expect(dropped, snippet).toEqual([]);
    expect(fields, snippet).toHaveLength(1);
    return fields[0];
  };

  it('writes a tag of every type that the parser reads back as that field', () => {
    const expected: Record<string, string> = { acceptance: 'acceptance', captcha: 'captcha', submit: 'submit' };
    for (const type of INSERTABLE_TAGS) {
      const snippet = tagSnippet(spec({ type, name: `${type}-1`, label: `The ${type}`, required: true, choices: type === 'quiz' ? 'One plus one?|2|two' : 'Red\nGreen' }));
      const { fields, dropped } = parseFormTemplate(snippet);
      expect(dropped, snippet).toEqual([]);
      expect(fields.map((f) => f.type), snippet).toEqual([expected[type] ?? type]);
      if (type !== 'submit') expect(fields[0], snippet).toMatchObject({ name: `${type}-1`, label: `The ${type}` });
    }
    expect(tagSnippet(spec({ type: 'select', name: 'topic', label: 'Topic', required: true, choices: 'Boats\n\nHarbour', options: { includeBlank: true } }))).toBe('<label> Topic\n    [select* topic include_blank "Boats" "Harbour"] </label>');
    expect(tagSnippet(spec({ type: 'submit', label: 'Send "now"' }))).toBe('[submit "Send ”now”"]');
  });

  it('writes every option field as CF7 syntax that reads back as the intended field', () => {
    for (const type of ['text', 'email', 'url', 'tel'] as const) {
      expect(readBack(spec({ type, name: 'a', label: 'A', required: true, options: { value: 'Jane "J"', asPlaceholder: true, minlength: '2', maxlength: '80' } }))).toEqual({ type, counter: false, name: 'a', label: 'A', required: true, placeholder: 'Jane ”J”', minlength: 2, maxlength: 80 });
      expect(readBack(spec({ type, name: 'a', options: { value: 'Jane' } }))).toMatchObject({ type, value: 'Jane' });
      expect(readBack(spec({ type, name: 'a', options: { value: 'Jane' } }))).not.toHaveProperty('placeholder');
    }
    expect(tagSnippet(spec({ name: 'who', options: { value: 'Jane', asPlaceholder: true, maxlength: '40', counter: true } }))).toBe('[text who maxlength:40 placeholder "Jane"] [count who]');
    expect(readBack(spec({ name: 'who', options: { counter: true, maxlength: '40' } }))).toMatchObject({ type: 'text', counter: true, maxlength: 40 });
    expect(readBack(spec({ type: 'textarea', name: 'msg', options: { rows: '4', minlength: '10', value: 'Say hello', asPlaceholder: true, counter: true } }))).toEqual({ type: 'textarea', counter: true, rows: 4, name: 'msg', label: '', required: false, minlength: 10, placeholder: 'Say hello' });
    expect(readBack(spec({ type: 'number', name: 'n', options: { min: '-5', max: '10.5', step: '0.5', placeholder: '3' } }))).toEqual({ type: 'number', name: 'n', label: '', required: false, min: -5, max: 10.5, step: 0.5, placeholder: '3' });
    expect(readBack(spec({ type: 'date', name: 'd', options: { min: '2026-01-01', max: '2026-12-31' } }))).toEqual({ type: 'date', name: 'd', label: '', required: false, min: '2026-01-01', max: '2026-12-31' });
    expect(readBack(spec({ type: 'select', name: 's', choices: 'A\nB', options: { multiple: true, includeBlank: true } }))).toEqual({ type: 'select', name: 's', label: '', required: false, options: ['A', 'B'], multiple: true, includeBlank: true });
    expect(readBack(spec({ type: 'checkbox', name: 'c', required: true, choices: 'A\nB\nC', options: { minitems: '1', maxitems: '2' } }))).toEqual({ type: 'checkbox', name: 'c', label: '', required: true, options: ['A', 'B', 'C'], minitems: 1, maxitems: 2 });
    expect(readBack(spec({ type: 'radio', name: 'r', choices: 'A\nB' }))).toEqual({ type: 'radio', name: 'r', label: '', required: false, options: ['A', 'B'] });
    expect(readBack(spec({ type: 'file', name: 'f', options: { filetypes: '.PDF, jpg image/png', limitKb: '500' } }))).toEqual({ type: 'file', name: 'f', label: '', required: false, accept: ['.pdf', '.jpg', 'image/png'], limit: 500 * 1024 });
    expect(readBack(spec({ type: 'acceptance', name: 'ok', label: 'No news, please', options: { optional: true, invert: true } }))).toEqual({ type: 'acceptance', name: 'ok', label: 'No news, please', optional: true, invert: true });
    expect(readBack(spec({ type: 'captcha', name: 'cap', label: 'Letters', options: { size: 'l' } }))).toMatchObject({ type: 'captcha', name: 'cap', label: 'Letters', size: 'l' });
    // CF7's default:N (the choices chosen at first) and a date's step (days)
    expect(readBack(spec({ type: 'date', name: 'd', options: { step: '7' } }))).toEqual({ type: 'date', name: 'd', label: '', required: false, step: 7 });
    expect(tagSnippet(spec({ type: 'radio', name: 'r', choices: 'A\nB\nC', options: { defaults: '2' } }))).toBe('[radio r default:2 "A" "B" "C"]');
    expect(readBack(spec({ type: 'radio', name: 'r', choices: 'A\nB\nC', options: { defaults: '2' } }))).toMatchObject({ defaults: [2] });
    expect(readBack(spec({ type: 'checkbox', name: 'c', choices: 'A\nB\nC', options: { defaults: '1, 3' } }))).toMatchObject({ defaults: [1, 3] });
    expect(readBack(spec({ type: 'select', name: 's', choices: 'A\nB', options: { multiple: true, defaults: '1 2' } }))).toMatchObject({ multiple: true, defaults: [1, 2] });
    // options a tag does not show are not written (a select's leftover minlength)
    expect(tagSnippet(spec({ type: 'select', name: 's', choices: 'A', options: { minlength: '3', value: 'x' } }))).toBe('[select s "A"]');
  });

  it('names the options that cannot be written, and leaves them out of the tag', () => {
    expect(tagOptionProblems(spec({ options: { minlength: '2.5', maxlength: 'x' } }))).toEqual({ minlength: 'admin.forms.opt.wholeNumber', maxlength: 'admin.forms.opt.wholeNumber' });
    expect(tagOptionProblems(spec({ options: { minlength: '9', maxlength: '3' } }))).toEqual({ maxlength: 'admin.forms.opt.belowMin' });
    expect(tagOptionProblems(spec({ type: 'number', options: { min: '10', max: '2', step: '0' } }))).toEqual({ max: 'admin.forms.opt.belowMin', step: 'admin.forms.opt.positiveNumber' });
    expect(tagOptionProblems(spec({ type: 'date', options: { min: '1.1.2026', step: '1.5' } }))).toEqual({ min: 'admin.forms.opt.date', step: 'admin.forms.opt.positiveNumber' });
    expect(tagOptionProblems(spec({ type: 'radio', choices: 'A\nB', options: { defaults: '3' } }))).toEqual({ defaults: 'admin.forms.opt.choiceNumbers' });
    expect(tagOptionProblems(spec({ type: 'checkbox', choices: 'A\nB', options: { defaults: '0 x' } }))).toEqual({ defaults: 'admin.forms.opt.choiceNumbers' });
    expect(tagSnippet(spec({ type: 'radio', name: 'r', choices: 'A\nB', options: { defaults: '3' } }))).toBe('[radio r "A" "B"]');
    expect(tagOptionProblems(spec({ type: 'file', options: { filetypes: 'pdf, <b>', limitKb: '0' } }))).toEqual({ filetypes: 'admin.forms.opt.badFiletypes', limitKb: 'admin.forms.opt.positiveNumber' });
    expect(tagOptionProblems(spec({ type: 'select', options: { minlength: 'x' } }))).toEqual({});
    expect(tagSnippet(spec({ name: 'a', options: { minlength: 'x', maxlength: '5' } }))).toBe('[text a maxlength:5]');
    // every option of every tag has its label and help text
    for (const type of INSERTABLE_TAGS) for (const key of TAG_INPUTS[type].options) for (const k of [`admin.forms.opt.${key}`, `admin.forms.opt.${key}.help`]) expect(en, k).toHaveProperty([k]);
  });

  it('finds a free name and inserts on lines of its own', () => {
    expect(freeName('text', '[text text-1]\n[email text-2]')).toBe('text-3');
    expect(insertAt('[text a]\n[submit]', 8, 8, '[email b]')).toEqual({ text: '[text a]\n\n[email b]\n\n[submit]', caret: 19 });
    expect(insertAt('', 0, 0, '[submit]')).toEqual({ text: '[submit]', caret: 8 });
  });
});
