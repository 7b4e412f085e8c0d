/**
 * Contact forms end to end on the server: the three Contact Form 7 REST endpoints and the plain
 * page post, called with real Request objects, against real databases (SQLite, and PostgreSQL
 * when TEST_DATABASE_URL is set), with the real mailer delivering to a real SMTP server
 * (`smtp-server` on 127.0.0.1) that also goes down and comes back.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases, type TestDb } from '../support/db.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.server.ts';
import { createRateLimiter } from '../../src/server/ratelimit.server.ts';
import { installDemoForms } from '../../src/features/contact-form/demo.server.ts';
import { demoForms, formDefinitionSchema, schemaFor, type FormDefinitionInput } from '../../src/features/contact-form/definition.ts';
import { handleFeedback, handleRefill, handleSchema } from '../../src/features/contact-form/rest.server.ts';
import { handlePagePost } from '../../src/features/contact-form/page.server.ts';
import { parseFormTemplate } from '../../src/features/wxr/cf7.ts';
import { postedDataHash, quizAnswerHash, signStamp } from '../../src/features/contact-form/security.server.ts';
import { captchaPng, checkCaptcha, newChallenge } from '../../src/features/contact-form/captcha.server.ts';
import type { FormRuntime } from '../../src/features/contact-form/submission.server.ts';
import { SCHEMA_VERSION, type FeedbackAnswer } from '../../src/features/contact-form/types.ts';

const SECRET = 'integration-secret-integration-secret-0000';
const SITE = 'http://127.0.0.1:4321';
const ADMIN = 'desk@masthead.test';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';
const BASE = `${SITE}/wp-json/contact-form-7/v1/contact-forms`;

/** A catching SMTP server that can be stopped and started again on the same port. */
class Catcher {
  messages: { to: string[]; raw: string }[] = [];
  port = 0;
  private server: SMTPServer | null = null;
  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }
  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/** RFC 2047 encoded words (nodemailer encodes some subjects). */
const decodeWords = (v: string) =>
  v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );

/** Headers and body of a caught message (unfolded, quoted-printable decoded). */
function parseMail(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  const body = rest.join('\n\n').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return { headers, body };
}

const quizForm: FormDefinitionInput = {
  id: 4,
  title: 'Quiz',
  fields: [
    { type: 'text', name: 'your-name', label: 'Name', required: true },
    { type: 'quiz', name: 'quiz-math', questions: [{ question: '1+1=?', answers: ['2', 'two'] }] },
    { type: 'acceptance', name: 'no-ads', label: 'Do not send me offers', invert: true },
    { type: 'submit', label: 'Send' },
  ],
  mail: { to: '[_site_admin_email]', subject: 'Quiz from [your-name]', body: 'Name: [your-name]\nNo ads: [no-ads]' },
};

for (const target of testDatabases()) {
  describe(`contact forms on ${target.name}`, () => {
    let t: TestDb;
    let dataDir: string;
    let smtp: Catcher;
    let mailer: Mailer;
    let rt: FormRuntime;
    let ip = 0;
    /** a fresh address per request, so the rate limit only bites where a test wants it to */
    const nextIp = () => `198.51.100.${++ip}`;

    const runtime = (over: Partial<FormRuntime> = {}, rateLimitPerMinute = 600): FormRuntime => ({
      config: { secret: SECRET, dataDir, publicUrl: SITE, adminEmail: ADMIN, rateLimitPerMinute },
      log: createLogger('silent'),
      repos: t.repos,
      mailer,
      limiter: createRateLimiter(),
      settings: async () => ({ site: { title: 'Masthead Test' } }),
      ...over,
    });

    /** The fields a browser posts for a form instance, with a render time 10 s ago. */
    const hidden = (formId: number, unitTag = `wpcf7-f${formId}-p7-o1`, stampAgo = 10_000) => ({
      _wpcf7: String(formId),
      _wpcf7_version: '6.0.6',
      _wpcf7_locale: 'en_US',
      _wpcf7_unit_tag: unitTag,
      _wpcf7_container_post: '7',
      _wpcf7_posted_data_hash: '',
      _wpcf7_ts: signStamp(SECRET, Date.now() - stampAgo),
      _wpcf7_hp: '',
    });

    const contact = (over: Record<string, string | undefined> = {}) => {
      const fields: Record<string, string | undefined> = {
        ...hidden(1),
        'your-name': 'Ana Ruiz',
        'your-email': 'ana@example.com',
        'your-subject': 'A correction',
        'your-message': 'The bridge in the third photo is in Porto, not Lisbon.',
        consent: '1',
        ...over,
      };
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.append(k, v);
      return fd;
    };

    const quote = (over: Record<string, string | string[] | File | undefined> = {}) => {
      const fields: Record<string, string | string[] | File | undefined> = {
        ...hidden(2),
        'your-name': 'Tom Becker',
        'your-email': 'tom@example.com',
        'your-website': 'https://tom.example',
        'your-phone': '+49 30 1234567',
        budget: '2500',
        'start-date': '2026-09-01',
        'call-time': '10:30',
        'services[]': ['Design', 'Photography'],
        brief: 'A new identity and photographs for a small bakery.',
        terms: '1',
        ...over,
      };
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) {
        if (v === undefined) continue;
        if (Array.isArray(v)) v.forEach((x) => fd.append(k, x));
        else fd.append(k, v);
      }
      if (!fd.has('attachment')) fd.append('attachment', new File([], '', { type: 'application/octet-stream' }));
      return fd;
    };

    const post = (body: BodyInit, headers: Record<string, string> = {}, url = `${BASE}/1/feedback`) =>
      new Request(url, { method: 'POST', body, headers: { 'user-agent': UA, ...headers } });

    const feedback = async (formId: number | string, fd: FormData, opts: { rt?: FormRuntime; ip?: string; headers?: Record<string, string> } = {}) => {
      const res = await handleFeedback(opts.rt ?? rt, post(fd, opts.headers, `${BASE}/${formId}/feedback`), String(formId), opts.ip ?? nextIp());
      return { res, body: (await res.json()) as FeedbackAnswer & { code?: string; data?: { status: number } } };
    };

    const pdf = (size = 2048, name = 'brief.pdf') => new File([new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size)]))], name, { type: 'application/pdf' });

    beforeAll(async () => {
      t = await target.open();
      dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-cf7-'));
      await installDemoForms(t.repos);
      await installDemoForms(t.repos); // idempotent
      const q = formDefinitionSchema.parse(quizForm);
      await t.repos.forms.create({ id: 4, title: q.title, locale: q.locale, definition: q });
      smtp = new Catcher();
      await smtp.start();
      mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Masthead <no-reply@masthead.test>', repos: t.repos, log: createLogger('silent') });
      rt = runtime();
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    afterAll(async () => {
      await mailer.stop();
      await smtp.stop();
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    describe('GET …/feedback/schema', () => {
      it('answers {version, locale, rules} derived from the stored form, uncached and without cookies', async () => {
        const res = await handleSchema(rt, '2');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('set-cookie')).toBeNull();
        const body = await res.json();
        expect(Object.keys(body).sort()).toEqual(['locale', 'rules', 'version']);
        expect(body).toEqual(JSON.parse(JSON.stringify(schemaFor(demoForms[1]!, SCHEMA_VERSION, 'en_US'))));
        expect(body.rules).toContainEqual({ rule: 'stepnumber', field: 'budget', base: 100, interval: 50, error: 'Please enter a number in the allowed steps.' });
      });

      it('answers 404 wpcf7_not_found for an unknown or malformed id', async () => {
        for (const id of ['99', 'abc', '', '1e3']) {
          const res = await handleSchema(rt, id);
          expect(res.status).toBe(404);
          expect(await res.json()).toEqual({ code: 'wpcf7_not_found', message: 'The requested contact form was not found.', data: { status: 404 } });
        }
      });
    });

    describe('GET …/refill', () => {
      it('answers [] when there is nothing to refill', async () => {
        const res = await handleRefill(rt, '1');
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(await res.json()).toEqual([]);
      });

      it('answers a quiz question and its hashed answers for a form with a quiz', async () => {
        const body = await (await handleRefill(rt, '4')).json();
        expect(body).toEqual({ quiz: { 'quiz-math': ['1+1=?', quizAnswerHash(SECRET, ['2', 'two'])] } });
        expect(JSON.stringify(body)).not.toContain('"two"');
      });

      it('answers 404 for an unknown form', async () => {
        expect((await handleRefill(rt, '42')).status).toBe(404);
      });
    });

    describe('POST …/feedback: request errors', () => {
      it('refuses anything but multipart with 415 wpcf7_unsupported_media_type, before looking up the form', async () => {
        for (const [body, type] of [
          [new URLSearchParams({ _wpcf7_unit_tag: 'wpcf7-f1-p7-o1' }).toString(), 'application/x-www-form-urlencoded'],
          ['{"your-name":"x"}', 'application/json'],
        ] as const) {
          for (const id of ['1', '99']) {
            const res = await handleFeedback(rt, post(body, { 'content-type': type }), id, nextIp());
            expect(res.status).toBe(415);
            expect(await res.json()).toEqual({ code: 'wpcf7_unsupported_media_type', message: 'The request payload format is not supported.', data: { status: 415 } });
          }
        }
      });

      it('answers 404 wpcf7_not_found for an unknown form', async () => {
        const { res, body } = await feedback(99, contact());
        expect(res.status).toBe(404);
        expect(body.code).toBe('wpcf7_not_found');
      });

      it('answers 400 wpcf7_unit_tag_not_found for a missing or empty unit tag', async () => {
        for (const tag of [undefined, '', '<>"']) {
          const fd = contact();
          fd.delete('_wpcf7_unit_tag');
          if (tag !== undefined) fd.append('_wpcf7_unit_tag', tag);
          const { res, body } = await feedback(1, fd);
          expect(res.status).toBe(400);
          expect(body).toEqual({ code: 'wpcf7_unit_tag_not_found', message: 'There is no valid unit tag.', data: { status: 400 } });
        }
      });

      it('refuses a post from another site (Origin) with 403', async () => {
        const { res, body } = await feedback(1, contact(), { headers: { origin: 'https://evil.example' } });
        expect(res.status).toBe(403);
        expect(body.code).toBe('wpcf7_forbidden');
        const same = await feedback(1, contact(), { headers: { origin: SITE } });
        expect(same.res.status).toBe(200);
      });
    });

    describe('POST …/feedback: the pipeline', () => {
      it('validation_failed: invalid_fields with field, message, idref and error_id; nothing stored or mailed', async () => {
        const before = (await t.repos.forms.submissions(2)).length;
        const mails = smtp.messages.length;
        const { res, body } = await feedback(2, quote({ 'your-email': 'not-an-email', budget: '125', 'services[]': [], brief: 'Too short' }));
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(body).toEqual({
          contact_form_id: 2,
          status: 'validation_failed',
          message: 'One or more fields have an error. Please check and try again.',
          invalid_fields: [
            { field: 'your-email', message: 'Please enter an email address.', idref: 'wpcf7-f2-p7-o1-your-email', error_id: 'wpcf7-f2-p7-o1-ve-your-email' },
            { field: 'budget', message: 'Please enter a number in the allowed steps.', idref: 'wpcf7-f2-p7-o1-budget', error_id: 'wpcf7-f2-p7-o1-ve-budget' },
            { field: 'services', message: 'Please select more options.', idref: null, error_id: 'wpcf7-f2-p7-o1-ve-services' },
            { field: 'brief', message: 'This field has a too short input.', idref: 'wpcf7-f2-p7-o1-brief', error_id: 'wpcf7-f2-p7-o1-ve-brief' },
          ],
          posted_data_hash: '',
          into: '#wpcf7-f2-p7-o1',
        });
        expect(body).not.toHaveProperty('quiz');
        expect(body).not.toHaveProperty('captcha');
        expect((await t.repos.forms.submissions(2)).length).toBe(before);
        expect(smtp.messages.length).toBe(mails);
      });

      it('acceptance_missing when the required box is not checked (after validation passes)', async () => {
        const { body } = await feedback(1, contact({ consent: undefined }));
        expect(body).toMatchObject({ status: 'acceptance_missing', message: 'You must accept the terms and conditions before sending your message.', posted_data_hash: '', invalid_fields: [] });
        // validation comes first
        const both = await feedback(1, contact({ consent: undefined, 'your-name': '  ' }));
        expect(both.body.status).toBe('validation_failed');
      });

      it('spam: honeypot, too fast, missing or forged timestamp, too-short user agent; nothing stored', async () => {
        const before = (await t.repos.forms.submissions(1)).length;
        const cases: { fd: FormData; ua?: string }[] = [
          { fd: contact({ _wpcf7_hp: 'http://buy.example' }) },
          { fd: contact({ _wpcf7_ts: signStamp(SECRET, Date.now() - 500) }) },
          { fd: contact({ _wpcf7_ts: undefined }) },
          { fd: contact({ _wpcf7_ts: `${Date.now() - 60_000}.AAAAAAAAAAAAAAAAAAAAAA` }) },
          { fd: contact({ _wpcf7_ts: signStamp('another-secret-another-secret-00000000', Date.now() - 60_000) }) },
          { fd: contact(), ua: 'x' },
          { fd: contact(), ua: '' },
        ];
        for (const c of cases) {
          const res = await handleFeedback(rt, post(c.fd, { 'user-agent': c.ua ?? UA }), '1', nextIp());
          const body = (await res.json()) as FeedbackAnswer;
          expect(body).toMatchObject({ status: 'spam', message: 'There was an error trying to send your message. Please try again later.', posted_data_hash: '' });
        }
        expect((await t.repos.forms.submissions(1)).length).toBe(before);
      });

      it('spam: more accepted submissions from one address than the rate limit allows', async () => {
        const limited = runtime({}, 24); // 24 / 12 = 2 per window
        const address = '203.0.113.77';
        const statuses: string[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await feedback(1, contact({ 'your-message': `Message ${i}` }), { rt: limited, ip: address })).body.status);
        expect(statuses).toEqual(['mail_sent', 'mail_sent', 'spam']);
        // invalid posts do not count, and another address is not limited
        expect((await feedback(1, contact(), { rt: limited, ip: '203.0.113.78' })).body.status).toBe('mail_sent');
      });

      it('mail_sent: stored before mail with its posted_data_hash, then mailed with the tags filled in', async () => {
        const address = nextIp();
        const mails = smtp.messages.length;
        const fd = contact({ 'your-subject': 'Line one\r\nBcc: victim@example.com' });
        const started = Date.now();
        const { res, body } = await feedback(1, fd, { ip: address });
        expect(res.status).toBe(200);
        expect(body.status).toBe('mail_sent');
        expect(body.message).toBe('Thank you for your message. It has been sent.');
        expect(body.invalid_fields).toEqual([]);
        expect(body.into).toBe('#wpcf7-f1-p7-o1');
        expect(body.contact_form_id).toBe(1);
        expect(body.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
        const posted = { 'your-name': 'Ana Ruiz', 'your-email': 'ana@example.com', 'your-subject': 'Line one\nBcc: victim@example.com', 'your-message': 'The bridge in the third photo is in Porto, not Lisbon.', consent: '1' };
        expect([postedDataHash(SECRET, { remoteAddr: address, unitTag: 'wpcf7-f1-p7-o1', posted }, started), postedDataHash(SECRET, { remoteAddr: address, unitTag: 'wpcf7-f1-p7-o1', posted })]).toContain(body.posted_data_hash);

        const stored = (await t.repos.forms.submissions(1)).at(-1)!;
        expect(stored).toMatchObject({ status: 'mail_sent', posted_data_hash: body.posted_data_hash, unit_tag: 'wpcf7-f1-p7-o1', container_post_id: 7, remote_addr: address, user_agent: UA });
        expect(stored.fields).toEqual(posted);

        expect(smtp.messages.length).toBe(mails + 1);
        const mail = smtp.messages.at(-1)!;
        expect(mail.to).toEqual([ADMIN]);
        const { headers, body: text } = parseMail(mail.raw);
        expect(headers.get('subject')).toBe('Masthead Test "Line one Bcc: victim@example.com"');
        expect(headers.get('reply-to')).toBe('ana@example.com');
        expect(headers.has('bcc')).toBe(false);
        expect(text).toContain('From: Ana Ruiz <ana@example.com>');
        expect(text).toContain('The bridge in the third photo is in Porto, not Lisbon.');
        expect(text).toContain(`This email was sent from a contact form on Masthead Test (${SITE})`);
      });

      it('form 2: checkboxes, acceptance and a PDF stored in the media store\'s private area (DATA_DIR/private/cf7) with a random name', async () => {
        const file = pdf(4096, 'My brief.pdf');
        const { body } = await feedback(2, quote({ attachment: file, newsletter: '1' }));
        expect(body.status).toBe('mail_sent');
        const stored = (await t.repos.forms.submissions(2)).at(-1)!;
        expect(stored.fields).toMatchObject({ 'services': ['Design', 'Photography'], terms: '1', newsletter: '1', budget: '2500' });
        const files = JSON.parse(stored.files) as { field: string; name: string; size: number; file: string }[];
        expect(files).toHaveLength(1);
        expect(files[0]).toMatchObject({ field: 'attachment', name: 'My brief.pdf', size: file.size });
        expect(files[0]!.file).toMatch(/^private\/cf7\/[0-9a-f]{32}\.pdf$/);
        const onDisk = path.join(dataDir, files[0]!.file);
        expect(existsSync(onDisk)).toBe(true);
        expect(readFileSync(onDisk).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
        const { body: text } = parseMail(smtp.messages.at(-1)!.raw);
        expect(text).toContain('Services: Design, Photography');
        expect(text).toContain('Newsletter: Consented');
      });

      it('file checks: wrong extension, content that does not match its name, too large', async () => {
        const before = (await t.repos.forms.submissions(2)).length;
        const exe = await feedback(2, quote({ attachment: new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }) }));
        expect(exe.body.status).toBe('validation_failed');
        expect(exe.body.invalid_fields).toEqual([{ field: 'attachment', message: 'You are not allowed to upload files of this type.', idref: 'wpcf7-f2-p7-o1-attachment', error_id: 'wpcf7-f2-p7-o1-ve-attachment' }]);

        const fake = await feedback(2, quote({ attachment: new File(['<html><script>alert(1)</script>'], 'brief.pdf', { type: 'application/pdf' }) }));
        expect(fake.body.status).toBe('validation_failed');
        expect(fake.body.invalid_fields.map((f) => [f.field, f.message])).toEqual([['attachment', 'You are not allowed to upload files of this type.']]);

        const big = await feedback(2, quote({ attachment: pdf(1_200_000) }));
        expect(big.body.status).toBe('validation_failed');
        expect(big.body.invalid_fields.map((f) => [f.field, f.message])).toEqual([['attachment', 'The uploaded file is too large.']]);

        // a body far over the form's limit is not parsed; the answer still names the field
        const huge = await feedback(2, quote({ attachment: pdf(3_000_000) }));
        expect(huge.res.status).toBe(200);
        expect(huge.body).toMatchObject({ status: 'validation_failed', into: '#wpcf7-f2-p7-o1' });
        expect(huge.body.invalid_fields.map((f) => [f.field, f.message])).toEqual([['attachment', 'The uploaded file is too large.']]);

        expect((await t.repos.forms.submissions(2)).length).toBe(before);
      });

      it('mail_failed while SMTP is down: the submission is kept, and the outbox delivers it when SMTP is back', async () => {
        await smtp.stop();
        const mails = smtp.messages.length;
        const { body } = await feedback(1, contact({ 'your-message': 'Sent during the outage.' }));
        expect(body.status).toBe('mail_failed');
        expect(body.message).toBe('There was an error trying to send your message. Please try again later.');
        expect(body.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
        const stored = (await t.repos.forms.submissions(1)).at(-1)!;
        expect(stored).toMatchObject({ status: 'mail_failed', posted_data_hash: body.posted_data_hash });
        const queued = (await t.repos.outbox.list(5)).find((m) => m.submission_id === stored.id)!;
        expect(queued).toMatchObject({ status: 'pending', attempts: 1 });

        await smtp.start(); // back, on the same port
        await mailer.flush(); // not due yet
        expect(smtp.messages.length).toBe(mails);
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 31_000);
        await mailer.flush();
        vi.useRealTimers();
        expect(smtp.messages.length).toBe(mails + 1);
        expect(parseMail(smtp.messages.at(-1)!.raw).body).toContain('Sent during the outage.');
        // attempts count every try, the one that delivered included; the submission now reads mail_sent
        expect(await t.repos.outbox.byId(queued.id)).toMatchObject({ status: 'sent', attempts: 2 });
        expect((await t.repos.forms.submissions(1)).find((s) => s.id === stored.id)?.status).toBe('mail_sent');
      });

      it('without SMTP_URL the mail stays in the outbox and the answer is mail_sent', async () => {
        const outboxOnly = createMailer({ smtpUrl: undefined, from: 'Masthead <no-reply@masthead.test>', repos: t.repos, log: createLogger('silent') });
        const mails = smtp.messages.length;
        const { body } = await feedback(1, contact({ 'your-message': 'Kept in the outbox.' }), { rt: runtime({ mailer: outboxOnly }) });
        expect(body.status).toBe('mail_sent');
        const stored = (await t.repos.forms.submissions(1)).at(-1)!;
        expect(stored.status).toBe('mail_sent');
        const kept = (await t.repos.outbox.list(5)).find((m) => m.submission_id === stored.id);
        expect(kept).toMatchObject({ status: 'pending', to_address: ADMIN });
        expect(kept?.text_body).toContain('Kept in the outbox.');
        expect(smtp.messages.length).toBe(mails);
      });

      it('quiz: the answer is checked against the hashed answers, and every answer refills the quiz', async () => {
        const hashed = quizAnswerHash(SECRET, ['2', 'two']);
        const quiz = (answer: string, hash = hashed, extra: Record<string, string> = {}) => {
          const fd = new FormData();
          for (const [k, v] of Object.entries({ ...hidden(4), 'your-name': 'Quiz Taker', 'quiz-math': answer, '_wpcf7_quiz_answer_quiz-math': hash, ...extra })) fd.append(k, v);
          return fd;
        };
        const wrong = await feedback(4, quiz('3'));
        expect(wrong.body.status).toBe('validation_failed');
        expect(wrong.body.invalid_fields).toEqual([{ field: 'quiz-math', message: 'The answer to the quiz is incorrect.', idref: 'wpcf7-f4-p7-o1-quiz-math', error_id: 'wpcf7-f4-p7-o1-ve-quiz-math' }]);
        expect(wrong.body.quiz).toEqual({ 'quiz-math': ['1+1=?', hashed] });
        // a hash that belongs to no question of this form, even with a matching answer
        expect((await feedback(4, quiz('5', quizAnswerHash(SECRET, ['5'])))).body.status).toBe('validation_failed');
        // an inverted acceptance box must stay unchecked
        expect((await feedback(4, quiz('2', hashed, { 'no-ads': '1' }))).body.status).toBe('acceptance_missing');
        const right = await feedback(4, quiz('  TWO '));
        expect(right.body.status).toBe('mail_sent');
        expect(right.body.quiz).toEqual({ 'quiz-math': ['1+1=?', hashed] });
        expect(parseMail(smtp.messages.at(-1)!.raw).body).toContain('No ads: Not consented');
        expect((await t.repos.forms.submissions(4)).at(-1)!.fields).not.toHaveProperty('quiz-math');
      });

      it('captcha: a new challenge per answer, the answer checked once, case and spaces ignored', async () => {
        const live = async (url: string) => {
          const prefix = /\/(\d+)\.png$/.exec(url)![1]!;
          return { prefix, answer: (await t.repos.captcha.peek(prefix))!.answer };
        };
        const refill = await (await handleRefill(rt, '3')).json();
        expect(Object.keys(refill)).toEqual(['captcha']);
        const first = await live(refill.captcha['captcha-1']);
        expect(first.answer).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
        const png = await captchaPng(t.repos, first.prefix);
        expect(png!.subarray(1, 4).toString('latin1')).toBe('PNG');
        const request = (prefix: string, answer: string) => {
          const fd = new FormData();
          const fields = { ...hidden(3), 'your-name': 'Ana', 'your-email': 'ana@example.com', request: 'Delete my data', 'captcha-1': answer, '_wpcf7_captcha_challenge_captcha-1': prefix };
          for (const [k, v] of Object.entries(fields)) fd.append(k, v);
          return fd;
        };
        const wrong = await feedback(3, request(first.prefix, 'ZZZZ'));
        expect(wrong.body.status).toBe('validation_failed');
        expect(wrong.body.invalid_fields).toEqual([{ field: 'captcha-1', message: 'Your entered code is incorrect.', idref: 'wpcf7-f3-p7-o1-captcha-1', error_id: 'wpcf7-f3-p7-o1-ve-captcha-1' }]);
        // spent, even though it was answered wrongly: the right answer no longer counts, the picture is gone
        expect(await captchaPng(t.repos, first.prefix)).toBeNull();
        expect((await feedback(3, request(first.prefix, first.answer))).body.status).toBe('validation_failed');
        const next = await live(wrong.body.captcha!['captcha-1']!);
        expect(next.prefix).not.toBe(first.prefix);
        const mails = smtp.messages.length;
        const right = await feedback(3, request(next.prefix, ` ${next.answer.toLowerCase()} `));
        expect(right.body.status).toBe('mail_sent');
        expect(right.body.captcha!['captcha-1']).toMatch(/^\/contact-form\/captcha\/\d+\.png$/);
        expect(smtp.messages.length).toBe(mails + 1);
        expect((await t.repos.forms.submissions(3)).at(-1)!.fields).not.toHaveProperty('captcha-1');
        // a made-up or missing challenge never passes
        expect((await feedback(3, request('12345', 'ABCD'))).body.status).toBe('validation_failed');
        expect((await feedback(3, request('', ''))).body.status).toBe('validation_failed');
      });

      it('captcha: two answers racing for one challenge, only one is taken', async () => {
        const { prefix } = await newChallenge(t.repos);
        const answer = (await t.repos.captcha.peek(prefix))!.answer;
        const results = await Promise.all([t.repos.captcha.take(prefix), t.repos.captcha.take(prefix)]);
        expect(results.filter((r) => r === answer)).toHaveLength(1);
      });

      it('captcha: an expired challenge is refused and cleared', async () => {
        const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
        const { prefix } = await newChallenge(t.repos, {}, past);
        expect(await t.repos.captcha.peek(prefix)).toBeNull();
        expect(await checkCaptcha(t.repos, prefix, 'ABCD')).toBe(false);
        const old = await newChallenge(t.repos, {}, past);
        expect(await t.repos.captcha.purgeExpired()).toBeGreaterThanOrEqual(1);
        expect(await t.repos.captcha.take(old.prefix)).toBeNull();
      });
    });

    describe('Mail (2) and additional settings', () => {
      const withSettings = async (id: number, over: Partial<FormDefinitionInput>) => {
        const def = formDefinitionSchema.parse({ ...demoForms[0]!, id, title: `Form ${id}`, ...over });
        if (await t.repos.forms.byId(id)) await t.repos.forms.update(id, { title: def.title, locale: def.locale, definition: def });
        else await t.repos.forms.create({ id, title: def.title, locale: def.locale, definition: def });
        return def;
      };
      const mail2 = { active: true, to: '[your-email]', subject: 'Receipt: [your-subject]', body: 'We got your message:\n[your-message]', replyTo: '[_site_admin_email]' };
      const sendTo = async (id: number, over: Record<string, string | undefined> = {}, opts: { rt?: FormRuntime } = {}) => feedback(id, contact({ ...hidden(id), ...over }), opts);

      it('Mail (2) on: both mails go out once, each in the outbox with the submission; the submission follows the first', async () => {
        await withSettings(11, { mail2 });
        const mails = smtp.messages.length;
        const { body } = await sendTo(11, { 'your-message': 'Two mails, please.' });
        expect(body.status).toBe('mail_sent');
        expect(smtp.messages.length).toBe(mails + 2);
        const [first, second] = smtp.messages.slice(mails);
        expect(first!.to).toEqual([ADMIN]);
        expect(second!.to).toEqual(['ana@example.com']);
        const m2 = parseMail(second!.raw);
        expect(m2.headers.get('subject')).toBe('Receipt: A correction');
        expect(m2.headers.get('reply-to')).toBe(ADMIN);
        expect(m2.body).toContain('Two mails, please.');
        const stored = (await t.repos.forms.submissions(11)).at(-1)!;
        expect(stored.status).toBe('mail_sent');
        const rows = await t.repos.outbox.bySubmissions([stored.id]);
        expect(rows.map((r) => [r.to_address, r.status])).toEqual([
          [ADMIN, 'sent'],
          ['ana@example.com', 'sent'],
        ]);
        await mailer.flush(); // nothing is sent twice (the flush may deliver other tests' due mail)
        expect(smtp.messages.filter((m) => m.raw.includes('Two mails, please.'))).toHaveLength(2);
      });

      it('additional headers: Cc and Bcc recipients receive the mail (Bcc unseen), Reply-To from a field; injected lines change nothing', async () => {
        await withSettings(19, { mail: { ...demoForms[0]!.mail, headers: 'Reply-To: [your-name] <[your-email]>\nCc: desk@example.com, [your-name]\nBcc: archive@example.com\nX-Priority: 1' } });
        const mails = smtp.messages.length;
        expect((await sendTo(19, { 'your-name': 'Ana\r\nBcc: victim@example.com' })).body.status).toBe('mail_sent');
        expect(smtp.messages.length).toBe(mails + 1);
        const mail = smtp.messages.at(-1)!;
        expect([...mail.to].sort()).toEqual([ADMIN, 'archive@example.com', 'desk@example.com'].sort());
        const { headers } = parseMail(mail.raw);
        expect(headers.get('cc')).toBe('desk@example.com');
        expect(headers.has('bcc')).toBe(false);
        expect(headers.get('reply-to')).toBe('ana@example.com');
        expect(headers.has('x-priority')).toBe(false);
        const stored = (await t.repos.forms.submissions(19)).at(-1)!;
        expect((await t.repos.outbox.bySubmissions([stored.id])).map((r) => [r.cc, r.bcc, r.reply_to])).toEqual([['desk@example.com', 'archive@example.com', 'ana@example.com']]);
      });

      it('a form stored with its template as written (markup between tags) validates and sends as before', async () => {
        const template =
          '<fieldset class="who"><legend>About you</legend>\n<label> Your name <em>(required)</em>\n    [text* your-name] </label>\n<label> Your email\n    [email* your-email] </label>\n</fieldset>\n\n<label> Subject [text your-subject] </label>\n\n<div class="msg"><label> Your message [textarea your-message] </label></div>\n\n[acceptance consent] I agree. [/acceptance]\n\n<p>[submit "Send"]</p>';
        const { fields } = parseFormTemplate(template);
        await withSettings(16, { template, fields });
        const bad = await sendTo(16, { 'your-email': 'ana@' });
        expect(bad.body.status).toBe('validation_failed');
        expect(bad.body.invalid_fields.map((f) => f.field)).toEqual(['your-email']);
        const mails = smtp.messages.length;
        const ok = await sendTo(16);
        expect(ok.body.status).toBe('mail_sent');
        expect(smtp.messages.length).toBe(mails + 1);
      });

      it('Mail (2) off (its text kept): one mail', async () => {
        await withSettings(12, { mail2: { ...mail2, active: false } });
        const mails = smtp.messages.length;
        expect((await sendTo(12)).body.status).toBe('mail_sent');
        expect(smtp.messages.length).toBe(mails + 1);
        expect(smtp.messages.at(-1)!.to).toEqual([ADMIN]);
      });

      it('SMTP down: both wait in the outbox; when it is back each is delivered once and the submission reads mail_sent', async () => {
        await withSettings(11, { mail2 });
        await smtp.stop();
        const mails = smtp.messages.length;
        const { body } = await sendTo(11, { 'your-message': 'During the outage.' });
        expect(body.status).toBe('mail_failed');
        const stored = (await t.repos.forms.submissions(11)).at(-1)!;
        expect(stored.status).toBe('mail_failed');
        await smtp.start();
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 31_000);
        await mailer.flush();
        await mailer.flush();
        vi.useRealTimers();
        expect(smtp.messages.slice(mails).map((m) => m.to[0])).toEqual([ADMIN, 'ana@example.com']);
        expect((await t.repos.forms.submissions(11)).find((s) => s.id === stored.id)?.status).toBe('mail_sent');
        expect((await t.repos.outbox.statesForSubmissions([stored.id])).get(stored.id)?.state).toBe('sent');
      });

      it('skip_mail: on stores the submission and mails nothing; demo_mode: on does neither', async () => {
        await withSettings(13, { mail2, additionalSettings: '# quiet\nskip_mail: on' });
        const mails = smtp.messages.length;
        const skipped = await sendTo(13);
        expect(skipped.body).toMatchObject({ status: 'mail_sent', message: 'Thank you for your message. It has been sent.' });
        const stored = (await t.repos.forms.submissions(13)).at(-1)!;
        expect(stored.status).toBe('mail_sent');
        expect(await t.repos.outbox.bySubmissions([stored.id])).toEqual([]);

        await withSettings(14, { mail2, additionalSettings: 'demo_mode: on' });
        const demo = await sendTo(14);
        expect(demo.body.status).toBe('mail_sent');
        expect(await t.repos.forms.submissions(14)).toEqual([]);
        expect(smtp.messages.length).toBe(mails);
        // off is off
        await withSettings(14, { additionalSettings: 'demo_mode: off' });
        expect((await sendTo(14)).body.status).toBe('mail_sent');
        expect(smtp.messages.length).toBe(mails + 1);
      });

      it('acceptance_as_validation: on makes an unticked box a field error', async () => {
        await withSettings(15, { additionalSettings: 'acceptance_as_validation: on' });
        const { body } = await sendTo(15, { consent: undefined });
        expect(body.status).toBe('validation_failed');
        expect(body.invalid_fields.map((f) => [f.field, f.message])).toEqual([['consent', 'You must accept the terms and conditions before sending your message.']]);
        await withSettings(16, {});
        expect((await sendTo(16, { consent: undefined })).body.status).toBe('acceptance_missing');
      });
    });

    describe('plain HTML post to the page (no JavaScript)', () => {
      const forms = () => Object.fromEntries(demoForms.map((f) => [f.id, f]));
      const pagePost = (fd: FormData, headers: Record<string, string> = {}) =>
        new Request(`${SITE}/contact/`, { method: 'POST', body: fd, headers: { 'user-agent': UA, origin: SITE, ...headers } });

      it('runs the same pipeline and answers into the instance it came from', async () => {
        const mails = smtp.messages.length;
        const sent = await handlePagePost(rt, pagePost(contact()), nextIp(), forms());
        expect(sent).toMatchObject({ unitTag: 'wpcf7-f1-p7-o1', values: {}, answer: { status: 'mail_sent', into: '#wpcf7-f1-p7-o1' } });
        expect(smtp.messages.length).toBe(mails + 1);

        const fd = contact({ 'your-email': 'ana@' });
        const invalid = await handlePagePost(rt, pagePost(fd), nextIp(), forms());
        expect(invalid?.answer.status).toBe('validation_failed');
        // the re-rendered form keeps the render time it had, so fixing a field is not "too fast"
        expect(invalid?.stamp).toBe(fd.get('_wpcf7_ts'));
        expect(invalid?.answer.invalid_fields.map((f) => f.field)).toEqual(['your-email']);
        // the visitor's input is kept for the re-rendered form
        expect(invalid?.values).toMatchObject({ 'your-name': 'Ana Ruiz', 'your-email': 'ana@', consent: '1' });
      });

      it('ignores posts that are not for one of the page forms, and treats cross-site posts as spam', async () => {
        expect(await handlePagePost(rt, pagePost(contact()), nextIp(), {})).toBeNull();
        const other = new FormData();
        other.append('s', 'search words');
        expect(await handlePagePost(rt, pagePost(other), nextIp(), forms())).toBeNull();
        const foreign = await handlePagePost(rt, pagePost(contact(), { origin: 'https://evil.example' }), nextIp(), forms());
        expect(foreign?.answer.status).toBe('spam');
      });
    });
  });
}
