/**
 * The like state of each post on the page, shared by all its like buttons (header and footer,
 * also in appended posts). A click toggles at once (SPEC 4, NOTES "Like"); the call
 * `masthead-post-like` {nonce, masthead_post_like, post_id} goes out without waiting, calls of
 * one post are queued so the server sees them in order, and the last answer (the stored state and
 * count) is applied when no newer click is pending. The visitor's own state and fresh counts come
 * from the uncached state call (pages are cached), unless the visitor clicked first.
 */
import { wakeIslands } from '../../ui/client/island-demand.ts';
import { themeCall } from '../../ui/client/theme-call.ts';
import { postState } from '../engagement/state.ts';
import { nextLike, type LikeState } from './toggle.ts';

export const LIKE_ACTION = 'masthead-post-like';
/** the like field of the reference (`penci_post_like`), with the product prefix */
export const LIKE_FIELD = 'masthead_post_like';

interface Entry {
  state: LikeState;
  touched: boolean;
  asked: boolean;
  seq: number;
  queue: Promise<unknown>;
  listeners: Set<() => void>;
}

const entries = new Map<number, Entry>();

function entry(postId: number, count: number): Entry {
  let e = entries.get(postId);
  if (!e) {
    e = { state: { liked: false, count }, touched: false, asked: false, seq: 0, queue: Promise.resolve(), listeners: new Set() };
    entries.set(postId, e);
  }
  return e;
}

function set(e: Entry, state: LikeState) {
  e.state = state;
  for (const l of e.listeners) l();
}

/** The current state of a post (the server-rendered count until something is known). */
export function likeSnapshot(postId: number, count: number): LikeState {
  return entry(postId, count).state;
}

/** Subscribes a button; the first one of a post asks for the visitor's own state. */
export function subscribeLike(postId: number, count: number, listener: () => void): () => void {
  const e = entry(postId, count);
  e.listeners.add(listener);
  if (!e.asked) {
    e.asked = true;
    void postState(postId).then((s) => {
      if (s && !e.touched) set(e, { liked: s.liked, count: s.likes });
    });
  }
  return () => e.listeners.delete(listener);
}

export function toggleLike(postId: number, count: number): void {
  const e = entry(postId, count);
  e.touched = true;
  const seq = ++e.seq;
  const next = nextLike(e.state);
  set(e, next);
  // like buttons hydrate on interaction: the page's other buttons (the post's second one) follow now
  wakeIslands('like');
  e.queue = e.queue
    .then(() => themeCall<{ liked?: boolean; count?: number }>(LIKE_ACTION, { post_id: String(postId), [LIKE_FIELD]: next.liked ? '1' : '0' }, { visitor: true }))
    .then((answer) => {
      if (seq !== e.seq || !answer.success || typeof answer.data.count !== 'number') return;
      set(e, { liked: !!answer.data.liked, count: answer.data.count });
    })
    .catch(() => undefined);
}
