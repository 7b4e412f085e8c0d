import { useCallback, useState, useSyncExternalStore } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { likeSnapshot, subscribeLike, toggleLike } from './store.ts';

export interface LikeButtonProps {
  postId: number;
  /** the count the server knows (the page may be cached: the visitor's own state is asked for) */
  count: number;
  variant?: 'header' | 'footer';
  /** localised "Like" / "Unlike" */
  like: string;
  unlike: string;
}

/**
 * Like button (island `like`) with the wire attributes of the reference (`data-post_id`, the
 * localised labels in `data-like` / `data-unlike`). Its name is "Like" or "Unlike" (NOTES); the
 * count is shown next to it, outside the button, so the name never differs from the button's
 * visible text (WCAG 2.5.3), and describes it. Every like button of a post stays in sync
 * (`store.ts`).
 */
export function LikeButton({ postId, count, variant = 'header', like, unlike }: LikeButtonProps) {
  const subscribe = useCallback((cb: () => void) => subscribeLike(postId, count, cb), [postId, count]);
  const snapshot = () => likeSnapshot(postId, count);
  // what the server rendered (the anonymous state), until hydration is done
  const [rendered] = useState(() => ({ liked: false, count }));
  const state = useSyncExternalStore(subscribe, snapshot, () => rendered);
  const label = state.liked ? unlike : like;
  const countId = `like-count-${postId}-${variant}`;
  return (
    <span className={`like like--${variant}`}>
      <button
        type="button"
        className={`like-button like-button--${variant}${state.liked ? ' is-liked' : ''}`}
        data-post_id={postId}
        data-like={like}
        data-unlike={unlike}
        data-liked={state.liked ? '1' : '0'}
        title={label}
        aria-label={label}
        aria-describedby={countId}
        onClick={() => toggleLike(postId, count)}
      >
        <Icon name="heart" size={18} />
      </button>
      <span className="like-button__count" id={countId}>
        {state.count}
      </span>
    </span>
  );
}
