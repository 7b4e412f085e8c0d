import { randomBytes } from 'node:crypto';
import type { Config } from './config.server.ts';
import type { Logger } from './log.server.ts';
import { openDatabase, type Db } from './db/connect.server.ts';
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
  /** Write services of posts, pages, portfolio, media and taxonomies (src/server/content). */
  content: ContentServices;
  /** Publishes scheduled items at their time; `tick()` on reads catches up if a timer slipped. */
  scheduler: Scheduler;
  close(): Promise<void>;
}

export const CONTENT_VERSION = 'content_version';

export async function createRuntime(config: Config, log: Logger, opts: { installDemo?: (repos: Repositories, adminId: number) => Promise<void> } = {}): Promise<Runtime> {
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  // The reads pages make report the surrogate keys of what they read (Surrogate-Key / Cache-Tag).
  const repos = trackReads(createRepositories(db.kysely));
  const adminId = await ensureAdmin(repos, config, log);
  if (config.demo && (await repos.posts.count()) === 0 && opts.installDemo) {
    log.info('installing demo content into the empty database');
    await opts.installDemo(repos, adminId);
    await repos.counters.increment(CONTENT_VERSION);
  }
  const cache = createPageCache({ version: await repos.counters.get(CONTENT_VERSION) });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: `Masthead <no-reply@${new URL(config.publicUrl).hostname}>`, repos, log, singleProcess: db.dialect === 'sqlite' });
  // Submissions an earlier process stored but never settled take the state of their mail, then
  // the worker delivers what is due (including messages whose sender was killed mid-send).
  await mailer.reconcile();
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
  // Other processes on the same database bump the version too: follow it.
  const poll = setInterval(async () => {
    try {
      cache.setVersion(await repos.counters.get(CONTENT_VERSION));
    } catch {
      /* database briefly unavailable: keep serving the current version */
    }
  }, 5000);
  poll.unref();
  const memo = createVersionMemo(() => cache.version);
  const purger = createPurger(config.cdn, log);
  const contentChanged = async (keys?: readonly string[]) => {
    cache.setVersion(await repos.counters.increment(CONTENT_VERSION));
    purger.purge(keys?.length ? keys : [ALL_KEY]);
  };
  const late: { scheduler?: Scheduler } = {};
  const content = createContentServices({ repos, dataDir: config.dataDir, contentChanged, scheduleChanged: () => void late.scheduler?.refresh() });
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
    scheduler,
    async close() {
      clearInterval(poll);
      clearInterval(housekeeping);
      scheduler.stop();
      // Purges of the last changes get the time of one request to go out; then the process ends anyway.
      await Promise.race([purger.idle(), new Promise((r) => setTimeout(r, config.cdn.purgeTimeoutMs).unref())]);
      purger.close();
      await mailer.stop();
      await db.close();
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
