import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../schema.server.ts';
import type { Selectable } from 'kysely';
import { isPostgres, now } from './util.server.ts';

export interface OutgoingMail {
  to: string;
  replyTo?: string | null;
  /** comma-separated addresses */
  cc?: string | null;
  bcc?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  submissionId?: number | null;
}

export interface QueuedMail extends OutgoingMail {
  id: number;
  /** delivery attempts so far, this one included (counted when the row is claimed) */
  attempts: number;
  messageId: string;
  /** the claim's token: only its holder may record the outcome */
  leaseToken: string;
}

/**
 * A message's delivery state, as the admin shows it (issue 10's submissions inbox reads it with
 * `outbox.stateOf` / `outbox.statesForSubmissions`):
 *   - `queued`: waiting for its first attempt, or for a retry at `nextAttemptAt` after `lastError`
 *     (`attempts` > 0); also a message kept without SMTP_URL;
 *   - `sending`: claimed by a sender right now (its lease ends at `leaseUntil`; a killed sender's
 *     claim runs out and the message is retried);
 *   - `sent`: accepted by the SMTP server at `sentAt`;
 *   - `failed`: given up after the last retry; `lastError` says why. `requeue(id)` sends it again.
 */
export type MailState = 'queued' | 'sending' | 'sent' | 'failed';

export interface MailStatus {
  id: number;
  submissionId: number | null;
  state: MailState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  leaseUntil: string | null;
  sentAt: string | null;
  createdAt: string;
  messageId: string | null;
  to: string;
  subject: string;
}

type Row = Selectable<MailOutboxTable>;

const stateOfRow = (r: Row): MailState => (r.status === 'sent' ? 'sent' : r.status === 'failed' ? 'failed' : r.status === 'sending' ? 'sending' : 'queued');

const statusOf = (r: Row): MailStatus => ({
  id: r.id,
  submissionId: r.submission_id,
  state: stateOfRow(r),
  attempts: r.attempts,
  lastError: r.last_error,
  nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
  leaseUntil: r.status === 'sending' ? r.lease_until : null,
  sentAt: r.sent_at,
  createdAt: r.created_at,
  messageId: r.message_id,
  to: r.to_address,
  subject: r.subject,
});

/** A new, globally unique Message-ID for a message from `host`. */
export const newMessageId = (host: string) => `<${randomUUID()}@${host.replace(/[^\w.-]/g, '') || 'masthead.invalid'}>`;

/**
 * Every mail is written here first (in the same transaction as what it reports, e.g. a
 * submission); senders deliver from this table. Statuses: `pending` → (claim) `sending` →
 * `sent`, or back to `pending` with a later `next_attempt_at`, or `failed` after the last retry.
 * A claim is one atomic UPDATE (with `FOR UPDATE SKIP LOCKED` on PostgreSQL), so the inline send,
 * the retry worker and other processes never hold the same row at once.
 */
export function outboxRepository(db: Kysely<Database>) {
  const pg = isPostgres(db);

  return {
    async enqueue(m: OutgoingMail & { messageId?: string }): Promise<number> {
      const ts = now();
      const r = await db
        .insertInto('mail_outbox')
        .values({
          to_address: m.to,
          reply_to: m.replyTo ?? null,
          cc: m.cc || null,
          bcc: m.bcc || null,
          subject: m.subject,
          text_body: m.text,
          html_body: m.html ?? null,
          status: 'pending',
          attempts: 0,
          next_attempt_at: ts,
          created_at: ts,
          submission_id: m.submissionId ?? null,
          message_id: m.messageId ?? newMessageId('masthead.invalid'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /**
     * Writes a message already claimed by the caller (status `sending`, first attempt counted), so
     * that it can be delivered right after the surrounding transaction commits and no other sender
     * takes it meanwhile. If the caller dies, the claim runs out and the worker retries it.
     */
    async enqueueClaimed(m: OutgoingMail & { messageId: string }, leaseMs: number): Promise<QueuedMail> {
      const ts = now();
      const token = randomUUID();
      const r = await db
        .insertInto('mail_outbox')
        .values({
          to_address: m.to,
          reply_to: m.replyTo ?? null,
          cc: m.cc || null,
          bcc: m.bcc || null,
          subject: m.subject,
          text_body: m.text,
          html_body: m.html ?? null,
          status: 'sending',
          attempts: 1,
          next_attempt_at: ts,
          created_at: ts,
          submission_id: m.submissionId ?? null,
          message_id: m.messageId,
          lease_until: new Date(Date.now() + leaseMs).toISOString(),
          lease_token: token,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ...m, id: r.id, attempts: 1, leaseToken: token };
    },

    /**
     * Claims up to `limit` messages that are due (or one message by id), for `leaseMs`: each
     * becomes `sending` with a fresh token and one more attempt. A row already claimed by someone
     * whose lease has not ended is not returned.
     */
    async claim(opts: { leaseMs: number; limit?: number; id?: number }): Promise<QueuedMail[]> {
      const t = now();
      const token = randomUUID();
      const until = new Date(Date.now() + opts.leaseMs).toISOString();
      const claimable = sql<boolean>`((status = 'pending' and next_attempt_at <= ${t}) or (status = 'sending' and lease_until < ${t}))`;
      let pick = db.selectFrom('mail_outbox').select('id').where(claimable).orderBy('id').limit(opts.limit ?? 20);
      if (opts.id !== undefined) pick = pick.where('id', '=', opts.id);
      if (pg) pick = pick.forUpdate().skipLocked();
      const rows = await db
        .updateTable('mail_outbox')
        .set((eb) => ({ status: 'sending', lease_until: until, lease_token: token, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', pick)
        .where(claimable)
        .returningAll()
        .execute();
      return rows
        .sort((a, b) => a.id - b.id)
        .map((r) => ({
          id: r.id,
          to: r.to_address,
          replyTo: r.reply_to,
          cc: r.cc,
          bcc: r.bcc,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          submissionId: r.submission_id,
          attempts: r.attempts,
          messageId: r.message_id ?? `<outbox-${r.id}@masthead.invalid>`,
          leaseToken: token,
        }));
    },

    /**
     * Ends every claim at once: for a single process (SQLite) at start-up, when any row still
     * `sending` belongs to a process that was killed. Answers how many were released.
     */
    async releaseClaims(): Promise<number> {
      const r = await db.updateTable('mail_outbox').set({ status: 'pending', lease_until: null, lease_token: null }).where('status', '=', 'sending').executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Records a delivery, if the claim is still ours. */
    async markSent(id: number, leaseToken: string): Promise<boolean> {
      const r = await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: now(), last_error: null, lease_until: null, lease_token: null })
        .where('id', '=', id)
        .where('lease_token', '=', leaseToken)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Records a failed attempt: retry at `nextAttemptAt`, or give up (`failed`) when it is null. */
    async markFailed(id: number, leaseToken: string, error: string, nextAttemptAt: string | null): Promise<boolean> {
      const r = await db
        .updateTable('mail_outbox')
        .set({ last_error: error.slice(0, 500), status: nextAttemptAt ? 'pending' : 'failed', next_attempt_at: nextAttemptAt ?? now(), lease_until: null, lease_token: null })
        .where('id', '=', id)
        .where('lease_token', '=', leaseToken)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** A failed message goes back to the queue, due now (the admin's "resend"); keeps its Message-ID. */
    async requeue(id: number): Promise<boolean> {
      const r = await db
        .updateTable('mail_outbox')
        .set({ status: 'pending', next_attempt_at: now(), attempts: 0 })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The delivery state of one message, or null. */
    async stateOf(id: number): Promise<MailStatus | null> {
      const r = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? statusOf(r) : null;
    },

    /**
     * The delivery state of the mail of each of these submissions: its first message (the form's
     * Mail; a Mail (2) written after it does not decide the submission's state).
     */
    async statesForSubmissions(submissionIds: readonly number[]): Promise<Map<number, MailStatus>> {
      const out = new Map<number, MailStatus>();
      if (!submissionIds.length) return out;
      const rows = await db.selectFrom('mail_outbox').selectAll().where('submission_id', 'in', [...submissionIds]).orderBy('id').execute();
      for (const r of rows) if (!out.has(r.submission_id!)) out.set(r.submission_id!, statusOf(r));
      return out;
    },

    /** The id of a submission's first message (its Mail), or null. */
    async firstOfSubmission(submissionId: number): Promise<number | null> {
      const r = await db.selectFrom('mail_outbox').select('id').where('submission_id', '=', submissionId).orderBy('id').limit(1).executeTakeFirst();
      return r?.id ?? null;
    },

    async byId(id: number) {
      return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async list(limit = 50) {
      return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
    /** The mail of some submissions (the inbox shows each one's delivery), oldest first. */
    async bySubmissions(ids: readonly number[]) {
      if (!ids.length) return [];
      return db.selectFrom('mail_outbox').selectAll().where('submission_id', 'in', [...ids]).orderBy('id').execute();
    },
    /**
     * "Send again": a mail that is waiting for a retry or was given up is due now. Sent mail and
     * mail in any other state (one being sent right now) is left alone, so nothing goes twice.
     */
    async retryNow(id: number): Promise<boolean> {
      const r = await db.updateTable('mail_outbox').set({ status: 'pending', next_attempt_at: now() }).where('id', '=', id).where('status', 'in', ['pending', 'failed']).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
