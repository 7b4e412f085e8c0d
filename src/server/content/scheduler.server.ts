import type { Logger } from '../log.server.ts';

/**
 * Publishes scheduled items at their time. Three things make sure none is missed:
 *   - at start it publishes everything already due (a restart or a stopped process catches up);
 *   - a timer is armed for the next due item (known from the database, re-read after every
 *     schedule change in this process and every `refreshMs` for other processes);
 *   - `tick()` runs on every page read: past the known due time it publishes before answering,
 *     so a reader never sees a page without a post whose time has come, even if a timer slipped.
 * Publishing is a conditional update (status still `future`, date passed), so several processes
 * may race for one item and exactly one wins; the winner bumps the content version.
 */
export interface SchedulerDeps {
  publishDue(): Promise<number>;
  nextScheduled(): Promise<string | null>;
  log: Logger;
  /** how often the next due time is re-read (other processes schedule too) */
  refreshMs?: number;
  now?: () => number;
}

export interface Scheduler {
  start(): Promise<void>;
  /** Cheap: compares the clock with the known next due time; publishes when it has passed. */
  tick(): Promise<void>;
  /** Something was scheduled, rescheduled or unscheduled here: re-read the next due time. */
  refresh(): Promise<void>;
  stop(): void;
  /** next due time (ms) as last read, or null */
  readonly nextDue: number | null;
}

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const refreshMs = deps.refreshMs ?? 15_000;
  const now = deps.now ?? Date.now;
  let nextDue: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const arm = () => {
    if (timer) clearTimeout(timer);
    if (stopped) return;
    const wait = nextDue === null ? refreshMs : Math.max(0, Math.min(nextDue - now(), refreshMs));
    timer = setTimeout(() => void (nextDue !== null && now() >= nextDue ? run() : refresh()), wait);
    timer.unref();
  };

  async function readNext() {
    const at = await deps.nextScheduled();
    nextDue = at ? Date.parse(at) : null;
  }

  async function refresh(): Promise<void> {
    try {
      await readNext();
    } catch (err) {
      deps.log.warn({ err }, 'scheduler: could not read the next scheduled item');
    }
    arm();
  }

  function run(): Promise<void> {
    running ??= (async () => {
      try {
        const n = await deps.publishDue();
        if (n) deps.log.info({ published: n }, 'scheduler: published scheduled items');
        await readNext();
      } catch (err) {
        deps.log.error({ err }, 'scheduler: publishing scheduled items failed');
      } finally {
        running = null;
        arm();
      }
    })();
    return running;
  }

  return {
    start: () => run(),
    async tick() {
      if (nextDue !== null && now() >= nextDue) await run();
    },
    refresh,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    get nextDue() {
      return nextDue;
    },
  };
}
