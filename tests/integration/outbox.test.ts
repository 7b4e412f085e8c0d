/**
 * The mail outbox, exactly once (issue 13), on real databases with a real SMTP server: atomic
 * claims, leases that outlive a slow server and run out after a killed sender, a stable
 * Message-ID across retries, the submission and its mail in one transaction, and start-up
 * reconciliation of submissions an earlier process left unfinished.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { testDatabases, type TestDb } from '../support/db.ts';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.server.ts';
import { createLogger } from '../../src/server/log.server.ts';

/** An SMTP server that records every message and can be made slow or stopped. */
class Smtp {
  messages: { messageId: string; raw: string }[] = [];
  port = 0;
  delayMs = 0;
  private server: SMTPServer | null = null;
  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          setTimeout(() => {
            this.messages.push({ messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '', raw });
            cb();
          }, this.delayMs);
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

const log = createLogger('silent');
const mail = (n: number, submissionId: number | null = null) => ({ to: 'desk@masthead.test', subject: `Message ${n}`, text: `Body ${n}`, submissionId });

for (const target of testDatabases()) {
  describe(`mail outbox on ${target.name}`, () => {
    let t: TestDb;
    const smtp = new Smtp();
    let mailers: Mailer[] = [];
    const mailer = () => {
      const m = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Masthead <no-reply@masthead.test>', repos: t.repos, log });
      mailers.push(m);
      return m;
    };

    beforeAll(async () => {
      t = await target.open();
      await smtp.start();
    });
    afterAll(async () => {
      await smtp.stop();
      await t.close();
    });
    beforeEach(() => {
      smtp.messages = [];
      smtp.delayMs = 0;
    });
    afterEach(async () => {
      for (const m of mailers) await m.stop();
      mailers = [];
    });

    it('hands each due message to exactly one of several concurrent claimants', async () => {
      const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => t.repos.outbox.enqueue(mail(i))));
      const claims = await Promise.all(Array.from({ length: 6 }, () => t.repos.outbox.claim({ leaseMs: 60_000, limit: 4 })));
      const claimed = claims.flat().map((m) => m.id);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect([...claimed].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    });

    it('delivers every message once when several senders flush the same queue at once', async () => {
      const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => t.repos.outbox.enqueue(mail(100 + i))));
      await Promise.all([mailer().flush(), mailer().flush(), mailer().flush()]);
      const ours = smtp.messages.filter((m) => /Subject: Message 10\d/.test(m.raw));
      expect(ours.length).toBe(8);
      expect(new Set(ours.map((m) => m.messageId)).size).toBe(8);
      for (const id of ids) expect((await t.repos.outbox.stateOf(id))?.state).toBe('sent');
    });

    it('does not send a message twice while a slow server is still taking it', async () => {
      smtp.delayMs = 1500;
      const a = mailer();
      const sending = a.send(mail(200));
      // the worker (and another process) run while the inline send waits for the slow server
      await new Promise((r) => setTimeout(r, 300));
      await Promise.all([a.flush(), mailer().flush()]);
      expect((await sending).delivered).toBe(true);
      await mailer().flush();
      expect(smtp.messages.filter((m) => m.raw.includes('Message 200')).length).toBe(1);
    });

    it('keeps one Message-ID across retries: SMTP down, then up, arrives once', async () => {
      await smtp.stop();
      const m = mailer();
      const r = await m.send(mail(300));
      expect(r.delivered).toBe(false);
      const stored = await t.repos.outbox.stateOf(r.id);
      expect(stored).toMatchObject({ state: 'queued', attempts: 1 });
      expect(stored?.messageId).toMatch(/^<[\w-]+@masthead\.test>$/);
      await smtp.start();
      // due at once for the test: the first retry waits 30 s
      await t.db.kysely.updateTable('mail_outbox').set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', r.id).execute();
      await Promise.all([m.flush(), mailer().flush()]);
      await m.flush();
      const got = smtp.messages.filter((x) => x.raw.includes('Message 300'));
      expect(got.length).toBe(1);
      expect(got[0]!.messageId).toBe(stored!.messageId);
      expect(await t.repos.outbox.stateOf(r.id)).toMatchObject({ state: 'sent', attempts: 2 });
    });

    it('retries a message whose sender was killed once its lease has run out, exactly once', async () => {
      // a sender claimed the message and died before recording anything
      const id = await t.repos.outbox.enqueue(mail(400));
      const [dead] = await t.repos.outbox.claim({ leaseMs: 60_000, id });
      expect(dead).toBeDefined();
      await mailer().flush();
      expect(smtp.messages.some((x) => x.raw.includes('Message 400'))).toBe(false); // still leased
      await t.db.kysely.updateTable('mail_outbox').set({ lease_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
      await Promise.all([mailer().flush(), mailer().flush()]);
      expect(smtp.messages.filter((x) => x.raw.includes('Message 400')).length).toBe(1);
      // the dead sender's late report changes nothing
      expect(await t.repos.outbox.markFailed(id, dead!.leaseToken, 'late', null)).toBe(false);
      expect((await t.repos.outbox.stateOf(id))?.state).toBe('sent');
    });

    it('gives up after the last retry: failed, with its reason, on the dashboard and resendable', async () => {
      await smtp.stop();
      const m = mailer();
      const r = await m.send(mail(500));
      await t.db.kysely.updateTable('mail_outbox').set({ attempts: 9, next_attempt_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', r.id).execute();
      await m.flush();
      const failed = await t.repos.outbox.stateOf(r.id);
      expect(failed).toMatchObject({ state: 'failed', attempts: 10 });
      expect(failed?.lastError).toBeTruthy();
      expect((await t.repos.dashboard.mailFailures(20)).find((f) => f.id === r.id)).toMatchObject({ status: 'failed' });
      await smtp.start();
      expect(await t.repos.outbox.requeue(r.id)).toBe(true);
      await m.flush();
      expect((await t.repos.outbox.stateOf(r.id))?.state).toBe('sent');
    });

    it('writes a message and what it reports in one transaction: both or neither', async () => {
      const form = await t.repos.forms.create({ title: 'T', locale: 'en_US', definition: {} });
      const before = (await t.repos.outbox.list(1000)).length;
      const m = mailer();
      await expect(
        t.repos.transaction(async (tx) => {
          const id = await tx.forms.addSubmission({ formId: form, containerPostId: null, unitTag: 'u', fields: {}, files: [], postedDataHash: 'h', status: 'init', remoteAddr: '', userAgent: '' });
          await m.enqueueIn(tx, mail(600, id));
          throw new Error('the process fails before the commit');
        }),
      ).rejects.toThrow('before the commit');
      expect(await t.repos.forms.submissions(form)).toEqual([]);
      expect((await t.repos.outbox.list(1000)).length).toBe(before);
    });

    it('reconciles submissions left unfinished at start-up from the state of their mail', async () => {
      const form = await t.repos.forms.create({ title: 'R', locale: 'en_US', definition: {} });
      const add = () => t.repos.forms.addSubmission({ formId: form, containerPostId: null, unitTag: 'u', fields: {}, files: [], postedDataHash: 'h', status: 'init', remoteAddr: '', userAgent: '' });
      const delivered = await add();
      const waiting = await add();
      const sentId = await t.repos.outbox.enqueue(mail(700, delivered));
      const [c] = await t.repos.outbox.claim({ leaseMs: 60_000, id: sentId });
      await t.repos.outbox.markSent(sentId, c!.leaseToken);
      await t.repos.outbox.enqueue(mail(701, waiting));
      const m = mailer();
      expect(await m.reconcile()).toBeGreaterThanOrEqual(2);
      const byId = new Map((await t.repos.forms.submissions(form)).map((s) => [s.id, s.status]));
      expect(byId.get(delivered)).toBe('mail_sent');
      expect(byId.get(waiting)).toBe('mail_failed');
      // the waiting one is delivered by the worker, and then reads mail_sent
      await m.flush();
      expect(new Map((await t.repos.forms.submissions(form)).map((s) => [s.id, s.status])).get(waiting)).toBe('mail_sent');
      expect(await t.repos.forms.unsettledSubmissions()).toEqual([]);
    });
  });
}
