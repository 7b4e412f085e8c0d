import { defineMigration } from './define.server.ts';

/**
 * A post's or page's password (WordPress's `post_password`): empty, or the password readers give
 * to see the body. Kept in plain text, as WordPress does, so that editors see and share it; readers'
 * cookies hold only a keyed hash of it (features/post/password.server.ts), so a new password locks
 * them out again.
 */
export default defineMigration('0860_post_password', async (db) => {
  await db.schema.alterTable('posts').addColumn('password', 'text', (c) => c.notNull().defaultTo('')).execute();
});
