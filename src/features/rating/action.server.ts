import { z } from 'zod';
import { defineAction } from '../../server/actions/registry.server.ts';
import { RATED_COOKIE, parseRating, ratedIds, withRated } from './math.ts';

/**
 * `masthead_rateyo` {nonce, postid, rating}: one vote per visitor (signed-in user or anonymous
 * visitor cookie, enforced by the database; the `masthead_rated` cookie also lists the posts this
 * browser voted on). A rating outside 0..5 gets the reference's message. Answers the new
 * `{ total, people, average }`.
 */
export const rateAction = defineAction({
  name: 'masthead_rateyo',
  needsVisitor: true,
  schema: z.object({
    postid: z.coerce.number().int().positive(),
    rating: z.union([z.string(), z.number()]),
  }),
  async handler(input, { runtime, visitor, cookies, secure }) {
    let rating: number;
    try {
      rating = parseRating(input.rating);
    } catch (err) {
      return { success: false, status: 400, data: { code: 'invalid_rating', message: (err as Error).message } };
    }
    const { engagement } = runtime.repos;
    const open = await engagement.ratingOpen(input.postid);
    if (open === null) return { success: false, status: 404, data: { code: 'not_found', message: 'No such post.' } };
    if (!open) return { success: false, status: 403, data: { code: 'rating_closed', message: 'This post does not take ratings.' } };
    const listed = ratedIds(cookies.get(RATED_COOKIE)?.value).includes(input.postid);
    const stored = !listed && (await engagement.rate(input.postid, visitor, rating));
    cookies.set(RATED_COOKIE, withRated(cookies.get(RATED_COOKIE)?.value, input.postid), { path: '/', sameSite: 'lax', secure, maxAge: 365 * 24 * 3600, httpOnly: false });
    const summary = await engagement.rating(input.postid);
    if (!stored) return { success: false, status: 409, data: { code: 'already_rated', message: 'You have already rated this post.', ...summary } };
    return { success: true, data: summary };
  },
});
