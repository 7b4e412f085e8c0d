import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, RedirectsTable } from '../schema.server.ts';
import { likePattern, now } from './util.server.ts';

export type RedirectSource = 'slug' | 'import' | 'manual';

export interface Redirect {
  id: number;
  from: string;
  to: string;
  status: 301 | 302;
  source: RedirectSource;
  hits: number;
  createdAt: string;
  updatedAt: string;
}

const toRedirect = (r: Selectable<RedirectsTable>): Redirect => ({
  id: r.id,
  from: r.from_path,
  to: r.to_path,
  status: r.status === 302 ? 302 : 301,
  source: r.source as RedirectSource,
  hits: r.hits,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * The redirect table. Callers pass canonical addresses (features/redirects/paths.ts). Saving keeps
 * the table free of chains and loops: redirects that pointed at the new one's old address now
 * point straight at its target, and a redirect back to where another one starts replaces it.
 */
export function redirectsRepository(db: Kysely<Database>) {
  return {
    async find(from: string): Promise<Redirect | null> {
      const r = await db.selectFrom('redirects').selectAll().where('from_path', '=', from).executeTakeFirst();
      return r ? toRedirect(r) : null;
    },

    async byId(id: number): Promise<Redirect | null> {
      const r = await db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toRedirect(r) : null;
    },

    async hit(id: number): Promise<void> {
      await db
        .updateTable('redirects')
        .set((eb) => ({ hits: eb('hits', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** Creates or replaces the redirect from `from`; returns its id. */
    async save(r: { from: string; to: string; status?: 301 | 302; source: RedirectSource }): Promise<number> {
      if (r.from === r.to) throw new Error('A redirect cannot point at itself.');
      const ts = now();
      // Anything that led to `from` now leads straight to `to`; one that led from `to` back to `from` goes.
      await db.updateTable('redirects').set({ to_path: r.to, updated_at: ts }).where('to_path', '=', r.from).where('from_path', '!=', r.to).execute();
      await db.deleteFrom('redirects').where('from_path', '=', r.to).execute();
      const row = await db
        .insertInto('redirects')
        .values({ from_path: r.from, to_path: r.to, status: r.status ?? 301, source: r.source, hits: 0, created_at: ts, updated_at: ts })
        .onConflict((oc) => oc.column('from_path').doUpdateSet({ to_path: r.to, status: r.status ?? 301, source: r.source, updated_at: ts }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Forgets the redirect that starts at `from` (a page now lives there). */
    async removeFrom(from: string): Promise<void> {
      await db.deleteFrom('redirects').where('from_path', '=', from).execute();
    },

    async remove(id: number): Promise<boolean> {
      const r = await db.deleteFrom('redirects').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async list(q: { source?: RedirectSource; search?: string; limit: number; offset?: number }): Promise<{ items: Redirect[]; total: number }> {
      let qb = db.selectFrom('redirects');
      if (q.source) qb = qb.where('source', '=', q.source);
      if (q.search?.trim()) {
        const p = likePattern(q.search.trim().toLowerCase());
        qb = qb.where((eb) => eb.or([sql<boolean>`lower(from_path) like ${p} escape '\\'`, sql<boolean>`lower(to_path) like ${p} escape '\\'`]));
      }
      const count = await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await qb.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset ?? 0).execute();
      return { items: rows.map(toRedirect), total: Number(count?.n ?? 0) };
    },
  };
}
export type RedirectsRepository = ReturnType<typeof redirectsRepository>;
