/**
 * Real databases for integration tests: a fresh SQLite file in a temp dir, and, when
 * TEST_DATABASE_URL is set (npm test starts a throw-away PostgreSQL), a fresh PostgreSQL database.
 *
 *   for (const target of testDatabases()) describe(target.name, () => { ... await target.open() ... })
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/server/db/connect.server.ts';
import { createRepositories, type Repositories } from '../../src/server/db/repositories/index.server.ts';

export interface TestDb {
  db: Db;
  repos: Repositories;
  close(): Promise<void>;
}

export interface TestTarget {
  name: 'sqlite' | 'postgres';
  open(): Promise<TestDb>;
}

export function testDatabases(): TestTarget[] {
  const targets: TestTarget[] = [{ name: 'sqlite', open: openSqlite }];
  if (process.env.TEST_DATABASE_URL) targets.push({ name: 'postgres', open: () => openPostgres(process.env.TEST_DATABASE_URL!) });
  return targets;
}

async function openSqlite(): Promise<TestDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'masthead-test-'));
  const db = await openDatabase({ dataDir: dir });
  return {
    db,
    repos: createRepositories(db.kysely),
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new, empty PostgreSQL database on the server of `adminUrl`: its address, and how to drop it. */
export async function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `masthead_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      // Dropping WITH (FORCE) while pool connections are still closing makes the server kill
      // them, and the dying clients raise unhandled errors: wait for them to go instead.
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      for (let i = 0; ; i++) {
        try {
          await a.query(i < 50 ? `DROP DATABASE IF EXISTS ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          break;
        } catch (err) {
          if (i >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await a.end();
    },
  };
}

async function openPostgres(adminUrl: string): Promise<TestDb> {
  const fresh = await freshPostgres(adminUrl);
  const db = await openDatabase({ dataDir: tmpdir(), databaseUrl: fresh.url });
  return {
    db,
    repos: createRepositories(db.kysely),
    close: async () => {
      await db.close();
      await fresh.drop();
    },
  };
}
