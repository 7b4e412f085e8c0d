import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../schema.server.ts';
import type { Role, User } from '../../../features/accounts/types.ts';
import { foldKey } from '../fold.ts';
import { now } from './util.server.ts';

const toUser = (r: Selectable<UsersTable>): User => ({
  id: r.id,
  login: r.login,
  slug: r.slug,
  email: r.email,
  displayName: r.display_name,
  role: r.role as Role,
});

export interface NewUser {
  login: string;
  slug?: string;
  email: string;
  displayName: string;
  firstName?: string;
  lastName?: string;
  role: Role;
  passwordHash: string;
  bio?: string;
  avatarMediaId?: number | null;
}

export function usersRepository(db: Kysely<Database>) {
  return {
    async byId(id: number): Promise<User | null> {
      const r = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toUser(r) : null;
    },
    /** Finds an account by login or e-mail (case-insensitive), with its password hash for verification. */
    async byLoginOrEmail(name: string): Promise<(User & { passwordHash: string }) | null> {
      const n = foldKey(name);
      if (!n) return null;
      const r = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('login_key', '=', n),
            eb('email_key', '=', n),
            // a row written without keys (not through create()) is still found, the old way
            eb.and([eb('login_key', 'is', null), eb.or([eb(eb.fn('lower', ['login']), '=', name.trim().toLowerCase()), eb(eb.fn('lower', ['email']), '=', name.trim().toLowerCase())])]),
          ]),
        )
        .orderBy('id')
        .executeTakeFirst();
      return r ? { ...toUser(r), passwordHash: r.password_hash } : null;
    },
    async bySlug(slug: string): Promise<(User & { bio: string; avatarMediaId: number | null }) | null> {
      const r = await db.selectFrom('users').selectAll().where('slug', '=', slug).executeTakeFirst();
      return r ? { ...toUser(r), bio: r.bio, avatarMediaId: r.avatar_media_id } : null;
    },
    async exists(login: string, email: string): Promise<{ login: boolean; email: boolean }> {
      const [l, e] = [foldKey(login), foldKey(email)];
      const rows = await db
        .selectFrom('users')
        .select(['login_key', 'email_key'])
        .where((eb) => eb.or([eb('login_key', '=', l), eb('email_key', '=', e)]))
        .execute();
      return { login: rows.some((r) => r.login_key === l), email: rows.some((r) => r.email_key === e) };
    },
    async create(u: NewUser): Promise<number> {
      const r = await db
        .insertInto('users')
        .values({
          login: u.login,
          login_key: foldKey(u.login),
          slug: u.slug ?? u.login.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          email: u.email,
          email_key: foldKey(u.email),
          display_name: u.displayName,
          first_name: u.firstName ?? '',
          last_name: u.lastName ?? '',
          role: u.role,
          password_hash: u.passwordHash,
          bio: u.bio ?? '',
          avatar_media_id: u.avatarMediaId ?? null,
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    /** Updates the public profile shown in author boxes; fields left out stay as they are. */
    async updateProfile(id: number, profile: { displayName?: string; bio?: string; avatarMediaId?: number | null }): Promise<void> {
      const set: Updateable<UsersTable> = {};
      if (profile.displayName !== undefined) set.display_name = profile.displayName;
      if (profile.bio !== undefined) set.bio = profile.bio;
      if (profile.avatarMediaId !== undefined) set.avatar_media_id = profile.avatarMediaId;
      if (Object.keys(set).length === 0) return;
      await db.updateTable('users').set(set).where('id', '=', id).execute();
    },
    async setPasswordHash(id: number, hash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
    },
    async count(): Promise<number> {
      const r = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;

export interface SessionRecord {
  id: string;
  userId: number;
  persistent: boolean;
  expiresAt: string;
}

/** Sessions are stored by the hash of their cookie token. */
export function sessionsRepository(db: Kysely<Database>) {
  return {
    async create(s: SessionRecord & { userAgent: string; ip: string }): Promise<void> {
      const ts = now();
      await db
        .insertInto('sessions')
        .values({ id: s.id, user_id: s.userId, persistent: s.persistent ? 1 : 0, created_at: ts, last_seen_at: ts, expires_at: s.expiresAt, user_agent: s.userAgent.slice(0, 300), ip: s.ip })
        .execute();
    },
    async find(id: string): Promise<SessionRecord | null> {
      const r = await db.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', now()).executeTakeFirst();
      return r ? { id: r.id, userId: r.user_id, persistent: r.persistent === 1, expiresAt: r.expires_at } : null;
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    /** Signs a user out everywhere, optionally keeping one session. */
    async deleteForUser(userId: number, exceptId?: string): Promise<void> {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptId) q = q.where('id', '!=', exceptId);
      await q.execute();
    },
    async purgeExpired(): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now()).execute();
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;

/** One-time tokens (password reset links), stored by hash, consumed once. */
export function tokensRepository(db: Kysely<Database>) {
  return {
    async create(t: { id: string; userId: number; purpose: string; expiresAt: string }): Promise<void> {
      await db.insertInto('one_time_tokens').values({ id: t.id, user_id: t.userId, purpose: t.purpose, created_at: now(), expires_at: t.expiresAt, used_at: null }).execute();
    },
    /** Marks a valid token used and answers its user id; null when unknown, used or expired. */
    async consume(id: string, purpose: string): Promise<number | null> {
      const ts = now();
      const r = await db
        .updateTable('one_time_tokens')
        .set({ used_at: ts })
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', ts)
        .returning('user_id')
        .executeTakeFirst();
      return r?.user_id ?? null;
    },
    /** Drops a user's outstanding tokens of one purpose (e.g. other reset links after a reset). */
    async deleteForUser(userId: number, purpose: string): Promise<void> {
      await db.deleteFrom('one_time_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    },
    /** Removes expired and used tokens (the housekeeping timer calls this). */
    async purgeExpired(): Promise<void> {
      await db.deleteFrom('one_time_tokens').where((eb) => eb.or([eb('expires_at', '<=', now()), eb('used_at', 'is not', null)])).execute();
    },
    async peek(id: string, purpose: string): Promise<number | null> {
      const r = await db
        .selectFrom('one_time_tokens')
        .select('user_id')
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return r?.user_id ?? null;
    },
  };
}
export type TokensRepository = ReturnType<typeof tokensRepository>;
