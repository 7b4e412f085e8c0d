/**
 * Several processes on one database (issue 14, part 4), with real server processes the way
 * `npm run serve` runs them:
 *   - process A runs MASTHEAD_WORKERS=2 (a primary and two workers), process B a single one, on
 *     another DATA_DIR (as on another machine), both on one throw-away PostgreSQL cluster of
 *     this file's own (it is stopped at the end);
 *   - a publish is served by every process within one second (LISTEN/NOTIFY, not the 5 s poll);
 *   - a nonce issued by one process is accepted by the other (one signing key through the
 *     database), a session started on one is signed in on the other, a rate limit counts hits
 *     made through both;
 *   - SIGTERM with a slow request in flight: the request is answered, the processes exit 0;
 *   - /readyz answers 503 once the database is gone (as does /healthz, which the contract ties to
 *     the database too);
 *   - SQLite with MASTHEAD_WORKERS=2 is refused at start (always runs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pgLib from 'pg';
import { freePort, startTempPostgres, type TempPostgres } from '../../scripts/lib.ts';
import { openDatabase, type Db } from '../../src/server/db/connect.server.ts';
import { createRepositories } from '../../src/server/db/repositories/index.server.ts';
import { CONTENT_VERSION } from '../../src/server/runtime.server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const onPostgres = !!process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>, port = 0): Proc {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-cluster-'));
  dirs.push(dataDir);
  let out = '';
  // no MASTHEAD_SECRET: each DATA_DIR has its own key, as on two machines
  const { MASTHEAD_SECRET: _, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'src/server/http/main.server.ts')], {
    cwd: root,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'info', SMTP_URL: '', ...env },
  });
  children.push(child);
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

async function waitReady(p: Proc): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${p.url}/readyz`)).ok) return;
    } catch {
      /* starting */
    }
    if (p.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready:\n${p.output().slice(-3000)}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A theme call through `p` (Origin of `p`), from the client address `ip` (TRUSTED_PROXIES=loopback). */
const themeCall = (p: Proc, fields: Record<string, string>, opts: { cookie?: string; ip?: string } = {}) =>
  fetch(`${p.url}/api/theme`, {
    method: 'POST',
    headers: { origin: p.url, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}) },
    body: new URLSearchParams(fields),
  });

describe('several processes', () => {
  it('refuses MASTHEAD_WORKERS=2 on SQLite with a clear message', async () => {
    const p = start({ MASTHEAD_WORKERS: '2' }, 1);
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('MASTHEAD_WORKERS=2 needs PostgreSQL');
    expect(p.output()).toContain('DATABASE_URL');
    expect(p.output()).not.toContain('listening');
  });
});

describe.runIf(onPostgres)('postgres: several processes on one database', () => {
  let pg: TempPostgres;
  let a: Proc;
  let b: Proc;
  let db: Db;

  beforeAll(async () => {
    pg = await startTempPostgres(await freePort()); // its own cluster, never the suite's
    const common = { DATABASE_URL: pg.url, MASTHEAD_ADMIN_PASSWORD: 'cluster-admin-pass', TRUSTED_PROXIES: 'loopback', MASTHEAD_RATE_LIMIT: '8' };
    // A first: its primary migrates and installs the demo once, before its workers start.
    a = start({ ...common, MASTHEAD_WORKERS: '2' }, await freePort());
    await waitReady(a);
    b = start(common, await freePort());
    await waitReady(b);
    db = await openDatabase({ dataDir: tmpdir(), databaseUrl: pg.url });
  }, 90_000);
  afterAll(async () => {
    await db?.close().catch(() => {});
    pg?.stop();
  });

  it('runs the once-only start-up in the primary, then two workers', () => {
    expect(a.output().match(/"msg":"installing demo content/g)).toHaveLength(1);
    expect(a.output()).toContain('"msg":"starting worker processes"');
    expect(a.output().match(/"msg":"Masthead is listening"/g)).toHaveLength(2);
    expect(b.output()).not.toContain('installing demo content');
  });

  it('serves a publish made anywhere from every process within one second', async () => {
    // every process (both of A's workers) has the page in its cache
    for (let i = 0; i < 6; i++) expect(await (await fetch(`${a.url}/first-light/`)).text()).toContain('First light');
    for (let i = 0; i < 2; i++) await fetch(`${b.url}/first-light/`);
    expect((await fetch(`${b.url}/first-light/`)).headers.get('x-cache')).toBe('HIT');

    const repos = createRepositories(db.kysely);
    await db.kysely.updateTable('posts').set({ title: 'First light, revised' }).where('slug', '=', 'first-light').execute();
    await repos.counters.increment(CONTENT_VERSION);
    const bumped = Date.now();
    const seenAt: number[] = [];
    for (const p of [a, a, a, a, b, b]) {
      for (;;) {
        if ((await (await fetch(`${p.url}/first-light/`)).text()).includes('First light, revised')) break;
        await sleep(20);
        if (Date.now() - bumped > 5000) break;
      }
      seenAt.push(Date.now() - bumped);
    }
    // well under the 5 s poll: announced, not polled
    expect(Math.max(...seenAt)).toBeLessThan(1000);
  });

  it('accepts a nonce and a session from one process on the other', async () => {
    // A nonce of A (DATA_DIR secrets differ: the key comes from the database) likes on B.
    const nonceRes = await fetch(`${a.url}/api/nonce?visitor=1`);
    const visitor = nonceRes.headers.get('set-cookie')!.split(';')[0]!;
    const { nonce } = (await nonceRes.json()) as { nonce: string };
    const postId = /data-postid="(\d+)"/.exec(await (await fetch(`${b.url}/first-light/`)).text())![1]!;
    const like = await themeCall(b, { action: 'masthead-post-like', nonce, post_id: postId }, { cookie: visitor });
    expect(like.status).toBe(200);
    expect(((await like.json()) as { success: boolean }).success).toBe(true);

    // Signed in through A, signed in on B.
    const { nonce: anon } = (await (await fetch(`${a.url}/api/nonce`)).json()) as { nonce: string };
    const login = await themeCall(a, { action: 'masthead_login_ajax', security: anon, username: 'admin', password: 'cluster-admin-pass' });
    expect(login.status).toBe(200);
    const session = login.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(`${b.url}/admin/`, { redirect: 'manual' })).status).toBeGreaterThanOrEqual(300);
    expect((await fetch(`${b.url}/admin/`, { redirect: 'manual', headers: { cookie: session } })).status).toBe(200);
  });

  it('counts a rate limit over every process', async () => {
    // 8 calls a minute per address: 4 through A (two workers), 4 through B use it up together.
    const ip = '203.0.113.77';
    for (let i = 0; i < 8; i++) expect((await themeCall(i % 2 ? a : b, { action: 'no-such-action' }, { ip })).status).toBe(400);
    expect((await themeCall(a, { action: 'no-such-action' }, { ip })).status).toBe(429);
    expect((await themeCall(b, { action: 'no-such-action' }, { ip })).status).toBe(429);
  });

  it('keeps following publishes after the database restarts (the listener reconnects)', async () => {
    pg.restart();
    for (const p of [a, b]) await waitReady(p);
    await sleep(1500); // the listeners are back (they retry within a second); the 5 s poll may not have run
    const repos = createRepositories(db.kysely);
    await db.kysely.updateTable('posts').set({ title: 'First light, after the restart' }).where('slug', '=', 'first-light').execute();
    await repos.counters.increment(CONTENT_VERSION);
    const bumped = Date.now();
    for (const p of [a, a, b]) {
      while (!(await (await fetch(`${p.url}/first-light/`)).text()).includes('First light, after the restart') && Date.now() - bumped < 5000) await sleep(20);
    }
    expect(Date.now() - bumped).toBeLessThan(1000);
    expect(b.output()).toContain('content-version listener lost its PostgreSQL connection');
  }, 30_000);

  it('starts a worker again when one dies', async () => {
    const pids = [...a.output().matchAll(/"pid":(\d+),"msg":"worker process listening"/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    process.kill(pids[0]!, 'SIGKILL');
    for (let i = 0; i < 100 && a.output().match(/"msg":"worker process listening"/g)!.length < 3; i++) await sleep(100);
    expect(a.output()).toMatch(new RegExp(`"pid":${pids[0]},"code":null,"signal":"SIGKILL","restartInMs":1000,"msg":"a worker process stopped; starting another"`));
    expect(a.output().match(/"msg":"worker process listening"/g)).toHaveLength(3);
    for (let i = 0; i < 4; i++) expect((await fetch(`${a.url}/first-light/`)).status).toBe(200);
  }, 20_000);

  it('drains a slow request on SIGTERM, then every process exits 0', async () => {
    const u = new URL(`${a.url}/api/theme`);
    const answered = new Promise<number>((resolve, reject) => {
      const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { origin: a.url, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.78' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('action=no-such');
      // the request is being read when the signal comes; the rest of it arrives afterwards
      setTimeout(() => a.child.kill('SIGTERM'), 300);
      setTimeout(() => req.end('-action'), 900);
    });
    expect(await answered).toBe(400);
    expect(await a.exited).toBe(0);
    expect(a.output()).toContain('"msg":"shutting down"');
  });

  it('installs the demo once when separate processes start together on an empty database', async () => {
    const admin = new pgLib.Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query('CREATE DATABASE masthead_together');
    await admin.end();
    const url = pg.url.replace(/\/postgres$/, '/masthead_together');
    const env = { DATABASE_URL: url, MASTHEAD_ADMIN_PASSWORD: 'cluster-admin-pass' };
    const both = [start(env, await freePort()), start(env, await freePort())];
    await Promise.all(both.map(waitReady));
    expect(both.map((p) => p.output().match(/installing demo content/g)?.length ?? 0).sort()).toEqual([0, 1]);
    for (const p of both) expect((await fetch(`${p.url}/first-light/`)).status).toBe(200);
    for (const p of both) p.child.kill('SIGTERM');
    expect(await Promise.all(both.map((p) => p.exited))).toEqual([0, 0]);
  }, 30_000);

  it('answers /readyz 503 when the database is gone, and stops cleanly', async () => {
    expect((await fetch(`${b.url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${b.url}/healthz`)).json()).toMatchObject({ status: 'ok' });
    await db.close();
    pg.stop();
    expect((await fetch(`${b.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${b.url}/healthz`)).status).toBe(503);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  });
});
