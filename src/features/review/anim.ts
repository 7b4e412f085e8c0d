/**
 * Review charts (SPEC 3 "Charts", SPEC 9): bars grow to data-width × 10 % in 1000 ms, pie charts
 * fill to data-percent in 1000 ms (no scale), counters count up in 2000 ms. Pure values per frame.
 */
export const DURATION = { bar: 1000, pie: 1000, counter: 2000 } as const;

const num = (v: unknown, fallback = 0) => {
  const n = typeof v === 'number' ? v : Number.parseFloat(String(v ?? ''));
  return Number.isFinite(n) ? n : fallback;
};
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Final width (percent) of a review bar from its data-width score out of 10. */
export const barWidth = (dataWidth: unknown): number => Math.round(clamp(num(dataWidth), 0, 10) * 10 * 100) / 100;

/** easeOutCubic over 0..1 */
export const easeOut = (t: number): number => 1 - (1 - clamp(t, 0, 1)) ** 3;

/** Progress (0..1, eased) after `elapsed` ms of a `duration` ms animation. */
export const progress = (elapsed: number, duration: number): number => (duration <= 0 ? 1 : easeOut(elapsed / duration));

export interface PieOptions {
  percent: number;
  color: string;
  trackColor: string;
  thickness: number;
  size: number;
}

/** The pie chart's options from its data attributes (data-percent, -color, -trackcolor, -thickness, -size). */
export function pieOptions(data: Record<string, string | undefined>): PieOptions {
  const size = clamp(num(data.size, 120), 16, 1000);
  return {
    percent: clamp(num(data.percent), 0, 100),
    color: data.color || 'currentColor',
    trackColor: data.trackcolor || 'transparent',
    thickness: clamp(num(data.thickness, 10), 1, size / 2),
    size,
  };
}

/** Radius and circumference of the ring drawn for `size` and `thickness`. */
export function pieRing(size: number, thickness: number): { r: number; c: number } {
  const r = (size - thickness) / 2;
  return { r, c: 2 * Math.PI * r };
}

/** stroke-dasharray of the ring filled to `percent`. */
export function pieDash(percent: number, size: number, thickness: number): string {
  const { c } = pieRing(size, thickness);
  const filled = (c * clamp(percent, 0, 100)) / 100;
  return `${Math.round(filled * 100) / 100} ${Math.round(c * 100) / 100}`;
}

/** The counter's value after `elapsed` ms (whole numbers, reaching `target` exactly at the end). */
export function counterAt(elapsed: number, target: number, duration: number = DURATION.counter): number {
  if (elapsed >= duration) return target;
  return Math.round(target * progress(elapsed, duration));
}

/**
 * The counter's text: padded at the start with figure spaces to the final number's length, so the
 * text keeps its width while counting (tabular figures) and nothing beside it moves.
 */
export function counterText(value: number, target: number): string {
  const final = String(target);
  return String(value).padStart(final.length, '\u2007');
}
