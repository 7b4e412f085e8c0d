import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { now } from './util.server.ts';
import { isUniqueViolation } from '../../content/errors.ts';

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

export interface ImportJobRow {
  id: string;
  state: 'running' | 'done' | 'failed';
  fileName: string;
  dryRun: boolean;
  startedAt: string;
  finishedAt: string | null;
  progress: unknown;
  report: unknown;
  error: string | null;
  updatedAt: string;
}

/** The admin's import jobs (migration 0720), shared by every process on the database. */
export function importJobsRepository(db: Kysely<Database>) {
  return {
    /**
     * Records a new running job; false when another one runs (a unique index on running rows
     * decides, so two processes cannot both start one). A running job not heard of since
     * `lostBefore` went with its process: it is closed as failed with `lostError` first.
     */
    async create(job: Pick<ImportJobRow, 'id' | 'fileName' | 'dryRun' | 'startedAt'>, lostBefore: string, lostError: string): Promise<boolean> {
      await db.updateTable('import_jobs').set({ state: 'failed', error: lostError, finished_at: now() }).where('state', '=', 'running').where('updated_at', '<', lostBefore).execute();
      try {
        await db
          .insertInto('import_jobs')
          .values({ id: job.id, state: 'running', file_name: job.fileName, dry_run: job.dryRun ? 1 : 0, started_at: job.startedAt, updated_at: now() })
          .execute();
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
    async update(id: string, patch: Partial<Pick<ImportJobRow, 'state' | 'finishedAt' | 'progress' | 'report' | 'error'>>): Promise<void> {
      await db
        .updateTable('import_jobs')
        .set({
          updated_at: now(),
          ...(patch.state ? { state: patch.state } : {}),
          ...(patch.finishedAt !== undefined ? { finished_at: patch.finishedAt } : {}),
          ...(patch.progress !== undefined ? { progress: JSON.stringify(patch.progress) } : {}),
          ...(patch.report !== undefined ? { report: JSON.stringify(patch.report) } : {}),
          ...(patch.error !== undefined ? { error: patch.error } : {}),
        })
        .where('id', '=', id)
        .execute();
    },
    /** The newest job, or null. */
    async latest(): Promise<ImportJobRow | null> {
      const r = await db.selectFrom('import_jobs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (!r) return null;
      return {
        id: r.id,
        state: r.state as ImportJobRow['state'],
        fileName: r.file_name,
        dryRun: r.dry_run === 1,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        progress: r.progress ? JSON.parse(r.progress) : null,
        report: r.report ? JSON.parse(r.report) : null,
        error: r.error,
        updatedAt: r.updated_at,
      };
    },
  };
}
export type ImportJobsRepository = ReturnType<typeof importJobsRepository>;
