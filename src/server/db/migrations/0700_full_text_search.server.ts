import { sql } from 'kysely';
import { defineMigration } from './define.server.ts';

/**
 * Full-text search (issue 14, part 3): an index of every published post (type `post`) — title,
 * excerpt and the body's text — kept by triggers on `posts`, so no write path (editor, status
 * change, scheduler, import, seed, delete) can forget it. Built here for the rows already present.
 *
 * SQLite: a contentless FTS5 table `post_search` (rowid = post id; the words only, not a second
 * copy of the text; `contentless_delete` lets the triggers delete by rowid). The body's text comes from the function
 * `masthead_search_text(body)`, which the connection registers (connect.server.ts, written in
 * TypeScript: features/search/query.ts `searchableText`); a tool that writes `posts` without it
 * fails instead of leaving the index stale.
 *
 * PostgreSQL: a table `post_search` with a weighted `tsvector` (title A,
 * excerpt B, body C; the `simple` configuration, like SQLite's tokenizer: no stemming, any
 * language) under a GIN index, and `masthead_search_text` written in SQL.
 */
export default defineMigration('0700_full_text_search', async (db, { dialect }) => {
  if (dialect === 'sqlite') {
    await sql`create virtual table post_search using fts5(title, excerpt, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
    // the title weighs most, then the excerpt, then the body (bm25 weights per column)
    await sql`insert into post_search(post_search, rank) values ('rank', 'bm25(10.0, 4.0, 1.0)')`.execute(db);
    await sql`create trigger post_search_insert after insert on posts when new.status = 'publish' and new.type = 'post' begin
      insert into post_search(rowid, title, excerpt, body) values (new.id, new.title, new.excerpt, masthead_search_text(new.body));
    end`.execute(db);
    await sql`create trigger post_search_update after update of title, excerpt, body, status, type on posts begin
      delete from post_search where rowid = old.id;
      insert into post_search(rowid, title, excerpt, body) select new.id, new.title, new.excerpt, masthead_search_text(new.body) where new.status = 'publish' and new.type = 'post';
    end`.execute(db);
    await sql`create trigger post_search_delete after delete on posts begin
      delete from post_search where rowid = old.id;
    end`.execute(db);
    await sql`insert into post_search(rowid, title, excerpt, body) select id, title, excerpt, masthead_search_text(body) from posts where status = 'publish' and type = 'post'`.execute(db);
    return;
  }
  // Strings of a JSON value (a string, or the strings of an array), as the TypeScript reads them.
  await sql`create or replace function masthead_json_str(v jsonb) returns text[] language sql immutable as $fn$
    select case when jsonb_typeof(v) = 'string' then array[v #>> '{}'] else array[]::text[] end
  $fn$`.execute(db);
  await sql`create or replace function masthead_json_strs(v jsonb) returns text[] language sql immutable as $fn$
    select case when jsonb_typeof(v) = 'array' then array(select e #>> '{}' from jsonb_array_elements(v) as e where jsonb_typeof(e) = 'string') else array[]::text[] end
  $fn$`.execute(db);
  await sql`create or replace function masthead_search_text(body text) returns text language plpgsql immutable as $fn$
    declare
      doc jsonb;
      out text;
    begin
      begin
        doc := body::jsonb;
      exception when others then
        return '';
      end;
      if jsonb_typeof(doc) <> 'array' then return ''; end if;
      select string_agg(part, E'\n' order by i, j) into out from (
        select b.i, u.j, u.part
        from jsonb_array_elements(doc) with ordinality as b(blk, i)
        cross join lateral unnest(case when jsonb_typeof(blk) <> 'object' then array[]::text[] else case blk->>'type'
          when 'paragraph' then masthead_json_str(blk->'html')
          when 'quote' then masthead_json_str(blk->'html')
          when 'html' then masthead_json_str(blk->'html')
          when 'heading' then masthead_json_str(blk->'text')
          when 'list' then masthead_json_strs(blk->'items')
          when 'recipe' then masthead_json_str(blk->'name') || masthead_json_str(blk->'description') || masthead_json_strs(blk->'ingredients') || masthead_json_strs(blk->'steps')
          when 'review' then masthead_json_str(blk->'title') || masthead_json_str(blk->'summary') || masthead_json_str(blk->'verdict')
          when 'smartlist' then case when jsonb_typeof(blk->'items') = 'array' then array(
            select x from jsonb_array_elements(blk->'items') with ordinality as e(item, k),
              lateral unnest(case when jsonb_typeof(item) = 'object' then masthead_json_str(item->'title') || masthead_json_str(item->'html') else array[]::text[] end) with ordinality as v(x, l)
            order by k, l) else array[]::text[] end
          else array[]::text[] end end) with ordinality as u(part, j)
      ) parts;
      out := regexp_replace(coalesce(out, ''), '<[^>]*>', '', 'g');
      out := replace(replace(replace(replace(replace(replace(replace(out, '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&#039;', ''''), '&nbsp;', ' '), '&amp;', '&');
      return out;
    end
  $fn$`.execute(db);
  await sql`create table post_search (
    post_id integer primary key references posts(id) on delete cascade,
    document tsvector not null
  )`.execute(db);
  await sql`create index post_search_document on post_search using gin (document)`.execute(db);
  await sql`create or replace function masthead_post_search_sync() returns trigger language plpgsql as $fn$
    declare
      body_text text;
    begin
      if new.status = 'publish' and new.type = 'post' then
        body_text := masthead_search_text(new.body);
        insert into post_search (post_id, document)
          values (new.id, setweight(to_tsvector('simple', new.title), 'A') || setweight(to_tsvector('simple', new.excerpt), 'B') || setweight(to_tsvector('simple', body_text), 'C'))
          on conflict (post_id) do update set document = excluded.document;
      else
        delete from post_search where post_id = new.id;
      end if;
      return null;
    end
  $fn$`.execute(db);
  await sql`create trigger post_search_sync after insert or update of title, excerpt, body, status, type on posts for each row execute function masthead_post_search_sync()`.execute(db);
  await sql`insert into post_search (post_id, document)
    select id, setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', excerpt), 'B') || setweight(to_tsvector('simple', t), 'C')
    from (select id, title, excerpt, masthead_search_text(body) as t from posts where status = 'publish' and type = 'post') p`.execute(db);
});
