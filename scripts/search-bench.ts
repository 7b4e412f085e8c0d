/**
 * Full-text search at size (issue 14, part 3): fills a throw-away database with generated posts
 * (through the real schema, so the triggers build the search index), then times the results
 * page's query (`posts.search`, 10 results with summaries and highlights) and the header's
 * suggestions (`posts.suggest`) for words of every frequency, several words, and word beginnings.
 *
 *   node scripts/search-bench.ts [--posts 100000] [--pg postgres://…/db]   (default: SQLite in a temp dir)
 *   --keep <dir>: keep the SQLite database in <dir> (filled once); with --pg, --keep <name> keeps
 *   the PostgreSQL database <name> on that server instead (filled once), for measuring plans.
 *
 * `npm run bench` runs it on SQLite with BENCH_SEARCH_POSTS posts (default 100,000).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/connect.server.ts';
import { createRepositories } from '../src/server/db/repositories/index.server.ts';
import pgDriver from 'pg';
import { freshPostgres } from '../tests/support/db.ts';

const { values } = parseArgs({ options: { posts: { type: 'string', default: '100000' }, pg: { type: 'string' }, keep: { type: 'string' } } });
const total = Number(values.posts);

// deterministic pseudo-random numbers and a Zipf-like vocabulary: a few very common words, a long tail
let seed = 42;
// mulberry32
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const common = 'the of and to in a is that for it as with was on be by at this from or an are have not they which one you were her all she there would their we him been has when who will more no if out so said what up its about into than them can only other new some could time these two may then do first any my now such like our over man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(' ');
const syll = ['ka', 'lo', 'mer', 'tin', 'sa', 'ver', 'dor', 'pa', 'ri', 'ne', 'zu', 'bel', 'cor', 'fa', 'gal', 'hu', 'jen', 'ku', 'mo', 'nar', 'os', 'pel', 'quin', 'ros', 'sel', 'tra', 'ul', 'vin', 'wes', 'yar'];
const vocab = [...common];
for (let i = 0; vocab.length < 20000; i++) vocab.push(syll[i % 30]! + syll[Math.floor(i / 30) % 30]! + (i >= 900 ? syll[Math.floor(i / 900) % 30]! : ''));
// Zipf: rank r drawn with probability ∝ 1/r
const harmonic = vocab.reduce((s, _, i) => s + 1 / (i + 1), 0);
const cdf: number[] = [];
vocab.reduce((s, _, i) => (cdf[i] = s + 1 / (i + 1) / harmonic), 0);
const word = () => {
  const x = rand();
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return vocab[lo]!;
};
const words = (n: number) => Array.from({ length: n }, word).join(' ');

// --keep: a database kept between runs (filled once), for profiling: a SQLite directory, or with --pg a database name
const keptPg = values.pg && values.keep ? await keepPostgres(values.pg, values.keep) : null;
const dir = values.keep && !values.pg ? values.keep : mkdtempSync(path.join(tmpdir(), 'masthead-search-bench-'));
mkdirSync(dir, { recursive: true });
const filled = keptPg ? keptPg.filled : !!values.keep && existsSync(path.join(dir, 'masthead.db'));
const pg = keptPg ?? (values.pg ? await freshPostgres(values.pg) : null);

/** The database `name` on the server of `adminUrl`, created if absent; filled when it already has posts. */
async function keepPostgres(adminUrl: string, name: string): Promise<{ url: string; filled: boolean; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--keep ${name}: a PostgreSQL database name (lower case letters, digits, _)`);
  const admin = new pgDriver.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let filled = false;
  if (exists) {
    const c = new pgDriver.Client({ connectionString: url.href });
    await c.connect();
    filled = (await c.query(`select to_regclass('posts') is not null and exists (select 1 from posts) as f`)).rows[0].f === true;
    await c.end();
  }
  return { url: url.href, filled, drop: async () => {} };
}
const db = await openDatabase({ dataDir: dir, ...(pg ? { databaseUrl: pg.url } : {}) });
const repos = createRepositories(db.kysely);
try {
  const authorId = filled ? 0 : await repos.users.create({ login: 'bench', slug: 'bench', email: 'bench@example.com', displayName: 'Bench', role: 'author', passwordHash: 'x' });
  const started = performance.now();
  const BATCH = 500;
  for (let i = 0; i < (filled ? 0 : total); i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, total - i) }, (_, k) => {
      const n = i + k;
      const paragraphs = Array.from({ length: 2 + Math.floor(rand() * 8) }, () => ({ type: 'paragraph', html: `${words(20 + Math.floor(rand() * 60))} <em>${word()}</em> ${words(10)}.` }));
      const at = new Date(Date.UTC(2020, 0, 1) + n * 600_000).toISOString();
      return { type: 'post', slug: `post-${n}`, title: words(3 + Math.floor(rand() * 6)), excerpt: words(15 + Math.floor(rand() * 15)), body: JSON.stringify(paragraphs), format: 'standard', status: n % 20 === 0 ? 'draft' : 'publish', author_id: authorId, featured_media_id: null, allow_rating: 0, meta: '{}', published_at: at, updated_at: at, created_at: at };
    });
    await db.kysely.transaction().execute((trx) => trx.insertInto('posts').values(rows).execute());
  }
  // PostgreSQL's autovacuum would analyze the new rows soon; the planner needs the statistics now
  if (db.dialect === 'postgres') await sql`analyze`.execute(db.kysely);
  const fill = (performance.now() - started) / 1000;
  if (filled) console.log(`search at size (${db.dialect}): the kept database's posts`);
  else console.log(`search at size (${db.dialect}): ${total.toLocaleString('en')} posts written and indexed in ${fill.toFixed(1)} s (${Math.round(total / fill)} posts/s)`);

  // the same queries whether the posts were written now or kept from an earlier run
  seed = 4242;

  const pick = (from: number, to: number) => vocab[from + Math.floor(rand() * (to - from))]!;
  const kinds: [string, () => string][] = [
    ['very common word', () => pick(0, 20)],
    ['common word', () => pick(20, 300)],
    ['rare word', () => pick(1000, 8000)],
    ['two words', () => `${pick(20, 2000)} ${pick(20, 2000)}`],
    ['three words', () => `${pick(0, 300)} ${pick(300, 5000)} ${pick(300, 5000)}`],
    ['word beginning', () => pick(300, 5000).slice(0, 3)],
  ];
  const p = (xs: number[], q: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
  const all: { search: number[]; suggest: number[] } = { search: [], suggest: [] };
  console.log('query kind          results page p50 / p95 ms    suggestions p50 / p95 ms   (matches, median)');
  for (const [name, make] of kinds) {
    const search: number[] = [];
    const suggest: number[] = [];
    const matches: number[] = [];
    for (let i = 0; i < 40; i++) {
      const q = make();
      let t = performance.now();
      const r = await repos.posts.search(q, 10);
      search.push(performance.now() - t);
      matches.push(r.total);
      t = performance.now();
      await repos.posts.suggest(q, 6);
      suggest.push(performance.now() - t);
    }
    all.search.push(...search);
    all.suggest.push(...suggest);
    console.log(`${name.padEnd(19)} ${p(search, 0.5).toFixed(1).padStart(12)} / ${p(search, 0.95).toFixed(1).padEnd(16)} ${p(suggest, 0.5).toFixed(1).padStart(11)} / ${p(suggest, 0.95).toFixed(1).padEnd(14)} ${p(matches, 0.5)}`);
  }
  console.log(`${'all'.padEnd(19)} ${p(all.search, 0.5).toFixed(1).padStart(12)} / ${p(all.search, 0.95).toFixed(1).padEnd(16)} ${p(all.suggest, 0.5).toFixed(1).padStart(11)} / ${p(all.suggest, 0.95).toFixed(1)}   (target p95 ≤ 30 ms)`);
} finally {
  await db.close();
  await pg?.drop();
  if (!values.keep || values.pg) rmSync(dir, { recursive: true, force: true });
}
