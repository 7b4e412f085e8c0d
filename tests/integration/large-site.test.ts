/**
 * A large site in small (issue 14, part 2): `seed:large`'s generator, archives paged from the
 * nearer end of the date index (every post exactly once, ties by id, on SQLite and PostgreSQL), and
 * the sitemap split into an index past its per-file limit (a small limit here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabases, type TestDb } from '../support/db.ts';
import { startTestSite, type TestSite } from '../support/site.ts';
import { seedLarge, SeedRefusedError } from '../../src/server/db/seed-large.server.ts';
import type { PostFilter } from '../../src/server/db/repositories/posts.server.ts';
import { sitemap, sitemapFile } from '../../src/features/seo/feeds.server.ts';
import { openDatabase } from '../../src/server/db/connect.server.ts';
import { createRepositories } from '../../src/server/db/repositories/index.server.ts';

const PER_PAGE = 7;

for (const target of testDatabases()) {
  describe(`archive pages from either end (${target.name})`, () => {
    let t: TestDb;
    const filters: [string, PostFilter][] = [['all posts', {}]];
    beforeAll(async () => {
      t = await target.open();
      await seedLarge(t.db.kysely, t.db.dialect, t.repos, { posts: 240, seed: 7, batch: 100 });
      const k = t.db.kysely;
      // a run of posts sharing one date, across page boundaries, and a draft that stays out
      const ids = (await k.selectFrom('posts').select('id').where('type', '=', 'post').orderBy('id').offset(100).limit(25).execute()).map((r) => r.id);
      await k.updateTable('posts').set({ published_at: '2024-03-03T03:03:00.000Z' }).where('id', 'in', ids).execute();
      await k.updateTable('posts').set({ status: 'draft' }).where('id', '=', ids[3]!).execute();
      const category = await k
        .selectFrom('term_relationships as tr')
        .innerJoin('terms', 'terms.id', 'tr.term_id')
        .select(['terms.slug', 'terms.taxonomy', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['terms.slug', 'terms.taxonomy'])
        .orderBy('n', 'desc')
        .execute();
      filters.push(['category', { category: category.find((c) => c.taxonomy === 'category')!.slug }]);
      filters.push(['tag', { tag: category.find((c) => c.taxonomy === 'tag' && Number(c.n) > 2 * PER_PAGE)!.slug }]);
      const author = await k.selectFrom('posts').select(['author_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('author_id').orderBy('n', 'desc').executeTakeFirstOrThrow();
      filters.push(['author', { authorId: author.author_id }]);
    });
    afterAll(() => t?.close());

    it('lists every published post exactly once, newest and oldest first, first, middle and last page alike', async () => {
      for (const [name, filter] of filters) {
        // what the order must be, computed here from all keys
        let q = t.db.kysely.selectFrom('posts').select(['posts.id', 'posts.published_at']).where('posts.type', '=', 'post').where('posts.status', '=', 'publish');
        if (filter.authorId) q = q.where('posts.author_id', '=', filter.authorId);
        if (filter.category || filter.tag) {
          const slug = (filter.category ?? filter.tag)!;
          q = q.where('posts.id', 'in', t.db.kysely.selectFrom('term_relationships as tr').innerJoin('terms', 'terms.id', 'tr.term_id').select('tr.object_id').where('terms.slug', '=', slug).where('terms.taxonomy', '=', filter.category ? 'category' : 'tag'));
        }
        const keys = await q.execute();
        const newest = keys.sort((a, b) => (a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : b.id - a.id)).map((r) => r.id);
        const total = await t.repos.posts.countPublished(filter);
        expect(total, name).toBe(newest.length);
        expect(total, name).toBeGreaterThan(2 * PER_PAGE);
        const pages = Math.ceil(total / PER_PAGE);
        for (const order of ['newest', 'oldest'] as const) {
          const seen: number[] = [];
          for (let p = 1; p <= pages; p++) {
            const items = await t.repos.posts.page({ ...filter, order }, p, PER_PAGE, total);
            expect(items.length, `${name} ${order} page ${p}`).toBe(p < pages ? PER_PAGE : total - (pages - 1) * PER_PAGE);
            seen.push(...items.map((i) => i.id));
          }
          expect(seen, `${name} ${order}`).toEqual(order === 'newest' ? newest : [...newest].reverse());
          expect(await t.repos.posts.page({ ...filter, order }, pages + 1, PER_PAGE, total), `${name}: past the end`).toEqual([]);
        }
      }
    });

    it('the equal dates are ordered by id, and a draft among them is left out', async () => {
      const total = await t.repos.posts.countPublished({});
      const all: { id: number; publishedAt: string }[] = [];
      for (let p = 1; p <= Math.ceil(total / PER_PAGE); p++) all.push(...(await t.repos.posts.page({ order: 'newest' }, p, PER_PAGE, total)));
      const tied = all.filter((x) => x.publishedAt === '2024-03-03T03:03:00.000Z').map((x) => x.id);
      expect(tied).toHaveLength(24);
      expect(tied).toEqual([...tied].sort((a, b) => b - a));
    });

    it('the sidebar’s most liked posts come from the likes, most first', async () => {
      const popular = await t.repos.posts.popular(4);
      expect(popular).toHaveLength(4);
      const counts = await Promise.all(popular.map((p) => t.repos.engagement.likeCount(p.id)));
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(counts[0]).toBeGreaterThan(0);
    });

    it('refuses to add to a site that has content of its own, unless forced', async () => {
      await expect(seedLarge(t.db.kysely, t.db.dialect, t.repos, { posts: 10 })).rejects.toBeInstanceOf(SeedRefusedError);
      const before = await t.repos.posts.count();
      await seedLarge(t.db.kysely, t.db.dialect, t.repos, { posts: 10, force: true });
      expect(await t.repos.posts.count()).toBe(before + 10);
    });
  });
}

describe('seed:large is deterministic', () => {
  it('the same seed into two fresh databases writes the same posts', async () => {
    const rows = async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'masthead-seed-'));
      const db = await openDatabase({ dataDir: dir });
      try {
        await seedLarge(db.kysely, db.dialect, createRepositories(db.kysely), { posts: 60, seed: 3 });
        return await db.kysely.selectFrom('posts').select(['id', 'slug', 'title', 'excerpt', 'body', 'author_id', 'featured_media_id', 'published_at']).orderBy('id').execute();
      } finally {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const [a, b] = [await rows(), await rows()];
    expect(a).toHaveLength(65);
    expect(b).toEqual(a);
  });
});

describe('a generated site through the server', () => {
  let server: TestSite;
  beforeAll(async () => {
    server = await startTestSite();
    // into the demo site, as `npm run seed:large -- --posts 300` does
    await seedLarge(server.runtime.db.kysely, server.runtime.db.dialect, server.runtime.repos, { posts: 300 });
    await server.runtime.contentChanged();
  });
  afterAll(() => server?.close());
  const get = async (p: string) => {
    const r = await fetch(server.url + p);
    return { status: r.status, html: await r.text() };
  };

  it('renders home, a generated article, and a category’s first and last page', async () => {
    expect((await get('/')).status).toBe(200);
    const post = (await server.runtime.repos.posts.list({ limit: 1, offset: 100 })).items[0]!;
    const article = await get(post.url);
    expect(article.status).toBe(200);
    expect(article.html).toContain(post.title);
    const first = await get('/category/travel/');
    expect(first.status).toBe(200);
    const last = Math.max(...[...first.html.matchAll(/[?&;]page=(\d+)/g)].map((m) => Number(m[1])));
    expect(last).toBeGreaterThan(2);
    const oldest = (await server.runtime.repos.posts.list({ category: 'travel', order: 'oldest', limit: 1 })).items[0]!;
    const lastPage = await get(`/category/travel/?page=${last}`);
    expect(lastPage.status).toBe(200);
    expect(lastPage.html).toContain(`href="${oldest.url}"`);
    const beyond = await get(`/category/travel/?page=${last + 1}`);
    expect(beyond.status).toBe(404);
    expect(beyond.html).toContain('<meta name="robots" content="noindex');
  });

  it('an author’s archive pages through all of the author’s posts', async () => {
    const author = (await server.runtime.repos.posts.list({ limit: 1, offset: 5 })).items[0]!.author;
    const total = await server.runtime.repos.posts.countPublished({ authorId: author.id });
    const page = await get(`/author/${author.slug}/`);
    expect(page.status).toBe(200);
    const pages = Math.max(1, ...[...page.html.matchAll(/[?&;]page=(\d+)/g)].map((m) => Number(m[1])));
    const perPage = (await server.runtime.settings()).site.postsPerPage;
    expect(pages).toBe(Math.ceil(total / perPage));
  });

  it('the sitemap becomes an index of files of at most the limit, together listing every address once', async () => {
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const single = await sitemap(server.runtime, 1_000_000);
    expect(single).toContain('<urlset');
    const all = locs(single);
    expect(all.length).toBeGreaterThan(300);
    const index = await sitemap(server.runtime, 100);
    expect(index).toContain('<sitemapindex');
    const files = locs(index);
    expect(files).toHaveLength(Math.ceil(all.length / 100));
    const listed: string[] = [];
    for (const [i, file] of files.entries()) {
      expect(file).toBe(`${server.url}/sitemap-${i + 1}.xml`);
      const part = locs((await sitemapFile(server.runtime, i + 1, 100))!);
      expect(part.length).toBeLessThanOrEqual(100);
      listed.push(...part);
    }
    expect(listed).toEqual(all);
    expect(await sitemapFile(server.runtime, files.length + 1, 100)).toBeNull();
    // at the protocol's limit this site fits in one file: /sitemap.xml is the list itself
    expect((await get('/sitemap.xml')).html).toContain('<urlset');
    expect((await get('/sitemap-1.xml')).status).toBe(404);
  });
});
