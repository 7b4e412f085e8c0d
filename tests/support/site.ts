/**
 * The built site (`npm test` builds first; MASTHEAD_DIST points at another build), started in
 * this process on a fresh database with the demo content: a new DATA_DIR, and on the PostgreSQL
 * target a new database on TEST_DATABASE_URL's server (tests/support/db.ts).
 *
 *   for (const target of testDatabases()) describe(`… (${target.name})`, () => {
 *     let site: TestSite;
 *     beforeAll(async () => void (site = await startTestSite(target, { MASTHEAD_RATE_LIMIT: '20' })));
 *     afterAll(() => site?.close());   // stops the server, drops the database, removes DATA_DIR
 *   })
 *
 * A file that runs one site only starts it on SQLite (`startTestSite()`).
 * A server of its own process starts on `freshSiteData(target)`: its `env` names DATA_DIR and
 * the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.server.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { startServer, type StartedServer } from '../../src/server/http/main.server.ts';
import { freshPostgres, type TestTarget } from './db.ts';

/** Password of `admin` on a test site (the demo installer creates the account). */
export const TEST_SITE_ADMIN_PASSWORD = 'test-site-admin-pass';

/** Where the site keeps its data: a test target, or a PostgreSQL database of the caller's (left as it is). */
export type TestSiteDatabase = TestTarget | TestTarget['name'] | { databaseUrl: string };

export interface TestSite extends StartedServer {
  /** the site's DATA_DIR */
  dataDir: string;
  /** stops the server, then drops the fresh database and removes DATA_DIR */
  close(): Promise<void>;
}

export interface FreshSiteData {
  dataDir: string;
  /** the PostgreSQL database's address; none on SQLite (DATA_DIR holds it) */
  databaseUrl?: string;
  /** DATA_DIR, and DATABASE_URL on PostgreSQL: what a server started on them is given */
  env: Record<string, string>;
  /** drops the fresh database (a caller's own is left as it is) and removes DATA_DIR */
  remove(): Promise<void>;
}

/** A new DATA_DIR, and on the PostgreSQL target a new database on TEST_DATABASE_URL's server. */
export async function freshSiteData(database: TestSiteDatabase = 'sqlite'): Promise<FreshSiteData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-site-'));
  const name = typeof database === 'string' ? database : 'name' in database ? database.name : null;
  const fresh = name === 'postgres' ? await freshPostgres(process.env.TEST_DATABASE_URL!) : null;
  const databaseUrl = fresh?.url ?? (typeof database === 'object' && 'databaseUrl' in database ? database.databaseUrl : undefined);
  return {
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    async remove() {
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the site on fresh data of `database` (freshSiteData), with `env` over the test defaults. */
export async function startTestSite(database: TestSiteDatabase = 'sqlite', env: Record<string, string> = {}): Promise<TestSite> {
  const data = await freshSiteData(database);
  let server: StartedServer;
  try {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MASTHEAD_DEMO: '1',
      MASTHEAD_ADMIN_PASSWORD: TEST_SITE_ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      ...(process.env.MASTHEAD_DIST ? { MASTHEAD_DIST: process.env.MASTHEAD_DIST } : {}),
      ...data.env,
      ...env,
    });
    server = await startServer(config, createLogger('silent'));
  } catch (err) {
    await data.remove();
    throw err;
  }
  // links and Origin checks use PUBLIC_URL, which defaults to the configured port (0 here)
  server.runtime.config.publicUrl = server.url;
  return {
    ...server,
    dataDir: data.dataDir,
    async close() {
      await server.close();
      await data.remove();
    },
  };
}
