import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { isPostgres } from './util.server.ts';
import { ftsMatch, prefixes, tsQuery } from '../../../features/search/query.ts';
import type { RepositoryOptions } from './media.server.ts';


/**
 * The full-text index of published posts (migration 0700: SQLite FTS5 / PostgreSQL tsvector + GIN,
 * kept by triggers). Takes search terms already cleaned by `searchTerms` (features/search/query.ts):
 * the terms reach the database as a bound parameter in a syntax they cannot break out of.
 *
 * Ranking: posts that hold all the words first, then those with some of them; within each group by
 * weighted relevance (title over excerpt over body: bm25 weights 10/4/1 on SQLite, tsvector weights
 * A/B/C with ts_rank on PostgreSQL), then newest. A word found in most posts would make ranking
 * read every one of them: each group counts and ranks at most its RANK_WINDOW newest matches
 * ("more than … results"), and when more than that hold all the words, those with only some are
 * left out. That bounds the work of any query at 100,000 posts.
 */
export const RANK_WINDOW = 1000;

/**
 * PostgreSQL: below this share of the posts a group's matches are read through the GIN index,
 * above it by walking the newest posts (measured at 100,000 posts: the walk reads ~1,001/share
 * rows, ~1.5–2 µs each with the ranking, 22–28 ms at 7.5 %, 10 ms at 17 %; the index costs its
 * matches, 9–16 ms for 2,000–7,000 of them, 17–24 ms for 15,000–45,000).
 */
export const WALK_SHARE = 0.1;
/** How long the word frequencies read from PostgreSQL's statistics are used before being read again. */
const STATS_TTL_MS = 10 * 60_000;

/** Frequencies of the most common words of the index (pg_stats' most_common_elems of post_search.document). */
interface WordStats {
  /** how many posts the index holds (as of the last ANALYZE) */
  posts: number;
  words: string[];
  freqs: number[];
  /** the least frequency listed: a word not listed is rarer */
  min: number;
  at: number;
}
const statsCache = new WeakMap<object, { stats: WordStats | null; loading?: Promise<void> }>();

/**
 * The share of the posts that match a group, estimated from the word frequencies as PostgreSQL's
 * planner would (a beginning: the sum of the listed words it begins; a word not listed: half the
 * least frequency; words independent). null: no statistics yet.
 */
export function estimateShare(stats: WordStats | null, terms: readonly string[], op: '&' | '|'): number | null {
  if (!stats) return null;
  const prefix = prefixes(terms);
  const share = terms.map((t, i) => {
    let f = 0;
    for (let k = 0; k < stats.words.length; k++) {
      const w = stats.words[k]!;
      if (prefix[i] ? w.startsWith(t) : w === t) f += stats.freqs[k]!;
    }
    return Math.min(1, f || stats.min / 2);
  });
  return op === '&' ? share.reduce((a, b) => a * b, 1) : 1 - share.reduce((a, b) => a * (1 - b), 1);
}

export function searchIndexRepository(db: Kysely<Database>, opts: Pick<RepositoryOptions, 'warn'> = {}) {
  const pg = isPostgres(db);

  /** No statistics, read again in 30 s rather than after STATS_TTL_MS. */
  const askAgainSoon = (): WordStats => ({ posts: 0, words: [], freqs: [], min: 0, at: Date.now() - STATS_TTL_MS + 30_000 });

  /** PostgreSQL's word frequencies, read at most every STATS_TTL_MS (in the background once known). */
  const wordStats = async (): Promise<WordStats | null> => {
    let entry = statsCache.get(db);
    if (!entry) statsCache.set(db, (entry = { stats: null }));
    const e = entry;
    if ((!e.stats || Date.now() - e.stats.at > STATS_TTL_MS) && !e.loading) {
      e.loading = sql<{ posts: number; words: string[] | null; freqs: number[] | null }>`select c.reltuples as posts, s.most_common_elems::text::text[] as words, s.most_common_elem_freqs as freqs
          from pg_stats s join pg_class c on c.oid = to_regclass('post_search') where s.schemaname = current_schema() and s.tablename = 'post_search' and s.attname = 'document'`
        .execute(db)
        .then((r) => {
          const row = r.rows[0];
          // the frequencies end with three more numbers: the least and the greatest, and the share of empty vectors
          e.stats = row?.words && row.freqs ? { posts: Number(row.posts), words: row.words, freqs: row.freqs.slice(0, row.words.length).map(Number), min: Number(row.freqs[row.words.length] ?? 0), at: Date.now() } : { posts: 0, words: [], freqs: [], min: 0, at: Date.now() };
          if (e.stats.words.length === 0) e.stats = askAgainSoon(); // not analyzed yet
        })
        .catch((err) => {
          // searches go on by the index (no estimate) and the statistics are asked again in 30 s
          opts.warn?.(err, 'search: could not read the word statistics (pg_stats); choosing the index path');
          e.stats = askAgainSoon();
        })
        .finally(() => {
          e.loading = undefined;
        });
      if (!e.stats) await e.loading;
    }
    return e.stats && e.stats.words.length > 0 ? e.stats : null;
  };

  /**
   * The groups of a search, best first: all the words, then any of them (its posts that hold all
   * the words are left out as already listed); one word: one group.
   */
  const groups = (terms: readonly string[]): { q: string; op: '&' | '|' }[] =>
    terms.length < 2 ? [{ q: pg ? tsQuery(terms) : ftsMatch(terms), op: '|' }] : pg ? [{ q: tsQuery(terms, '&'), op: '&' }, { q: tsQuery(terms), op: '|' }] : [{ q: ftsMatch(terms, 'AND'), op: '&' }, { q: ftsMatch(terms), op: '|' }];

  /**
   * One group's newest RANK_WINDOW + 1 matches with their relevance (higher first): one pass over
   * the index gives both the count and what to rank (reading it twice would double the work).
   * SQLite: `ranked: false` reads the matches only (relevance 0), for a group the page does not
   * reach, whose matches are only counted: bm25 is most of a group's cost.
   *
   * PostgreSQL chooses the way by the share of posts the group matches (`estimateShare`): a
   * common one walks `post_search` newest first, testing each row's vector, and stops at the
   * window; a selective one reads its matches' ids from the GIN index of the narrow
   * `post_search_gin` (migrations 0910, 0920: ~80-byte rows) and ranks only the newest window of them from
   * `post_search`. Both give the same rows (a test holds them to it); the plan is fixed for the
   * transaction (`set local`), so a misjudged cost cannot turn one into the other.
   */
  const window = async (q: string, share: number | null, way?: 'walk' | 'index', ranked = true): Promise<{ id: number; r: number }[]> => {
    let r;
    if (pg) {
      const walk = way ? way === 'walk' : share !== null && share >= WALK_SHARE;
      // (inside a caller's transaction the settings would outlive the query: the planner chooses there)
      const fixed = async <T>(fn: (trx: Kysely<Database>, set: boolean) => Promise<T>) => (db.isTransaction ? fn(db, false) : db.transaction().execute((trx) => fn(trx, true)));
      r = await fixed(async (trx, set) => {
        if (walk) {
          if (set) await sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`.execute(trx);
          return sql<{ id: number; r: number }>`select post_id as id, ts_rank(document, to_tsquery('simple', ${q})) as r from post_search
            where document @@ to_tsquery('simple', ${q}) order by post_id desc limit ${RANK_WINDOW + 1}`.execute(trx);
        }
        // the index's matches, not their rows: the narrow table's vectors are never read here
        if (set) await sql`select set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)`.execute(trx);
        return sql<{ id: number; r: number }>`select s.post_id as id, ts_rank(s.document, to_tsquery('simple', ${q})) as r from post_search s
          where s.post_id = any(array(select g.post_id from post_search_gin g where g.document @@ to_tsquery('simple', ${q}) order by g.post_id desc limit ${RANK_WINDOW + 1}))`.execute(trx);
      });
    } else {
      // bm25 is lower for better matches
      r = await sql<{ id: number; r: number }>`select rowid as id, ${ranked ? sql`-rank` : sql`0`} as r from post_search where post_search match ${q} order by rowid desc limit ${RANK_WINDOW + 1}`.execute(db);
    }
    const rows = r.rows.map((x) => ({ id: Number(x.id), r: Number(x.r) }));
    // the narrow index's rows come back in no order: newest first, as the walk and SQLite give them
    return pg ? rows.sort((a, b) => b.id - a.id) : rows;
  };

  return {
    /**
     * Ids of the matching published posts, best first; how many match (`total`, exact unless
     * `more`: then at least that many), which is also how far pagination may go. `way` forces
     * PostgreSQL's way of reading (tests compare the two).
     */
    async rank(terms: readonly string[], limit: number, offset = 0, way?: 'walk' | 'index'): Promise<{ ids: number[]; total: number; more: boolean }> {
      if (terms.length === 0) return { ids: [], total: 0, more: false };
      const ranked: { id: number; r: number }[] = [];
      const seen = new Set<number>();
      let more = false;
      const qs = groups(terms);
      const stats = pg && !way ? await wordStats() : null;
      const share = (op: '&' | '|') => estimateShare(stats, terms, op);
      // PostgreSQL: both groups' windows at once, on two pooled connections (a search of several
      // words then takes the longer of the two reads, not their sum; the second is wasted when
      // more than RANK_WINDOW posts hold all the words). When the statistics expect twice that
      // many, the second waits until the first is known to be short: read for nothing, it would
      // also take a core from the first. SQLite answers synchronously: one after the other, the
      // second only when needed, and ranked only when the page reaches into it (most pages come
      // from all the words; the rest is then only counted).
      const allWordsFill = stats !== null && qs.length > 1 && share('&')! * stats.posts >= 2 * RANK_WINDOW;
      const started = pg ? qs.map((g, i) => (i === 0 || !allWordsFill ? window(g.q, share(g.op), way) : undefined)) : [];
      for (const w of started) w?.catch(() => {}); // one not awaited after a break must not go unhandled (awaited ones still throw)
      for (const [i, g] of qs.entries()) {
        const rows = await (started[i] ?? (pg ? window(g.q, share(g.op), way) : window(g.q, null, undefined, i === 0 || ranked.length < offset + limit)));
        const fresh = rows.slice(0, RANK_WINDOW).filter((x) => !seen.has(x.id));
        fresh.forEach((x) => seen.add(x.id));
        ranked.push(...fresh.sort((a, b) => b.r - a.r || b.id - a.id));
        // more posts than the window hold all the words: those with only some are not needed
        if (rows.length > RANK_WINDOW) {
          more = true;
          break;
        }
      }
      const ids = ranked.slice(offset, offset + limit).map((x) => x.id);
      const total = ranked.length;
      return { ids, total, more };
    },
  };
}
