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
import { freePort, startTempPostgres, type TempPostgres } from '../../scripts/lib.ts';
import { startTestSite, type TestSite } from '../support/site.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let pg: TempPostgres;
let server: TestSite;
// a session cookie that matches no session: every page is rendered, none comes from the page cache
const uncached = { cookie: 'masthead_session=pg-restart-no-such-session' };

describe.runIf(onPostgres)('PostgreSQL restarted under load', () => {
  beforeAll(async () => {
    pg = await startTempPostgres(await freePort()); // its own cluster, never the suite's
    // on a PostgreSQL cluster of its own, which this test restarts
    server = await startTestSite({ databaseUrl: pg.url });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    pg?.stop();
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
