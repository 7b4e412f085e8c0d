import { z } from 'zod';
import type { Runtime } from '../../server/runtime.server.ts';
import type { PortfolioSummary } from './types.ts';
import type { Term } from '../post/types.ts';

export interface PortfolioGridView {
  items: PortfolioSummary[];
  terms: Term[];
  currentTerm: string;
  total: number;
  perPage: number;
  page: number;
  pagination: 'load-more' | 'infinite';
}

const querySchema = z.object({
  term: z.string().regex(/^[\w-]+$|^\*$/).catch('*'),
  page: z.coerce.number().int().min(1).max(100).catch(1),
});

/** The grid's first screen; `?term=` and `?page=` make filtering and "load more" work without script. */
export async function loadPortfolioGrid(runtime: Runtime, url: URL): Promise<PortfolioGridView> {
  const { term, page } = querySchema.parse({ term: url.searchParams.get('term') ?? undefined, page: url.searchParams.get('page') ?? undefined });
  const { theme } = await runtime.settings();
  const perPage = theme.portfolioPerPage;
  const [list, terms] = await Promise.all([runtime.repos.portfolio.list({ term, limit: perPage * page }), runtime.repos.terms.list('portfolio_category')]);
  return { items: list.items, total: list.total, terms: terms.filter((t) => (t.count ?? 0) > 0), currentTerm: term, perPage, page, pagination: theme.portfolioPagination };
}
