import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import type { Role } from '../../../features/accounts/types.ts';
import { now } from './util.server.ts';

export interface PersonRow {
  id: number;
  login: string;
  email: string;
  displayName: string;
  role: Role;
  bio: string;
  avatarMediaId: number | null;
  lastLoginAt: string | null;
  locked: boolean;
  pendingEmail: string | null;
  createdAt: string;
  posts: number;
}

/**
 * The users screen's side of accounts (issue 10): the list with role, last sign-in and lock, role
 * changes, locking, e-mail changes waiting for confirmation, and deleting an account with its
 * content handed to another one. Sign-in and sessions stay in accounts.server.ts.
 */
export function peopleRepository(db: Kysely<Database>) {
  const select = () =>
    db
      .selectFrom('users')
      .select((eb) => [
        'users.id',
        'users.login',
        'users.email',
        'users.display_name',
        'users.role',
        'users.bio',
        'users.avatar_media_id',
        'users.last_login_at',
        'users.locked_at',
        'users.pending_email',
        'users.created_at',
        eb.selectFrom('posts').whereRef('posts.author_id', '=', 'users.id').select((e) => e.fn.countAll<number>().as('n')).as('posts'),
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const toPerson = (r: Row): PersonRow => ({
    id: r.id,
    login: r.login,
    email: r.email,
    displayName: r.display_name,
    role: r.role as Role,
    bio: r.bio,
    avatarMediaId: r.avatar_media_id,
    lastLoginAt: r.last_login_at,
    locked: r.locked_at !== null,
    pendingEmail: r.pending_email,
    createdAt: r.created_at,
    posts: Number(r.posts ?? 0),
  });
  return {
    async list(): Promise<PersonRow[]> {
      return (await select().orderBy('users.display_name').orderBy('users.id').execute()).map(toPerson);
    },
    async byId(id: number): Promise<PersonRow | null> {
      const r = await select().where('users.id', '=', id).executeTakeFirst();
      return r ? toPerson(r) : null;
    },
    async countRole(role: Role): Promise<number> {
      const r = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', role).where('locked_at', 'is', null).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async touchLogin(id: number): Promise<void> {
      await db.updateTable('users').set({ last_login_at: now() }).where('id', '=', id).execute();
    },
    async isLocked(id: number): Promise<boolean> {
      const r = await db.selectFrom('users').select('locked_at').where('id', '=', id).executeTakeFirst();
      return !!r?.locked_at;
    },
    async setRole(id: number, role: Role): Promise<void> {
      await db.updateTable('users').set({ role }).where('id', '=', id).execute();
    },
    async setLocked(id: number, locked: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({ locked_at: locked ? now() : null })
        .where('id', '=', id)
        .execute();
    },
    async setPendingEmail(id: number, email: string | null): Promise<void> {
      await db.updateTable('users').set({ pending_email: email }).where('id', '=', id).execute();
    },
    /** Makes the waiting address the account's own; false when none waits (or it was taken meanwhile). */
    async confirmEmail(id: number): Promise<string | null> {
      const r = await db.selectFrom('users').select('pending_email').where('id', '=', id).executeTakeFirst();
      const email = r?.pending_email;
      if (!email) return null;
      await db.updateTable('users').set({ email, pending_email: null }).where('id', '=', id).execute();
      return email;
    },
    async setEmailAndName(id: number, p: { displayName: string; bio: string; avatarMediaId: number | null }): Promise<void> {
      await db.updateTable('users').set({ display_name: p.displayName, bio: p.bio, avatar_media_id: p.avatarMediaId }).where('id', '=', id).execute();
    },
    /** Deletes an account; its posts, portfolio items, uploads and revisions now belong to `heir`. */
    async removeTo(id: number, heir: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('posts').set({ author_id: heir }).where('author_id', '=', id).execute();
        await trx.updateTable('portfolio_items').set({ author_id: heir }).where('author_id', '=', id).execute();
        await trx.updateTable('media').set({ uploaded_by: heir }).where('uploaded_by', '=', id).execute();
        await trx.updateTable('revisions').set({ author_id: heir }).where('author_id', '=', id).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
        await trx.deleteFrom('one_time_tokens').where('user_id', '=', id).execute();
        await trx.deleteFrom('users').where('id', '=', id).execute();
      });
    },
  };
}
export type PeopleRepository = ReturnType<typeof peopleRepository>;
