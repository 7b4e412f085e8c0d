import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../log.server.ts';
import type { Repositories } from '../db/repositories/index.server.ts';
import type { OutgoingMail } from '../db/repositories/outbox.server.ts';

/** Retry delays after the 1st, 2nd, … failure; after the last one the message is marked failed. */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600];

export interface Mailer {
  /**
   * Stores the message in the outbox, then tries to deliver it at once when SMTP is configured.
   * `delivered` is false when SMTP is down or refused; the worker retries later. Without SMTP the
   * message stays in the outbox (and is logged) and `delivered` is null.
   */
  send(mail: OutgoingMail): Promise<{ id: number; delivered: boolean | null; error?: string }>;
  /** Delivers what is due; the worker calls this periodically. */
  flush(): Promise<void>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createMailer(opts: { smtpUrl: string | undefined; from: string; repos: Repositories; log: Logger }): Mailer {
  const { repos, log } = opts;
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  async function deliver(id: number, mail: OutgoingMail, attempts: number): Promise<{ ok: boolean; error?: string }> {
    if (!transport) return { ok: false, error: 'no SMTP server configured' };
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
      await repos.outbox.markSent(id);
      log.info({ mailId: id, to: mail.to }, 'mail sent');
      return { ok: true };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const delay = RETRY_DELAYS_SECONDS[attempts];
      await repos.outbox.markFailed(id, error, delay === undefined ? null : new Date(Date.now() + delay * 1000).toISOString());
      log.warn({ mailId: id, attempts: attempts + 1, err: error }, delay === undefined ? 'mail failed for good' : 'mail failed, will retry');
      return { ok: false, error };
    }
  }

  return {
    async send(mail) {
      const id = await repos.outbox.enqueue(mail);
      if (!transport) {
        log.info({ mailId: id, to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox (SMTP_URL is not set)');
        return { id, delivered: null };
      }
      const r = await deliver(id, mail, 0);
      return { id, delivered: r.ok, ...(r.error ? { error: r.error } : {}) };
    },
    async flush() {
      if (!transport || running) return running ?? undefined;
      running = (async () => {
        try {
          for (const m of await repos.outbox.due()) await deliver(m.id, m, m.attempts);
        } catch (err) {
          log.error({ err }, 'outbox flush failed');
        } finally {
          running = null;
        }
      })();
      return running;
    },
    start(intervalMs = 15_000) {
      if (!transport || timer) return;
      timer = setInterval(() => void this.flush(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      transport?.close();
    },
  };
}
