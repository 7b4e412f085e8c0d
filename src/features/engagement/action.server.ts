import { z } from 'zod';
import { defineAction } from '../../server/actions/registry.server.ts';

/**
 * `masthead_post_state` {nonce, post_ids}: the visitor's own state of the posts on a page (liked,
 * rated, their vote) with fresh like and rating counts. Cached pages cannot carry either; the
 * browser asks once per page (and once per appended post batch). Read-only.
 */
export const postStateAction = defineAction({
  name: 'masthead_post_state',
  schema: z.object({
    post_ids: z.union([z.string().max(600), z.array(z.string()).max(50)]).transform((v, ctx) => {
      const ids = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean).map(Number);
      if (!ids.length || ids.length > 50 || ids.some((n) => !Number.isInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: 'Expected 1 to 50 post ids.' });
        return z.NEVER;
      }
      return ids;
    }),
  }),
  async handler(input, { runtime, visitor }) {
    const state = await runtime.repos.engagement.stateFor(input.post_ids, visitor);
    return { success: true, data: { posts: Object.fromEntries(state) } };
  },
});
