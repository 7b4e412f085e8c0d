import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type SyntheticEvent } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { themeCall } from '../../ui/client/theme-call.ts';
import { postState } from '../engagement/state.ts';
import { STAR_PATH, STAR_VIEWBOX, afterVote, average, containerWidth, ratedPercent } from './math.ts';
import { px, rateyo, starValues, type RateYo, type RateYoOptions } from './rateyo.ts';
import { ratedInThisBrowser } from './visitor.ts';

export { average };
export const RATE_ACTION = 'masthead_rateyo';

export interface StarRatingProps {
  postId: number;
  /** the rating the server knows (the page may be cached: fresh counts are asked for) */
  total: number;
  people: number;
  /** ratings are open for this post */
  allow: boolean;
  /** localised strings: the group's name, each star's name ({n}), the summary ({average}, {people}), the thanks */
  labels: { group: string; rate: string; summary: string; thanks: string };
}

/** The island's strings, from the translator (server side). */
export const ratingLabels = (t: Translate): StarRatingProps['labels'] => ({
  group: t('rating.label'),
  rate: t('rating.rate', { n: '{n}' }),
  summary: t('rating.summary', { average: '{average}', people: '{people}' }),
  thanks: t('rating.thanks'),
});

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

function Stars({ o, className, width }: { o: Readonly<RateYoOptions>; className: string; width?: string }) {
  const size = px(o.starWidth);
  const color = className === 'rateyo__rated' ? o.ratedFill : o.normalFill;
  return (
    <span className={`rateyo__group ${className}`} aria-hidden="true" style={{ gap: o.spacing, ...(width ? { width } : {}), ...(color ? { color } : {}) }}>
      {Array.from({ length: o.numStars }, (_, i) => (
        <svg key={i} viewBox={STAR_VIEWBOX} width={size} height={size} focusable="false">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/**
 * Star rating (island `rating`, SPEC 9, NOTES "Star rating"): the average drawn as two layers of
 * stars (grey, and the rated part clipped to the rating) with a text summary, and, while the
 * visitor may vote, a native radio group over the stars ("Rate {n} out of 5" each, lying
 * transparent on its star). The server renders it read-only; after hydration the radios appear
 * unless ratings are closed (`allow`), the `masthead_rated` cookie lists the post, or the visitor's
 * state (uncached call) says they voted. A click (or Space) on a star, or Enter on the focused one,
 * votes; arrow keys, hover and focus only preview. A vote shows the new average
 * (total + rating) / (people + 1) at once, makes the widget read-only (focus goes to the summary)
 * and is sent as `masthead_rateyo` {nonce, postid, rating}; the answer is not waited for. The
 * options live in the plugin-compatible model of `rateyo.ts`.
 */
export function StarRating({ postId, total, people, allow, labels }: StarRatingProps) {
  const [counts, setCounts] = useState({ total, people });
  const [closed, setClosed] = useState(false);
  const [message, setMessage] = useState('');
  const [preview, setPreview] = useState<number | null>(null);
  const [checked, setChecked] = useState<number | null>(null);
  const countsRef = useRef(counts);
  countsRef.current = counts;
  const rootRef = useRef<HTMLDivElement>(null);
  const groupRef = useRef<HTMLSpanElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);
  const arrowing = useRef(false);
  const quiet = useRef(false);
  const voted = useRef(false);
  const focusText = useRef(false);
  const vote = useRef<(rating: number) => void>(() => undefined);
  vote.current = (rating: number) => {
    if (quiet.current || voted.current) return;
    voted.current = true;
    const next = afterVote(countsRef.current.total, countsRef.current.people, rating);
    focusText.current = rootRef.current?.matches(':focus-within') ?? false;
    model.option('readOnly', true);
    setCounts({ total: next.total, people: next.people });
    setClosed(true);
    setMessage(labels.thanks);
    setPreview(null);
    setChecked(null);
    void themeCall(RATE_ACTION, { postid: String(postId), rating: String(rating) }, { visitor: true }).catch(() => undefined);
  };
  const [model] = useState<RateYo>(() =>
    rateyo({ rating: Math.min(5, average(total, people)), readOnly: true, groupLabel: labels.group, starLabel: labels.rate, onSet: (rating) => vote.current(rating) }),
  );
  const o = useSyncExternalStore(model.subscribe, model.snapshot, model.snapshot);

  useEffect(() => {
    if (allow && !ratedInThisBrowser(postId)) model.option('readOnly', false);
    let live = true;
    void postState(postId).then((s) => {
      if (!s || !live || voted.current) return;
      if (s.rated) {
        model.option('readOnly', true);
        setClosed(true);
      }
      setCounts({ total: s.rating.total, people: s.rating.people });
      quiet.current = true;
      try {
        model.rating(Math.min(5, average(s.rating.total, s.rating.people)));
      } finally {
        quiet.current = false;
      }
    });
    return () => {
      live = false;
    };
  }, [allow, postId, model]);

  useEffect(() => {
    if (!message || !focusText.current) return;
    focusText.current = false;
    textRef.current?.focus();
  }, [message]);

  const avg = average(counts.total, counts.people);
  const summary = fill(labels.summary, { average: avg, people: counts.people });
  const geometry = { numStars: o.numStars, maxValue: o.maxValue, starWidth: px(o.starWidth), spacing: px(o.spacing) };
  const shown = preview ?? o.rating;
  const valueOf = (e: SyntheticEvent) => (e.target instanceof HTMLInputElement ? Number(e.target.value) : null);

  const onKeyDown = (e: KeyboardEvent) => {
    if (ARROWS.has(e.key)) {
      arrowing.current = true;
      setTimeout(() => (arrowing.current = false));
    } else if (e.key === 'Enter') {
      const value = valueOf(e);
      if (value === null) return;
      e.preventDefault();
      model.rating(value);
    }
  };

  return (
    <div ref={rootRef} className="star-rating" data-postid={postId} data-rate={avg} data-allow={allow && !closed ? '1' : '0'} data-people={counts.people} data-total={counts.total}>
      <span
        className="rateyo"
        {...(o.readOnly ? { 'data-readonly': '' } : {})}
        dir={o.rtl ? 'rtl' : undefined}
        style={{ width: `${containerWidth(o.numStars, px(o.starWidth), px(o.spacing))}px`, height: o.starWidth }}
        onMouseLeave={() => {
          const keep = checked !== null && (groupRef.current?.matches(':focus-within') ?? false);
          setPreview(keep ? checked : null);
          model.change(o.rating);
        }}
      >
        <Stars o={o} className="rateyo__normal" />
        <Stars o={o} className="rateyo__rated" width={`${ratedPercent(shown, geometry)}%`} />
        {o.readOnly ? null : (
          <span
            ref={groupRef}
            className="rateyo__radios"
            role="radiogroup"
            aria-label={o.groupLabel}
            style={{ gap: o.spacing }}
            onKeyDown={onKeyDown}
            onMouseOver={(e) => {
              const value = valueOf(e);
              if (value === null) return;
              setPreview(value);
              model.change(value);
            }}
            onFocus={(e) => {
              // the focused star is shown filled (the outline around the stars is the focus indicator)
              const value = valueOf(e);
              if (value !== null) setPreview(value);
            }}
            onBlur={(e) => {
              if (groupRef.current?.contains(e.relatedTarget as Node | null)) return;
              setChecked(null);
              setPreview(null);
            }}
          >
            {starValues(o).map((value) => (
              <input
                key={value}
                type="radio"
                name={`rateyo-${postId}`}
                value={value}
                checked={checked === value}
                aria-label={fill(o.starLabel, { n: value })}
                style={{ width: o.starWidth, height: o.starWidth }}
                onChange={() => {
                  setChecked(value);
                  if (arrowing.current) setPreview(value);
                }}
                onClick={() => {
                  // browsers fire a click when arrow keys check a radio: that only previews
                  if (arrowing.current) {
                    setPreview(value);
                    model.change(value);
                  } else model.rating(value);
                }}
              />
            ))}
          </span>
        )}
      </span>
      <span ref={textRef} className="star-rating__text" tabIndex={-1}>
        {message ? `${message} ${summary}` : summary}
      </span>
    </div>
  );
}
