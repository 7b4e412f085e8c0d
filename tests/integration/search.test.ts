import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { testDatabases, type TestDb } from '../support/db.ts';
import type { Database } from '../../src/server/db/schema.server.ts';
import type { Block } from '../../src/features/post/blocks.ts';
import { searchableText, searchTerms, type Segment } from '../../src/features/search/query.ts';
import { RANK_WINDOW, estimateShare, searchIndexRepository } from '../../src/server/db/repositories/search.server.ts';

/**
 * Full-text search (issue 14, part 3) on both databases: ranking, the index kept in sync by the
 * triggers whatever writes the row, highlighted excerpts, and odd or hostile queries.
 */
const para = (html: string): Block => ({ type: 'paragraph', html });
const text = (s: Segment[] | null | undefined) => (s ?? []).map((x) => (x.mark ? `[${x.text}]` : x.text)).join('');

for (const target of testDatabases()) {
  describe(`search on ${target.name}`, () => {
    let t: TestDb;
    let authorId: number;
    const ids: Record<string, number> = {};
    const add = async (slug: string, title: string, blocks: Block[], excerpt = '', publishedAt = '2026-01-01T08:00:00.000Z') =>
      (ids[slug] = await t.repos.posts.create({ type: 'post', slug, title, excerpt, blocks, authorId, publishedAt }));
    const slugs = async (q: string) => (await t.repos.posts.search(q, 20)).items.map((p) => p.slug);

    beforeAll(async () => {
      t = await target.open();
      authorId = await t.repos.users.create({ login: 'ana', slug: 'ana', email: 'ana@example.com', displayName: 'Ana', role: 'author', passwordHash: 'x' });
      // newest id last: an unranked search would list body-only matches first
      await add('title-match', 'Harbour lights', [para('An evening on the water.')]);
      await add('body-match', 'An evening walk', [para('We walked along the <em>harbour</em> wall until dark, past the harbour master’s hut.')]);
      await add('two-words', 'Fishing boats', [para('The harbour at dawn, with fishing boats coming home.')]);
      await add('one-word', 'Boats', [para('Boats of every colour, moored in a row.')]);
      await add('recipe', 'Supper', [{ type: 'recipe', name: 'Saffron stew', description: 'A slow stew.', prepTime: 5, cookTime: 60, servings: 4, ingredients: ['2 onions', 'a pinch of saffron'], steps: ['Simmer gently.'] }]);
      await add('markup', 'Tags', [para('Read the <a href="https://example.com/nowhere">fine print</a> &amp; <strong>smile</strong>.')], 'An excerpt about <b>html</b>');
      ids.page = await t.repos.posts.create({ type: 'page', slug: 'harbour-page', title: 'Harbour page', excerpt: '', blocks: [para('harbour')], authorId, publishedAt: '2026-01-01T08:00:00.000Z' });
    });
    afterAll(async () => t?.close());

    it('ranks a title match above a body match, and more of the words above fewer', async () => {
      const harbour = await slugs('harbour');
      expect(harbour[0]).toBe('title-match');
      expect(harbour).toContain('body-match');
      expect(harbour).not.toContain('harbour-page'); // pages are not searched
      const both = await slugs('fishing boats harbour');
      expect(both[0]).toBe('two-words');
      expect(both.indexOf('two-words')).toBeLessThan(both.indexOf('one-word'));
      // case (and on SQLite accents) and word beginnings
      expect(await slugs('HARBOUR')).toEqual(harbour);
      if (target.name === 'sqlite') expect(await slugs('hárbour')).toEqual(harbour);
      expect(await slugs('harb')).toEqual(harbour);
      expect(await slugs('saffron')).toEqual(['recipe']);
      // a short word before the last matches whole words only; the last one (being typed) also finds longer words
      expect(await slugs('eve harbour')).toEqual(harbour);
      expect((await slugs('harbour eve')).slice(0, 2).sort()).toEqual(['body-match', 'title-match']);
    });

    it('counts every match and pages through them', async () => {
      const all = await t.repos.posts.search('harbour', 20);
      expect(all.total).toBe(3);
      const second = await t.repos.posts.search('harbour', 2, 2);
      expect(second.total).toBe(3);
      expect(second.items.map((p) => p.slug)).toEqual(all.items.slice(2).map((p) => p.slug));
    });

    it('a page of the posts holding all the words is that page of the whole ranking, and the count is the same', async () => {
      // (the posts holding only some of the words are then counted, not ranked, on SQLite)
      const search = searchIndexRepository(t.db.kysely);
      for (const q of ['harbour boats', 'fishing harbour evening', 'boats colour']) {
        const terms = searchTerms(q);
        const whole = await search.rank(terms, 100);
        expect(whole.total, q).toBeGreaterThan(1);
        for (const offset of [0, 1, 2]) {
          const page = await search.rank(terms, 1, offset);
          expect(page, `${q} @${offset}`).toEqual({ ids: whole.ids.slice(offset, offset + 1), total: whole.total, more: whole.more });
        }
      }
    });

    it('highlights the matched words in the title and an excerpt, as text', async () => {
      const { items } = await t.repos.posts.search('harbour', 20);
      const body = items.find((p) => p.slug === 'body-match')!;
      expect(text(body.match?.title)).toBe('An evening walk');
      expect(text(body.match?.excerpt)).toContain('[harbour] wall');
      expect(text(items.find((p) => p.slug === 'title-match')!.match?.title)).toBe('[Harbour] lights');
      // markup in the body is not searchable and never comes back
      expect(await slugs('href')).toEqual([]);
      expect(await slugs('strong')).toEqual([]);
      const markup = (await t.repos.posts.search('smile', 5)).items[0]!;
      expect(text(markup.match?.excerpt)).toMatch(/^Read the fine print & \[smile\]/);
      expect(searchableText(JSON.stringify([para('Read the <a href="https://example.com/nowhere">fine print</a> &amp; <strong>smile</strong>.')]))).toBe('Read the fine print & smile.');
    });

    it('keeps the index in step with every write: edits, status changes, deletes', async () => {
      const db = t.db.kysely;
      await db.updateTable('posts').set({ title: 'Lighthouse keeper' }).where('id', '=', ids['title-match']!).execute();
      expect(await slugs('lighthouse')).toEqual(['title-match']);
      expect(await slugs('lights')).toEqual([]);
      await db.updateTable('posts').set({ status: 'draft' }).where('id', '=', ids['title-match']!).execute();
      expect(await slugs('lighthouse')).toEqual([]);
      await db.updateTable('posts').set({ status: 'private' }).where('id', '=', ids['title-match']!).execute();
      expect(await slugs('lighthouse')).toEqual([]);
      expect(await t.repos.posts.suggest('lighthouse', 5)).toEqual([]);
      await db.updateTable('posts').set({ status: 'publish' }).where('id', '=', ids['title-match']!).execute();
      expect(await slugs('lighthouse')).toEqual(['title-match']);
      await db.updateTable('posts').set({ body: JSON.stringify([para('Now about lanterns.')]) }).where('id', '=', ids['title-match']!).execute();
      expect(await slugs('lanterns')).toEqual(['title-match']);
      expect(await slugs('evening')).not.toContain('title-match');
      await db.deleteFrom('posts').where('id', '=', ids['title-match']!).execute();
      expect(await slugs('lighthouse')).toEqual([]);
      // a draft created as a draft is never indexed
      await db.insertInto('posts').values({ type: 'post', slug: 'secret', title: 'Secret zeppelin', excerpt: '', body: '[]', format: 'standard', status: 'draft', author_id: authorId, featured_media_id: null, allow_rating: 0, meta: '{}', published_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', created_at: '2026-01-01T00:00:00.000Z' }).execute();
      expect(await slugs('zeppelin')).toEqual([]);
    });

    it('takes any query without an error, bounded', async () => {
      for (const q of ['"', "'", 'AND(', 'OR', 'NOT', '*', '"harbour', 'harbour"*', 'a:*', '!', '&|', '(', ')', 'NEAR(a b)', '^', 'title:harbour', '\\', '%', '_', '\u0000', '\uE000harbour\uE001', ' ', '', 'x'.repeat(5000), 'a '.repeat(500)]) {
        await expect(t.repos.posts.search(q, 10), q).resolves.toBeDefined();
        await expect(t.repos.posts.suggest(q, 5), q).resolves.toBeDefined();
      }
      expect(await slugs('"harbour')).toContain('body-match');
      expect(await slugs('title:harbour')).toContain('body-match');
      expect((await t.repos.posts.search('%', 10)).total).toBe(0);
    });

    it('suggests published posts with highlighted titles and their addresses', async () => {
      const s = await t.repos.posts.suggest('fish', 5);
      expect(s).toEqual([{ id: ids['two-words'], url: '/two-words/', title: [{ text: 'Fishing', mark: true }, { text: ' boats' }] }]);
    });

    if (target.name === 'postgres')
      it('keeps each vector in its row, with statistics of 10,000 words for the planner (migration 0830)', async () => {
        const r = await sql<{ storage: string; stats: number; options: string[] | null }>`select a.attstorage as storage, a.attstattarget as stats, c.reloptions as options
          from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relname = 'post_search' and a.attname = 'document'`.execute(t.db.kysely);
        expect(r.rows[0]).toEqual({ storage: 'm', stats: 1000, options: ['toast_tuple_target=8160'] });
      });

    if (target.name === 'postgres')
      it('reads a group newest first or through the narrow GIN index with the same results (migration 0910)', async () => {
        const db = t.db.kysely;
        // more posts than the window: a word in all of them, one in every third, one in a few
        const n = RANK_WINDOW + 100;
        await sql`insert into posts (type, slug, title, excerpt, body, format, status, author_id, featured_media_id, allow_rating, meta, published_at, updated_at, created_at)
          select 'post', 'bulk-' || i, case when i % 7 = 0 then 'Kelp ' || i else 'Note ' || i end, case when i % 3 = 0 then 'kelp and tide' else 'tide' end,
            '[{"type":"paragraph","html":"tide ' || case when i % 97 = 0 then 'narwhal ' else '' end || 'tidewater ' || i || '"}]',
            'standard', 'publish', ${authorId}, null, 0, '{}', '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'
          from generate_series(1, ${n}) as i`.execute(db);
        const index = await sql<{ t: string }>`select tablename as t from pg_indexes where indexdef like '%USING gin%'`.execute(db);
        expect(index.rows.map((r) => r.t)).toEqual(['post_search_gin']);
        const search = searchIndexRepository(db);
        // frequent + rare, frequent + middling, rare alone, a beginning, more than the window in both groups
        for (const q of ['tide narwhal', 'kelp tide', 'narwhal', 'tidew', 'tide', 'kelp narwhal', 'note kelp']) {
          const terms = searchTerms(q);
          const walk = await search.rank(terms, 2 * n, 0, 'walk');
          const viaIndex = await search.rank(terms, 2 * n, 0, 'index');
          expect(viaIndex, q).toEqual(walk);
          expect(await search.rank(terms, 2 * n), q).toEqual(walk);
          expect(walk.total, q).toBeGreaterThan(0);
        }
        expect((await search.rank(['tide'], 10, 0, 'index')).more).toBe(true);
        // the share each way is chosen by, from PostgreSQL's statistics of the words
        await sql`analyze post_search`.execute(db);
        const r = await sql<{ words: string[]; freqs: number[] }>`select most_common_elems::text::text[] as words, most_common_elem_freqs as freqs from pg_stats where tablename = 'post_search' and attname = 'document'`.execute(db);
        const { words, freqs } = r.rows[0]!;
        const stats = { posts: n, words, freqs: freqs.slice(0, words.length), min: freqs[words.length]!, at: 0 };
        expect(estimateShare(stats, ['tide'], '|')).toBeGreaterThan(0.9);
        expect(estimateShare(stats, ['tide', 'narwhal'], '&')!).toBeLessThan(0.05);
        expect(estimateShare(null, ['tide'], '|')).toBeNull();
      });

    if (target.name === 'postgres')
      it('a failed read of the word statistics is reported once and the search goes on through the index', async () => {
        // a connection whose search path finds a broken `pg_stats` before PostgreSQL's own
        await sql`create schema if not exists trap`.execute(t.db.kysely);
        await sql`create or replace view trap.pg_stats as select 1 / 0 as broken`.execute(t.db.kysely);
        const name = (await sql<{ db: string }>`select current_database() as db`.execute(t.db.kysely)).rows[0]!.db;
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        const pool = new pg.Pool({ connectionString: url.href, options: '-c search_path=trap,pg_catalog,public', max: 2 });
        const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
        try {
          const warned: string[] = [];
          const search = searchIndexRepository(db, { warn: (_err, message) => warned.push(message) });
          const expected = await searchIndexRepository(t.db.kysely).rank(['harbour'], 10, 0, 'index');
          expect(await search.rank(['harbour'], 10)).toEqual(expected);
          expect(warned).toEqual(['search: could not read the word statistics (pg_stats); choosing the index path']);
          // asked again only after a while, not on every search
          expect(await search.rank(['harbour'], 10)).toEqual(expected);
          expect(warned).toHaveLength(1);
        } finally {
          await db.destroy();
          await sql`drop schema trap cascade`.execute(t.db.kysely);
        }
      });

    if (target.name === 'postgres')
      it('keeps the narrow index’s vectors out of line (all but one-word ones) and stripped, through updates too (migration 0920)', async () => {
        const db = t.db.kysely;
        const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
        const short = await t.repos.posts.create({ type: 'post', slug: 'short-vector', title: 'Short', excerpt: '', blocks: [para('a few words')], authorId, publishedAt: '2026-01-02T08:00:00.000Z' });
        const longer = await t.repos.posts.create({ type: 'post', slug: 'long-vector', title: 'Long', excerpt: '', blocks: [para(long)], authorId, publishedAt: '2026-01-02T08:00:00.000Z' });
        await sql`update posts set title = 'Short again' where id = ${short}`.execute(db);
        await sql`update posts set body = ${JSON.stringify([para('now short')])} where id = ${longer}`.execute(db);
        const toast = (await sql<{ t: string }>`select reltoastrelid::regclass::text as t from pg_class where oid = 'post_search_gin'::regclass`.execute(db)).rows[0]!.t;
        // a vector no longer than the pointer to it (a post of one word) is not worth moving
        await t.repos.posts.create({ type: 'post', slug: 'one-word-vector', title: 'Kelpie', excerpt: '', blocks: [], authorId, publishedAt: '2026-01-02T08:00:00.000Z' });
        const rows = await sql<{ rows: number; tiny: number; stripped: boolean }>`select count(*)::int as rows, (count(*) filter (where pg_column_size(document || ''::tsvector) <= 24))::int as tiny,
          bool_and(document = strip(document)) as stripped from post_search_gin`.execute(db);
        const outOfLine = await sql<{ n: number }>`select count(distinct chunk_id)::int as n from ${sql.table(toast)}`.execute(db);
        const { rows: all, tiny, stripped } = rows.rows[0]!;
        expect(tiny).toBeGreaterThanOrEqual(1);
        expect(all - tiny).toBeGreaterThan(2);
        expect({ outOfLine: outOfLine.rows[0]!.n, stripped }).toEqual({ outOfLine: all - tiny, stripped: true });
        // and the index still finds them by their words
        expect(await slugs('short again')).toContain('short-vector');
        expect(await slugs('now short')).toContain('long-vector');
      });

    if (target.name === 'postgres')
      it('reads those with some of the words after all when fewer than the statistics expected hold all of them', async () => {
        const db = t.db.kysely;
        // two words each in half of 12,000 posts but never together: were they independent, ~2,800 would hold both
        const n = 12_000;
        await sql`insert into posts (type, slug, title, excerpt, body, format, status, author_id, featured_media_id, allow_rating, meta, published_at, updated_at, created_at)
          select 'post', 'apart-' || i, case when i % 2 = 0 then 'Wrack ' || i else 'Spume ' || i end, '', '[]',
            'standard', 'publish', ${authorId}, null, 0, '{}', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'
          from generate_series(1, ${n}) as i`.execute(db);
        const together = await t.repos.posts.create({ type: 'post', slug: 'together', title: 'Wrack and spume', excerpt: '', blocks: [], authorId, publishedAt: '2026-03-02T00:00:00.000Z' });
        await sql`analyze post_search`.execute(db);
        // a Kysely of its own: word statistics are kept per database object, and this one has none yet
        const fresh = db.withoutPlugins();
        const r = await sql<{ posts: number; words: string[]; freqs: number[] }>`select c.reltuples as posts, s.most_common_elems::text::text[] as words, s.most_common_elem_freqs as freqs
          from pg_stats s join pg_class c on c.oid = 'post_search'::regclass where s.tablename = 'post_search' and s.attname = 'document'`.execute(fresh);
        const { posts, words, freqs } = r.rows[0]!;
        const stats = { posts: Number(posts), words, freqs: freqs.slice(0, words.length), min: freqs[words.length]!, at: 0 };
        expect(estimateShare(stats, ['wrack', 'spume'], '&')! * stats.posts).toBeGreaterThan(2 * RANK_WINDOW);
        const search = searchIndexRepository(fresh);
        const found = await search.rank(['wrack', 'spume'], 5);
        expect(found).toEqual(await search.rank(['wrack', 'spume'], 5, 0, 'walk'));
        // the one with both words first, then the newest with one of them
        expect(found.ids[0]).toBe(together);
        expect(found.total).toBeGreaterThan(RANK_WINDOW / 2);
      });

    it('the body text in SQL equals the TypeScript one', async () => {
      const bodies = [
        [para('One <em>two</em> &lt;three&gt; &quot;four&quot; &#39;five&#039;&nbsp;six'), { type: 'heading', level: 2, text: 'Seven' }, { type: 'list', ordered: false, items: ['<b>eight</b>', 'nine'] }],
        [{ type: 'smartlist', items: [{ title: 'Ten', anchor: 'a', html: '<i>eleven</i>' }, { title: 'Twelve', anchor: 'b', html: 'x' }] }, { type: 'review', title: 'R', summary: 'S', scores: [{ label: 'l', value: 1 }], verdict: 'V' }, { type: 'image', media: 1 }],
        'not json',
        { not: 'an array' },
        [null, 3, { type: 'list', items: 'oops' }, { type: 'quote', html: 'Q\uE000' }],
      ];
      for (const b of bodies) {
        const json = typeof b === 'string' ? b : JSON.stringify(b);
        const r = await sql<{ t: string }>`select masthead_search_text(${json}) as t`.execute(t.db.kysely);
        expect(r.rows[0]!.t, json).toBe(searchableText(json));
      }
    });
  });
}
