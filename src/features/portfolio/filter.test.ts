import { describe, expect, it } from 'vitest';
import { hashForTerm, matchesTerm, mayHaveMore, requestFields, termFromHash, withShown, withTerm, type PortfolioFilter } from './filter.ts';

const base: PortfolioFilter = { instanceId: 'pfl-1', currentTerm: '*', countByTerms: { '*': 12, branding: 5, photography: 4, web: 3 }, count: 6, pflShowIds: [1, 2, 3] };

describe('portfolio filter data', () => {
  it('keeps the shown ids current, unique and in order', () => {
    const f = withShown(base, [4, 2, 5, 5, 0]);
    expect(f.pflShowIds).toEqual([1, 2, 3, 4, 5]);
    expect(base.pflShowIds).toEqual([1, 2, 3]);
    expect(withShown(base, [1, 2])).toBe(base);
  });

  it('switches the term; unknown or unsafe terms fall back to all', () => {
    expect(withTerm(base, 'web').currentTerm).toBe('web');
    expect(withTerm(withTerm(base, 'web'), 'a b').currentTerm).toBe('*');
    expect(withTerm(base, '*')).toBe(base);
  });

  it('matches items by their data-terms', () => {
    expect(matchesTerm('branding web', 'web')).toBe(true);
    expect(matchesTerm('branding', 'web')).toBe(false);
    expect(matchesTerm('webdesign', 'web')).toBe(false);
    expect(matchesTerm(undefined, '*')).toBe(true);
    expect(matchesTerm('', 'web')).toBe(false);
  });

  it('deep-links by hash to known terms only', () => {
    const terms = ['branding', 'photography', 'web'];
    expect(termFromHash('#branding', terms)).toBe('branding');
    expect(termFromHash('web', terms)).toBe('web');
    expect(termFromHash('#top', terms)).toBeNull();
    expect(termFromHash('', terms)).toBeNull();
    expect(termFromHash('#%E0%A4%A', terms)).toBeNull();
    expect(hashForTerm('branding')).toBe('#branding');
    expect(hashForTerm('*')).toBe('');
  });

  it('knows when the current term may still have items on the server', () => {
    expect(mayHaveMore(base, 3, new Set())).toBe(true);
    expect(mayHaveMore(base, 12, new Set())).toBe(false);
    expect(mayHaveMore(withTerm(base, 'web'), 2, new Set())).toBe(true);
    expect(mayHaveMore(withTerm(base, 'web'), 3, new Set())).toBe(false);
    // finished (an empty answer) wins over the counts; all finished means every term is
    expect(mayHaveMore(withTerm(base, 'web'), 1, new Set(['web']))).toBe(false);
    expect(mayHaveMore(withTerm(base, 'web'), 1, new Set(['*']))).toBe(false);
    expect(mayHaveMore(withTerm(base, 'branding'), 1, new Set(['web']))).toBe(true);
    // no count for a term: ask the server
    expect(mayHaveMore({ ...base, countByTerms: {} }, 50, new Set())).toBe(true);
  });

  it('sends the whole filter object as datafilter JSON', () => {
    const fields = requestFields(withShown(withTerm(base, 'web'), [9]));
    expect(JSON.parse(fields.datafilter!)).toEqual({ ...base, currentTerm: 'web', pflShowIds: [1, 2, 3, 9] });
  });
});
