/**
 * How the server runs from the command line (`npm run serve`, `npm start`): one process, or with
 * `MASTHEAD_WORKERS=N` (PostgreSQL only) a primary and N worker processes sharing the port
 * through `node:cluster`.
 *
 *   - The primary never serves. Before forking it runs the once-only start-up work
 *     (prepareOnce: migrations, administrator, demo content, shared signing key, mail
 *     reconciliation), so no two workers race for it; each worker then finds it done.
 *   - A worker that dies is started again, after a delay that doubles with each quick death
 *     (1 s up to 30 s; back to 1 s once a worker has lived a minute). If every worker dies before
 *     one ever listened (a port in use, a broken build), the primary gives up with exit code 1.
 *   - SIGTERM/SIGINT to the primary is passed to every worker, which stops accepting, drains its
 *     in-flight requests (bounded, main.server.ts `close`) and closes its database pool; the
 *     primary exits 0 when all have gone (workers still running after 20 s are killed).
 *   - A worker whose primary has gone (killed) stops by itself.
 * With SQLite several processes are refused before anything starts: one file written by several
 * processes would fight over its lock, and their in-memory limits and caches would not agree.
 */
import cluster, { type Worker } from 'node:cluster';
import { loadConfig, ConfigError, type Config } from '../config.server.ts';
import { createLogger, type Logger } from '../log.server.ts';
import { prepareOnce, type RuntimeOptions } from '../runtime.server.ts';

interface Startable {
  close(): Promise<void>;
}
type Start = (config: Config, log: Logger, opts?: Pick<RuntimeOptions, 'reconcile'>) => Promise<Startable>;

const RESTART_MIN_MS = 1000;
const RESTART_MAX_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;
const WORKERS_STOP_MS = 20_000;

/** The refusal of several processes on SQLite, or null when the setting is fine. */
export function workersProblem(config: Pick<Config, 'workers' | 'databaseUrl'>): string | null {
  const n = config.workers ?? 1;
  if (n <= 1 || config.databaseUrl) return null;
  return `MASTHEAD_WORKERS=${n} needs PostgreSQL: several processes cannot share the embedded SQLite database. Set DATABASE_URL=postgres://… to run ${n} processes, or leave MASTHEAD_WORKERS at 1 (the default).`;
}

/** Reads the environment and runs the server: one process, a cluster primary, or one of its workers. */
export async function runFromCommandLine(start: Start): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  const problem = workersProblem(config);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  const workers = config.workers ?? 1;
  if (workers > 1 && cluster.isPrimary) return runPrimary(config, log, workers);
  return runOne(start, config, log, cluster.isWorker);
}

/** One serving process (alone, or a cluster worker): listens, and stops cleanly on signals. */
async function runOne(start: Start, config: Config, log: Logger, worker: boolean): Promise<void> {
  const started = await start(config, log, worker ? { reconcile: false } : {}).catch((err: unknown) => {
    log.fatal({ err }, 'Masthead could not start');
    process.exit(1);
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await started.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // The primary went away without telling us (killed): nobody would restart or stop us.
  if (worker) process.on('disconnect', () => void stop('primary gone'));
}

async function runPrimary(config: Config, log: Logger, count: number): Promise<void> {
  try {
    await prepareOnce(config, log, {
      installDemo: async (repos, adminId) => (await import('../db/seed.server.ts')).installDemo(repos, { adminId }),
    });
  } catch (err) {
    log.fatal({ err }, 'Masthead could not start');
    process.exit(1);
  }
  log.info({ workers: count, database: 'postgres' }, 'starting worker processes');
  let stopping = false;
  let everListened = false;
  let delay = RESTART_MIN_MS;
  const bornAt = new Map<Worker, number>();

  const fork = () => {
    const w = cluster.fork();
    bornAt.set(w, Date.now());
    w.once('listening', () => {
      everListened = true;
      log.info({ pid: w.process.pid }, 'worker process listening');
    });
  };

  cluster.on('exit', (w, code, signal) => {
    const lived = Date.now() - (bornAt.get(w) ?? Date.now());
    bornAt.delete(w);
    if (stopping) {
      if (bornAt.size === 0) {
        log.info('stopped');
        process.exit(0);
      }
      return;
    }
    if (!everListened && bornAt.size === 0) {
      log.fatal({ code, signal }, 'every worker process stopped before serving: Masthead could not start');
      process.exit(1);
    }
    if (lived >= HEALTHY_AFTER_MS) delay = RESTART_MIN_MS;
    log.error({ pid: w.process.pid, code, signal, restartInMs: delay }, 'a worker process stopped; starting another');
    setTimeout(() => !stopping && fork(), delay);
    delay = Math.min(delay * 2, RESTART_MAX_MS);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: bornAt.size }, 'shutting down');
    if (bornAt.size === 0) process.exit(0);
    for (const w of bornAt.keys()) w.process.kill('SIGTERM');
    setTimeout(() => {
      log.warn({ workers: bornAt.size }, 'worker processes still running; killing them');
      for (const w of bornAt.keys()) w.process.kill('SIGKILL');
      process.exit(0);
    }, WORKERS_STOP_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i++) fork();
}
