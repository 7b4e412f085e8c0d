import { sql } from 'kysely';
import { defineMigration } from './define.server.ts';

/**
 * PostgreSQL full-text search at 100,000 posts, the selective searches again (issue 14, part 3):
 * every row of `post_search_gin` (migration 0910) becomes ~80 bytes, 88 to a page, where a
 * third of them held their vector in the row (~25 rows to a page).
 *
 * A search through the GIN index reads each matching row of `post_search_gin` for its post id;
 * two words found together in 3,000–7,000 posts visited 2,000–3,000 of its 3,700 pages (a third
 * of a search's time). PostgreSQL moves a value out of line only when the row is over ~2 KB, a
 * threshold fixed when PostgreSQL is built (`toast_tuple_target` only says how far to shrink a
 * row once that happens), and a vector under it stayed in the row. So each row now also holds
 * `pad`: 2,100 zero bytes, storage `main` (compressed in the row, moved out only as a last
 * resort). It makes every row cross the threshold as it is written; PostgreSQL then moves the
 * vector out first (storage `extended`, `toast_tuple_target` 128) and compresses the pad to 35
 * bytes (a vector no longer than the 18-byte pointer to it, a post of a word or two, stays: its
 * row is as small). An update of a row whose vector is out of line shrinks it the same way, and
 * the trigger writes a fresh pad anyway.
 *
 * The vectors here are also stripped of positions and weights (`strip`): the GIN index keeps
 * only the words, the queries that use it name no weights or phrases, and the ranking reads the
 * whole vector from `post_search`. Stored out of line they take a third less. SQLite: nothing to do.
 */
export default defineMigration('0920_search_index_rows_out_of_line', async (db, { dialect }) => {
  if (dialect !== 'postgres') return;
  await sql`create table post_search_gin_narrow (
    post_id integer primary key references posts(id) on delete cascade,
    document tsvector not null,
    pad bytea not null default decode(repeat('00', 2100), 'hex')
  ) with (toast_tuple_target = 128)`.execute(db);
  await sql`alter table post_search_gin_narrow alter column pad set storage main`.execute(db);
  await sql`insert into post_search_gin_narrow (post_id, document) select post_id, strip(document) from post_search`.execute(db);
  await sql`drop table post_search_gin`.execute(db);
  await sql`alter table post_search_gin_narrow rename to post_search_gin`.execute(db);
  await sql`alter index post_search_gin_narrow_pkey rename to post_search_gin_pkey`.execute(db);
  await sql`alter table post_search_gin rename constraint post_search_gin_narrow_post_id_fkey to post_search_gin_post_id_fkey`.execute(db);
  await sql`create index post_search_gin_document on post_search_gin using gin (document)`.execute(db);
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
        insert into post_search_gin (post_id, document) values (new.id, strip(doc))
          on conflict (post_id) do update set document = excluded.document, pad = excluded.pad;
      else
        delete from post_search where post_id = new.id;
        delete from post_search_gin where post_id = new.id;
      end if;
      return null;
    end
  $fn$`.execute(db);
  await sql`analyze post_search_gin`.execute(db);
});
