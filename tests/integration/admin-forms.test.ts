/**
 * Contact forms through the admin endpoint on SQLite and PostgreSQL: create, edit (the template
 * read into fields, warnings answered, errors refused with nothing stored), duplicate and delete
 * (refused while a page shows the form or the inbox holds its submissions); every stored change
 * bumps the content version; authors and contributors are refused, editors allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabases, type TestDb } from '../support/db.ts';
import { handleAdminRequest } from '../../src/server/admin/index.server.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { startSession } from '../../src/server/session.server.ts';
import { CONTENT_VERSION, type Runtime } from '../../src/server/runtime.server.ts';
import { createContentServices } from '../../src/server/content/index.server.ts';
import { parseFormDefinition } from '../../src/features/contact-form/definition.ts';
import type { Role } from '../../src/features/accounts/types.ts';

const ORIGIN = 'http://admin.test';

for (const target of testDatabases()) {
  describe(`contact forms actions on ${target.name}`, () => {
    let t: TestDb;
    let runtime: Runtime;
    let dataDir: string;
    const cookies: Partial<Record<Role, string>> = {};
    let editorId = 0;

    beforeAll(async () => {
      t = await target.open();
      dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-forms-'));
      const contentChanged = async () => void (await t.repos.counters.increment(CONTENT_VERSION));
      const content = createContentServices({ repos: t.repos, dataDir, contentChanged });
      runtime = { config: { publicUrl: ORIGIN }, log: createLogger('silent'), repos: t.repos, contentChanged, content } as unknown as Runtime;
      for (const role of ['editor', 'author', 'contributor'] as const) {
        const id = await t.repos.users.create({ login: `forms-${role}`, email: `forms-${role}@example.com`, displayName: `Forms ${role}`, role, passwordHash: 'x' });
        if (role === 'editor') editorId = id;
        cookies[role] = (await startSession(t.repos, id, { remember: false, userAgent: 'test', ip: '127.0.0.1', secure: false })).cookie.split(';')[0]!;
      }
    });
    afterAll(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const call = async (action: string, body: unknown, role: Role = 'editor') => {
      const res = await handleAdminRequest(
        new Request(`${ORIGIN}/api/admin/${action}`, { method: 'POST', headers: { origin: ORIGIN, 'x-masthead-admin': '1', 'content-type': 'application/json', cookie: cookies[role]! }, body: JSON.stringify(body) }),
        { runtime },
      );
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
      return { status: res.status, body: (await res.json()) as { ok: boolean; data?: any; error?: { code: string; message: string; field?: string; details?: any } } };
    };
    const version = () => t.repos.counters.get(CONTENT_VERSION);
    const storedFields = async (id: number) => parseFormDefinition((await t.repos.forms.byId(id))!.definition).fields;

    let formId = 0;
    let pageId = 0;

    it('creates a form with a working starting template and lists it', async () => {
      const before = await version();
      const r = await call('forms.create', { title: 'Booking' });
      expect(r.status).toBe(200);
      formId = r.body.data.id;
      expect(await version()).toBe(before + 1);
      expect((await storedFields(formId)).map((f) => f.type)).toEqual(['text', 'email', 'textarea', 'submit']);
      const got = await call('forms.get', { id: formId });
      expect(got.body.data.draft.template).toContain('[email* your-email]');
      expect(got.body.data.draft.mail.headers).toBe('Reply-To: [your-email]');
      const list = await call('forms.list', {});
      expect(list.body.data).toContainEqual({ id: formId, title: 'Booking', updatedAt: expect.any(String), usedBy: [], submissions: 0 });
      expect((await call('forms.create', { title: '  ' })).status).toBe(422);
    });

    it('saves a template: the new field is stored, warnings come back, the content version moves', async () => {
      const { draft } = (await call('forms.get', { id: formId })).body.data;
      const before = await version();
      const template = draft.template.replace('[submit', '<label> Your phone\n    [tel* your-phone] </label>\n\n[submit');
      const r = await call('forms.save', { id: formId, title: 'Booking form', template, mail: { ...draft.mail, body: `${draft.mail.body}\nPhone: [your-phone] [your-fax]` }, messages: { mail_sent_ok: 'Booked.' } });
      expect(r.status).toBe(200);
      expect(r.body.data.warnings).toEqual([
        { severity: 'warning', code: 'unknownPlaceholder', where: 'mail.body', params: { name: '[your-fax]', part: 'body' }, message: 'The mail (body) uses [your-fax], but no field of the form has that name.' },
      ]);
      expect(await version()).toBe(before + 1);
      expect(await storedFields(formId)).toContainEqual({ type: 'tel', name: 'your-phone', label: 'Your phone', required: true, counter: false });
      const stored = parseFormDefinition((await t.repos.forms.byId(formId))!.definition);
      expect(stored.title).toBe('Booking form');
      expect(stored.messages.mail_sent_ok).toBe('Booked.');
      expect(stored.messages.spam).toBe('There was an error trying to send your message. Please try again later.');
      expect(stored.mail.body).toContain('Phone: [your-phone]');
    });

    it('keeps the template as written (its markup, its line breaks) and gives it back exactly', async () => {
      const { draft } = (await call('forms.get', { id: formId })).body.data;
      const template = `<fieldset class="booking">\n<legend>Your booking</legend>\n<div class="row"><label> Your name <em>(required)</em>\n    [text* your-name] </label></div>\n</fieldset>\n\n${draft.template.slice(draft.template.indexOf('<label> Your email'))}`;
      const r = await call('forms.save', { ...draft, id: formId, template });
      expect(r.status).toBe(200);
      expect(r.body.data.draft.template).toBe(template);
      expect((await call('forms.get', { id: formId })).body.data.draft.template).toBe(template);
      const stored = parseFormDefinition((await t.repos.forms.byId(formId))!.definition);
      expect(stored.template).toBe(template);
      expect(stored.fields.find((f) => f.type === 'text')).toMatchObject({ name: 'your-name', label: 'Your name (required)' });
    });

    it('refuses a save that would break the form, with the editor’s words, and stores nothing', async () => {
      const { draft } = (await call('forms.get', { id: formId })).body.data;
      const before = await version();
      const broken = await call('forms.save', { ...draft, id: formId, template: `${draft.template}\n[email your-phone]` });
      expect(broken.status).toBe(422);
      expect(broken.body.error).toMatchObject({ code: 'invalid', field: 'template', message: 'Two fields are named “your-phone”: each field needs a name of its own.' });
      expect(broken.body.error!.details.issues[0]).toMatchObject({ severity: 'error', code: 'duplicateName' });
      const noMail = await call('forms.save', { ...draft, id: formId, mail: { ...draft.mail, to: '' } });
      expect(noMail.body.error).toMatchObject({ field: 'mail.to', message: 'The mail needs a to.' });
      expect((await call('forms.save', { ...draft, id: formId, template: 'x'.repeat(50_001) })).status).toBe(422);
      expect((await call('forms.save', { ...draft, id: 99999 })).status).toBe(404);
      expect(await version()).toBe(before);
      expect((await storedFields(formId)).filter((f) => f.type === 'email')).toHaveLength(1);
    });

    it('saves Mail (2) and the additional settings, warns as for Mail, refuses Mail (2) on without a recipient', async () => {
      const { draft } = (await call('forms.get', { id: formId })).body.data;
      expect(draft.mail2.active).toBe(false);
      expect(draft.additionalSettings).toBe('');
      const mail2 = { active: true, to: '[your-email]', subject: 'Receipt for [your-nmae]', body: 'Thanks, [your-name].', headers: 'Reply-To: [_site_admin_email]\nX-Priority: 1' };
      const r = await call('forms.save', { ...draft, id: formId, mail2, additionalSettings: 'skip_mail: off\non_sent_ok: "x"' });
      expect(r.status).toBe(200);
      // (the [your-fax] of Mail's body, saved above, is still warned about)
      expect(r.body.data.warnings.map((w: { code: string; where: string; message: string }) => [w.code, w.where, w.message])).toEqual([
        ['unknownPlaceholder', 'mail.body', 'The mail (body) uses [your-fax], but no field of the form has that name.'],
        ['mail2Placeholder', 'mail2.subject', 'Mail (2) (subject) uses [your-nmae], but no field of the form has that name.'],
        ['unknownHeader', 'mail2.headers', 'Additional headers, line 2: “X-Priority: 1” is not sent (only Cc, Bcc and Reply-To are); it is kept.'],
        ['unknownSetting', 'additionalSettings', 'Additional settings, line 2: “on_sent_ok: "x"” is not a setting this site knows; it is kept and ignored.'],
      ]);
      const stored = parseFormDefinition((await t.repos.forms.byId(formId))!.definition);
      expect(stored.mail2).toEqual(mail2);
      expect(stored.additionalSettings).toBe('skip_mail: off\non_sent_ok: "x"');
      expect((await call('forms.get', { id: formId })).body.data.draft).toMatchObject({ mail2, additionalSettings: 'skip_mail: off\non_sent_ok: "x"' });
      const before = await version();
      const noTo = await call('forms.save', { ...draft, id: formId, mail2: { ...mail2, to: ' ' } });
      expect(noTo.status).toBe(422);
      expect(noTo.body.error).toMatchObject({ field: 'mail2.to', message: 'Mail (2) is on, so it needs a to.' });
      expect(await version()).toBe(before);
      // off: kept as written, nothing required
      expect((await call('forms.save', { ...draft, id: formId, mail2: { ...mail2, active: false, to: '' } })).status).toBe(200);
      expect(parseFormDefinition((await t.repos.forms.byId(formId))!.definition).mail2).toMatchObject({ active: false, subject: 'Receipt for [your-nmae]' });
      expect((await call('forms.save', { ...draft, id: formId, mail2 }, 'author')).status).toBe(403);
    });

    it('duplicates a form and deletes the copy', async () => {
      const copy = await call('forms.duplicate', { id: formId });
      expect(copy.body.data.title).toBe('Booking form (copy)');
      expect(await storedFields(copy.body.data.id)).toEqual(await storedFields(formId));
      expect(parseFormDefinition((await t.repos.forms.byId(copy.body.data.id))!.definition).id).toBe(copy.body.data.id);
      const before = await version();
      expect((await call('forms.delete', { id: copy.body.data.id })).status).toBe(200);
      expect(await t.repos.forms.byId(copy.body.data.id)).toBeNull();
      expect(await version()).toBe(before + 1);
      expect((await call('forms.delete', { id: copy.body.data.id })).status).toBe(404);
    });

    it('refuses to delete a form a page shows (listing the page) or whose submissions are in the inbox', async () => {
      const page = await runtime.content.items.create({ id: editorId, role: 'editor' }, 'page', { title: 'Book a table', slug: 'book-a-table', blocks: [{ type: 'paragraph', html: 'Write to us.' }, { type: 'contact-form', formId }] });
      pageId = page.id;
      const list = await call('forms.list', {});
      const usedBy = [{ kind: 'page', id: page.id, title: 'Book a table', status: 'draft', url: `/admin/pages/${page.id}/` }];
      expect(list.body.data.find((f: { id: number }) => f.id === formId).usedBy).toEqual(usedBy);
      const refused = await call('forms.delete', { id: formId });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'in_use', message: 'This form is on “Book a table”. Remove its block there first.', details: { usedBy } });
      expect(await t.repos.forms.byId(formId)).not.toBeNull();

      const other = (await call('forms.create', { title: 'Feedback' })).body.data.id as number;
      await t.repos.forms.addSubmission({ formId: other, containerPostId: null, unitTag: 'wpcf7-f1-p1-o1', fields: { 'your-name': 'Ann' }, files: [], postedDataHash: 'h', status: 'mail_sent', remoteAddr: '', userAgent: '' });
      expect((await call('forms.list', {})).body.data.find((f: { id: number }) => f.id === other).submissions).toBe(1);
      const withMail = await call('forms.delete', { id: other });
      expect(withMail.status).toBe(409);
      expect(withMail.body.error!.message).toBe('This form has 1 submission in the inbox. Delete it in Submissions first.');
      expect(await t.repos.forms.byId(other)).not.toBeNull();
    });

    it('lets editors in and keeps authors and contributors out', async () => {
      for (const role of ['author', 'contributor'] as const) {
        for (const [action, input] of [
          ['forms.list', {}],
          ['forms.get', { id: formId }],
          ['forms.create', { title: 'Nope' }],
          ['forms.delete', { id: formId }],
        ] as const) {
          const r = await call(action, input, role);
          expect(r.status, `${role} ${action}`).toBe(403);
        }
      }
      expect(await t.repos.forms.byId(formId)).not.toBeNull();
    });

    it('deletes a form once the page that showed it is in the trash', async () => {
      await runtime.content.items.trash({ id: editorId, role: 'editor' }, 'page', pageId);
      expect((await call('forms.list', {})).body.data.find((f: { id: number }) => f.id === formId).usedBy).toEqual([]);
      expect((await call('forms.delete', { id: formId })).status).toBe(200);
      expect(await t.repos.forms.byId(formId)).toBeNull();
    });
  });
}
