import type { CdnConfig } from './config.server.ts';
import type { Logger } from './log.server.ts';

/**
 * Tells a CDN which cached pages a change made stale: a POST of the affected surrogate keys
 * (surrogate.server.ts) to CDN_PURGE_URL, in the body the CDN's API expects:
 *   json        {"keys": [...]}            Authorization: Bearer <token>   (your own endpoint)
 *   fastly      {"surrogate_keys": [...]}  Fastly-Key: <token>             (POST /service/<id>/purge, ≤ 256 keys)
 *   cloudflare  {"tags": [...]}            Authorization: Bearer <token>   (POST /zones/<id>/purge_cache, ≤ 100 tags)
 *
 * It runs in the background: `purge()` returns at once, so the owner's save never waits for the
 * CDN nor fails with it. Each request has a timeout; a network error, a timeout, a 429 or a 5xx is
 * retried with a doubling pause, a bounded number of times; what still fails is logged (the pages
 * then live until their s-maxage ends).
 *
 * With several processes (PostgreSQL), another process may still serve the old version for a
 * moment after the purge (it follows the content version by polling), and the CDN would store
 * that old page again: the same keys are purged a second time `purgeRepeatMs` later, once every
 * process has followed.
 */
export interface Purger {
  /** Starts purging these keys; never throws, never waits. */
  purge(keys: Iterable<string>): void;
  /** Resolves when every purge started so far has ended (tests, shutdown); repeats still waiting are not counted. */
  idle(): Promise<void>;
  /** Drops the repeats still waiting. */
  close(): void;
}

const BATCH: Record<CdnConfig['purgeFormat'], number> = { json: 100, fastly: 256, cloudflare: 100 };

export function createPurger(cdn: CdnConfig, log: Logger, opts: { retryBaseMs?: number } = {}): Purger {
  const running = new Set<Promise<void>>();
  const url = cdn.purgeUrl;
  const retryBaseMs = opts.retryBaseMs ?? 200;
  const waiting = new Set<NodeJS.Timeout>();
  if (!url) return { purge: () => undefined, idle: async () => undefined, close: () => undefined };

  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (cdn.purgeToken) {
    if (cdn.purgeFormat === 'fastly') headers['fastly-key'] = cdn.purgeToken;
    else headers.authorization = `Bearer ${cdn.purgeToken}`;
  }
  const body = (keys: string[]) =>
    JSON.stringify(cdn.purgeFormat === 'fastly' ? { surrogate_keys: keys } : cdn.purgeFormat === 'cloudflare' ? { tags: keys } : { keys });

  async function send(keys: string[]): Promise<void> {
    let last = '';
    for (let attempt = 0; attempt <= cdn.purgeRetries; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, retryBaseMs * 2 ** (attempt - 1)));
      try {
        const res = await fetch(url!, { method: 'POST', headers, body: body(keys), signal: AbortSignal.timeout(cdn.purgeTimeoutMs) });
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) {
          log.debug({ keys, attempt }, 'CDN purge sent');
          return;
        }
        last = `HTTP ${res.status}`;
        // A refusal (bad token, bad request) does not get better by asking again.
        if (res.status < 500 && res.status !== 429 && res.status !== 408) break;
      } catch (err) {
        last = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      }
    }
    log.error({ keys, attempts: cdn.purgeRetries + 1, error: last }, 'CDN purge failed: these pages stay cached until their s-maxage ends');
  }

  const start = (list: string[]) => {
    for (let i = 0; i < list.length; i += BATCH[cdn.purgeFormat]) {
      const p = send(list.slice(i, i + BATCH[cdn.purgeFormat])).catch((err: unknown) => log.error({ err }, 'CDN purge failed'));
      running.add(p);
      void p.finally(() => running.delete(p));
    }
  };

  return {
    purge(keys) {
      const list = [...new Set(keys)];
      start(list);
      if (cdn.purgeRepeatMs > 0) {
        const t = setTimeout(() => {
          waiting.delete(t);
          start(list);
        }, cdn.purgeRepeatMs);
        t.unref();
        waiting.add(t);
      }
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
    close() {
      for (const t of waiting) clearTimeout(t);
      waiting.clear();
    },
  };
}
