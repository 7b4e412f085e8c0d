import { sql } from 'kysely';
import { defineMigration } from './define.server.ts';

/**
 * PostgreSQL full-text search at 100,000 posts (issue 14, part 3): each post's `tsvector`
 * (~4 KB for a post of a few hundred words) is kept in the row itself instead of PostgreSQL's
 * out-of-line TOAST storage.
 *
 * A search reads the newest matches (search.server.ts): for a common word PostgreSQL walks the
 * posts newest first and tests each row's vector, and it ranks every match it keeps with
 * `ts_rank`. Stored out of line, each of those reads fetched the vector's chunks through the
 * TOAST table's index (about six buffer reads and a copy per row, measured ~5–10 µs); in the
 * row it is one page read. `toast_tuple_target` 8160 keeps rows up to a page uncompressed in
 * place; storage `main` compresses (and as a last resort moves out of line) only a vector too
 * big for a page. The rows already indexed are rewritten once here (the GIN index is rebuilt
 * with them). SQLite: nothing to do (FTS5 keeps its own index).
 */
export default defineMigration('0830_search_inline_vectors', async (db, { dialect }) => {
  if (dialect !== 'postgres') return;
  await sql`alter table post_search set (toast_tuple_target = 8160)`.execute(db);
  // `using` a new value of the same vector rewrites every row under the new storage
  await sql`alter table post_search alter column document set storage main, alter column document type tsvector using document || ''::tsvector`.execute(db);
  // The planner picks between walking the newest posts (a common word) and the GIN index (a
  // rare one) from the share of posts each word is in; with the default statistics it knows only
  // the 1,000 most common words and guesses the rest (a word in 14 % of the posts read as 1 %, and
  // a 110 ms plan chosen over a 20 ms one). 10,000 words: ANALYZE takes ~2 s at 100,000 posts.
  await sql`alter table post_search alter column document set statistics 1000`.execute(db);
  await sql`analyze post_search`.execute(db);
});
