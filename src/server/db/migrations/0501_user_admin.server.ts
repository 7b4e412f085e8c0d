import { defineMigration } from './define.server.ts';

/**
 * The users screen: when each account last signed in, whether an administrator locked it (no
 * sign-in while set), and an e-mail address waiting for its owner's confirmation.
 */
export default defineMigration('0501_user_admin', async (db) => {
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('locked_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
});
