import { defineMigration } from './define.server.ts';

/**
 * Revisions: every save of a post, page or portfolio item keeps a snapshot of its editable fields
 * with who saved it and when, so any version can be compared and restored. `kind` is 'save',
 * 'autosave' (coalesced: one per author in a row), 'restore', or 'pending' (an autosave of a live
 * item that is not applied until its author saves: readers never see work in progress).
 */
export default defineMigration('0101_revisions', async (db, { id }) => {
  await id(db.schema.createTable('revisions'))
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    /** the item's revision number this snapshot produced (pending autosaves: the one they were based on) */
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer')
    /** JSON: the editable fields (features/content/fields.ts) */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revisions_object').on('revisions').columns(['object_type', 'object_id', 'id']).execute();
});
