import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { now, parseJson } from './util.server.ts';
import { isContentStatus, type ContentKind, type ContentStatus } from '../../../features/content/status.ts';

export interface StoredForm<D = unknown> {
  id: number;
  title: string;
  locale: string;
  definition: D;
}

/** An item whose body shows a form (its contact-form block), whatever its status. */
export interface FormUser {
  kind: ContentKind;
  id: number;
  title: string;
  status: ContentStatus;
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
    /** Every form, by title, with when it last changed. */
    async list(): Promise<{ id: number; title: string; locale: string; updatedAt: string }[]> {
      const rows = await db.selectFrom('contact_forms').select(['id', 'title', 'locale', 'updated_at']).orderBy('title').orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, title: r.title, locale: r.locale, updatedAt: r.updated_at }));
    },
    async update(id: number, f: { title: string; locale: string; definition: unknown }): Promise<boolean> {
      const r = await db.updateTable('contact_forms').set({ title: f.title, locale: f.locale, definition: JSON.stringify(f.definition), updated_at: now() }).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('contact_forms').where('id', '=', id).execute();
    },
    /** Submissions per form (spam included: a form with any cannot be deleted). */
    async submissionCounts(): Promise<Map<number, number>> {
      const rows = await db.selectFrom('submissions').select((eb) => ['form_id', eb.fn.countAll<number>().as('n')]).groupBy('form_id').execute();
      return new Map(rows.map((r) => [r.form_id, Number(r.n)]));
    },
    /**
     * Posts, pages and portfolio items (not in the trash) whose body has a contact-form block, by
     * form id. The body is JSON text: a LIKE narrows the rows, the blocks themselves decide.
     */
    async usage(): Promise<Map<number, FormUser[]>> {
      const needle = '%"contact-form"%';
      const [posts, portfolio] = await Promise.all([
        db.selectFrom('posts').select(['id', 'type', 'title', 'status', 'body']).where('body', 'like', needle).where('status', '!=', 'trash').orderBy('title').execute(),
        db.selectFrom('portfolio_items').select(['id', 'title', 'status', 'body']).where('body', 'like', needle).where('status', '!=', 'trash').orderBy('title').execute(),
      ]);
      const out = new Map<number, FormUser[]>();
      const rows = [...posts.map((p) => ({ ...p, kind: (p.type === 'page' ? 'page' : 'post') as ContentKind })), ...portfolio.map((p) => ({ ...p, kind: 'portfolio' as ContentKind }))];
      for (const r of rows) {
        const blocks = parseJson<unknown>(r.body, []);
        if (!Array.isArray(blocks)) continue;
        const ids = new Set<number>();
        for (const b of blocks as { type?: unknown; formId?: unknown }[]) if (b?.type === 'contact-form' && typeof b.formId === 'number') ids.add(b.formId);
        for (const id of ids) {
          const list = out.get(id) ?? [];
          list.push({ kind: r.kind, id: r.id, title: r.title, status: isContentStatus(r.status) ? r.status : 'draft' });
          out.set(id, list);
        }
      }
      return out;
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
