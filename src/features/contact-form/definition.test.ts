import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGES, demoForms, fillMailTags, formDefinitionSchema, parseFormDefinition, schemaFor, type FormDefinition } from './definition.ts';
import { formDataFrom, validate, type FileLike, type FormValue } from './rules.ts';

function demo(id: number): FormDefinition {
  const form = demoForms.find((f) => f.id === id);
  if (!form) throw new Error(`demo form ${id} missing`);
  return form;
}

const controlNames = (form: FormDefinition) => form.fields.flatMap((f) => (f.type === 'submit' || f.type === 'note' ? [] : [f.type === 'checkbox' ? `${f.name}[]` : f.name]));

describe('demo forms', () => {
  it('are valid definitions', () => {
    for (const form of demoForms) expect(() => parseFormDefinition(form)).not.toThrow();
    expect(demoForms.map((f) => f.id)).toEqual([1, 2, 3]);
  });

  it('form 1 has the contact fields and a required acceptance box', () => {
    const form = demo(1);
    expect(controlNames(form)).toEqual(['your-name', 'your-email', 'your-subject', 'your-message', 'consent']);
    const required = form.fields.filter((f) => 'required' in f && f.required).map((f) => ('name' in f ? f.name : ''));
    expect(required).toEqual(['your-name', 'your-email']);
    expect(form.fields.find((f) => f.type === 'acceptance')).toMatchObject({ optional: false, invert: false });
  });

  it('form 2 has exactly the contract control names', () => {
    expect(controlNames(demo(2))).toEqual([
      'your-name', 'your-email', 'your-website', 'your-phone', 'budget', 'start-date', 'call-time',
      'services[]', 'brief', 'attachment', 'terms', 'newsletter',
    ]);
  });

  it('form 2 has a counter on brief, a required terms box and an optional newsletter box', () => {
    const form = demo(2);
    expect(form.fields.find((f) => f.type === 'textarea')).toMatchObject({ name: 'brief', counter: true, minlength: 20, maxlength: 2000 });
    expect(form.fields.find((f) => 'name' in f && f.name === 'terms')).toMatchObject({ type: 'acceptance', optional: false });
    expect(form.fields.find((f) => 'name' in f && f.name === 'newsletter')).toMatchObject({ type: 'acceptance', optional: true });
  });

  it('fill in every message with the defaults', () => {
    expect(demo(1).messages).toEqual(DEFAULT_MESSAGES);
  });
});

describe('schemaFor form 2', () => {
  const form = demo(2);
  const schema = schemaFor(form, '6.1', 'en_US');
  const m = form.messages;
  const pdf: FileLike = { name: 'brief.pdf', size: 200_000, type: 'application/pdf' };
  const good: Record<string, FormValue | FormValue[]> = {
    'your-name': 'Ana Ruiz',
    'your-email': 'ana@example.com',
    'your-website': 'https://ana.example',
    'your-phone': '+34 600 123 456',
    budget: '2500',
    'start-date': '2026-03-02',
    'call-time': '10:30',
    'services[]': ['Design', 'Photography'],
    brief: 'A new identity for a small bakery in Valencia.',
    attachment: pdf,
    terms: '1',
  };
  const check = (overrides: Record<string, FormValue | FormValue[] | undefined>) => {
    const record: Record<string, FormValue | FormValue[] | undefined> = { ...good, ...overrides };
    return validate(schema, formDataFrom(record));
  };

  it('carries version and locale', () => {
    expect(schema.version).toBe('6.1');
    expect(schema.locale).toBe('en_US');
  });

  it('has no rules for acceptance boxes', () => {
    expect(schema.rules.some((r) => 'field' in r && (r.field === 'terms' || r.field === 'newsletter'))).toBe(false);
  });

  it('accepts a complete, valid submission', () => {
    expect([...check({}).entries()]).toEqual([]);
  });

  it('accepts the optional fields left empty', () => {
    const result = check({
      'your-website': '', 'your-phone': '', budget: '', 'start-date': '', 'call-time': '',
      attachment: { name: '', size: 0, type: 'application/octet-stream' },
    });
    expect([...result.entries()]).toEqual([]);
  });

  it.each<[string, Record<string, FormValue | FormValue[] | undefined>, string, keyof typeof m]>([
    ['missing name', { 'your-name': '  ' }, 'your-name', 'invalid_required'],
    ['missing email', { 'your-email': '' }, 'your-email', 'invalid_required'],
    ['bad email', { 'your-email': 'ana@example..com' }, 'your-email', 'invalid_email'],
    ['bad website', { 'your-website': 'javascript:alert(1)' }, 'your-website', 'invalid_url'],
    ['bad phone', { 'your-phone': '12345' }, 'your-phone', 'invalid_tel'],
    ['budget not a number', { budget: 'lots' }, 'budget', 'invalid_number'],
    ['budget too small', { budget: '50' }, 'budget', 'number_too_small'],
    ['budget too large', { budget: '100050' }, 'budget', 'number_too_large'],
    ['budget off the step', { budget: '125' }, 'budget', 'number_not_in_step'],
    ['start date not real', { 'start-date': '2025-02-29' }, 'start-date', 'invalid_date'],
    ['start date too early', { 'start-date': '2019-12-31' }, 'start-date', 'date_too_early'],
    ['call time out of range', { 'call-time': '24:00' }, 'call-time', 'invalid_time'],
    ['no service', { 'services[]': [] }, 'services', 'too_few_items'],
    ['three services', { 'services[]': ['Design', 'Photography', 'Development'] }, 'services', 'too_many_items'],
    ['unknown service', { 'services[]': ['Hosting'] }, 'services', 'invalid_enum'],
    ['brief too short', { brief: 'Too short.' }, 'brief', 'invalid_too_short'],
    ['brief too long', { brief: 'x'.repeat(2001) }, 'brief', 'invalid_too_long'],
    ['attachment of a bad type', { attachment: { name: 'notes.txt', size: 10, type: 'text/plain' } }, 'attachment', 'upload_file_type_invalid'],
    ['attachment too large', { attachment: { name: 'scan.png', size: 1_048_577, type: 'image/png' } }, 'attachment', 'upload_file_too_large'],
  ])('rejects %s', (_name, overrides, field, key) => {
    const result = check(overrides);
    expect([...result.keys()]).toEqual([field]);
    expect(result.get(field)?.error).toBe(m[key]);
  });

  it('accepts the edges of every range', () => {
    const result = check({
      budget: '100000', 'start-date': '2020-01-01', brief: 'x'.repeat(2000), 'services[]': ['Development'],
      attachment: { name: 'SCAN.JPG', size: 1_048_576, type: 'image/jpeg' },
    });
    expect([...result.entries()]).toEqual([]);
    expect(check({ budget: '100', brief: 'x'.repeat(20) }).size).toBe(0);
  });
});

describe('schemaFor, other field types', () => {
  const form = parseFormDefinition({
    id: 9,
    title: 'All types',
    fields: [
      { type: 'select', name: 'topic', required: true, options: ['Sales', 'Support'] },
      { type: 'radio', name: 'size', options: ['S', 'M'] },
      { type: 'file', name: 'cv', required: true },
      { type: 'text', name: 'code', minlength: 0, maxlength: 4 },
      { type: 'quiz', name: 'quiz', questions: [{ question: '1+1?', answers: ['2', 'two'] }] },
      { type: 'hidden', name: 'ref', value: 'x' },
    ],
    messages: { invalid_required: 'Required!' },
    mail: { to: 'a@example.com', subject: 's', body: 'b' },
  });
  const schema = schemaFor(form, '6.1', 'en_US');

  it('derives the rule list in field order', () => {
    expect(schema.rules.map((r) => `${'field' in r ? r.field : ''}:${r.rule}`)).toEqual([
      'topic:required', 'topic:enum', 'size:enum', 'cv:requiredfile', 'cv:maxfilesize', 'code:maxlength',
    ]);
  });

  it('uses overridden messages and keeps the other defaults', () => {
    const result = validate(schema, formDataFrom({ topic: 'Other' }));
    expect(result.get('topic')).toEqual({ error: DEFAULT_MESSAGES.invalid_enum, rule: 'enum' });
    expect(result.get('cv')).toEqual({ error: 'Required!', rule: 'requiredfile' });
  });
});

describe('formDefinitionSchema', () => {
  const minimal = { id: 3, title: 't', fields: [{ type: 'text', name: 'a' }], mail: { to: 'x', subject: 's', body: 'b' } };

  it('fills in defaults', () => {
    const def = formDefinitionSchema.parse(minimal);
    expect(def.locale).toBe('en_US');
    expect(def.fields[0]).toEqual({ type: 'text', name: 'a', label: '', required: false, counter: false });
  });

  it.each([
    ['a duplicate name', { fields: [{ type: 'text', name: 'a' }, { type: 'email', name: 'a' }] }],
    ['an invalid name', { fields: [{ type: 'text', name: '1a' }] }],
    ['an unknown type', { fields: [{ type: 'color', name: 'a' }] }],
    ['min above max', { fields: [{ type: 'number', name: 'n', min: 5, max: 1 }] }],
    ['minlength above maxlength', { fields: [{ type: 'text', name: 't', minlength: 5, maxlength: 1 }] }],
    ['an invalid date bound', { fields: [{ type: 'date', name: 'd', min: '2025-02-30' }] }],
    ['a bad file type', { fields: [{ type: 'file', name: 'f', accept: ['pdf files'] }] }],
    ['choices without options', { fields: [{ type: 'select', name: 's', options: [] }] }],
    ['no fields', { fields: [] }],
    ['an empty message', { messages: { spam: '' } }],
  ])('rejects %s', (_name, patch) => {
    expect(formDefinitionSchema.safeParse({ ...minimal, ...patch }).success).toBe(false);
  });
});

describe('fillMailTags', () => {
  it('replaces known tags and leaves the others', () => {
    expect(fillMailTags('[a] and [b] on [_site_title] [missing]', { a: 'A', b: ['x', 'y'] })).toBe('A and x, y on [_site_title] [missing]');
  });
  it('keeps header values on one line', () => {
    expect(fillMailTags('Re: [s]', { s: 'hi\r\nBcc: evil@example.com' }, true)).toBe('Re: hi Bcc: evil@example.com');
  });
});
