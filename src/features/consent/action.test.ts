import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../tests/support/db.ts';
import { countViewAction } from './action.server.ts';
import type { ActionContext } from '../../server/actions/registry.server.ts';
import type { Runtime } from '../../server/runtime.server.ts';

/** The first-party view counter against real databases. */
for (const target of testDatabases()) {
  describe(`masthead_count_view on ${target.name}`, () => {
    let t: TestDb;
    let postId: number;
    const setCookies: string[] = [];
    let ctx: ActionContext;

    beforeAll(async () => {
      t = await target.open();
      const authorId = await t.repos.users.create({ login: 'ana', slug: 'ana', email: 'ana@example.com', displayName: 'Ana', role: 'author', passwordHash: 'x' });
      postId = await t.repos.posts.create({ type: 'post', slug: 'story', title: 'Story', excerpt: '', blocks: [], authorId, publishedAt: '2026-01-01T08:00:00.000Z' });
      const cookies = { set: (name: string) => setCookies.push(name), delete: (name: string) => setCookies.push(`-${name}`) };
      ctx = {
        runtime: { repos: t.repos } as unknown as Runtime,
        user: null,
        sessionId: null,
        visitor: 'v:abcdefabcdefabcdef',
        ip: '127.0.0.1',
        userAgent: 'test',
        cookies: cookies as unknown as ActionContext['cookies'],
        url: new URL('http://127.0.0.1/story/'),
        secure: false,
      };
    });
    afterAll(async () => t?.close());

    it('validates post_id', () => {
      expect(countViewAction.schema.safeParse({ post_id: '12' }).success).toBe(true);
      expect(countViewAction.schema.safeParse({ post_id: 'abc' }).success).toBe(false);
      expect(countViewAction.schema.safeParse({ post_id: '-1' }).success).toBe(false);
      expect(countViewAction.schema.safeParse({}).success).toBe(false);
    });

    it('adds one view per call to the post, stores nothing about the visitor and sets no cookie', async () => {
      expect(await t.repos.engagement.views(postId)).toBe(0);
      expect(await countViewAction.handler({ post_id: postId }, ctx)).toEqual({ success: true, data: { counted: true } });
      await countViewAction.handler({ post_id: postId }, { ...ctx, visitor: 'v:someoneelse000000' });
      expect(await t.repos.engagement.views(postId)).toBe(2);
      const rows = await t.db.kysely.selectFrom('page_views').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]!).sort()).toEqual(['day', 'post_id', 'views']);
      expect(setCookies).toEqual([]);
    });

    it('answers 404 for a post that does not exist, counting nothing', async () => {
      const r = await countViewAction.handler({ post_id: postId + 999 }, ctx);
      expect(r).toMatchObject({ success: false, status: 404 });
      expect(await t.repos.engagement.views(postId + 999)).toBe(0);
    });
  });
}
