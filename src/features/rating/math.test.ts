import { describe, expect, it } from 'vitest';
import { RATING, afterVote, average, checkBounds, containerWidth, parseRating, ratedIds, ratedPercent, withRated } from './math.ts';

describe('rating maths', () => {
  it('uses 5 whole stars of 13 px with 3 px spacing (77 px wide)', () => {
    expect(RATING).toMatchObject({ numStars: 5, maxValue: 5, precision: 1, starWidth: 13, spacing: 3 });
    expect(containerWidth()).toBe(77);
    expect(containerWidth(3, 20, 0)).toBe(60);
  });

  it('computes the new average as (total + rating) / (people + 1)', () => {
    expect(afterVote(51, 11, 4)).toEqual({ total: 55, people: 12, average: 55 / 12 });
    expect(afterVote(0, 0, 5)).toEqual({ total: 5, people: 1, average: 5 });
    expect(average(55, 12)).toBe(4.6);
    expect(average(0, 0)).toBe(0);
    expect(() => afterVote(10, 2, 6)).toThrow('Invalid Rating, expected value between 0 and 5');
  });

  it("rejects values outside 0..5 with the reference's message", () => {
    for (const bad of [-0.1, 5.01, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => checkBounds(bad)).toThrow('Invalid Rating, expected value between 0 and 5');
    expect(checkBounds(0)).toBe(0);
    expect(checkBounds(5)).toBe(5);
    expect(() => checkBounds(11, 0, 10)).toThrow('Invalid Rating, expected value between 0 and 10');
  });

  it('parses submitted ratings as whole stars', () => {
    expect(parseRating('4')).toBe(4);
    expect(parseRating(' 3 ')).toBe(3);
    expect(parseRating(4.4)).toBe(4);
    for (const bad of ['', 'abc', '6', '-1', null, undefined, {}]) expect(() => parseRating(bad)).toThrow('Invalid Rating, expected value between 0 and 5');
  });

  it('fills whole and partial stars plus the spacing before each filled star', () => {
    const star = (13 / 77) * 100;
    const gap = (3 / 77) * 100;
    expect(ratedPercent(0)).toBe(0);
    expect(ratedPercent(1)).toBeCloseTo(star, 2);
    expect(ratedPercent(2)).toBeCloseTo(2 * star + gap, 2);
    expect(ratedPercent(4.6)).toBeCloseTo(4.6 * star + 4 * gap, 2);
    expect(ratedPercent(5)).toBe(100);
    expect(ratedPercent(9)).toBe(100);
  });

  it('reads and extends the rated-posts cookie', () => {
    expect(ratedIds('12.31.x.7')).toEqual([12, 31, 7]);
    expect(ratedIds('')).toEqual([]);
    expect(withRated('12.31', 12)).toBe('31.12');
    expect(withRated(undefined, 5)).toBe('5');
    expect(withRated(Array.from({ length: 250 }, (_, i) => i + 1).join('.'), 999).split('.')).toHaveLength(200);
  });
});
