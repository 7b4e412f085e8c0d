import { defineMigration } from './define.server.ts';

/**
 * Redirects from old addresses (a changed slug, an imported WordPress link, one added by hand) to
 * their new ones. `from_path` is the canonical old address: a path, or `/?p=ID`-style for
 * WordPress's query links.
 */
export default defineMigration('0002_redirects', async (db, { id }) => {
  await id(db.schema.createTable('redirects'))
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('to_path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(301))
    /** 'slug' | 'import' | 'manual' */
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
});
