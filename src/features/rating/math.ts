/**
 * Star-rating maths (SPEC 9 "Star rating", NOTES "Star rating"), shared by the rating widget, the
 * server action and the server markup: 5 whole stars, max 5, 13 px stars with 3 px spacing.
 */

export const RATING = {
  numStars: 5,
  maxValue: 5,
  minValue: 0,
  precision: 1,
  /** px */
  starWidth: 13,
  /** px */
  spacing: 3,
} as const;

/** The reference plugin's bounds check: throws its exact message for values outside min..max (and NaN). */
export function checkBounds(value: number, minValue: number = RATING.minValue, maxValue: number = RATING.maxValue): number {
  if (!(value >= minValue && value <= maxValue)) throw new Error(`Invalid Rating, expected value between ${minValue} and ${maxValue}`);
  return value;
}

/** Parses a submitted rating ('4', 4, '4.0'); whole stars only. Throws the bounds message otherwise. */
export function parseRating(input: unknown): number {
  const n = typeof input === 'number' ? input : typeof input === 'string' && input.trim() !== '' ? Number(input) : Number.NaN;
  checkBounds(n);
  return Math.round(n);
}

/** Average of a rating, to one decimal (0 without votes). */
export const average = (total: number, people: number): number => (people > 0 ? Math.round((total / people) * 10) / 10 : 0);

/** After a vote of `rating`: the new total, people count and average (total + rating) / (people + 1). */
export function afterVote(total: number, people: number, rating: number): { total: number; people: number; average: number } {
  checkBounds(rating);
  const t = total + rating;
  const p = people + 1;
  return { total: t, people: p, average: t / p };
}

/** Width in px of the whole widget: stars plus the spacing between them (5 × 13 + 4 × 3 = 77). */
export const containerWidth = (numStars: number = RATING.numStars, starWidth: number = RATING.starWidth, spacing: number = RATING.spacing): number =>
  numStars * starWidth + Math.max(0, numStars - 1) * spacing;

/**
 * Width (percent of the widget) of the filled stars for `rating`, as the reference draws it: each
 * whole or partial star, plus the spacing before every star after the first that is (partly) filled.
 */
export function ratedPercent(
  rating: number,
  { numStars = RATING.numStars, maxValue = RATING.maxValue, starWidth = RATING.starWidth, spacing = RATING.spacing }: Partial<Record<'numStars' | 'maxValue' | 'starWidth' | 'spacing', number>> = {},
): number {
  const width = containerWidth(numStars, starWidth, spacing);
  if (width <= 0 || maxValue <= 0) return 0;
  const stars = Math.max(0, Math.min(numStars, rating / (maxValue / numStars)));
  let percent = (stars * starWidth * 100) / width;
  if (stars > 1) percent += ((Math.ceil(stars) - 1) * spacing * 100) / width;
  return Math.round(Math.min(100, percent) * 1000) / 1000;
}

/** SVG path of one star (24-unit icon grid; the glyph spans the view box "2.5 2 19 19"). */
export const STAR_PATH = 'm12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8L12 2.5Z';
export const STAR_VIEWBOX = '2.5 2 19 19';

/** Post ids listed in the `masthead_rated` cookie value ('12.31.7'). */
export const RATED_COOKIE = 'masthead_rated';
export function ratedIds(value: string | undefined | null): number[] {
  if (!value) return [];
  return value
    .split(/[.,\s]+/)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}
/** The cookie value with `postId` added (the newest 200 ids are kept). */
export function withRated(value: string | undefined | null, postId: number): string {
  const ids = ratedIds(value).filter((n) => n !== postId);
  ids.push(postId);
  return ids.slice(-200).join('.');
}
