import { z } from 'zod';
import { defineAction } from '../../server/actions/registry.server.ts';

/**
 * `masthead-post-like`: toggles the visitor's like of a post and answers the new count. The
 * browser has already updated the button; the answer only keeps other tabs honest.
 */
export const likeAction = defineAction({
  name: 'masthead-post-like',
  schema: z.object({
    post_id: z.coerce.number().int().positive(),
    /** the like field the reference sends (current state); the server decides by its own record */
    like: z.string().optional(),
  }),
  async handler(input, { runtime, visitor }) {
    const post = await runtime.repos.posts.exists(input.post_id);
    if (!post) return { success: false, status: 404, data: { code: 'not_found', message: 'No such post.' } };
    const result = await runtime.repos.engagement.toggleLike(input.post_id, visitor);
    return { success: true, data: result };
  },
});
