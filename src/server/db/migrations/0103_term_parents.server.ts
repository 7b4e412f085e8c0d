import { defineMigration } from './define.server.ts';

/** Hierarchical categories (and portfolio categories): a term may have a parent of its taxonomy. */
export default defineMigration('0103_term_parents', async (db) => {
  await db.schema.alterTable('terms').addColumn('parent_id', 'integer').execute();
  await db.schema.createIndex('terms_parent').on('terms').columns(['parent_id']).execute();
});
