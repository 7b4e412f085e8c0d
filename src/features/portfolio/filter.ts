/**
 * Portfolio filter data (SPEC 3 "Portfolio filter data", NOTES "Portfolio"): the object the grid
 * island keeps in its state and sends as `datafilter` with `masthead_pfl_more_post_ajax`. Pure
 * functions used by the island (PortfolioGrid.tsx) and its tests; the server validates the same
 * shape with zod.
 */
export const ALL_TERMS = '*';
/** the theme action (SPEC 7 pfl_more_post_ajax with the product prefix) */
export const PFL_MORE_ACTION = 'masthead_pfl_more_post_ajax';

export interface PortfolioFilter {
  instanceId: string;
  /** the active category slug, or '*' for all */
  currentTerm: string;
  /** how many items each term has on the server ('*' = all) */
  countByTerms: Record<string, number>;
  /** how many items one "load more" asks for */
  count: number;
  /** ids of the items already in the grid, in any category */
  pflShowIds: number[];
}

const TERM = /^[\w-]{1,200}$/;

export const isTerm = (s: string): boolean => s === ALL_TERMS || TERM.test(s);

/** The filter with more shown ids (kept unique, in the order they were shown). */
export function withShown(f: PortfolioFilter, ids: readonly number[]): PortfolioFilter {
  const seen = new Set(f.pflShowIds);
  const added = ids.filter((id) => Number.isInteger(id) && id > 0 && !seen.has(id) && (seen.add(id), true));
  return added.length ? { ...f, pflShowIds: [...f.pflShowIds, ...added] } : f;
}

/** The filter switched to another term (unknown terms fall back to all). */
export function withTerm(f: PortfolioFilter, term: string): PortfolioFilter {
  const t = isTerm(term) ? term : ALL_TERMS;
  return t === f.currentTerm ? f : { ...f, currentTerm: t };
}

/** Does an item whose `data-terms` is `itemTerms` (space-separated slugs) show under `term`? */
export function matchesTerm(itemTerms: string | undefined, term: string): boolean {
  if (term === ALL_TERMS) return true;
  return (itemTerms ?? '').split(/\s+/).includes(term);
}

/** The term a location hash names (`#branding`), if it is one of the grid's terms. */
export function termFromHash(hash: string, terms: readonly string[]): string | null {
  let h = hash.replace(/^#/, '');
  try {
    h = decodeURIComponent(h);
  } catch {
    return null;
  }
  if (!h) return null;
  return terms.includes(h) ? h : null;
}

/** The hash that deep-links to a term ('' for all). */
export const hashForTerm = (term: string): string => (term === ALL_TERMS ? '' : `#${encodeURIComponent(term)}`);

/**
 * May the server still have items for the current term? Not when the term (or everything) is
 * marked finished, nor when the grid already holds as many items of the term as the server counted.
 */
export function mayHaveMore(f: PortfolioFilter, loadedOfTerm: number, finished: ReadonlySet<string>): boolean {
  if (finished.has(ALL_TERMS) || finished.has(f.currentTerm)) return false;
  const total = f.countByTerms[f.currentTerm];
  return total === undefined || loadedOfTerm < total;
}

/** The fields of the load-more call: `datafilter` as JSON (the server also accepts bracket fields). */
export function requestFields(f: PortfolioFilter): Record<string, string> {
  return { datafilter: JSON.stringify(f) };
}
