import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { isPostgres } from './util.server.ts';
import { MARK_END, MARK_START, ftsMatch, hasMark, segments, tsQuery, type SearchHighlight } from '../../../features/search/query.ts';


/** How many words an excerpt around the matched words holds. */
const SNIPPET_WORDS = 30;
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=${SNIPPET_WORDS}, MinWords=${Math.round(SNIPPET_WORDS / 2)}, ShortWord=1, MaxFragments=1, FragmentDelimiter=" … "`;
const TITLE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;

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

    /** Highlighted title and excerpt of each given result (the excerpt from the post's excerpt if a word matched there, else from its body). */
    async highlights(terms: readonly string[], ids: readonly number[]): Promise<Map<number, SearchHighlight>> {
      const out = new Map<number, SearchHighlight>();
      if (terms.length === 0 || ids.length === 0) return out;
      const pick = (r: { id: number; title: string; excerpt: string; body: string }) => {
        const excerpt = segments(r.excerpt);
        const body = segments(r.body);
        out.set(Number(r.id), { title: segments(r.title), excerpt: hasMark(excerpt) ? excerpt : hasMark(body) ? body : null });
      };
      if (pg) {
        const q = tsQuery(terms);
        const rows = await sql<{ id: number; title: string; excerpt: string; body: string }>`select s.post_id as id,
            ts_headline('simple', p.title, query, ${TITLE_OPTIONS}) as title,
            ts_headline('simple', p.excerpt, query, ${HEADLINE_OPTIONS}) as excerpt,
            ts_headline('simple', s.body, query, ${HEADLINE_OPTIONS}) as body
          from post_search s join posts p on p.id = s.post_id, to_tsquery('simple', ${q}) as query
          where s.post_id in (${sql.join([...ids])})`.execute(db);
        rows.rows.forEach(pick);
        return out;
      }
      const m = ftsMatch(terms);
      // One row at a time: FTS5 then reads only that row. The cast matters: a number bound as a
      // JavaScript double is not taken as a rowid constraint by FTS5, which would answer every match.
      for (const id of ids) {
        const r = await sql<{ id: number; title: string; excerpt: string; body: string }>`select rowid as id,
            highlight(post_search, 0, ${MARK_START}, ${MARK_END}) as title,
            snippet(post_search, 1, ${MARK_START}, ${MARK_END}, '…', ${SNIPPET_WORDS}) as excerpt,
            snippet(post_search, 2, ${MARK_START}, ${MARK_END}, '…', ${SNIPPET_WORDS}) as body
          from post_search where post_search match ${m} and rowid = cast(${id} as integer)`.execute(db);
        if (r.rows[0]) pick(r.rows[0]);
      }
      return out;
    },
  };
}
