import { defineMigration } from './define.server.ts';

/**
 * What a WordPress import brought in: one row per imported object (author, term, item,
 * attachment, form, menu) of one old site, naming the local object, a fingerprint of what the
 * export said and the local revision it left. A re-import compares both: an unchanged
 * fingerprint is skipped, a changed one updates the object unless it was edited here since.
 */
export default defineMigration('0400_wxr_import', async (db, { id }) => {
  await db.schema
    .createTable('import_map')
    .$call(id)
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('wp_id', 'text', (c) => c.notNull())
    .addColumn('local_id', 'integer', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_map_key').unique().on('import_map').columns(['site', 'kind', 'wp_id']).execute();
});
