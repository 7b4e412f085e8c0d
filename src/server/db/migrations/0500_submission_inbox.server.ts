import { defineMigration } from './define.server.ts';

/**
 * The submissions inbox: whether a site owner marked a submission as spam (1) or not (0), and
 * when it was first read (null: unread). Both are the inbox's own; the submission stays as sent.
 */
export default defineMigration('0500_submission_inbox', async (db) => {
  await db.schema.alterTable('submissions').addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('submissions').addColumn('read_at', 'text').execute();
  await db.schema.createIndex('submissions_form_idx').on('submissions').columns(['form_id', 'id']).execute();
});
