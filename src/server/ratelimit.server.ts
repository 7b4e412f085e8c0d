import type { RateLimitsRepository } from './db/repositories/ratelimits.server.ts';

/**
 * Fixed-window rate limits. Keys are e.g. `theme:{ip}` or `login:acct:{name}`. A hit is counted
 * atomically and answered in the same step, so parallel requests cannot all slip under a limit.
 *   - in memory for one process (SQLite);
 *   - in the database (`rate_limits`, one atomic upsert per hit) when several processes share a
 *     PostgreSQL, so the budget is the same however many workers answer.
 */
export interface RateLimitAnswer {
  ok: boolean;
  /** hits counted in the current window, this one included */
  count: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit and says whether it is within `limit` per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitAnswer>;
  /** Gives one counted hit back (e.g. a sign-in that turned out to be right). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Drops windows older than `maxAgeMs` (housekeeping). */
  purge(maxAgeMs: number): Promise<void>;
}

const answer = (count: number, limit: number, start: number, windowMs: number, t: number): RateLimitAnswer => {
  const ok = count <= limit;
  return { ok, count, retryAfterSeconds: ok ? 0 : Math.max(1, Math.ceil((start + windowMs - t) / 1000)) };
};

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      if (t - lastSweep > 60_000) {
        for (const [k, w] of windows) if (t - w.start > 3600_000) windows.delete(k);
        lastSweep = t;
      }
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      return answer(w.count, limit, w.start, windowMs, t);
    },
    async refund(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async purge(maxAgeMs) {
      const t = now();
      for (const [k, w] of windows) if (t - w.start > maxAgeMs) windows.delete(k);
    },
  };
}

/** Rate limits shared by every process on one database (used on PostgreSQL). */
export function createDbRateLimiter(store: RateLimitsRepository, now: () => number = Date.now): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      const w = await store.hit(key, t, t - windowMs);
      return answer(w.count, limit, w.windowStart, windowMs, t);
    },
    refund: (key) => store.refund(key),
    reset: (key) => store.reset(key),
    purge: (maxAgeMs) => store.purgeBefore(now() - maxAgeMs),
  };
}
