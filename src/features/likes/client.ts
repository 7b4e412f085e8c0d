/**
 * Like buttons (SPEC 4 "Like button", NOTES "Like"). A click toggles at once: liked → "Unlike" and
 * count + 1, again → "Like" and count − 1, on every like button of that post on the page (also in
 * appended posts). The call `masthead-post-like` {nonce, masthead_post_like, post_id} is sent
 * without waiting; calls of one post are queued so the server sees them in order, and the last
 * answer (the stored state and count) is applied when no newer click is pending. The visitor's
 * own state and fresh counts come from the uncached state call (the page itself is cached).
 */
import { enhance } from '../../ui/client/enhance.ts';
import { themeCall } from '../../ui/client/theme-call.ts';
import { postState } from '../engagement/state.ts';
import { nextLike, type LikeState } from './toggle.ts';

export const LIKE_ACTION = 'masthead-post-like';
/** the like field of the reference (`penci_post_like`), with the product prefix */
export const LIKE_FIELD = 'masthead_post_like';

interface Entry extends LikeState {
  touched: boolean;
  seq: number;
  queue: Promise<unknown>;
}

const posts = new Map<number, Entry>();

function render(postId: number) {
  const s = posts.get(postId);
  if (!s) return;
  document.querySelectorAll<HTMLButtonElement>(`.like-button[data-post_id="${postId}"]`).forEach((btn) => {
    const label = (s.liked ? btn.dataset.unlike : btn.dataset.like) ?? (s.liked ? 'Unlike' : 'Like');
    btn.title = label;
    btn.setAttribute('aria-label', label);
    btn.dataset.liked = s.liked ? '1' : '0';
    btn.classList.toggle('is-liked', s.liked);
    const count = btn.querySelector('.like-button__count');
    if (count) count.textContent = String(s.count);
  });
}

function toggle(postId: number) {
  const s = posts.get(postId);
  if (!s) return;
  Object.assign(s, nextLike(s));
  s.touched = true;
  const seq = ++s.seq;
  const liked = s.liked;
  render(postId);
  s.queue = s.queue
    .then(() => themeCall<{ liked?: boolean; count?: number }>(LIKE_ACTION, { post_id: String(postId), [LIKE_FIELD]: liked ? '1' : '0' }, { visitor: true }))
    .then((answer) => {
      if (seq !== s.seq || !answer.success || typeof answer.data.count !== 'number') return;
      s.liked = !!answer.data.liked;
      s.count = answer.data.count;
      render(postId);
    })
    .catch(() => undefined);
}

enhance('.like-button[data-post_id]', (btn) => {
  const postId = Number(btn.dataset.post_id);
  if (!postId) return;
  let s = posts.get(postId);
  if (!s) {
    const entry: Entry = { liked: btn.dataset.liked === '1', count: Number(btn.querySelector('.like-button__count')?.textContent) || 0, touched: false, seq: 0, queue: Promise.resolve() };
    posts.set(postId, entry);
    s = entry;
    void postState(postId).then((state) => {
      if (!state || entry.touched) return;
      entry.liked = state.liked;
      entry.count = state.likes;
      render(postId);
    });
  }
  render(postId);
  btn.addEventListener('click', () => toggle(postId));
});
