import type { Translate } from '../../i18n/index.ts';
import { RATING, STAR_PATH, STAR_VIEWBOX, average, containerWidth, ratedPercent } from './math.ts';

export const STAR_COUNT = RATING.numStars;
export { average };

/**
 * Star rating as the server renders it: the average drawn as stars (the same layers the rating
 * script draws, so nothing moves when it takes over) and as text, with the data attributes the
 * script reads (`data-postid`, `data-rate`, `data-allow`, `data-people`, `data-total`) and its
 * localised strings. The script turns the stars into a radio group while the visitor may vote.
 */
export function StarRating({ t, postId, total, people, allow }: { t: Translate; postId: number; total: number; people: number; allow: boolean }) {
  const avg = average(total, people);
  const stars = (cls: string, style?: Record<string, string>) => (
    <span className={`rateyo__group ${cls}`} aria-hidden="true" style={{ gap: `${RATING.spacing}px`, ...style }}>
      {Array.from({ length: STAR_COUNT }, (_, i) => (
        <svg key={i} viewBox={STAR_VIEWBOX} width={RATING.starWidth} height={RATING.starWidth} focusable="false">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
  return (
    <div
      className="star-rating"
      data-postid={postId}
      data-rate={avg}
      data-allow={allow ? '1' : '0'}
      data-people={people}
      data-total={total}
      data-label-group={t('rating.label')}
      data-label-rate={t('rating.rate', { n: '{n}' })}
      data-label-summary={t('rating.summary', { average: '{average}', people: '{people}' })}
      data-label-thanks={t('rating.thanks')}
    >
      <span className="rateyo" data-readonly="" style={{ width: `${containerWidth()}px`, height: `${RATING.starWidth}px` }}>
        {stars('rateyo__normal')}
        {stars('rateyo__rated', { width: `${ratedPercent(avg)}%` })}
      </span>
      <span className="star-rating__text" tabIndex={-1}>
        {t('rating.summary', { average: avg, people })}
      </span>
    </div>
  );
}
