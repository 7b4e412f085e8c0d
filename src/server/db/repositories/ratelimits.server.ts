import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';

/** Rate-limit windows shared by every process on one database (src/server/ratelimit.server.ts). */
export function rateLimitsRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts one hit in `key`'s window in a single statement: inserts the window, counts into it,
     * or starts it again when it began at or before `expiredBefore`. Answers the count and start.
     */
    async hit(key: string, at: number, expiredBefore: number): Promise<{ count: number; windowStart: number }> {
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: at, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            count: eb.case().when('rate_limits.window_start', '<=', expiredBefore).then(1).else(eb('rate_limits.count', '+', 1)).end(),
            window_start: eb.case().when('rate_limits.window_start', '<=', expiredBefore).then(at).else(eb.ref('rate_limits.window_start')).end(),
          })),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), windowStart: Number(row.window_start) };
    },
    async refund(key: string): Promise<void> {
      await db.updateTable('rate_limits').set((eb) => ({ count: eb('count', '-', 1) })).where('key', '=', key).where('count', '>', 0).execute();
    },
    async reset(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    async purgeBefore(windowStart: number): Promise<void> {
      await db.deleteFrom('rate_limits').where('window_start', '<', windowStart).execute();
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
