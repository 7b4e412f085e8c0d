import { randomBytes } from 'node:crypto';
import type { Config } from './config.server.ts';
import type { Logger } from './log.server.ts';
import { migrationsDone, openDatabase, startupLock, type Db } from './db/connect.server.ts';
import { listenCounters } from './db/listen.server.ts';
import { createRepositories, type Repositories } from './db/repositories/index.server.ts';
import { createMailer, type Mailer } from './mail/mailer.server.ts';
import { createDbRateLimiter, createRateLimiter, type RateLimiter } from './ratelimit.server.ts';
import { createPageCache, type PageCache } from './http/cache.server.ts';
import { hashPassword } from './passwords.server.ts';
import { settingsKeys, type Settings, type SettingsKey } from '../features/site/settings.ts';
import { createContentServices, type ContentServices } from './content/index.server.ts';
import { createScheduler, type Scheduler } from './content/scheduler.server.ts';
import { createVersionMemo } from './memo.server.ts';
import { ALL_KEY, trackReads } from './surrogate.server.ts';
import { createPurger, type Purger } from './purge.server.ts';
import { createMediaStore, publicMediaUrl, type MediaStore } from '../features/media/storage.server.ts';

/**
 * Everything a request needs, created once per process and handed to Astro routes as
 * `Astro.locals.runtime` (no module-level singletons).
 */
export interface Runtime {
  config: Config;
  log: Logger;
  db: Db;
  repos: Repositories;
  mailer: Mailer;
  limiter: RateLimiter;
  cache: PageCache;
  /**
   * Call after any change of published content: bumps the content version that keys the page
   * cache, and asks the CDN (if configured) to purge the pages showing `keys` (surrogate.server.ts;
   * none given: every page). The purge runs in the background.
   */
  contentChanged(keys?: readonly string[]): Promise<void>;
  /** The CDN purge webhook (purge.server.ts); a no-op when CDN_PURGE_URL is not set. */
  purger: Purger;
  /** Every site setting, read once per content version. */
  settings(): Promise<Settings>;
  /** Computes a value once per content version (menus, settings, widgets, published page data); bounded (memo.server.ts). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Where uploads and their renditions live: DATA_DIR, or an S3-compatible bucket
   * (MEDIA_STORAGE; features/media/storage.server.ts). Every write, read, listing and delete of a
   * media file goes through it.
   */
  mediaStore: MediaStore;
  /** Write services of posts, pages, portfolio, media and taxonomies (src/server/content). */
  content: ContentServices;
  /** Publishes scheduled items at their time; `tick()` on reads catches up if a timer slipped. */
  scheduler: Scheduler;
  /** Ready for traffic (/readyz): the database answers and has every migration this code knows. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export const CONTENT_VERSION = 'content_version';

export interface RuntimeOptions {
  installDemo?: (repos: Repositories, adminId: number) => Promise<void>;
  /**
   * Settle what an earlier process left unfinished (mail, submissions) at start. Workers of a
   * cluster leave it to their primary, which did it once before forking (cluster.server.ts).
   */
  reconcile?: boolean;
}

/**
 * The steps that must run once before a site serves, never raced by several processes: open and
 * migrate the database, create the administrator, install the demo into an empty database, and
 * agree on the signing key. `createRuntime` runs them; a cluster's primary runs them before it
 * forks its workers (whose own run then finds nothing to do). On PostgreSQL they run under an
 * advisory lock, so separate processes started together (several machines) take turns too.
 *
 * The signing key (nonces, form stamps): MASTHEAD_SECRET when set; otherwise, on PostgreSQL, the
 * key stored in the database by the first process that started on it (its DATA_DIR key), so that
 * every process on every machine verifies what any other signed; on SQLite the DATA_DIR key.
 */
export async function prepareDatabase(config: Config, log: Logger, opts: RuntimeOptions = {}): Promise<{ db: Db; repos: Repositories; config: Config }> {
  // Processes started together (on any machine) take turns: one installs the demo, the others find it.
  const unlock = config.databaseUrl ? await startupLock(config.databaseUrl) : async () => {};
  let db: Db;
  try {
    db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (err) {
    await unlock();
    throw err;
  }
  try {
    // The reads pages make report the surrogate keys of what they read (Surrogate-Key / Cache-Tag).
    const repos = trackReads(createRepositories(db.kysely, { mediaUrl: publicMediaUrl(config.media?.publicUrl), warn: (err, message) => log.warn({ err }, message) }));
    const secret = db.dialect === 'postgres' && !config.secretFromEnv ? await repos.secrets.getOrCreate('signing', config.secret) : config.secret;
    const adminId = await ensureAdmin(repos, config, log);
    if (config.demo && (await repos.posts.count()) === 0 && opts.installDemo) {
      log.info('installing demo content into the empty database');
      await opts.installDemo(repos, adminId);
      await repos.counters.increment(CONTENT_VERSION);
    }
    return { db, repos, config: secret === config.secret ? config : { ...config, secret } };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  } finally {
    await unlock();
  }
}

/** The mailer of a runtime (not started). */
const mailerFor = (config: Config, repos: Repositories, log: Logger, dialect: Db['dialect']) =>
  createMailer({ smtpUrl: config.smtpUrl, from: `Masthead <no-reply@${new URL(config.publicUrl).hostname}>`, repos, log, singleProcess: dialect === 'sqlite' });

/** A cluster primary's one-time start-up work (see prepareDatabase), then it lets go of the database. */
export async function prepareOnce(config: Config, log: Logger, opts: RuntimeOptions = {}): Promise<void> {
  // A bad media store stops the start here, before any worker is forked.
  (await openMediaStore(config)).close();
  const { db, repos, config: cfg } = await prepareDatabase(config, log, opts);
  try {
    await mailerFor(cfg, repos, log, db.dialect).reconcile();
  } finally {
    await db.close();
  }
}

/** The configured media store, checked: a missing bucket or refused credentials stop the start with what to fix. */
export async function openMediaStore(config: Config): Promise<MediaStore> {
  const store = createMediaStore({ dataDir: config.dataDir, media: config.media ?? { storage: 'local', publicUrl: undefined } });
  try {
    await store.check();
  } catch (err) {
    store.close();
    const detail = err instanceof Error ? err.message : String(err);
    throw new Error(`Media storage (MEDIA_STORAGE=${store.kind}) is not usable: ${detail}. Check the MEDIA_STORAGE and S3_* settings (README, docs/deployment.md).`, { cause: err });
  }
  return store;
}

export async function createRuntime(initialConfig: Config, log: Logger, opts: RuntimeOptions = {}): Promise<Runtime> {
  const mediaStore = await openMediaStore(initialConfig);
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    prepared = await prepareDatabase(initialConfig, log, opts);
  } catch (err) {
    mediaStore.close();
    throw err;
  }
  const { db, repos, config } = prepared;
  const cache = createPageCache({ version: await repos.counters.get(CONTENT_VERSION) });
  const mailer = mailerFor(config, repos, log, db.dialect);
  // Submissions an earlier process stored but never settled take the state of their mail, then
  // the worker delivers what is due (including messages whose sender was killed mid-send).
  if (opts.reconcile !== false) await mailer.reconcile();
  mailer.start();
  // Several processes share one PostgreSQL: their limits live there. One process: in memory.
  const limiter = db.dialect === 'postgres' ? createDbRateLimiter(repos.rateLimits) : createRateLimiter();
  // Housekeeping: expired sessions, expired or used one-time tokens, old rate-limit windows.
  const purge = async () => {
    try {
      await repos.sessions.purgeExpired();
      await repos.tokens.purgeExpired();
      await limiter.purge(24 * 3600_000);
    } catch (err) {
      log.warn({ err }, 'housekeeping failed; it runs again in an hour');
    }
  };
  await purge();
  const housekeeping = setInterval(() => void purge(), 3600_000);
  housekeeping.unref();
  // Other processes on the same database bump the version too: follow it. On PostgreSQL every
  // bump is announced (NOTIFY from migration 0720's trigger, at commit) and heard here at once;
  // reading the counter every 5 s stays as the fallback (and covers a listener reconnecting).
  const follow = async () => {
    try {
      cache.setVersion(await repos.counters.get(CONTENT_VERSION));
    } catch {
      /* database briefly unavailable: keep serving the current version */
    }
  };
  const poll = setInterval(() => void follow(), 5000);
  poll.unref();
  const listener =
    db.dialect === 'postgres' && config.databaseUrl
      ? listenCounters({
          url: config.databaseUrl,
          log,
          // only forward: a late announcement of an older bump must not take the version back
          onChange: (name, value) => name === CONTENT_VERSION && value > cache.version && cache.setVersion(value),
          onListening: () => void follow(),
        })
      : null;
  const memo = createVersionMemo(() => cache.version);
  const purger = createPurger(config.cdn, log);
  const contentChanged = async (keys?: readonly string[]) => {
    cache.setVersion(await repos.counters.increment(CONTENT_VERSION));
    purger.purge(keys?.length ? keys : [ALL_KEY]);
  };
  const late: { scheduler?: Scheduler } = {};
  const content = createContentServices({ repos, dataDir: config.dataDir, mediaStore, mediaPublicUrl: config.media?.publicUrl, contentChanged, scheduleChanged: () => void late.scheduler?.refresh() });
  const scheduler = createScheduler({ publishDue: () => content.items.publishDue(), nextScheduled: () => content.items.nextScheduled(), log });
  late.scheduler = scheduler;
  await scheduler.start();
  const loadSettings = async (): Promise<Settings> => {
    const keys = Object.keys(settingsKeys) as SettingsKey[];
    const values = await Promise.all(keys.map((k) => repos.settings.get(k, settingsKeys[k])));
    return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as Settings;
  };
  return {
    config,
    log,
    db,
    memo,
    settings: () => memo('settings', loadSettings),
    repos,
    mailer,
    limiter,
    cache,
    contentChanged,
    purger,
    content,
    mediaStore,
    scheduler,
    async ready() {
      try {
        await repos.ping();
        return await migrationsDone(db);
      } catch {
        return false;
      }
    },
    async close() {
      clearInterval(poll);
      await listener?.close();
      clearInterval(housekeeping);
      scheduler.stop();
      // Purges of the last changes get the time of one request to go out; then the process ends anyway.
      await Promise.race([purger.idle(), new Promise((r) => setTimeout(r, config.cdn.purgeTimeoutMs).unref())]);
      purger.close();
      await mailer.stop();
      await db.close();
      mediaStore.close();
    },
  };
}

/** Creates the `admin` account on first start; a generated password is printed once. */
async function ensureAdmin(repos: Repositories, config: Config, log: Logger): Promise<number> {
  const existing = await repos.users.byLoginOrEmail('admin');
  if (existing) return existing.id;
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const id = await repos.users.create({
    login: 'admin',
    slug: 'admin',
    email: config.adminEmail,
    displayName: 'Editorial Team',
    role: 'administrator',
    passwordHash: await hashPassword(password),
  });
  if (generated) {
    // Printed once, on stderr rather than in the JSON log on stdout, so it is easy to read and not shipped to log storage.
    console.error(`\n  Masthead administrator account created.\n  user: admin\n  password: ${password}\n  (shown only this once; set MASTHEAD_ADMIN_PASSWORD to choose it)\n`);
  } else {
    log.info('administrator account created from MASTHEAD_ADMIN_PASSWORD');
  }
  return id;
}
