import { z } from 'zod';
import { defineAction } from '../../server/actions/registry.server.ts';

/**
 * `masthead_count_view` {post_id}: our first-party view counter, called at a post's page load and
 * for every post-in-view change. It may run without consent: it stores a per-post daily total and
 * nothing about the visitor, and sets no cookie (the nonce call before it sets the site's
 * first-party visitor id, as for every theme call). Counting does not bump the content version,
 * so it never invalidates cached pages.
 */
export const countViewAction = defineAction({
  name: 'masthead_count_view',
  schema: z.object({ post_id: z.coerce.number().int().positive() }),
  async handler(input, { runtime }) {
    if (!(await runtime.repos.posts.exists(input.post_id))) return { success: false, status: 404, data: { code: 'not_found', message: 'No such post.' } };
    await runtime.repos.engagement.countView(input.post_id);
    return { success: true, data: { counted: true } };
  },
});
