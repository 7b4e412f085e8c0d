import type { Translate } from '../../i18n/index.ts';
import { Icon } from '../../ui/Icon.tsx';

/**
 * Like button with the wire attributes of the reference (`data-post_id`, localised like/unlike
 * labels in `data-like` / `data-unlike`). The server renders the anonymous state ("Like"): pages
 * are cached, so the like script asks for the visitor's own state and fresh counts. Every like
 * button of a post (header and footer) stays in sync.
 */
export function LikeButton({ t, postId, count, variant = 'header' }: { t: Translate; postId: number; count: number; variant?: 'header' | 'footer' }) {
  return (
    <button type="button" className={`like-button like-button--${variant}`} data-post_id={postId} data-like={t('post.like')} data-unlike={t('post.unlike')} data-liked="0" title={t('post.like')} aria-label={t('post.like')}>
      <Icon name="heart" size={18} />
      <span className="like-button__count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
