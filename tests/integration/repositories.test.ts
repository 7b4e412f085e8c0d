import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabases, type TestDb } from '../support/db.ts';
import type { Block } from '../../src/features/post/blocks.ts';

const para = (html: string): Block => ({ type: 'paragraph', html });

for (const target of testDatabases()) {
  describe(`repositories on ${target.name}`, () => {
    let t: TestDb;
    let authorId: number;
    let travel: number;
    let food: number;
    let tag: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      t = await target.open();
      const { repos } = t;
      authorId = await repos.users.create({ login: 'ana', slug: 'ana-ruiz', email: 'ana@example.com', displayName: 'Ana Ruiz', role: 'author', passwordHash: 'x' });
      travel = await repos.terms.create('category', 'travel', 'Travel');
      food = await repos.terms.create('category', 'food', 'Food');
      tag = await repos.terms.create('tag', 'coast', 'Coast');
      const media = await repos.media.create({ file: '/media/demo/a-1600.webp', mime: 'image/webp', width: 1600, height: 1067, alt: 'A harbour', variants: [{ width: 480, height: 320, file: '/media/demo/a-480.webp' }] });
      const specs = [
        ['oldest', '2026-01-01T08:00:00.000Z', travel, 'Sea air and 50% less noise'],
        ['middle', '2026-02-01T08:00:00.000Z', food, 'Lemon cake'],
        ['newest', '2026-03-01T08:00:00.000Z', travel, 'Harbour walk'],
      ] as const;
      for (const [slug, date, cat, title] of specs) {
        ids[slug] = await repos.posts.create({
          type: 'post',
          slug,
          title,
          excerpt: `About ${slug}`,
          blocks: [para(`Body of <em>${slug}</em>`), { type: 'image', media }],
          authorId,
          featuredMediaId: media,
          publishedAt: date,
          categoryIds: [cat],
          tagIds: slug === 'newest' ? [tag] : [],
        });
      }
      ids.page = await repos.posts.create({ type: 'page', slug: 'about', title: 'About', excerpt: '', blocks: [para('Hello')], authorId, publishedAt: '2026-01-05T00:00:00.000Z' });
    });
    afterAll(async () => t?.close());

    it('lists newest first with authors, categories and featured media', async () => {
      const { items, total } = await t.repos.posts.list({ limit: 10 });
      expect(total).toBe(3);
      expect(items.map((p) => p.slug)).toEqual(['newest', 'middle', 'oldest']);
      expect(items[0]!.author.displayName).toBe('Ana Ruiz');
      expect(items[0]!.categories.map((c) => c.slug)).toEqual(['travel']);
      expect(items[0]!.featured?.variants[0]?.width).toBe(480);
      expect(items[0]!.url).toBe('/newest/');
    });

    it('filters by category, tag, author, date, searches and pages through results', async () => {
      expect((await t.repos.posts.list({ category: 'travel', limit: 10 })).items.map((p) => p.slug)).toEqual(['newest', 'oldest']);
      expect((await t.repos.posts.list({ tag: 'coast', limit: 10 })).items.map((p) => p.slug)).toEqual(['newest']);
      expect((await t.repos.posts.list({ author: 'ana-ruiz', limit: 10 })).total).toBe(3);
      expect((await t.repos.posts.list({ author: 'nobody', limit: 10 })).total).toBe(0);
      expect((await t.repos.posts.list({ year: 2026, month: 2, limit: 10 })).items.map((p) => p.slug)).toEqual(['middle']);
      // full-text search (tests/integration/search.test.ts has the rest)
      expect((await t.repos.posts.search('LEMON', 10)).items.map((p) => p.slug)).toEqual(['middle']);
      expect((await t.repos.posts.search('50%', 10)).items.map((p) => p.slug)).toEqual(['oldest']);
      expect((await t.repos.posts.search('%', 10)).total).toBe(0);
      const page2 = await t.repos.posts.list({ limit: 2, offset: 2 });
      expect(page2.items.map((p) => p.slug)).toEqual(['oldest']);
      expect(page2.total).toBe(3);
      expect((await t.repos.posts.list({ order: 'oldest', limit: 1 })).items[0]!.slug).toBe('oldest');
      expect((await t.repos.posts.list({ order: 'title', limit: 1 })).items[0]!.slug).toBe('newest');
    });

    it('reads a single post with its body, tags and body media; pages separately', async () => {
      const post = await t.repos.posts.bySlug('newest');
      expect(post?.blocks[0]).toEqual(para('Body of <em>newest</em>'));
      expect(post?.tags.map((x) => x.slug)).toEqual(['coast']);
      expect(Object.keys(post!.media)).toHaveLength(1);
      expect(await t.repos.posts.bySlug('about', 'post')).toBeNull();
      expect((await t.repos.posts.bySlug('about', 'page'))?.type).toBe('page');
      expect(await t.repos.posts.bySlug('missing')).toBeNull();
    });

    it('chains previous and next posts by date, ignoring pages', async () => {
      const newest = (await t.repos.posts.bySlug('newest'))!;
      const prev = await t.repos.posts.previous(newest);
      expect(prev?.url).toBe('/middle/');
      const oldest = (await t.repos.posts.bySlug('oldest'))!;
      expect(await t.repos.posts.previous(oldest)).toBeNull();
      expect((await t.repos.posts.next(oldest))?.url).toBe('/middle/');
      expect(await t.repos.posts.next(newest)).toBeNull();
    });

    it('rejects an invalid body instead of storing it', async () => {
      await expect(
        t.repos.posts.create({ type: 'post', slug: 'bad', title: 'Bad', excerpt: '', blocks: [{ type: 'nope' } as unknown as Block], authorId, publishedAt: '2026-01-01T00:00:00.000Z' }),
      ).rejects.toThrow();
      expect(await t.repos.posts.bySlug('bad')).toBeNull();
    });

    it('finds related posts by category and counts terms', async () => {
      const newest = (await t.repos.posts.bySlug('newest'))!;
      const related = await t.repos.posts.related(newest, 2);
      expect(related.map((p) => p.slug)).toEqual(['oldest', 'middle']);
      const cats = await t.repos.terms.list('category');
      expect(cats.map((c) => [c.slug, c.count])).toEqual([
        ['food', 1],
        ['travel', 2],
      ]);
    });

    it('builds menus as trees', async () => {
      await t.repos.menus.replace('main', [{ label: 'Home', url: '/' }, { label: 'Travel', url: '/category/travel/', megaTermId: travel, children: [{ label: 'Coast', url: '/tag/coast/' }] }]);
      const tree = await t.repos.menus.tree('main');
      expect(tree.map((m) => m.label)).toEqual(['Home', 'Travel']);
      expect(tree[1]!.megaTermId).toBe(travel);
      expect(tree[1]!.children.map((c) => c.label)).toEqual(['Coast']);
      await t.repos.menus.replace('main', [{ label: 'Only', url: '/' }]);
      expect((await t.repos.menus.tree('main')).map((m) => m.label)).toEqual(['Only']);
    });

    it('stores validated settings and falls back to defaults', async () => {
      const schema = z.object({ title: z.string().default('Masthead'), perPage: z.number().int().min(1).default(6) });
      expect(await t.repos.settings.get('site-test', schema)).toEqual({ title: 'Masthead', perPage: 6 });
      await t.repos.settings.set('site-test', schema, { title: 'Daily', perPage: 9 });
      expect(await t.repos.settings.get('site-test', schema)).toEqual({ title: 'Daily', perPage: 9 });
      await expect(t.repos.settings.set('site-test', schema, { title: 'X', perPage: 0 })).rejects.toThrow();
      expect((await t.repos.settings.get('site-test', schema)).perPage).toBe(9);
    });

    it('increments counters atomically', async () => {
      expect(await t.repos.counters.get('v')).toBe(0);
      await Promise.all([t.repos.counters.increment('v'), t.repos.counters.increment('v'), t.repos.counters.increment('v')]);
      expect(await t.repos.counters.get('v')).toBe(3);
    });

    it('toggles likes per visitor and keeps one rating per visitor', async () => {
      const id = ids.newest!;
      expect(await t.repos.engagement.toggleLike(id, 'v:a')).toEqual({ liked: true, count: 1 });
      expect(await t.repos.engagement.toggleLike(id, 'v:b')).toEqual({ liked: true, count: 2 });
      expect(await t.repos.engagement.toggleLike(id, 'v:a')).toEqual({ liked: false, count: 1 });
      expect(await t.repos.engagement.hasLiked(id, 'v:b')).toBe(true);
      expect((await t.repos.engagement.likeCounts([id, ids.oldest!])).get(id)).toBe(1);
      expect(await t.repos.engagement.rate(id, 'v:a', 4)).toBe(true);
      expect(await t.repos.engagement.rate(id, 'v:a', 1)).toBe(false);
      expect(await t.repos.engagement.rate(id, 'v:b', 5)).toBe(true);
      expect(await t.repos.engagement.rating(id)).toEqual({ total: 9, people: 2, average: 4.5 });
      await t.repos.engagement.countView(id, '2026-03-02');
      await t.repos.engagement.countView(id, '2026-03-02');
      await t.repos.engagement.countView(id, '2026-03-03');
      expect(await t.repos.engagement.views(id)).toBe(3);
      // the "most liked" order uses the counts
      expect((await t.repos.posts.list({ order: 'popular', limit: 1 })).items[0]!.slug).toBe('newest');
    });

    it('finds users by login or e-mail, case-insensitively', async () => {
      expect((await t.repos.users.byLoginOrEmail('ANA'))?.id).toBe(authorId);
      expect((await t.repos.users.byLoginOrEmail('Ana@Example.com'))?.passwordHash).toBe('x');
      expect(await t.repos.users.byLoginOrEmail('')).toBeNull();
      expect(await t.repos.users.exists('ana', 'other@example.com')).toEqual({ login: true, email: false });
      await expect(t.repos.users.create({ login: 'ana', email: 'x@example.com', displayName: 'Dup', role: 'subscriber', passwordHash: 'y' })).rejects.toThrow();
    });

    it('keeps sessions until they expire and signs out everywhere', async () => {
      const future = new Date(Date.now() + 3600_000).toISOString();
      await t.repos.sessions.create({ id: 's1', userId: authorId, persistent: true, expiresAt: future, userAgent: 'ua', ip: '127.0.0.1' });
      await t.repos.sessions.create({ id: 's2', userId: authorId, persistent: false, expiresAt: future, userAgent: 'ua', ip: '127.0.0.1' });
      await t.repos.sessions.create({ id: 'old', userId: authorId, persistent: false, expiresAt: new Date(Date.now() - 1000).toISOString(), userAgent: 'ua', ip: '127.0.0.1' });
      expect((await t.repos.sessions.find('s1'))?.persistent).toBe(true);
      expect(await t.repos.sessions.find('old')).toBeNull();
      await t.repos.sessions.deleteForUser(authorId, 's1');
      expect(await t.repos.sessions.find('s2')).toBeNull();
      expect(await t.repos.sessions.find('s1')).not.toBeNull();
    });

    it('consumes one-time tokens once and never after expiry', async () => {
      await t.repos.tokens.create({ id: 'tok', userId: authorId, purpose: 'reset', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
      await t.repos.tokens.create({ id: 'late', userId: authorId, purpose: 'reset', expiresAt: new Date(Date.now() - 1).toISOString() });
      expect(await t.repos.tokens.consume('tok', 'other')).toBeNull();
      expect(await t.repos.tokens.consume('tok', 'reset')).toBe(authorId);
      expect(await t.repos.tokens.consume('tok', 'reset')).toBeNull();
      expect(await t.repos.tokens.consume('late', 'reset')).toBeNull();
      // housekeeping removes the used and the expired ones, and keeps a live one
      await t.repos.tokens.create({ id: 'live', userId: authorId, purpose: 'reset', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
      await t.repos.tokens.purgeExpired();
      const left = await t.db.kysely.selectFrom('one_time_tokens').select('id').where('id', 'in', ['tok', 'late', 'live']).execute();
      expect(left.map((r) => r.id)).toEqual(['live']);
    });

    it('keeps user names and e-mails unique whatever their case, by constraint', async () => {
      const base = { slug: 'zoe-case', displayName: 'Zoë', role: 'subscriber' as const, passwordHash: 'x' };
      const id = await t.repos.users.create({ ...base, login: 'Straße.Zoë', email: 'Zoe.Case@Example.com' });
      // both inserts race past any check: the database refuses the second
      const results = await Promise.allSettled([
        t.repos.users.create({ ...base, slug: 'zoe-case-2', login: 'STRASSE.ZOË', email: 'another@example.com' }),
        t.repos.users.create({ ...base, slug: 'zoe-case-3', login: 'someone-else', email: 'zoe.case@EXAMPLE.COM' }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((await t.repos.users.byLoginOrEmail('strasse.zoë'))?.id).toBe(id);
      expect(await t.repos.users.exists('STRASSE.ZOË', 'nobody@example.com')).toEqual({ login: true, email: false });
    });

    it('queues mail and records delivery attempts under a claim', async () => {
      const id = await t.repos.outbox.enqueue({ to: 'ed@example.com', subject: 'Hi', text: 'Body' });
      const [claimed] = await t.repos.outbox.claim({ leaseMs: 60_000, id });
      expect(claimed).toMatchObject({ id, attempts: 1 });
      expect(await t.repos.outbox.claim({ leaseMs: 60_000, id })).toEqual([]);
      expect(await t.repos.outbox.markFailed(id, claimed!.leaseToken, 'down', new Date(Date.now() + 60_000).toISOString())).toBe(true);
      expect(await t.repos.outbox.claim({ leaseMs: 60_000, id })).toEqual([]);
      expect((await t.repos.outbox.byId(id))?.attempts).toBe(1);
      expect(await t.repos.outbox.stateOf(id)).toMatchObject({ state: 'queued', attempts: 1, lastError: 'down' });
      expect(await t.repos.outbox.markSent(id, claimed!.leaseToken)).toBe(false); // the claim was given back
      expect((await t.repos.outbox.byId(id))?.status).toBe('pending');
    });

    it('stores portfolio items and filters them by category, excluding shown ids', async () => {
      const brand = await t.repos.terms.create('portfolio_category', 'branding', 'Branding');
      const web = await t.repos.terms.create('portfolio_category', 'web', 'Web');
      const a = await t.repos.portfolio.create({ slug: 'a', title: 'A', excerpt: '', blocks: [], featuredMediaId: null, layout: 1, meta: {}, publishedAt: '2026-01-01T00:00:00.000Z', categoryIds: [brand] });
      const b = await t.repos.portfolio.create({ slug: 'b', title: 'B', excerpt: '', blocks: [], featuredMediaId: null, layout: 3, meta: { client: 'C' }, publishedAt: '2026-01-02T00:00:00.000Z', categoryIds: [web] });
      expect((await t.repos.portfolio.list({ limit: 10 })).items.map((i) => i.id)).toEqual([b, a]);
      expect((await t.repos.portfolio.list({ term: 'branding', limit: 10 })).items.map((i) => i.id)).toEqual([a]);
      const rest = await t.repos.portfolio.list({ term: '*', excludeIds: [b], limit: 10 });
      expect(rest.items.map((i) => i.id)).toEqual([a]);
      expect(rest.total).toBe(2);
      expect((await t.repos.portfolio.bySlug('b'))?.layout).toBe(3);
    });

    it('runs several repository calls in one transaction', async () => {
      await expect(
        t.repos.transaction(async (r) => {
          await r.terms.create('tag', 'temp', 'Temp');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await t.repos.terms.bySlug('tag', 'temp')).toBeNull();
    });
  });
}
