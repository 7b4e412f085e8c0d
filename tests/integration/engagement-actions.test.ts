/**
 * Like, rating and post-state theme actions against real databases (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set): schema + handler, as the theme-call endpoint runs them after its
 * nonce and Origin checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AstroCookies } from 'astro';
import { testDatabases, type TestDb } from '../support/db.ts';
import type { Action, ActionContext, ActionResult } from '../../src/server/actions/registry.server.ts';
import type { Runtime } from '../../src/server/runtime.server.ts';
import { likeAction } from '../../src/features/likes/action.server.ts';
import { rateAction } from '../../src/features/rating/action.server.ts';
import { postStateAction } from '../../src/features/engagement/action.server.ts';
import { actions } from '../../src/server/actions/index.server.ts';

/** A cookie jar with the AstroCookies methods the actions use. */
function jar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const options = new Map<string, Record<string, unknown>>();
  const cookies = {
    get: (name: string) => (values.has(name) ? { value: values.get(name)! } : undefined),
    set: (name: string, value: string, opts: Record<string, unknown> = {}) => {
      values.set(name, value);
      options.set(name, opts);
    },
    has: (name: string) => values.has(name),
    delete: (name: string) => values.delete(name),
  };
  return { cookies: cookies as unknown as AstroCookies, values, options };
}

for (const target of testDatabases()) {
  describe(`engagement actions on ${target.name}`, () => {
    let t: TestDb;
    let recipe: number;
    let closed: number;
    let draft: number;

    const call = async (action: Action, fields: Record<string, unknown>, visitor: string, cookies = jar().cookies): Promise<ActionResult> => {
      const parsed = action.schema.safeParse(fields);
      if (!parsed.success) return { success: false, status: 400, data: { code: 'invalid_input', message: parsed.error.issues[0]?.message } };
      const ctx: ActionContext = {
        runtime: { repos: t.repos } as unknown as Runtime,
        user: null,
        sessionId: null,
        visitor,
        ip: '127.0.0.1',
        userAgent: 'vitest',
        cookies,
        url: new URL('http://127.0.0.1/'),
        secure: false,
      };
      return action.handler(parsed.data, ctx);
    };

    beforeAll(async () => {
      t = await target.open();
      const authorId = await t.repos.users.create({ login: 'ana', slug: 'ana-ruiz', email: 'ana@example.com', displayName: 'Ana Ruiz', role: 'author', passwordHash: 'x' });
      const base = { type: 'post' as const, excerpt: '', blocks: [{ type: 'paragraph' as const, html: 'Hello' }], authorId, publishedAt: '2026-01-01T00:00:00.000Z' };
      recipe = await t.repos.posts.create({ ...base, slug: 'cake', title: 'Cake', allowRating: true });
      closed = await t.repos.posts.create({ ...base, slug: 'closed', title: 'Closed', allowRating: false });
      draft = await t.repos.posts.create({ ...base, slug: 'draft', title: 'Draft', allowRating: true });
      // no repository method unpublishes a post yet: set the status directly for this case
      await t.db.kysely.updateTable('posts').set({ status: 'draft' }).where('id', '=', draft).execute();
      for (const [i, r] of [5, 4, 5].entries()) await t.repos.engagement.rate(recipe, `seed:${i}`, r);
      for (let i = 0; i < 3; i++) await t.repos.engagement.toggleLike(recipe, `seed:${i}`);
    });
    afterAll(async () => t?.close());

    it('registers the three actions under their wire names', () => {
      const names = actions.map((a) => a.name);
      expect(names).toEqual(expect.arrayContaining(['masthead-post-like', 'masthead_rateyo', 'masthead_post_state']));
    });

    it('likes, unlikes and toggles per visitor, counting every visitor once', async () => {
      const like = (visitor: string, field?: string) => call(likeAction, { post_id: String(recipe), ...(field === undefined ? {} : { masthead_post_like: field }) }, visitor);
      expect(await like('v:alice', '1')).toEqual({ success: true, data: { liked: true, count: 4 } });
      // the same state again (a retried call) does not count twice
      expect(await like('v:alice', '1')).toEqual({ success: true, data: { liked: true, count: 4 } });
      expect(await like('v:bob', '1')).toEqual({ success: true, data: { liked: true, count: 5 } });
      expect(await like('v:alice', '0')).toEqual({ success: true, data: { liked: false, count: 4 } });
      // an empty field toggles, as the reference
      expect(await like('v:alice', '')).toEqual({ success: true, data: { liked: true, count: 5 } });
      expect(await like('v:alice')).toEqual({ success: true, data: { liked: false, count: 4 } });
      expect(await t.repos.engagement.likeCount(recipe)).toBe(4);
      expect(await t.repos.engagement.hasLiked(recipe, 'v:bob')).toBe(true);
    });

    it('refuses likes of missing or unpublished posts and bad ids', async () => {
      expect((await call(likeAction, { post_id: '999999', masthead_post_like: '1' }, 'v:alice')).status).toBe(404);
      expect((await call(likeAction, { post_id: String(draft), masthead_post_like: '1' }, 'v:alice')).status).toBe(404);
      expect((await call(likeAction, { post_id: 'abc' }, 'v:alice')).success).toBe(false);
    });

    it('stores one vote per visitor and answers the new average', async () => {
      const { cookies, values, options } = jar();
      const first = await call(rateAction, { postid: String(recipe), rating: '3' }, 'v:carol', cookies);
      expect(first).toEqual({ success: true, data: { total: 17, people: 4, average: 17 / 4 } });
      expect(values.get('masthead_rated')).toBe(String(recipe));
      expect(options.get('masthead_rated')).toMatchObject({ path: '/', httpOnly: false });
      // the same visitor again, even without the cookie: refused, nothing changes
      const again = await call(rateAction, { postid: String(recipe), rating: '5' }, 'v:carol');
      expect(again.success).toBe(false);
      expect(again.status).toBe(409);
      expect(again.data).toMatchObject({ code: 'already_rated', total: 17, people: 4 });
      // a new visitor id with the cookie of a past vote: refused too
      const cookieOnly = await call(rateAction, { postid: String(recipe), rating: '5' }, 'v:dave', jar({ masthead_rated: `7.${recipe}` }).cookies);
      expect(cookieOnly.status).toBe(409);
      expect(await t.repos.engagement.rating(recipe)).toEqual({ total: 17, people: 4, average: 17 / 4 });
    });

    it("rejects ratings outside 0..5 with the reference's message", async () => {
      for (const rating of ['6', '-1', 'abc', '', '5.5']) {
        const r = await call(rateAction, { postid: String(recipe), rating }, `v:bad-${rating}`);
        expect(r.status, rating).toBe(400);
        expect(r.data).toEqual({ code: 'invalid_rating', message: 'Invalid Rating, expected value between 0 and 5' });
      }
      expect((await call(rateAction, { postid: String(recipe), rating: '0' }, 'v:zero')).success).toBe(true);
      expect((await t.repos.engagement.rating(recipe)).people).toBe(5);
    });

    it('refuses votes on posts that take none', async () => {
      expect((await call(rateAction, { postid: String(closed), rating: '4' }, 'v:erin')).status).toBe(403);
      expect((await call(rateAction, { postid: '999999', rating: '4' }, 'v:erin')).status).toBe(404);
      expect((await t.repos.engagement.rating(closed)).people).toBe(0);
    });

    it("answers the visitor's own state and fresh counts for several posts", async () => {
      await call(likeAction, { post_id: String(closed), masthead_post_like: '1' }, 'v:carol');
      const r = await call(postStateAction, { post_ids: `${recipe},${closed},424242` }, 'v:carol');
      expect(r.success).toBe(true);
      const posts = (r.data as { posts: Record<string, unknown> }).posts;
      expect(posts[String(recipe)]).toEqual({ liked: false, likes: 4, rated: true, myRating: 3, rating: { total: 17, people: 5, average: 17 / 5 } });
      expect(posts[String(closed)]).toEqual({ liked: true, likes: 1, rated: false, myRating: null, rating: { total: 0, people: 0, average: 0 } });
      expect(posts['424242']).toMatchObject({ liked: false, likes: 0, rated: false });
      const bob = await call(postStateAction, { post_ids: [String(recipe)] }, 'v:bob');
      expect((bob.data as { posts: Record<string, { liked: boolean; rated: boolean }> }).posts[String(recipe)]).toMatchObject({ liked: true, rated: false });
    });

    it('validates the post id list', async () => {
      expect((await call(postStateAction, { post_ids: '' }, 'v:x')).success).toBe(false);
      expect((await call(postStateAction, { post_ids: '1,x' }, 'v:x')).success).toBe(false);
      expect((await call(postStateAction, { post_ids: Array.from({ length: 51 }, (_, i) => String(i + 1)).join(',') }, 'v:x')).success).toBe(false);
    });

    it('keeps likes and votes across a reopened database (restarts)', async () => {
      // the rows are in the database, not in memory: a fresh repository set sees them
      const { createRepositories } = await import('../../src/server/db/repositories/index.server.ts');
      const fresh = createRepositories(t.db.kysely);
      expect(await fresh.engagement.likeCount(recipe)).toBe(4);
      expect((await fresh.engagement.rating(recipe)).people).toBe(5);
    });
  });
}
