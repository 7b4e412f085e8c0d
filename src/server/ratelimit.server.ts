/**
 * Fixed-window rate limiter kept in memory (one process). Keys are e.g. `theme:{ip}` or
 * `login:{account}`. Several processes behind a balancer each keep their own windows, which
 * multiplies the budget by the process count; docs/deployment.md says so.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): { ok: boolean; retryAfterSeconds: number };
  /** Like `hit` without counting: would one more hit still be within the limit? (for counting failures only) */
  peek(key: string, limit: number, windowMs: number): { ok: boolean; retryAfterSeconds: number };
  reset(key: string): void;
}

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    hit(key, limit, windowMs) {
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
      const ok = w.count <= limit;
      return { ok, retryAfterSeconds: ok ? 0 : Math.ceil((w.start + windowMs - t) / 1000) };
    },
    peek(key, limit, windowMs) {
      const t = now();
      const w = windows.get(key);
      if (!w || t - w.start >= windowMs || w.count < limit) return { ok: true, retryAfterSeconds: 0 };
      return { ok: false, retryAfterSeconds: Math.ceil((w.start + windowMs - t) / 1000) };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
