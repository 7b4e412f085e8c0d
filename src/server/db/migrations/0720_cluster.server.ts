import { sql } from 'kysely';
import { defineMigration } from './define.server.ts';

/**
 * Several processes on one database (issue 14, part 4):
 *   - `secrets`: values every process must agree on without configuration, today the key that
 *     signs nonces and form stamps when MASTHEAD_SECRET is not set (the first process stores its
 *     DATA_DIR secret; every later one, on any machine, reads that one). Never exported.
 *   - `import_jobs`: the admin's WordPress imports (state, progress, report), so that whichever
 *     process answers the Import screen's polling sees the job another process runs.
 *   - on PostgreSQL, a trigger that announces every change of a counter (the content version)
 *     with NOTIFY on the channel `masthead_counters` (payload `name:value`), delivered when the
 *     writing transaction commits, whoever writes it (a server process, `npm run import`, a test).
 */
export default defineMigration('0720_cluster', async (db, { dialect }) => {
  await db.schema
    .createTable('secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('progress', 'text')
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    // written while the job runs (a heartbeat): a running job not heard of for a while was lost with its process
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // at most one running import, whichever process starts it
  await db.schema.createIndex('import_jobs_one_running').unique().on('import_jobs').column('state').where(sql.ref('state'), '=', 'running').execute();
  if (dialect !== 'postgres') return;
  await sql`
    CREATE OR REPLACE FUNCTION masthead_counters_notify() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_notify('masthead_counters', NEW.name || ':' || NEW.value);
      RETURN NEW;
    END
    $$ LANGUAGE plpgsql`.execute(db);
  await sql`
    CREATE TRIGGER masthead_counters_notify AFTER INSERT OR UPDATE ON counters
    FOR EACH ROW EXECUTE FUNCTION masthead_counters_notify()`.execute(db);
});
