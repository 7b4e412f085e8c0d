import { defineMigration } from './define.server.ts';
import { foldKey } from '../fold.ts';

/**
 * User names and e-mail addresses are unique whatever their case (Unicode case folding, see
 * ../fold.ts), by a database constraint rather than a check before the insert: `login_key` and
 * `email_key` hold the folded forms under unique indexes. Existing rows are backfilled; should
 * two old rows fold to the same key, the older keeps it and the newer gets a suffixed key (its
 * data is kept; it simply no longer blocks or matches the name).
 */
export default defineMigration('0301_user_name_keys', async (db) => {
  await db.schema.alterTable('users').addColumn('login_key', 'text').execute();
  await db.schema.alterTable('users').addColumn('email_key', 'text').execute();
  const rows = (await db.selectFrom('users').select(['id', 'login', 'email']).orderBy('id').execute()) as { id: number; login: string; email: string }[];
  const seen = { login: new Set<string>(), email: new Set<string>() };
  for (const r of rows) {
    let login = foldKey(r.login);
    let email = foldKey(r.email);
    if (seen.login.has(login)) login = `${login}\u0000${r.id}`;
    if (seen.email.has(email)) email = `${email}\u0000${r.id}`;
    seen.login.add(login);
    seen.email.add(email);
    await db.updateTable('users').set({ login_key: login, email_key: email }).where('id', '=', r.id).execute();
  }
  await db.schema.createIndex('users_login_folded').on('users').column('login_key').unique().execute();
  await db.schema.createIndex('users_email_folded').on('users').column('email_key').unique().execute();
});
