import path from 'node:path';
import { Kysely, Migrator, sql, SqliteDialect, PostgresDialect, type MigrationProvider, type SqliteDatabase, type SqliteStatement } from 'kysely';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.server.ts';
import { migrations, type Dialect } from './migrations.server.ts';
import { searchableText } from '../../features/search/query.ts';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens SQLite in DATA_DIR (WAL) or PostgreSQL when a URL is given, and migrates to the latest schema. */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string | undefined }): Promise<Db> {
  let kysely: Kysely<Database>;
  let dialect: Dialect;
  if (opts.databaseUrl) {
    dialect = 'postgres';
    // int8 (count(*)) and numeric (avg) come back as strings by default; our counts fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle pooled connection closed by the server (restart, failover, admin shutdown) emits
    // 'error' on the pool; without a listener that would crash the process. The pool replaces it.
    const lost = (err: Error) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`);
    pool.on('error', lost);
    // A connection checked out by a query has no pool listener: when the server cuts it mid-use
    // the query fails (and is answered as an error), and the client's own 'error' must be heard
    // here too, or it would crash the process. The pool drops the dead client on release.
    pool.on('connect', (client) => client.on('error', lost));
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    const file = path.join(opts.dataDir, 'masthead.db');
    const sqlite = new Sqlite(file);
    sqlite.pragma('journal_mode = WAL');
    // FULL: a write is on disk before the visitor is told it succeeded, even if the machine loses
    // power (NORMAL in WAL mode may lose the last commits then). Costs an fsync per commit.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    registerSqlFunctions(sqlite);
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  await migrate(kysely, dialect);
  return { kysely, dialect, close: () => kysely.destroy() };
}

/**
 * Functions the schema's triggers call (migration 0700: the search index takes a body's text from
 * `masthead_search_text`). Every SQLite connection that may write posts must register them.
 */
export function registerSqlFunctions(sqlite: Sqlite.Database): void {
  sqlite.function('masthead_search_text', { deterministic: true }, (body: unknown) => searchableText(typeof body === 'string' ? body : ''));
}

export async function migrate(kysely: Kysely<Database>, dialect: Dialect): Promise<void> {
  const all = migrations(dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  const { error, results } = await new Migrator({ db: kysely, provider, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/** The advisory-lock key of start-up work (any number, the same in every process). */
const STARTUP_LOCK = 720_001;

/**
 * A lock between processes on one PostgreSQL, for start-up work (administrator, demo content,
 * shared key) of processes started at the same moment, on one machine or several: a session
 * advisory lock held by a dedicated connection. The answer releases it; a process that dies
 * releases it with its connection.
 */
export async function startupLock(url: string): Promise<() => Promise<void>> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  try {
    await c.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
  } catch (err) {
    await c.end().catch(() => {});
    throw err;
  }
  return async () => {
    await c.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    await c.end().catch(() => {});
  };
}

/** Every migration this code knows has run on the database (Kysely's own record of them): /readyz. */
export async function migrationsDone(db: Db): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
  const done = new Set(rows.map((r) => r.name));
  return Object.keys(migrations(db.dialect)).every((name) => done.has(name));
}

/** How many prepared statements the SQLite connection keeps; the app has a few hundred distinct queries. */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query again on each execution, and preparing costs more than running the
 * small queries of a page. This keeps prepared statements by SQL text (least recently used out
 * first). A statement still being iterated (a stream) is busy; then a fresh one is prepared.
 * SQLite re-prepares a kept statement by itself after a schema change.
 */
export function withStatementCache(db: Sqlite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, Sqlite.Statement>();
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const kept = cache.get(sql);
      if (kept && !kept.busy) {
        cache.delete(sql);
        cache.set(sql, kept);
        return kept as unknown as SqliteStatement;
      }
      const stmt = db.prepare(sql);
      if (!kept) {
        cache.set(sql, stmt);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      return stmt as unknown as SqliteStatement;
    },
  };
}
