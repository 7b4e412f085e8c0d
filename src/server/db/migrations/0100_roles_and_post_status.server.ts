import { sql } from 'kysely';
import { defineMigration } from './define.server.ts';

/**
 * Editorial workflow. Posts (and pages) gain the statuses draft, pending, future, publish, private
 * and trash (the column existed; only its values widen), a revision number checked on every save
 * (two editors never overwrite each other), whether the date was chosen (`date_set`: a draft
 * without one publishes "now"), sticky, SEO title and description and a creation time. Portfolio
 * items get the same workflow plus an author. Roles stay text: `contributor` joins the known ones
 * (features/accounts/permissions.ts says what each may do).
 */
export default defineMigration('0100_roles_and_post_status', async (db) => {
  for (const table of ['posts', 'portfolio_items'] as const) {
    await db.schema.alterTable(table).addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable(table).addColumn('date_set', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable(table).addColumn('seo_title', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable(table).addColumn('seo_description', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable(table).addColumn('created_at', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.updateTable(table).set({ created_at: sql.ref('published_at') }).execute();
  }
  await db.schema.alterTable('posts').addColumn('sticky', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('portfolio_items').addColumn('status', 'text', (c) => c.notNull().defaultTo('publish')).execute();
  await db.schema.alterTable('portfolio_items').addColumn('author_id', 'integer').execute();
  // The scheduler looks for due `future` rows; the admin lists by status and author.
  await db.schema.createIndex('posts_status_date').on('posts').columns(['status', 'published_at']).execute();
  await db.schema.createIndex('posts_author').on('posts').columns(['author_id']).execute();
  await db.schema.createIndex('portfolio_status_date').on('portfolio_items').columns(['status', 'published_at']).execute();
  await db.schema.createIndex('users_role').on('users').columns(['role']).execute();
});
