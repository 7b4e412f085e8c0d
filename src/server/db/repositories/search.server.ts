import { sql, type Kysely, type RawBuilder } from 'kysely';
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
 * Ranking: posts that hold more of the words first, then by weighted relevance (title over excerpt
 * over body: bm25 weights 10/4/1 on SQLite, tsvector weights A/B/C on PostgreSQL), then newest id.
 */
export function searchIndexRepository(db: Kysely<Database>) {
  const pg = isPostgres(db);

  /** Sort first by how many of the words a row holds (only worth computing for two words or more). */
  function coverage(terms: readonly string[]): RawBuilder<unknown> {
    if (terms.length < 2) return sql``;
    const parts = terms.map((t) =>
      pg ? sql`(document @@ to_tsquery('simple', ${tsQuery([t])}))::int` : sql`(rowid in (select rowid from post_search where post_search match ${ftsMatch([t])}))`,
    );
    return sql`(${sql.join(parts, sql` + `)}) desc,`;
  }

  return {
    /** Ids of the matching published posts, best first, and how many match in all. */
    async rank(terms: readonly string[], limit: number, offset = 0): Promise<{ ids: number[]; total: number }> {
      if (terms.length === 0) return { ids: [], total: 0 };
      if (pg) {
        const q = tsQuery(terms);
        const [rows, count] = await Promise.all([
          sql<{ id: number }>`select post_id as id from post_search where document @@ to_tsquery('simple', ${q})
            order by ${coverage(terms)} ts_rank(document, to_tsquery('simple', ${q})) desc, post_id desc limit ${limit} offset ${offset}`.execute(db),
          sql<{ n: number }>`select count(*) as n from post_search where document @@ to_tsquery('simple', ${q})`.execute(db),
        ]);
        return { ids: rows.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
      }
      const m = ftsMatch(terms);
      const rows = await sql<{ id: number }>`select rowid as id from post_search where post_search match ${m}
        order by ${coverage(terms)} rank, rowid desc limit ${limit} offset ${offset}`.execute(db);
      const count = await sql<{ n: number }>`select count(*) as n from post_search where post_search match ${m}`.execute(db);
      return { ids: rows.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
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
