import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../log.server.ts';
import type { Repositories } from '../db/repositories/index.server.ts';
import { newMessageId, type OutgoingMail, type QueuedMail } from '../db/repositories/outbox.server.ts';

/** Retry delays after the 1st, 2nd, … failure; after the last one the message is marked failed. */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600];

/**
 * How long a sender holds a message it claimed. Longer than any one SMTP exchange can take with
 * the transport's timeouts, so a slow server never makes a second sender pick the message up;
 * a sender killed mid-send leaves a claim that runs out, and the message is retried then.
 */
export const LEASE_MS = 5 * 60_000;

/** A message written to the outbox and not yet attempted; `claim` is set when this process holds it. */
export interface PendingMail {
  id: number;
  claim: QueuedMail | null;
}

export interface DeliveryResult {
  id: number;
  /** true: accepted by SMTP; false: refused or SMTP down (the outbox retries); null: no SMTP configured (kept in the outbox) */
  delivered: boolean | null;
  error?: string;
}

export interface Mailer {
  /** Stores the message in the outbox, then tries to deliver it at once (see DeliveryResult). */
  send(mail: OutgoingMail): Promise<DeliveryResult>;
  /**
   * Writes the message through `repos` (a transaction's repositories: the message commits or
   * rolls back with what it reports). When SMTP is configured the row is written already claimed
   * by this process, so no other sender can take it before `deliverPending` runs after the commit.
   */
  enqueueIn(repos: Pick<Repositories, 'outbox'>, mail: OutgoingMail): Promise<PendingMail>;
  /** Delivers a message written by `enqueueIn`, after its transaction committed. */
  deliverPending(p: PendingMail): Promise<DeliveryResult>;
  /** Delivers what is due, and what a killed sender left behind once its claim ran out. */
  flush(): Promise<void>;
  /**
   * Start-up reconciliation: a submission still in its intermediate state (`init`: stored, its
   * answer maybe never sent) takes the state of its mail; with `singleProcess`, messages a killed
   * process had claimed go back to the queue at once (otherwise when their lease ends). Called
   * once before the worker starts.
   */
  reconcile(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  repos: Repositories;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  host?: string;
  /** the only process on its database (SQLite): claims found at start-up are a killed process's and are released at once */
  singleProcess?: boolean;
}): Mailer {
  const { repos, log } = opts;
  const host = opts.host ?? /@([^>\s]+)>?\s*$/.exec(opts.from)?.[1] ?? 'masthead.invalid';
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  /** A submission takes the state of its first message (its Mail); a Mail (2) does not change it. */
  async function settleSubmission(mailId: number, submissionId: number | null | undefined, status: 'mail_sent' | 'mail_failed') {
    if (!submissionId) return;
    if ((await repos.outbox.firstOfSubmission(submissionId).catch(() => mailId)) !== mailId) return;
    await repos.forms.setSubmissionStatus(submissionId, status).catch((err: unknown) => log.error({ err, submissionId }, 'could not record the submission status'));
  }

  async function deliver(m: QueuedMail): Promise<DeliveryResult> {
    if (!transport) return { id: m.id, delivered: null };
    try {
      await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        messageId: m.messageId,
        ...(m.html ? { html: m.html } : {}),
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
        ...(m.cc ? { cc: m.cc } : {}),
        ...(m.bcc ? { bcc: m.bcc } : {}),
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const delay = RETRY_DELAYS_SECONDS[m.attempts - 1];
      const recorded = await repos.outbox.markFailed(m.id, m.leaseToken, error, delay === undefined ? null : new Date(Date.now() + delay * 1000).toISOString());
      if (delay === undefined) {
        // Visible to the owner on the admin dashboard ("Mail failures") as well as here.
        log.error({ mailId: m.id, messageId: m.messageId, attempts: m.attempts, err: error }, 'mail failed for good');
        if (recorded) await settleSubmission(m.id, m.submissionId, 'mail_failed');
      } else log.warn({ mailId: m.id, attempts: m.attempts, err: error }, 'mail failed, will retry');
      return { id: m.id, delivered: false, error };
    }
    const recorded = await repos.outbox.markSent(m.id, m.leaseToken);
    if (!recorded) log.warn({ mailId: m.id, messageId: m.messageId }, 'mail sent after its claim ran out');
    log.info({ mailId: m.id, messageId: m.messageId }, 'mail sent');
    await settleSubmission(m.id, m.submissionId, 'mail_sent');
    return { id: m.id, delivered: true };
  }

  const keptNotice = (id: number, mail: OutgoingMail) =>
    // Never the body: it may carry a password-reset link.
    log.info({ mailId: id, subject: mail.subject }, 'mail kept in the outbox (SMTP_URL is not set)');

  const mailer: Mailer = {
    async enqueueIn(r, mail) {
      const messageId = newMessageId(host);
      if (!transport) {
        const id = await r.outbox.enqueue({ ...mail, messageId });
        return { id, claim: null };
      }
      const claim = await r.outbox.enqueueClaimed({ ...mail, messageId }, LEASE_MS);
      return { id: claim.id, claim };
    },
    async deliverPending(p) {
      if (!p.claim) {
        const row = await repos.outbox.byId(p.id);
        if (row) keptNotice(p.id, { to: row.to_address, subject: row.subject, text: '' });
        return { id: p.id, delivered: null };
      }
      return deliver(p.claim);
    },
    async send(mail) {
      return mailer.deliverPending(await mailer.enqueueIn(repos, mail));
    },
    async flush() {
      if (!transport || running) return running ?? undefined;
      running = (async () => {
        try {
          for (;;) {
            const batch = await repos.outbox.claim({ leaseMs: LEASE_MS, limit: 20 });
            for (const m of batch) await deliver(m);
            if (batch.length < 20) break;
          }
        } catch (err) {
          log.error({ err }, 'outbox flush failed');
        } finally {
          running = null;
        }
      })();
      return running;
    },
    async reconcile() {
      if (opts.singleProcess) {
        const released = await repos.outbox.releaseClaims();
        if (released) log.warn({ messages: released }, 'mail claimed by a stopped process goes back to the queue');
      }
      const ids = await repos.forms.unsettledSubmissions();
      if (!ids.length) return 0;
      const states = await repos.outbox.statesForSubmissions(ids);
      for (const id of ids) {
        const s = states.get(id);
        if (!s) log.error({ submissionId: id }, 'a stored submission has no mail in the outbox');
        // Until its mail is accepted a submission reads mail_failed (what its sender was told when
        // SMTP refused); without SMTP a kept message counts as sent, as in the live answer.
        const status = s?.state === 'sent' || (s && !transport && s.state !== 'failed') ? 'mail_sent' : 'mail_failed';
        await repos.forms.setSubmissionStatus(id, status);
      }
      log.warn({ submissions: ids.length }, 'reconciled submissions left unfinished by an earlier process');
      return ids.length;
    },
    start(intervalMs = 15_000) {
      if (!transport || timer) return;
      void mailer.flush();
      timer = setInterval(() => void mailer.flush(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      transport?.close();
    },
  };
  return mailer;
}
