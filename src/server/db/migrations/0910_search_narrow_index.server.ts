import { sql } from 'kysely';
import { defineMigration } from './define.server.ts';

/**
 * PostgreSQL full-text search at 100,000 posts, the selective searches (issue 14, part 3): the GIN
 * index moves to a narrow table of its own, `post_search_gin` (post id, the same vector stored out
 * of line), so that reading the posts a selective search matches no longer reads their ~4 KB rows.
 *
 * Through the GIN index a search gets the places of its matches, and PostgreSQL then reads each
 * matching row to learn its post id (to keep the newest 1,001) and rank it. In `post_search` the
 * vector is in the row (migration 0830, for the walk over the newest posts): 3,000 matches were
 * 3,000 pages of 8 KB, most of them outside PostgreSQL's default 128 MB of shared buffers (~7 µs
 * each, half the time of a search of two middling words). Here a row is the id and, for a vector
 * over ~2 KB (PostgreSQL's fixed threshold; `toast_tuple_target` 128 then moves it all out),
 * a pointer to the vector stored out of line, compressed: ~30 MB at 100,000 posts, which stays
 * cached. The vectors here are read only when a row is written or the index built (the index's
 * answer needs no recheck for our queries: no weights, no phrases). Only the newest
 * 1,001 matches are then ranked from `post_search` (repositories/search.server.ts).
 * `post_search` keeps the vectors in its rows for the walk and for ranking; its own GIN index is
 * dropped (nothing reads it any more). The trigger writes both tables. SQLite: nothing to do.
 */
export default defineMigration('0910_search_narrow_index', async (db, { dialect }) => {
  if (dialect !== 'postgres') return;
  await sql`create table post_search_gin (
    post_id integer primary key references posts(id) on delete cascade,
    document tsvector not null
  ) with (toast_tuple_target = 128)`.execute(db);
  await sql`insert into post_search_gin (post_id, document) select post_id, document from post_search`.execute(db);
  await sql`create index post_search_gin_document on post_search_gin using gin (document)`.execute(db);
  await sql`drop index post_search_document`.execute(db);
  await sql`create or replace function masthead_post_search_sync() returns trigger language plpgsql as $fn$
    declare
      body_text text;
      doc tsvector;
    begin
      if new.status = 'publish' and new.type = 'post' then
        body_text := masthead_search_text(new.body);
        doc := setweight(to_tsvector('simple', new.title), 'A') || setweight(to_tsvector('simple', new.excerpt), 'B') || setweight(to_tsvector('simple', body_text), 'C');
        insert into post_search (post_id, document) values (new.id, doc)
          on conflict (post_id) do update set document = excluded.document;
        insert into post_search_gin (post_id, document) values (new.id, doc)
          on conflict (post_id) do update set document = excluded.document;
      else
        delete from post_search where post_id = new.id;
        delete from post_search_gin where post_id = new.id;
      end if;
      return null;
    end
  $fn$`.execute(db);
  await sql`analyze post_search_gin`.execute(db);
});
