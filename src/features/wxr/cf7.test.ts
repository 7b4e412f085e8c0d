import { describe, expect, it } from 'vitest';
import { cf7ToDefinition, fieldsToTemplate, mailToCf7, parseFormTemplate } from './cf7.ts';
import { parseFormDefinition } from '../contact-form/definition.ts';
import { serialize, unserialize } from './php.ts';

const template = `<label> Your name
    [text* your-name minlength:2 placeholder "Jane"] </label>

<label> Your email
    [email* your-email] </label>

<label> Budget [number budget min:100 max:5000 step:50] </label>
<label> When [date when min:2024-01-01] </label>
<label> Topic [select* topic include_blank "Boats" "Harbour"] </label>
<label> Extras [checkbox extras "Map" "Guide"] </label>
<label> Size [radio size "S" "M"] </label>
<label> Plan [file plan filetypes:pdf|png limit:2mb] </label>
<label> Message [textarea your-message 40x6] </label>
[quiz check "1+1?|2|two"]
[hidden source "web"]
[acceptance consent optional] I agree [/acceptance]
[recaptcha]
[submit "Send it"]`;

describe('Contact Form 7 forms', () => {
  it('reads every field type of a form template, with labels and options', () => {
    const { fields, dropped } = parseFormTemplate(template);
    expect(fields).toEqual([
      { type: 'text', counter: false, name: 'your-name', label: 'Your name', required: true, placeholder: 'Jane', minlength: 2 },
      { type: 'email', counter: false, name: 'your-email', label: 'Your email', required: true },
      { type: 'number', name: 'budget', label: 'Budget', required: false, min: 100, max: 5000, step: 50 },
      { type: 'date', name: 'when', label: 'When', required: false, min: '2024-01-01' },
      { type: 'select', name: 'topic', label: 'Topic', required: true, options: ['Boats', 'Harbour'], multiple: false, includeBlank: true },
      { type: 'checkbox', name: 'extras', label: 'Extras', required: false, options: ['Map', 'Guide'] },
      { type: 'radio', name: 'size', label: 'Size', required: false, options: ['S', 'M'] },
      { type: 'file', name: 'plan', label: 'Plan', required: false, accept: ['.pdf', '.png'], limit: 2 * 1024 * 1024 },
      { type: 'textarea', counter: false, rows: 6, name: 'your-message', label: 'Message', required: false },
      { type: 'quiz', name: 'check', label: '', questions: [{ question: '1+1?', answers: ['2', 'two'] }] },
      { type: 'hidden', name: 'source', value: 'web' },
      { type: 'acceptance', name: 'consent', label: 'I agree', optional: true, invert: false },
      { type: 'submit', label: 'Send it' },
    ]);
    expect(dropped).toEqual(['[recaptcha]']);
  });

  it('turns a stored form (meta) into a valid definition: mail, its additional headers, messages', () => {
    const meta = {
      _form: '[text* your-name]\n[email* your-email]\n[submit "Go"]',
      _mail: serialize({ active: true, subject: 'Hello [your-name]', sender: 'Site <x@example.org>', recipient: 'me@example.org', body: '[your-name]', additional_headers: 'Reply-To: [your-email]\r\nCc: desk@example.org\r\n\r\nBcc: [your-email]\r\nX-Priority: 1' }),
      _messages: serialize({ mail_sent_ok: 'Got it.', not_a_key: 'x', validation_error: '' }),
      _additional_settings: 'demo_mode: on\non_sent_ok: "x"',
      _locale: 'de_DE',
    };
    const { definition, dropped, notes } = cf7ToDefinition(7, 'Contact', meta);
    const def = parseFormDefinition(definition);
    expect(def.mail).toEqual({ to: 'me@example.org', from: 'Site <x@example.org>', subject: 'Hello [your-name]', body: '[your-name]', headers: 'Reply-To: [your-email]\nCc: desk@example.org\nBcc: [your-email]\nX-Priority: 1' });
    expect(def.messages.mail_sent_ok).toBe('Got it.');
    expect(def.locale).toBe('de_DE');
    expect(def.mail2).toBeUndefined();
    expect(def.additionalSettings).toBe('demo_mode: on\non_sent_ok: "x"');
    expect(dropped).toEqual([]);
    expect(notes).toEqual(['Mail: additional header “X-Priority: 1” is kept but not sent.', 'additional setting “on_sent_ok: "x"” is kept but has no effect here.']);
    // the export writes them back as they are
    expect(cf7ToDefinition(7, 'Contact', { ...meta, _mail: mailToCf7(def.mail, true) }).definition.mail).toEqual(def.mail);
  });

  it('brings Mail (2) in with its active flag, on or off, and keeps its text while off', () => {
    const base = { _form: '[email* your-email]\n[submit "Go"]', _mail: serialize({ active: true, subject: 'S', recipient: 'me@example.org', body: 'B' }) };
    const on = cf7ToDefinition(1, 'F', { ...base, _mail_2: serialize({ active: true, subject: 'Thanks', sender: 'Me <me@example.org>', recipient: '[your-email]', body: 'We read it.', additional_headers: 'Reply-To: me@example.org' }) });
    expect(parseFormDefinition(on.definition).mail2).toEqual({ active: true, to: '[your-email]', from: 'Me <me@example.org>', subject: 'Thanks', body: 'We read it.', headers: 'Reply-To: me@example.org' });
    expect(on.notes).toEqual([]);
    const off = cf7ToDefinition(1, 'F', { ...base, _mail_2: serialize({ active: false, subject: 'Thanks', sender: '', recipient: '[your-email]', body: 'Later', additional_headers: '' }) });
    expect(parseFormDefinition(off.definition).mail2).toEqual({ active: false, to: '[your-email]', subject: 'Thanks', body: 'Later' });
    // CF7 writes an empty, inactive Mail (2) for every form: nothing to keep
    const empty = cf7ToDefinition(1, 'F', { ...base, _mail_2: serialize({ active: false, subject: '', sender: '', recipient: '', body: '' }) });
    expect(empty.definition.mail2).toBeUndefined();
    // on, but without a recipient: it could not be sent, so it comes in off (reported)
    const broken = cf7ToDefinition(1, 'F', { ...base, _mail_2: serialize({ active: true, subject: 'Thanks', recipient: '', body: 'x' }) });
    expect(parseFormDefinition(broken.definition).mail2).toMatchObject({ active: false, subject: 'Thanks' });
    expect(broken.notes).toEqual(['Mail (2) has no to, so it was brought in switched off.']);
  });

  it('writes Mail (2) and reads it back (the export’s meta)', () => {
    const mail2 = { active: true, to: '[your-email]', from: 'Me <me@example.org>', subject: 'Thanks', body: 'We read it.', headers: 'Reply-To: me@example.org\nBcc: archive@example.org' };
    const back = cf7ToDefinition(1, 'F', { _form: '[email* your-email]', _mail: mailToCf7({ to: 'a@example.org', subject: 'S', body: 'B' }, true), _mail_2: mailToCf7(mail2, true), _additional_settings: 'skip_mail: on' });
    expect(parseFormDefinition(back.definition).mail2).toEqual(mail2);
    expect(back.definition.additionalSettings).toBe('skip_mail: on');
  });

  it('writes a template that reads back as the same fields', () => {
    const { fields } = parseFormTemplate(template);
    const back = parseFormTemplate(fieldsToTemplate(fields)).fields;
    expect(back).toEqual(fields.map((f) => (f.type === 'quiz' ? { ...f, label: '' } : f)));
  });
});

describe('PHP serialize', () => {
  it('reads and writes nested arrays with multi-byte strings', () => {
    const value = { a: 'Grüße ☕', list: ['x', 1, true, null], n: 1.5 };
    expect(unserialize(serialize(value))).toEqual(value);
    expect(unserialize('a:2:{i:0;s:1:"a";i:1;s:1:"b";}')).toEqual(['a', 'b']);
    expect(serialize('é')).toBe('s:2:"é";');
  });

  it('answers undefined for text that is not serialized', () => {
    expect(unserialize('plain text')).toBeUndefined();
    expect(unserialize('s:10:"short";')).toBeUndefined();
    expect(unserialize('a:1:{s:1:"a";s:1:"b";}trailing')).toBeUndefined();
  });
});
