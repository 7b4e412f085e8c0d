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
 * read every one of them: each group ranks at most its RANK_WINDOW newest matches (the total still
 * counts them all), which keeps a query within a few milliseconds at 100,000 posts.
 */
export const RANK_WINDOW = 1000;

export function searchIndexRepository(db: Kysely<Database>) {
  const pg = isPostgres(db);

  /** The groups of a search, best first: all the words, then some (one word: one group). */
  const groups = (terms: readonly string[]): string[] =>
    pg
      ? terms.length < 2
        ? [tsQuery(terms)]
        : [tsQuery(terms, '&'), `(${tsQuery(terms)}) & !(${tsQuery(terms, '&')})`]
      : terms.length < 2
        ? [ftsMatch(terms)]
        : [ftsMatch(terms, 'AND'), `(${ftsMatch(terms)}) NOT (${ftsMatch(terms, 'AND')})`];

  const count = async (q: string): Promise<number> => {
    const r = pg
      ? await sql<{ n: number }>`select count(*) as n from post_search where document @@ to_tsquery('simple', ${q})`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from post_search where post_search match ${q}`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  };

  /** One group's page: its RANK_WINDOW newest matches, ranked. */
  const page = async (q: string, limit: number, offset: number): Promise<number[]> => {
    const r = pg
      ? await sql<{ id: number }>`select id from (
            select post_id as id, document from post_search where document @@ to_tsquery('simple', ${q}) order by post_id desc limit ${RANK_WINDOW}
          ) c order by ts_rank(document, to_tsquery('simple', ${q})) desc, id desc limit ${limit} offset ${offset}`.execute(db)
      : await sql<{ id: number }>`select id from (
            select rowid as id, rank as r from post_search where post_search match ${q} order by rowid desc limit ${RANK_WINDOW}
          ) order by r, id desc limit ${limit} offset ${offset}`.execute(db);
    return r.rows.map((x) => Number(x.id));
  };

  return {
    /**
     * Ids of the matching published posts, best first; how many match in all (`total`), and how
     * many of them the ranking reaches (`reachable`, what pagination may offer).
     */
    async rank(terms: readonly string[], limit: number, offset = 0): Promise<{ ids: number[]; total: number; reachable: number }> {
      if (terms.length === 0) return { ids: [], total: 0, reachable: 0 };
      const qs = groups(terms);
      const counts = await Promise.all(qs.map(count));
      const ids: number[] = [];
      let skip = offset;
      let reachable = 0;
      for (const [i, q] of qs.entries()) {
        const size = Math.min(counts[i]!, RANK_WINDOW);
        reachable += size;
        if (ids.length < limit && skip < size) ids.push(...(await page(q, limit - ids.length, skip)));
        skip = Math.max(0, skip - size);
      }
      return { ids, total: counts.reduce((a, b) => a + b, 0), reachable };
    },
  };
}
