import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { likePattern, now, parseJson } from './util.server.ts';

/** One stored upload of a submission (features/contact-form/uploads.server.ts). */
export interface SubmissionFile {
  field: string;
  name: string;
  size: number;
  type: string;
  /** the media store key (`private/cf7/…`; older rows: `uploads/cf7/…` in DATA_DIR); never sent to the browser */
  file: string;
}

export interface InboxSubmission {
  id: number;
  formId: number;
  formTitle: string;
  containerPostId: number | null;
  fields: Record<string, unknown>;
  files: SubmissionFile[];
  status: string;
  spam: boolean;
  readAt: string | null;
  remoteAddr: string;
  userAgent: string;
  createdAt: string;
}

export interface InboxQuery {
  formId?: number;
  /** 'inbox': not spam; 'spam': marked spam */
  box: 'inbox' | 'spam';
  search?: string;
  limit: number;
  offset?: number;
}

type Row = {
  id: number;
  form_id: number;
  title: string | null;
  container_post_id: number | null;
  fields: string;
  files: string;
  status: string;
  spam: number;
  read_at: string | null;
  remote_addr: string;
  user_agent: string;
  created_at: string;
};

const toSubmission = (r: Row): InboxSubmission => ({
  id: r.id,
  formId: r.form_id,
  formTitle: r.title ?? '',
  containerPostId: r.container_post_id,
  fields: parseJson<Record<string, unknown>>(r.fields, {}),
  files: parseJson<SubmissionFile[]>(r.files, []),
  status: r.status,
  spam: Number(r.spam) === 1,
  readAt: r.read_at,
  remoteAddr: r.remote_addr,
  userAgent: r.user_agent,
  createdAt: r.created_at,
});

/**
 * The submissions inbox (issue 10): stored contact-form submissions across forms or of one form,
 * searched in their posted fields, marked read, spam or not spam, deleted. Sending is not here:
 * the mail of a submission lives in the outbox (outbox.server.ts).
 */
export function inboxRepository(db: Kysely<Database>) {
  const base = () =>
    db
      .selectFrom('submissions')
      .leftJoin('contact_forms', 'contact_forms.id', 'submissions.form_id')
      .select([
        'submissions.id',
        'submissions.form_id',
        'contact_forms.title',
        'submissions.container_post_id',
        'submissions.fields',
        'submissions.files',
        'submissions.status',
        'submissions.spam',
        'submissions.read_at',
        'submissions.remote_addr',
        'submissions.user_agent',
        'submissions.created_at',
      ]);
  return {
    async list(q: InboxQuery): Promise<{ items: InboxSubmission[]; total: number }> {
      let qb = db.selectFrom('submissions').where('submissions.spam', '=', q.box === 'spam' ? 1 : 0);
      if (q.formId) qb = qb.where('submissions.form_id', '=', q.formId);
      if (q.search?.trim()) qb = qb.where(sql<boolean>`lower(submissions.fields) like ${likePattern(q.search.trim().toLowerCase())} escape '\\'`);
      const count = await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const ids = await qb.select('submissions.id').orderBy('submissions.id', 'desc').limit(q.limit).offset(q.offset ?? 0).execute();
      const rows = ids.length ? await base().where('submissions.id', 'in', ids.map((r) => r.id)).orderBy('submissions.id', 'desc').execute() : [];
      return { items: rows.map((r) => toSubmission(r as Row)), total: Number(count?.n ?? 0) };
    },
    async byId(id: number): Promise<InboxSubmission | null> {
      const r = await base().where('submissions.id', '=', id).executeTakeFirst();
      return r ? toSubmission(r as Row) : null;
    },
    /** Every form with its number of submissions (not spam) and unread ones. */
    async forms(): Promise<{ id: number; title: string; total: number; unread: number }[]> {
      const forms = await db.selectFrom('contact_forms').select(['id', 'title']).orderBy('title').orderBy('id').execute();
      const counts = await db
        .selectFrom('submissions')
        .select((eb) => ['form_id', eb.fn.countAll<number>().as('total'), eb.fn.count<number>('read_at').as('read')])
        .where('spam', '=', 0)
        .groupBy('form_id')
        .execute();
      const by = new Map(counts.map((c) => [c.form_id, { total: Number(c.total), read: Number(c.read) }]));
      return forms.map((f) => {
        const c = by.get(f.id) ?? { total: 0, read: 0 };
        return { id: f.id, title: f.title, total: c.total, unread: c.total - c.read };
      });
    },
    async markRead(id: number): Promise<void> {
      await db.updateTable('submissions').set({ read_at: now() }).where('id', '=', id).where('read_at', 'is', null).execute();
    },
    async setSpam(id: number, spam: boolean): Promise<boolean> {
      const r = await db.updateTable('submissions').set({ spam: spam ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** Deletes the submission (its mail stays in the outbox, unlinked); answers its files to remove. */
    /** The stored file of every submission's attachments, for the orphan sweep. */
    async allFiles(): Promise<string[]> {
      const rows = await db.selectFrom('submissions').select('files').where('files', '!=', '[]').execute();
      return rows.flatMap((r) => parseJson<SubmissionFile[]>(r.files, []).map((f) => f.file));
    },
    async remove(id: number): Promise<SubmissionFile[] | null> {
      return db.transaction().execute(async (trx) => {
        const r = await trx.selectFrom('submissions').select('files').where('id', '=', id).executeTakeFirst();
        if (!r) return null;
        await trx.updateTable('mail_outbox').set({ submission_id: null }).where('submission_id', '=', id).execute();
        await trx.deleteFrom('submissions').where('id', '=', id).execute();
        return parseJson<SubmissionFile[]>(r.files, []);
      });
    },
  };
}
export type InboxRepository = ReturnType<typeof inboxRepository>;
