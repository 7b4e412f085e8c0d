import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import type { RatingSummary } from '../../../features/post/types.ts';
import { now } from './util.server.ts';

/** A visitor's own state of one post, with fresh counts (the page itself is cached). */
export interface VisitorPostState {
  liked: boolean;
  likes: number;
  rated: boolean;
  myRating: number | null;
  rating: RatingSummary;
}

/** Likes, star ratings and the first-party page-view counter. */
export function engagementRepository(db: Kysely<Database>) {
  const likeCount = async (postId: number) => {
    const r = await db.selectFrom('likes').select((eb) => eb.fn.countAll<number>().as('n')).where('post_id', '=', postId).executeTakeFirst();
    return Number(r?.n ?? 0);
  };
  return {
    likeCount,
    async likeCounts(postIds: readonly number[]): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      if (!postIds.length) return out;
      const rows = await db
        .selectFrom('likes')
        .select(['post_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('post_id', 'in', [...postIds])
        .groupBy('post_id')
        .execute();
      for (const r of rows) out.set(r.post_id, Number(r.n));
      return out;
    },
    async hasLiked(postId: number, visitor: string): Promise<boolean> {
      return !!(await db.selectFrom('likes').select('post_id').where('post_id', '=', postId).where('visitor', '=', visitor).executeTakeFirst());
    },
    /** Toggles the visitor's like; answers the new state and count. */
    async toggleLike(postId: number, visitor: string): Promise<{ liked: boolean; count: number }> {
      return db.transaction().execute(async (trx) => {
        const del = await trx.deleteFrom('likes').where('post_id', '=', postId).where('visitor', '=', visitor).executeTakeFirst();
        let liked = false;
        if (Number(del.numDeletedRows) === 0) {
          await trx.insertInto('likes').values({ post_id: postId, visitor, created_at: now() }).onConflict((oc) => oc.doNothing()).execute();
          liked = true;
        }
        const r = await trx.selectFrom('likes').select((eb) => eb.fn.countAll<number>().as('n')).where('post_id', '=', postId).executeTakeFirst();
        return { liked, count: Number(r?.n ?? 0) };
      });
    },
    /** Sets the visitor's like of a post (idempotent); answers the stored state and count. */
    async setLike(postId: number, visitor: string, liked: boolean): Promise<{ liked: boolean; count: number }> {
      return db.transaction().execute(async (trx) => {
        if (liked) {
          await trx.insertInto('likes').values({ post_id: postId, visitor, created_at: now() }).onConflict((oc) => oc.columns(['post_id', 'visitor']).doNothing()).execute();
        } else {
          await trx.deleteFrom('likes').where('post_id', '=', postId).where('visitor', '=', visitor).execute();
        }
        const r = await trx.selectFrom('likes').select((eb) => eb.fn.countAll<number>().as('n')).where('post_id', '=', postId).executeTakeFirst();
        return { liked, count: Number(r?.n ?? 0) };
      });
    },
    /** Whether a published post takes votes; null when there is no such published post. */
    async ratingOpen(postId: number): Promise<boolean | null> {
      const r = await db.selectFrom('posts').select('allow_rating').where('id', '=', postId).where('status', '=', 'publish').executeTakeFirst();
      return r ? r.allow_rating === 1 : null;
    },
    /** The visitor's own state of several posts at once (likes and ratings, with fresh counts). */
    async stateFor(postIds: readonly number[], visitor: string): Promise<Map<number, VisitorPostState>> {
      const out = new Map<number, VisitorPostState>();
      const ids = [...new Set(postIds)];
      for (const id of ids) out.set(id, { liked: false, likes: 0, rated: false, myRating: null, rating: { total: 0, people: 0, average: 0 } });
      if (!ids.length) return out;
      const [likes, liked, ratings, mine] = await Promise.all([
        db.selectFrom('likes').select(['post_id', (eb) => eb.fn.countAll<number>().as('n')]).where('post_id', 'in', ids).groupBy('post_id').execute(),
        db.selectFrom('likes').select('post_id').where('post_id', 'in', ids).where('visitor', '=', visitor).execute(),
        db
          .selectFrom('ratings')
          .select(['post_id', (eb) => eb.fn.sum<number>('rating').as('total'), (eb) => eb.fn.countAll<number>().as('people')])
          .where('post_id', 'in', ids)
          .groupBy('post_id')
          .execute(),
        db.selectFrom('ratings').select(['post_id', 'rating']).where('post_id', 'in', ids).where('visitor', '=', visitor).execute(),
      ]);
      for (const r of likes) out.get(r.post_id)!.likes = Number(r.n);
      for (const r of liked) out.get(r.post_id)!.liked = true;
      for (const r of ratings) {
        const total = Number(r.total ?? 0);
        const people = Number(r.people ?? 0);
        out.get(r.post_id)!.rating = { total, people, average: people ? total / people : 0 };
      }
      for (const r of mine) Object.assign(out.get(r.post_id)!, { rated: true, myRating: Number(r.rating) });
      return out;
    },
    async rating(postId: number): Promise<RatingSummary> {
      const r = await db
        .selectFrom('ratings')
        .select([(eb) => eb.fn.sum<number>('rating').as('total'), (eb) => eb.fn.countAll<number>().as('people')])
        .where('post_id', '=', postId)
        .executeTakeFirst();
      const total = Number(r?.total ?? 0);
      const people = Number(r?.people ?? 0);
      return { total, people, average: people ? total / people : 0 };
    },
    async hasRated(postId: number, visitor: string): Promise<boolean> {
      return !!(await db.selectFrom('ratings').select('post_id').where('post_id', '=', postId).where('visitor', '=', visitor).executeTakeFirst());
    },
    /** Stores one vote per visitor; false when this visitor had already voted. */
    async rate(postId: number, visitor: string, rating: number): Promise<boolean> {
      const r = await db
        .insertInto('ratings')
        .values({ post_id: postId, visitor, rating, created_at: now() })
        .onConflict((oc) => oc.columns(['post_id', 'visitor']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async countView(postId: number, day = new Date().toISOString().slice(0, 10)): Promise<void> {
      await db
        .insertInto('page_views')
        .values({ post_id: postId, day, views: 1 })
        .onConflict((oc) => oc.columns(['post_id', 'day']).doUpdateSet((eb) => ({ views: eb('page_views.views', '+', 1) })))
        .execute();
    },
    async views(postId: number): Promise<number> {
      const r = await db.selectFrom('page_views').select((eb) => eb.fn.sum<number>('views').as('n')).where('post_id', '=', postId).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
export type EngagementRepository = ReturnType<typeof engagementRepository>;
