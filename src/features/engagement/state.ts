/**
 * The visitor's own state of the posts on the page (liked? rated? fresh counts), which a cached
 * page cannot carry. One small uncached call, `masthead_post_state`, answers it for every post on
 * the page at once; posts appended later (infinite scroll) are asked for in their own batch.
 * Likes and ratings read it through `postState(id)` (a shared store, no globals).
 */
import { themeCall } from '../../ui/client/theme-call.ts';

export interface PostState {
  liked: boolean;
  likes: number;
  rated: boolean;
  /** the visitor's own vote, when rated */
  myRating: number | null;
  rating: { total: number; people: number; average: number };
}

export const STATE_ACTION = 'masthead_post_state';

const known = new Map<number, Promise<PostState | null>>();
let batch: Map<number, (s: PostState | null) => void> | null = null;

function flush() {
  const current = batch;
  batch = null;
  if (!current?.size) return;
  const ids = [...current.keys()];
  themeCall<{ posts?: Record<string, PostState> }>(STATE_ACTION, { post_ids: ids.join(',') })
    .then((answer) => {
      for (const id of ids) current.get(id)?.(answer.success ? (answer.data.posts?.[String(id)] ?? null) : null);
    })
    .catch(() => {
      for (const id of ids) current.get(id)?.(null);
    });
}

/** The state of a post (batched with the other posts asked for in the same moment); null when unknown. */
export function postState(postId: number): Promise<PostState | null> {
  let p = known.get(postId);
  if (p) return p;
  if (!batch) {
    batch = new Map();
    setTimeout(flush, 30);
  }
  const b = batch;
  p = new Promise<PostState | null>((resolve) => b.set(postId, resolve));
  known.set(postId, p);
  return p;
}
