import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { now } from './util.server.ts';

export interface ImportRecord {
  localId: number;
  fingerprint: string;
  revision: number;
}

/** The import map (see migration 0400): which local object each WordPress object became. */
export function importMapRepository(db: Kysely<Database>) {
  return {
    async get(site: string, kind: string, wpId: string): Promise<ImportRecord | null> {
      const r = await db.selectFrom('import_map').select(['local_id', 'fingerprint', 'revision']).where('site', '=', site).where('kind', '=', kind).where('wp_id', '=', wpId).executeTakeFirst();
      return r ? { localId: r.local_id, fingerprint: r.fingerprint, revision: r.revision } : null;
    },
    /** Every record of a kind: WordPress id → local id. */
    async all(site: string, kind: string): Promise<Map<string, number>> {
      const rows = await db.selectFrom('import_map').select(['wp_id', 'local_id']).where('site', '=', site).where('kind', '=', kind).execute();
      return new Map(rows.map((r) => [r.wp_id, r.local_id]));
    },
    async put(site: string, kind: string, wpId: string, rec: ImportRecord): Promise<void> {
      const ts = now();
      await db
        .insertInto('import_map')
        .values({ site, kind, wp_id: wpId, local_id: rec.localId, fingerprint: rec.fingerprint, revision: rec.revision, updated_at: ts })
        .onConflict((oc) => oc.columns(['site', 'kind', 'wp_id']).doUpdateSet({ local_id: rec.localId, fingerprint: rec.fingerprint, revision: rec.revision, updated_at: ts }))
        .execute();
    },
    /** Replaces a contact form's definition (a re-import of a changed form). */
    async updateForm(id: number, title: string, locale: string, definition: unknown): Promise<void> {
      await db.updateTable('contact_forms').set({ title, locale, definition: JSON.stringify(definition), updated_at: now() }).where('id', '=', id).execute();
    },
  };
}
export type ImportMapRepository = ReturnType<typeof importMapRepository>;
