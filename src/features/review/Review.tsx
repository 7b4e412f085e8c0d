import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';

type ReviewBlock = Extract<Block, { type: 'review' }>;

export const reviewScore = (b: Pick<ReviewBlock, 'scores'>) => Math.round((b.scores.reduce((s, x) => s + x.value, 0) / b.scores.length) * 10) / 10;

/** Pie chart drawn as an SVG ring; the chart script animates it (1000 ms) from the data attributes. */
export function PieChart({ percent, label, size = 120, thickness = 10, color = 'var(--accent)', track = 'var(--line)' }: { percent: number; label: string; size?: number; thickness?: number; color?: string; track?: string }) {
  const r = (size - thickness) / 2;
  const c = 2 * Math.PI * r;
  return (
    <div className="pie-chart" data-percent={percent} data-color={color} data-trackcolor={track} data-thickness={thickness} data-size={size} data-width={size} style={{ width: size, height: size }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke={track} strokeWidth={thickness} />
        <circle className="pie-chart__value" cx={size / 2} cy={size / 2} r={r} fill="none" stroke={color} strokeWidth={thickness} strokeDasharray={`${(c * percent) / 100} ${c}`} transform={`rotate(-90 ${size / 2} ${size / 2})`} />
      </svg>
      <span className="pie-chart__label">{label}</span>
    </div>
  );
}

export function Review({ block, ctx }: { block: ReviewBlock; ctx: RenderContext }) {
  const { t } = ctx;
  const score = reviewScore(block);
  return (
    <section className="review-box" aria-labelledby={`review-${ctx.postId}`}>
      <header className="review-box__head">
        <div>
          <h2 id={`review-${ctx.postId}`} className="review-box__title">
            {block.title}
          </h2>
          <p className="review-box__summary">{block.summary}</p>
        </div>
        <PieChart percent={score * 10} label={String(score)} />
      </header>
      <ul className="review-bars">
        {block.scores.map((s) => (
          <li key={s.label} className="review-bar">
            <span className="review-bar__label">{s.label}</span>
            <span className="review-bar__value">{t('review.outOf10', { n: s.value })}</span>
            <span className="review-bar__track" aria-hidden="true">
              <span className="review-bar__fill" data-width={s.value} style={{ width: `${s.value * 10}%` }} />
            </span>
          </li>
        ))}
      </ul>
      {block.counters.length ? (
        <ul className="review-counters">
          {block.counters.map((c) => (
            <li key={c.label}>
              <span className="counter" data-count={c.value}>
                {c.value}
              </span>
              {c.suffix ? <span className="counter__suffix">{c.suffix}</span> : null}
              <span className="counter__label">{c.label}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {block.pros.length || block.cons.length ? (
        <div className="review-proscons">
          <div>
            <h3>{t('review.pros')}</h3>
            <ul>
              {block.pros.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3>{t('review.cons')}</h3>
            <ul>
              {block.cons.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {block.verdict ? (
        <p className="review-verdict">
          <strong>{t('review.verdict')}:</strong> {block.verdict}
        </p>
      ) : null}
    </section>
  );
}
