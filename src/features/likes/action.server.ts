import { z } from 'zod';
import { defineAction } from '../../server/actions/registry.server.ts';
import { desiredLike } from './toggle.ts';

/**
 * `masthead-post-like` {nonce, masthead_post_like, post_id}: sets the visitor's like of a post (per
 * signed-in user, or per anonymous visitor cookie) and answers `{ liked, count }`. The browser has
 * already updated the buttons; the answer only corrects them. The like field says what the browser
 * shows ('1' liked, '0' not liked), so a repeated or reordered call cannot flip the state twice; an
 * empty field toggles, as the reference did.
 */
export const likeAction = defineAction({
  name: 'masthead-post-like',
  needsVisitor: true,
  schema: z.object({
    post_id: z.coerce.number().int().positive(),
    masthead_post_like: z.string().max(8).optional(),
  }),
  async handler(input, { runtime, visitor }) {
    const { engagement, posts } = runtime.repos;
    if (!(await posts.exists(input.post_id))) return { success: false, status: 404, data: { code: 'not_found', message: 'No such post.' } };
    const liked = desiredLike(input.masthead_post_like, await engagement.hasLiked(input.post_id, visitor));
    return { success: true, data: await engagement.setLike(input.post_id, visitor, liked) };
  },
});
