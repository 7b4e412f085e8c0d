import { z } from 'zod';
import { defineAdminAction, type AdminContext } from '../registry.server.ts';
import { ContentError } from '../../content/errors.ts';
import { DEFAULT_MESSAGES, formDefinitionSchema, type FormDefinition, type MessageKey } from '../../../features/contact-form/definition.ts';
import { checkForm, definitionInput, draftOf, issueText, type FormIssue } from '../../../features/contact-form/editor.ts';
import { adminEditPath } from '../../../features/content/status.ts';
import type { FormUser } from '../../db/repositories/forms.server.ts';
import { translator } from '../../../i18n/index.ts';

/**
 * Contact forms (editor and administrator): list, create, duplicate, delete, and save a form
 * written as a Contact Form 7 template with its mail, Mail (2), messages and additional settings. A save runs the editor's own
 * check (features/contact-form/editor.ts): errors refuse it with the words the screen shows,
 * warnings come back with the saved form. Every stored change bumps the content version, so the
 * next page view shows the form as it is now. A form still on a page, or with submissions in the
 * inbox, is not deleted (the answer lists the pages).
 */
const t = translator('en');
const id = z.number().int().positive();
const text = (max: number) => z.string().max(max, `At most ${max} characters.`);
const title = z.string().trim().min(1, 'Give the form a title.').max(200, 'At most 200 characters.');

const draftInput = z.object({
  id,
  title,
  template: text(50_000),
  mail: z.object({ to: text(500), from: text(500).optional(), subject: text(500), headers: text(2000).optional(), body: text(20_000) }),
  mail2: z
    .object({ active: z.boolean(), to: text(500), from: text(500).optional(), subject: text(500), headers: text(2000).optional(), body: text(20_000) })
    .default({ active: false, to: '', subject: '', body: '' }),
  messages: z.partialRecord(z.enum(Object.keys(DEFAULT_MESSAGES) as [MessageKey, ...MessageKey[]]), text(1000)).default({}),
  additionalSettings: text(20_000).default(''),
});

const usedBy = (users: FormUser[] | undefined) => (users ?? []).map((u) => ({ ...u, url: adminEditPath(u.kind, u.id) }));

async function stored(runtime: AdminContext['runtime'], formId: number): Promise<FormDefinition> {
  const row = await runtime.repos.forms.byId(formId);
  if (!row) throw new ContentError('not_found', 'This form does not exist (any more).');
  const parsed = formDefinitionSchema.safeParse({ ...(row.definition as object), id: row.id, title: row.title });
  if (!parsed.success) throw new ContentError('invalid', 'This form’s stored definition is damaged; it cannot be edited here.');
  return parsed.data;
}

/** A new form's starting point: name, e-mail, message and a button, mailed to the site's address. */
function starter(newId: number, formTitle: string) {
  return formDefinitionSchema.parse({
    id: newId,
    title: formTitle,
    fields: [
      { type: 'text', name: 'your-name', label: 'Your name', required: true },
      { type: 'email', name: 'your-email', label: 'Your email', required: true },
      { type: 'textarea', name: 'your-message', label: 'Your message' },
      { type: 'submit', label: 'Send' },
    ],
    mail: {
      to: '[_site_admin_email]',
      subject: '[_site_title] message from [your-name]',
      body: 'From: [your-name] <[your-email]>\n\n[your-message]\n\n-- \nSent from a contact form on [_site_title] ([_site_url])',
      headers: 'Reply-To: [your-email]',
    },
  });
}

/** Stores a new form (its definition carries its id, known once the row exists). */
async function insert(runtime: AdminContext['runtime'], make: (newId: number) => FormDefinition): Promise<number> {
  return runtime.repos.transaction(async (tx) => {
    const draft = make(1);
    const newId = await tx.forms.create({ title: draft.title, locale: draft.locale, definition: draft });
    const def = make(newId);
    await tx.forms.update(newId, { title: def.title, locale: def.locale, definition: def });
    return newId;
  });
}

export const formsList = defineAdminAction({
  permission: 'forms.manage',
  input: z.object({}),
  async handler(_i, { runtime }) {
    const [forms, usage, counts] = await Promise.all([runtime.repos.forms.list(), runtime.repos.forms.usage(), runtime.repos.forms.submissionCounts()]);
    return forms.map((f) => ({ id: f.id, title: f.title, updatedAt: f.updatedAt, usedBy: usedBy(usage.get(f.id)), submissions: counts.get(f.id) ?? 0 }));
  },
});

export const formsGet = defineAdminAction({
  permission: 'forms.manage',
  input: z.object({ id }),
  async handler(i, { runtime }) {
    const def = await stored(runtime, i.id);
    const usage = await runtime.repos.forms.usage();
    return { id: def.id, draft: draftOf(def), usedBy: usedBy(usage.get(def.id)) };
  },
});

export const formsCreate = defineAdminAction({
  permission: 'forms.manage',
  input: z.object({ title }),
  async handler(i, { runtime, log }) {
    const newId = await insert(runtime, (n) => starter(n, i.title));
    await runtime.contentChanged();
    log.info({ formId: newId }, 'contact form created');
    return { id: newId, title: i.title };
  },
});

export const formsDuplicate = defineAdminAction({
  permission: 'forms.manage',
  input: z.object({ id }),
  async handler(i, { runtime, log }) {
    const def = await stored(runtime, i.id);
    const copyTitle = t('admin.forms.copyOf', { title: def.title }).slice(0, 200);
    const newId = await insert(runtime, (n) => ({ ...def, id: n, title: copyTitle }));
    await runtime.contentChanged();
    log.info({ formId: newId, from: i.id }, 'contact form duplicated');
    return { id: newId, title: copyTitle };
  },
});

export const formsDelete = defineAdminAction({
  permission: 'forms.manage',
  input: z.object({ id }),
  async handler(i, { runtime, log }) {
    const def = await stored(runtime, i.id);
    const users = usedBy((await runtime.repos.forms.usage()).get(i.id));
    if (users.length) {
      const names = users.map((u) => `“${u.title || `#${u.id}`}”`);
      throw new ContentError('in_use', `This form is on ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}. Remove its block there first.`, { details: { usedBy: users } });
    }
    const count = (await runtime.repos.forms.submissionCounts()).get(i.id) ?? 0;
    if (count) throw new ContentError('in_use', `This form has ${count} submission${count === 1 ? '' : 's'} in the inbox. Delete ${count === 1 ? 'it' : 'them'} in Submissions first.`, { details: { submissions: count } });
    await runtime.repos.forms.remove(i.id);
    await runtime.contentChanged();
    log.info({ formId: i.id, title: def.title }, 'contact form deleted');
    return { id: i.id };
  },
});

export const formsSave = defineAdminAction({
  permission: 'forms.manage',
  input: draftInput,
  async handler(i, { runtime, log }) {
    const current = await stored(runtime, i.id);
    const { fields, issues } = checkForm(i);
    const errors = issues.filter((x) => x.severity === 'error');
    if (errors.length) {
      throw new ContentError('invalid', errors.map((x) => issueText(t, x)).join(' '), { field: errors[0]!.where, details: { issues } });
    }
    const def = formDefinitionSchema.parse(definitionInput(i.id, i.title, fields, i.mail, i.messages, current.locale, { mail2: i.mail2, additionalSettings: i.additionalSettings, template: i.template }));
    if (!(await runtime.repos.forms.update(i.id, { title: def.title, locale: def.locale, definition: def }))) throw new ContentError('not_found', 'This form does not exist (any more).');
    await runtime.contentChanged();
    log.info({ formId: i.id }, 'contact form saved');
    return { id: def.id, draft: draftOf(def), warnings: issues.map((w: FormIssue) => ({ ...w, message: issueText(t, w) })) };
  },
});
