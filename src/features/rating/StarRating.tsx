import type { Translate } from '../../i18n/index.ts';
import { Icon } from '../../ui/Icon.tsx';

export const STAR_COUNT = 5;

/** Average of a rating, to one decimal. */
export const average = (total: number, people: number) => (people > 0 ? Math.round((total / people) * 10) / 10 : 0);

/**
 * Star rating as the server renders it: the average as stars and text, with the data attributes
 * the rating island reads (`data-postid`, `data-rate`, `data-allow`, `data-people`, `data-total`).
 */
export function StarRating({ t, postId, total, people, allow }: { t: Translate; postId: number; total: number; people: number; allow: boolean }) {
  const avg = average(total, people);
  return (
    <div className="star-rating" data-postid={postId} data-rate={avg} data-allow={allow ? '1' : '0'} data-people={people} data-total={total}>
      <span className="star-rating__stars" role="img" aria-label={t('rating.summary', { average: avg, people })} style={{ ['--rating' as string]: String(avg / STAR_COUNT) }}>
        {Array.from({ length: STAR_COUNT }, (_, i) => (
          <Icon key={i} name="star" size={13} />
        ))}
      </span>
      <span className="star-rating__text">{t('rating.summary', { average: avg, people })}</span>
    </div>
  );
}
