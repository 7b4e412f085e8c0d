import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { now } from './util.server.ts';

export interface OutgoingMail {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  submissionId?: number | null;
}

export interface QueuedMail extends OutgoingMail {
  id: number;
  attempts: number;
}

/** Every mail is written here first; the mailer delivers and retries from this table. */
export function outboxRepository(db: Kysely<Database>) {
  return {
    async enqueue(m: OutgoingMail): Promise<number> {
      const ts = now();
      const r = await db
        .insertInto('mail_outbox')
        .values({
          to_address: m.to,
          reply_to: m.replyTo ?? null,
          subject: m.subject,
          text_body: m.text,
          html_body: m.html ?? null,
          status: 'pending',
          attempts: 0,
          next_attempt_at: ts,
          created_at: ts,
          submission_id: m.submissionId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async due(limit = 20): Promise<QueuedMail[]> {
      const rows = await db.selectFrom('mail_outbox').selectAll().where('status', '=', 'pending').where('next_attempt_at', '<=', now()).orderBy('id').limit(limit).execute();
      return rows.map((r) => ({ id: r.id, to: r.to_address, replyTo: r.reply_to, subject: r.subject, text: r.text_body, html: r.html_body, submissionId: r.submission_id, attempts: r.attempts }));
    },
    async markSent(id: number): Promise<void> {
      await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: now(), last_error: null }).where('id', '=', id).execute();
    },
    async markFailed(id: number, error: string, nextAttemptAt: string | null): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: error.slice(0, 500),
          status: nextAttemptAt ? 'pending' : 'failed',
          next_attempt_at: nextAttemptAt ?? now(),
        }))
        .where('id', '=', id)
        .execute();
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
