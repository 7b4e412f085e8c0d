/**
 * `npm run bench -- --large [--large-posts N]`: the same pages on the 12-post demo site and on a
 * large site (N generated posts, default 100,000, `npm run seed:large`), uncached (a session cookie
 * bypasses the page cache), and the ratio of the two p95s (issue 14: within 2×).
 *
 * The large database is seeded once into .tmp/bench-large/ (keyed by the post count and the
 * generator's source) and copied to a scratch directory for every run. Each page is requested for
 * BENCH_SECONDS (default 5) by BENCH_CONNECTIONS (default 4) keep-alive connections, cycling
 * through a list of addresses: on the large site many different articles, every category's first,
 * middle and last page and every author, so the per-address memo mostly misses too; and, when the
 * sitemap is an index, its files (large site only). "first ms" is the
 * first request after the server started (nothing computed yet).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { buildIfNeeded, root } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const argPosts = process.argv.indexOf('--large-posts');
const largePosts = argPosts > 0 ? Number(process.argv[argPosts + 1]) : 100_000;
const port = Number(process.env.BENCH_PORT ?? 4488);
const PASSWORD = 'bench-password';
const COOKIE = 'masthead_session=bench-no-such-session';

interface Site {
  name: string;
  dataDir: string;
  server: ChildProcess;
  base: string;
}

async function start(name: string, dataDir: string, p: number): Promise<Site> {
  const server = spawn(process.execPath, [path.join(root, 'src/server/http/main.server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', MASTHEAD_ADMIN_PASSWORD: PASSWORD, SMTP_URL: '', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${p}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { name, dataDir, server, base };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name}: the server did not start`);
}

/** A seeded copy of the large site (seeded once per post count and generator version). */
function largeDataDir(): string {
  const source = readFileSync(path.join(root, 'src/server/db/seed-large.server.ts'));
  const key = createHash('sha1').update(source).digest('hex').slice(0, 10);
  const cached = path.join(root, '.tmp', 'bench-large', `posts-${largePosts}-${key}`);
  if (!existsSync(path.join(cached, 'done'))) {
    rmSync(cached, { recursive: true, force: true });
    mkdirSync(cached, { recursive: true });
    console.log(`Seeding ${largePosts} posts into ${path.relative(root, cached)} (once)…`);
    const t = performance.now();
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/seed-large.ts'), '--posts', String(largePosts)], {
      cwd: root,
      env: { ...process.env, DATA_DIR: cached, MASTHEAD_ADMIN_PASSWORD: PASSWORD, SMTP_URL: '', DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0) throw new Error('seed:large failed');
    console.log(`seed:large: ${((performance.now() - t) / 1000).toFixed(1)} s in all (start-up, demo, posts)`);
    spawnSync('touch', [path.join(cached, 'done')]);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'masthead-bench-large-'));
  for (const f of ['masthead.db', 'masthead.db-wal', 'secret.key']) if (existsSync(path.join(cached, f))) copyFileSync(path.join(cached, f), path.join(dir, f));
  return dir;
}

/** Addresses to request for each measured page, read from the site's database. */
async function addresses(site: Site): Promise<Record<string, string[]>> {
  const db = new Sqlite(path.join(site.dataDir, 'masthead.db'), { readonly: true });
  const posts = db.prepare("select slug from posts where type = 'post' and status = 'publish' order by id").all() as { slug: string }[];
  const step = Math.max(1, Math.floor(posts.length / 1000));
  const articles = posts.filter((_, i) => i % step === 0).map((p) => `/${p.slug}/`);
  const categories = (
    db
      .prepare(
        "select t.slug from terms t where t.taxonomy = 'category' and exists (select 1 from term_relationships tr join posts p on p.id = tr.object_id where tr.term_id = t.id and tr.object_type = 'post' and p.status = 'publish') order by t.id",
      )
      .all() as { slug: string }[]
  ).map((c) => `/category/${c.slug}/`);
  const authors = (
    db.prepare("select u.slug from users u where exists (select 1 from posts p where p.author_id = u.id and p.status = 'publish' and p.type = 'post') order by u.id").all() as { slug: string }[]
  ).map((u) => `/author/${u.slug}/`);
  db.close();
  // the last page of each category: the highest page number its pagination links to
  const last: string[] = [];
  const middle: string[] = [];
  for (const c of categories) {
    const html = await (await fetch(site.base + c, { headers: { cookie: COOKIE } })).text();
    const n = Math.max(1, ...[...html.matchAll(/[?&;]page=(\d+)/g)].map((m) => Number(m[1])));
    last.push(n > 1 ? `${c}?page=${n}` : c);
    middle.push(n > 2 ? `${c}?page=${Math.ceil(n / 2)}` : c);
  }
  const out: Record<string, string[]> = { article: articles, home: ['/'], 'category first': categories, 'category last': last, 'category middle': middle, author: authors, feed: ['/feed/'], sitemap: ['/sitemap.xml'] };
  // past 50,000 URLs the sitemap is an index: its files too (each built once per content version)
  const index = await (await fetch(`${site.base}/sitemap.xml`, { headers: { cookie: COOKIE } })).text();
  if (index.includes('<sitemapindex')) out['sitemap file'] = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return out;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function get(base: string, p: string): Promise<{ status: number; ms: number }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(base + p, { agent, headers: { cookie: COOKIE, 'accept-encoding': 'br, gzip' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t }));
    });
    req.on('error', reject);
  });
}

async function measure(base: string, paths: string[]): Promise<{ rps: number; p50: number; p95: number; errors: number; first: number }> {
  const first = (await get(base, paths[0]!)).ms;
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const r = await get(base, paths[next++ % paths.length]!);
      times.push(r.ms);
      if (r.status !== 200) errors++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const q = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))] ?? NaN;
  return { rps: times.length / elapsed, p50: q(0.5), p95: q(0.95), errors, first };
}

export async function benchLarge(): Promise<void> {
  buildIfNeeded();
  const results: Record<string, Record<string, Awaited<ReturnType<typeof measure>> & { urls: number }>> = {};
  const largeDir = largeDataDir();
  const smallDir = mkdtempSync(path.join(tmpdir(), 'masthead-bench-small-'));
  const sites: Site[] = [];
  try {
    for (const [name, dir] of [
      ['12 posts', smallDir],
      [`${largePosts} posts`, largeDir],
    ] as const) {
      const site = await start(name, dir, port);
      sites.push(site);
      const urls = await addresses(site);
      // the address lists above were read through the server: restart it, so "first" is really first
      site.server.kill('SIGTERM');
      await new Promise((r) => site.server.once('exit', r));
      const fresh = await start(name, dir, port);
      sites[sites.length - 1] = fresh;
      results[name] = {};
      for (const [page, list] of Object.entries(urls)) results[name][page] = { ...(await measure(fresh.base, list)), urls: list.length };
      fresh.server.kill('SIGTERM');
      await new Promise((r) => fresh.server.once('exit', r));
    }
  } finally {
    for (const s of sites) s.server.kill('SIGTERM');
    rmSync(smallDir, { recursive: true, force: true });
    rmSync(largeDir, { recursive: true, force: true });
  }
  const [small, large] = Object.keys(results) as [string, string];
  console.log(`\nLarge site: uncached pages (session cookie), ${connections} connections, ${seconds} s each, loopback, ${(await import('node:os')).availableParallelism()} cores`);
  console.log(`page             ${small.padEnd(26)} ${large.padEnd(40)} p95 ratio (target ≤ 2)`);
  console.log(`                 ${'req/s   p50   p95 ms'.padEnd(26)} ${'req/s   p50   p95 ms  first ms  addresses'.padEnd(40)}`);
  const f = (n: number) => n.toFixed(n < 10 ? 1 : 0);
  for (const page of Object.keys(results[large]!)) {
    const b = results[large]![page]!;
    const a = results[small]![page];
    if (!a) {
      console.log(`${page.padEnd(16)} ${'(none)'.padStart(18)}         ${f(b.rps).padStart(5)} ${f(b.p50).padStart(5)} ${f(b.p95).padStart(6)} ${f(b.first).padStart(9)}  ${String(b.urls).padStart(9)}`);
      continue;
    }
    const errs = a.errors + b.errors ? `  (non-200: ${a.errors}/${b.errors})` : '';
    console.log(
      `${page.padEnd(16)} ${f(a.rps).padStart(5)} ${f(a.p50).padStart(5)} ${f(a.p95).padStart(6)}         ${f(b.rps).padStart(5)} ${f(b.p50).padStart(5)} ${f(b.p95).padStart(6)} ${f(b.first).padStart(9)}  ${String(b.urls).padStart(9)}    ${(b.p95 / a.p95).toFixed(2)}×${errs}`,
    );
  }
}
