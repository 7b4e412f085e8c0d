import type { PortfolioGridView } from './load.server.ts';
import type { Translate } from '../../i18n/index.ts';
import { Island } from '../../ui/Island.tsx';
import type { Slots } from '../../ui/slot.ts';
import { PortfolioCardLink, termsOf } from './PortfolioCard.tsx';
import { PortfolioGrid, type PortfolioGridProps } from './PortfolioGrid.tsx';

/**
 * The portfolio grid of `/portfolio/` on the server: the `portfolio` island, whose props are the
 * filter data (ids and categories of the items, counts, labels) and whose server cards are slots,
 * so each card's HTML is in the page once and never in the props.
 */
export function Portfolio({ view, t, instanceId = 'pfl-1' }: { view: PortfolioGridView; t: Translate; instanceId?: string }) {
  const slots: Slots = Object.fromEntries(view.items.map((item) => [`item-${item.id}`, <PortfolioCardLink item={item} />]));
  const props: PortfolioGridProps = {
    instanceId,
    pagination: view.pagination,
    terms: view.terms.map((term) => ({ slug: term.slug, name: term.name, count: term.count ?? 0 })),
    currentTerm: view.currentTerm,
    total: view.total,
    perPage: view.perPage,
    page: view.page,
    items: view.items.map((item) => ({ id: item.id, terms: termsOf(item) })),
    labels: {
      filter: t('portfolio.filter'),
      all: t('portfolio.all'),
      loadMore: t('portfolio.loadMore'),
      noMore: t('portfolio.noMore'),
      shown: t('portfolio.shown'),
      shownOne: t('portfolio.shownOne'),
      loaded: t('portfolio.loaded'),
      loadedOne: t('portfolio.loadedOne'),
    },
  };
  // a filter or "Load more" clicked (or Enter) before the island is hydrated waits for it rather
  // than loading the no-script page; a project link then goes where it leads
  return <Island name="portfolio" of={PortfolioGrid} when="idle" props={props} slots={slots} replayLinks />;
}
