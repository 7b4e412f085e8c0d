import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { isPostgres } from './util.server.ts';
import { ftsMatch, tsQuery } from '../../../features/search/query.ts';


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

export function searchIndexRepository(db: Kysely<Database>) {
  const pg = isPostgres(db);

  /**
   * The groups of a search, best first: all the words, then any of them (its posts that hold all
   * the words are left out as already listed); one word: one group.
   */
  const groups = (terms: readonly string[]): string[] =>
    terms.length < 2 ? [pg ? tsQuery(terms) : ftsMatch(terms)] : pg ? [tsQuery(terms, '&'), tsQuery(terms)] : [ftsMatch(terms, 'AND'), ftsMatch(terms)];

  /**
   * One group's newest RANK_WINDOW + 1 matches with their relevance (higher first): one pass over
   * the index gives both the count and what to rank (reading it twice would double the work).
   */
  const window = async (q: string): Promise<{ id: number; r: number }[]> => {
    const r = pg
      ? await sql<{ id: number; r: number }>`select post_id as id, ts_rank(document, to_tsquery('simple', ${q})) as r from post_search
          where document @@ to_tsquery('simple', ${q}) order by post_id desc limit ${RANK_WINDOW + 1}`.execute(db)
      : // bm25 is lower for better matches
        await sql<{ id: number; r: number }>`select rowid as id, -rank as r from post_search where post_search match ${q} order by rowid desc limit ${RANK_WINDOW + 1}`.execute(db);
    return r.rows.map((x) => ({ id: Number(x.id), r: Number(x.r) }));
  };

  return {
    /**
     * Ids of the matching published posts, best first; how many match (`total`, exact unless
     * `more`: then at least that many), which is also how far pagination may go.
     */
    async rank(terms: readonly string[], limit: number, offset = 0): Promise<{ ids: number[]; total: number; more: boolean }> {
      if (terms.length === 0) return { ids: [], total: 0, more: false };
      const ranked: { id: number; r: number }[] = [];
      const seen = new Set<number>();
      let more = false;
      const qs = groups(terms);
      // PostgreSQL: both groups' windows at once, on two pooled connections (a search of several
      // words then takes the longer of the two reads, not their sum; the second is wasted only
      // when more than RANK_WINDOW posts hold all the words). SQLite answers synchronously: one
      // after the other, the second only when needed.
      const started = pg ? qs.map(window) : [];
      for (const w of started) w.catch(() => {}); // one not awaited after a break must not go unhandled (awaited ones still throw)
      for (const [i, q] of qs.entries()) {
        const rows = await (started[i] ?? window(q));
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
