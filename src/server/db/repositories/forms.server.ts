import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { now, parseJson } from './util.server.ts';

export interface StoredForm<D = unknown> {
  id: number;
  title: string;
  locale: string;
  definition: D;
}

export interface NewSubmission {
  formId: number;
  containerPostId: number | null;
  unitTag: string;
  fields: Record<string, unknown>;
  files: unknown[];
  postedDataHash: string;
  status: string;
  remoteAddr: string;
  userAgent: string;
}

/** Contact-form definitions (validated by features/contact-form) and stored submissions. */
export function formsRepository(db: Kysely<Database>) {
  return {
    async byId<D>(id: number): Promise<StoredForm<D> | null> {
      const r = await db.selectFrom('contact_forms').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { id: r.id, title: r.title, locale: r.locale, definition: parseJson<D>(r.definition, {} as D) } : null;
    },
    async create(f: { id?: number; title: string; locale: string; definition: unknown }): Promise<number> {
      const ts = now();
      const r = await db
        .insertInto('contact_forms')
        .values({ ...(f.id ? { id: f.id } : {}), title: f.title, locale: f.locale, definition: JSON.stringify(f.definition), created_at: ts, updated_at: ts })
        .returning('id')
        .executeTakeFirstOrThrow();
      // An explicit id does not move PostgreSQL's sequence: move it past the highest id.
      if (f.id && db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select setval(pg_get_serial_sequence('contact_forms', 'id'), (select max(id) from contact_forms))`.execute(db);
      }
      return r.id;
    },
    async addSubmission(s: NewSubmission): Promise<number> {
      const r = await db
        .insertInto('submissions')
        .values({
          form_id: s.formId,
          container_post_id: s.containerPostId,
          unit_tag: s.unitTag,
          fields: JSON.stringify(s.fields),
          files: JSON.stringify(s.files),
          posted_data_hash: s.postedDataHash,
          status: s.status,
          remote_addr: s.remoteAddr,
          user_agent: s.userAgent.slice(0, 300),
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    /** Submissions stored but never given their mail state (`init`): the process stopped in between. */
    async unsettledSubmissions(): Promise<number[]> {
      const rows = await db.selectFrom('submissions').select('id').where('status', '=', 'init').orderBy('id').limit(10_000).execute();
      return rows.map((r) => r.id);
    },
    async setSubmissionStatus(id: number, status: string): Promise<void> {
      await db.updateTable('submissions').set({ status }).where('id', '=', id).execute();
    },
    async submissions(formId: number) {
      const rows = await db.selectFrom('submissions').selectAll().where('form_id', '=', formId).orderBy('id').execute();
      return rows.map((r) => ({ ...r, fields: parseJson<Record<string, unknown>>(r.fields, {}) }));
    },
  };
}
export type FormsRepository = ReturnType<typeof formsRepository>;
