import type { Translate } from '../../i18n/index.ts';
import { Icon } from '../../ui/Icon.tsx';

/** Like button with the wire attributes of the reference (`data-post_id`, like/unlike labels). */
export function LikeButton({ t, postId, count }: { t: Translate; postId: number; count: number }) {
  return (
    <button type="button" className="like-button" data-post_id={postId} data-like={t('post.like')} data-unlike={t('post.unlike')} aria-pressed="false" title={t('post.like')} aria-label={t('post.like')}>
      <Icon name="heart" size={18} />
      <span className="like-button__count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
