import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import { Island } from '../../ui/Island.tsx';
import { DURATION, barWidth, counterAt, counterText, pieDash, pieOptions, pieRing } from './anim.ts';
import { reducedMotion } from '../../ui/client/enhance.ts';
import { frames, onceInView } from './motion.ts';

type ReviewBlock = Extract<Block, { type: 'review' }>;

export const reviewScore = (b: Pick<ReviewBlock, 'scores'>) => Math.round((b.scores.reduce((s, x) => s + x.value, 0) / b.scores.length) * 10) / 10;

/**
 * How a chart shows itself (SPEC 9 "Charts"): the server and the first render show the final
 * values (so the page is complete without script, and hydration matches); after hydration a chart
 * waits at zero until a quarter of it is in view, then animates once to its final value. With
 * reduced motion it keeps the final values. Only transforms, strokes and figure-padded text
 * change: nothing moves around it.
 */
type Phase = 'final' | 'waiting' | 'running';

function useOnceInView<E extends Element>(onView: (el: E) => (() => void) | void): [RefObject<E | null>, Phase, (p: Phase) => void] {
  const ref = useRef<E>(null);
  const [phase, setPhase] = useState<Phase>('final');
  const run = useRef(onView);
  run.current = onView;
  useEffect(() => {
    const el = ref.current;
    if (!el || reducedMotion()) return;
    setPhase('waiting');
    let stop: (() => void) | void;
    const cancel = onceInView(el, () => {
      setPhase('running');
      stop = run.current(el);
    });
    return () => {
      cancel();
      stop?.();
    };
  }, []);
  return [ref, phase, setPhase];
}

/** A score bar: grows by transform (1000 ms) inside its track to `value` × 10 %. */
function ReviewBarFill({ value }: { value: number }) {
  const [grow, setGrow] = useState(false);
  const [ref, phase, setPhase] = useOnceInView<HTMLSpanElement>(() => {
    // one frame at scale 0 is painted before the transition starts
    let id = requestAnimationFrame(() => (id = requestAnimationFrame(() => setGrow(true))));
    const done = setTimeout(() => setPhase('final'), DURATION.bar + 200);
    return () => {
      cancelAnimationFrame(id);
      clearTimeout(done);
    };
  });
  const motion =
    phase === 'waiting' || (phase === 'running' && !grow)
      ? { transform: 'scaleX(0)' }
      : phase === 'running'
        ? { transform: 'scaleX(1)', transition: `transform ${DURATION.bar}ms cubic-bezier(0.33, 1, 0.68, 1)` }
        : {};
  return <span ref={ref} className="review-bar__fill" data-width={value} style={{ width: `${barWidth(value)}%`, ...motion }} onTransitionEnd={() => setPhase('final')} />;
}

/** Pie chart drawn as an SVG ring; fills to `percent` by its stroke in 1000 ms. */
export function PieChart({ percent, label, size = 120, thickness = 10, color = 'var(--accent)', track = 'var(--line)' }: { percent: number; label: string; size?: number; thickness?: number; color?: string; track?: string }) {
  const o = pieOptions({ percent: String(percent), color, trackcolor: track, thickness: String(thickness), size: String(size) });
  const [shown, setShown] = useState(o.percent);
  const [ref, phase] = useOnceInView<HTMLDivElement>(() => frames(DURATION.pie, (p) => setShown(o.percent * p)));
  const { r } = pieRing(o.size, o.thickness);
  const mid = o.size / 2;
  const value = phase === 'final' ? o.percent : phase === 'waiting' ? 0 : shown;
  return (
    <div ref={ref} className="pie-chart" data-percent={o.percent} data-color={o.color} data-trackcolor={o.trackColor} data-thickness={o.thickness} data-size={o.size} data-width={o.size} style={{ width: o.size, height: o.size }}>
      <svg width={o.size} height={o.size} viewBox={`0 0 ${o.size} ${o.size}`} aria-hidden="true">
        <circle cx={mid} cy={mid} r={r} fill="none" stroke={o.trackColor} strokeWidth={o.thickness} />
        <circle className="pie-chart__value" cx={mid} cy={mid} r={r} fill="none" stroke={o.color} strokeWidth={o.thickness} strokeDasharray={pieDash(value, o.size, o.thickness)} transform={`rotate(-90 ${mid} ${mid})`} />
      </svg>
      <span className="pie-chart__label">{label}</span>
    </div>
  );
}

/** A counter: counts up to `value` in 2000 ms, as wide as its final number all along. */
function Counter({ value }: { value: number }) {
  const target = Math.max(0, Math.round(value));
  const [now, setNow] = useState(target);
  const [ref, phase] = useOnceInView<HTMLSpanElement>(() => frames(DURATION.counter, (_p, elapsed) => setNow(counterAt(elapsed, target))));
  const shown = phase === 'final' || target === 0 ? target : phase === 'waiting' ? 0 : now;
  return (
    <span ref={ref} className="counter" data-count={target}>
      {shown === target ? String(target) : counterText(shown, target)}
    </span>
  );
}

export interface ReviewBoxProps {
  postId: number;
  title: string;
  summary: string;
  score: number;
  /** each score with its localised "{n} out of 10" */
  scores: { label: string; value: number; text: string }[];
  counters: { label: string; value: number; suffix?: string }[];
  pros: string[];
  cons: string[];
  verdict?: string;
  /** localised headings */
  labels: { pros: string; cons: string; verdict: string };
}

/** The review box (island `review`): title, summary, the score's pie chart, score bars, counters, pros and cons, verdict. */
export function ReviewBox({ postId, title, summary, score, scores, counters, pros, cons, verdict, labels }: ReviewBoxProps) {
  return (
    <section className="review-box" aria-labelledby={`review-${postId}`}>
      <header className="review-box__head">
        <div>
          <h2 id={`review-${postId}`} className="review-box__title">
            {title}
          </h2>
          <p className="review-box__summary">{summary}</p>
        </div>
        <PieChart percent={score * 10} label={String(score)} />
      </header>
      <ul className="review-bars">
        {scores.map((s) => (
          <li key={s.label} className="review-bar">
            <span className="review-bar__label">{s.label}</span>
            <span className="review-bar__value">{s.text}</span>
            <span className="review-bar__track" aria-hidden="true">
              <ReviewBarFill value={s.value} />
            </span>
          </li>
        ))}
      </ul>
      {counters.length ? (
        <ul className="review-counters">
          {counters.map((c) => (
            <li key={c.label}>
              <Counter value={c.value} />
              {c.suffix ? <span className="counter__suffix">{c.suffix}</span> : null}
              <span className="counter__label">{c.label}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {pros.length || cons.length ? (
        <div className="review-proscons">
          <div>
            <h3>{labels.pros}</h3>
            <ul>
              {pros.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3>{labels.cons}</h3>
            <ul>
              {cons.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {verdict ? (
        <p className="review-verdict">
          <strong>{labels.verdict}:</strong> {verdict}
        </p>
      ) : null}
    </section>
  );
}

/** The review block of a post: the review box as an island (its charts animate once in view). */
export function Review({ block, ctx }: { block: ReviewBlock; ctx: RenderContext }) {
  const { t } = ctx;
  const props: ReviewBoxProps = {
    postId: ctx.postId,
    title: block.title,
    summary: block.summary,
    score: reviewScore(block),
    scores: block.scores.map((s) => ({ label: s.label, value: s.value, text: t('review.outOf10', { n: s.value }) })),
    counters: block.counters.map((c) => ({ label: c.label, value: c.value, ...(c.suffix ? { suffix: c.suffix } : {}) })),
    pros: block.pros,
    cons: block.cons,
    ...(block.verdict ? { verdict: block.verdict } : {}),
    labels: { pros: t('review.pros'), cons: t('review.cons'), verdict: t('review.verdict') },
  };
  return <Island name="review" of={ReviewBox} when="idle" props={props} />;
}
