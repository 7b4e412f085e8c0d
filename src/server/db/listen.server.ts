import pg from 'pg';
import type { Logger } from '../log.server.ts';

/** The channel migration 0720's trigger announces every counter change on (payload `name:value`). */
export const COUNTERS_CHANNEL = 'masthead_counters';

export interface CounterListener {
  /** true while the LISTEN connection is up */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * Follows counter changes made by any process on one PostgreSQL through LISTEN/NOTIFY, on a
 * dedicated connection (a pooled one would be handed to other queries). A lost connection
 * (database restarted, network cut) is reopened with a growing delay (up to `maxRetryMs`); each
 * time the connection is (re)established `onListening` runs, so the caller can re-read what it
 * may have missed while it was away.
 */
export function listenCounters(opts: {
  url: string;
  log: Pick<Logger, 'info' | 'warn'>;
  onChange(name: string, value: number): void;
  onListening?(): void;
  maxRetryMs?: number;
}): CounterListener {
  const maxRetry = opts.maxRetryMs ?? 5000;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = 200;
  let warned = false;

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, maxRetry);
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    if (!closed) opts.log.warn({ err: err?.message }, 'content-version listener lost its PostgreSQL connection; reconnecting (polling covers the gap)');
    c.end().catch(() => {});
    schedule();
  };

  async function connect() {
    if (closed) return;
    const c = new pg.Client({ connectionString: opts.url, keepAlive: true });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel !== COUNTERS_CHANNEL || !msg.payload) return;
      const at = msg.payload.lastIndexOf(':');
      const value = Number(msg.payload.slice(at + 1));
      if (at > 0 && Number.isSafeInteger(value)) opts.onChange(msg.payload.slice(0, at), value);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${COUNTERS_CHANNEL}`);
    } catch (err) {
      if (!warned) opts.log.warn({ err: (err as Error).message }, 'content-version listener could not connect; retrying');
      warned = true;
      c.removeAllListeners('end');
      c.on('error', () => {});
      c.end().catch(() => {});
      schedule();
      return;
    }
    if (closed) return void c.end().catch(() => {});
    client = c;
    delay = 200;
    warned = false;
    opts.onListening?.();
  }

  void connect();
  return {
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
