/**
 * The database server restarts under load (issue 13): while pages that read PostgreSQL are being
 * requested, PostgreSQL is restarted (fast: every connection is cut). The server process stays
 * up, the requests that met the restart get an error page (never a hang, never a crash), and once
 * the database is back every request succeeds again without restarting Masthead: the pool replaces
 * the lost connections. Runs whenever `npm test` runs PostgreSQL (it starts its own cluster, so
 * restarting it disturbs no other test file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTempPostgres, type TempPostgres } from '../../scripts/lib.ts';
import { loadConfig } from '../../src/server/config.server.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { startServer, type StartedServer } from '../../src/server/http/main.server.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let pg: TempPostgres;
let server: StartedServer;
let dataDir: string;
// a session cookie that matches no session: every page is rendered, none comes from the page cache
const uncached = { cookie: 'masthead_session=pg-restart-no-such-session' };

describe.runIf(onPostgres)('PostgreSQL restarted under load', () => {
  beforeAll(async () => {
    pg = await startTempPostgres(Number(process.env.TEST_PG_PORT ?? 54329) + 100);
    dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-pg-restart-'));
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pg.url, MASTHEAD_DEMO: '1', MASTHEAD_ADMIN_PASSWORD: 'pg-restart-pass', LOG_LEVEL: 'silent' });
    server = await startServer(config, createLogger('silent'));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps serving: errors only while the database is down, every request succeeds once it is back', async () => {
    expect((await fetch(`${server.url}/about/`, { headers: uncached })).status).toBe(200);
    const during = autocannon({ url: server.url, connections: 8, duration: 6, headers: uncached, requests: [{ method: 'GET', path: '/about/' }, { method: 'GET', path: '/category/travel/' }] });
    await new Promise((r) => setTimeout(r, 1500));
    pg.restart();
    const met = await during;
    // the load went on through the restart: no connection hung up or timed out
    expect(met.errors).toBe(0);
    expect(met.timeouts).toBe(0);
    expect(met['2xx']).toBeGreaterThan(0);

    // back: the same load again, every answer a success, the process never restarted
    const after = await autocannon({ url: server.url, connections: 8, amount: 400, headers: uncached, requests: [{ method: 'GET', path: '/about/' }, { method: 'GET', path: '/category/travel/' }] });
    expect(after.errors).toBe(0);
    expect(after['2xx']).toBe(400);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  }, 120_000);
});
