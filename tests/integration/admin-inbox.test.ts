/**
 * The submissions inbox through the admin endpoint, on SQLite and PostgreSQL, with the real mailer
 * and a real SMTP server that refuses mail and then accepts it: list, search, read, spam / not
 * spam, CSV export, "Send again" delivering a failed mail exactly once, delete with its files, the
 * authorised attachment download, and who may do it (editors yes, authors no).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../support/db.ts';
import { handleAdminRequest } from '../../src/server/admin/index.server.ts';
import { handleSubmissionFile } from '../../src/server/admin/attachment.server.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.server.ts';
import { startSession } from '../../src/server/session.server.ts';
import type { Runtime } from '../../src/server/runtime.server.ts';
import { csvCell } from '../../src/server/admin/actions/submissions.server.ts';

const ORIGIN = 'http://admin.test';

for (const target of testDatabases()) {
  describe(`submissions inbox on ${target.name}`, () => {
    let t: TestDb;
    let runtime: Runtime;
    let mailer: Mailer;
    let smtp: SMTPServer;
    let refuse = true;
    const caught: string[] = [];
    let dataDir: string;
    const cookie = {} as Record<'administrator' | 'editor' | 'author', string>;
    let formA: number;
    let formB: number;
    let withFile: number;

    beforeAll(async () => {
      t = await target.open();
      dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-inbox-'));
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo: (_a, _s, cb) => (refuse ? cb(Object.assign(new Error('Mailbox unavailable for now'), { responseCode: 450 })) : cb()),
        onData: (stream, _s, cb) => {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            caught.push(Buffer.concat(chunks).toString('utf8'));
            cb();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
      const port = (smtp.server.address() as AddressInfo).port;
      mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Masthead <no-reply@masthead.test>', repos: t.repos, log: createLogger('silent') });
      runtime = { config: { publicUrl: ORIGIN, dataDir }, log: createLogger('silent'), repos: t.repos, mailer } as unknown as Runtime;
      for (const role of ['administrator', 'editor', 'author'] as const) {
        const id = await t.repos.users.create({ login: `${role}-inbox`, email: `${role}-inbox@example.com`, displayName: role, role, passwordHash: 'x' });
        cookie[role] = (await startSession(t.repos, id, { remember: false, userAgent: 'test', ip: '127.0.0.1', secure: false })).cookie.split(';')[0]!;
      }
      formA = await t.repos.forms.create({ title: 'Contact', locale: 'en', definition: {} });
      formB = await t.repos.forms.create({ title: 'Press', locale: 'en', definition: {} });
      const add = (formId: number, fields: Record<string, unknown>, files: unknown[] = []) =>
        t.repos.forms.addSubmission({ formId, containerPostId: null, unitTag: 'wpcf7-f1-o1', fields, files, postedDataHash: 'h', status: 'mail_sent', remoteAddr: '203.0.113.9', userAgent: 'UA' });
      await add(formA, { 'your-name': 'Ann', 'your-email': 'ann@example.com', 'your-subject': 'Hello there', 'your-message': 'A question about tides' });
      await add(formB, { 'your-name': 'Bo', 'your-email': 'bo@example.com', 'your-subject': '=HYPERLINK("http://evil")', 'your-message': 'Press pass' });
      mkdirSync(path.join(dataDir, 'uploads', 'cf7'), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads', 'cf7', 'abc123.pdf'), '%PDF-1.4 test');
      withFile = await add(formA, { 'your-name': 'Cy', 'your-email': 'cy@example.com', 'your-subject': 'CV attached' }, [{ field: 'cv', name: 'My CV.pdf', size: 13, type: 'application/pdf', file: 'uploads/cf7/abc123.pdf' }]);
      await mailer.send({ to: 'desk@example.com', subject: 'CV attached', text: 'From Cy', submissionId: withFile });
    });
    afterAll(async () => {
      await mailer.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const call = async (action: string, body: unknown, who: keyof typeof cookie = 'editor') => {
      const res = await handleAdminRequest(
        new Request(`${ORIGIN}/api/admin/${action}`, { method: 'POST', headers: { origin: ORIGIN, 'x-masthead-admin': '1', 'content-type': 'application/json', cookie: cookie[who] }, body: JSON.stringify(body) }),
        { runtime },
      );
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
      return { status: res.status, body: (await res.json()) as { ok: boolean; data?: any; error?: { code: string; message: string } } };
    };

    it('lists across forms and per form, with counts, search and the mail state', async () => {
      const all = await call('submissions.list', {});
      expect(all.status).toBe(200);
      expect(all.body.data.total).toBe(3);
      expect(all.body.data.forms).toEqual([
        { id: formA, title: 'Contact', total: 2, unread: 2 },
        { id: formB, title: 'Press', total: 1, unread: 1 },
      ]);
      const cy = all.body.data.items.find((s: { id: number }) => s.id === withFile);
      expect(cy.mail).toHaveLength(1);
      expect(cy.mail[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/unavailable/) });
      expect(cy.files[0]).toEqual({ n: 0, field: 'cv', name: 'My CV.pdf', size: 13, type: 'application/pdf', url: `/api/submission-file/${withFile}/0` });
      expect(JSON.stringify(all.body.data)).not.toContain('abc123');
      expect((await call('submissions.list', { formId: formB })).body.data.items.map((s: { fields: Record<string, string> }) => s.fields['your-name'])).toEqual(['Bo']);
      expect((await call('submissions.list', { search: 'TIDES' })).body.data.items.map((s: { fields: Record<string, string> }) => s.fields['your-name'])).toEqual(['Ann']);
    });

    it('marks a submission read when opened, and moves it to spam and back', async () => {
      const opened = await call('submissions.get', { id: withFile });
      expect(opened.body.data.read).toBe(true);
      expect((await call('submissions.list', {})).body.data.forms[0].unread).toBe(1);
      expect((await call('submissions.spam', { id: withFile, spam: true })).status).toBe(200);
      expect((await call('submissions.list', {})).body.data.items.map((s: { id: number }) => s.id)).not.toContain(withFile);
      expect((await call('submissions.list', { box: 'spam' })).body.data.items.map((s: { id: number }) => s.id)).toEqual([withFile]);
      await call('submissions.spam', { id: withFile, spam: false });
      expect((await call('submissions.list', { box: 'spam' })).body.data.total).toBe(0);
    });

    it('exports CSV with every field and no formula a spreadsheet would run', async () => {
      const r = await call('submissions.export', {});
      expect(r.body.data.count).toBe(3);
      const lines = (r.body.data.csv as string).replace(/^\ufeff/, '').trim().split('\r\n');
      expect(lines[0]).toBe('"id","date","form","mail","your-name","your-email","your-subject","your-message","files"');
      expect(r.body.data.csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(r.body.data.csv).toContain('"My CV.pdf"');
      expect(csvCell('-1+2')).toBe(`"'-1+2"`);
      expect((await call('submissions.export', { formId: formB })).body.data.count).toBe(1);
    });

    it('"Send again" delivers a failed mail once, and refuses to send a sent one again', async () => {
      const before = caught.length;
      const stillDown = await call('submissions.resend', { id: withFile, mailId: (await call('submissions.get', { id: withFile })).body.data.mail[0].id });
      expect(stillDown.status).toBe(200);
      expect(stillDown.body.data.mail[0]).toMatchObject({ status: 'pending', attempts: 2 });
      expect(caught.length).toBe(before);
      refuse = false;
      const sent = await call('submissions.resend', { id: withFile, mailId: stillDown.body.data.mail[0].id });
      expect(sent.body.data.mail[0]).toMatchObject({ status: 'sent', nextAttemptAt: null });
      expect(caught.length).toBe(before + 1);
      expect(caught.at(-1)).toContain('From Cy');
      const twice = await call('submissions.resend', { id: withFile, mailId: stillDown.body.data.mail[0].id });
      expect(twice.status).toBe(409);
      expect(caught.length).toBe(before + 1);
      // a mail of another submission is not reachable through this one
      expect((await call('submissions.resend', { id: withFile - 1, mailId: stillDown.body.data.mail[0].id })).status).toBe(404);
    });

    it('downloads an attachment only for those who may read submissions, as an attachment', async () => {
      const get = (who?: keyof typeof cookie, n = 0) => handleSubmissionFile(new Request(`${ORIGIN}/api/submission-file/${withFile}/${n}`, { headers: who ? { cookie: cookie[who] } : {} }), runtime);
      expect((await get()).status).toBe(401);
      expect((await get('author')).status).toBe(403);
      expect((await get('editor', 5)).status).toBe(404);
      const ok = await get('editor');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-disposition')).toMatch(/^attachment; filename="My CV.pdf"/);
      expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await ok.text()).toBe('%PDF-1.4 test');
    });

    it('refuses authors every inbox action and changes nothing', async () => {
      for (const [action, input] of [
        ['submissions.list', {}],
        ['submissions.get', { id: withFile }],
        ['submissions.spam', { id: withFile, spam: true }],
        ['submissions.delete', { id: withFile }],
        ['submissions.export', {}],
        ['submissions.resend', { id: withFile, mailId: 1 }],
      ] as const) {
        const r = await call(action, input, 'author');
        expect(r.status, action).toBe(403);
      }
      expect((await call('submissions.list', {})).body.data.total).toBe(3);
    });

    it('deletes a submission with its files; its mail stays in the outbox', async () => {
      const r = await call('submissions.delete', { id: withFile }, 'administrator');
      expect(r.status).toBe(200);
      expect(existsSync(path.join(dataDir, 'uploads', 'cf7', 'abc123.pdf'))).toBe(false);
      expect((await call('submissions.get', { id: withFile })).status).toBe(404);
      expect((await t.repos.outbox.list()).some((m) => m.subject === 'CV attached' && m.submission_id === null)).toBe(true);
      expect((await call('submissions.delete', { id: withFile })).status).toBe(404);
    });
  });
}
