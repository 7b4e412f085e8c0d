import type { PortfolioGridView } from './load.server.ts';
import type { PortfolioSummary } from './types.ts';
import type { Translate } from '../../i18n/index.ts';
import { Image } from '../../ui/Image.tsx';

/** One grid item; also what the load-more call answers as HTML. */
export function PortfolioCard({ item }: { item: PortfolioSummary }) {
  return (
    <article className="portfolio-item" data-id={item.id} data-terms={item.categories.map((c) => c.slug).join(' ')}>
      <a href={item.url} className="portfolio-item__link">
        {item.featured ? <Image media={item.featured} sizes="(min-width: 1170px) 380px, (min-width: 600px) 50vw, 100vw" width={960} alt="" /> : null}
        <span className="portfolio-item__body">
          <span className="portfolio-item__title">{item.title}</span>
          <span className="portfolio-item__cats">{item.categories.map((c) => c.name).join(', ')}</span>
        </span>
      </a>
    </article>
  );
}

/**
 * Portfolio grid with its category filter and load-more control. The filter data of the
 * reference (instanceId, currentTerm, countByTerms, count, pflShowIds) is on the wrapper.
 */
export function PortfolioGrid({ view, t, instanceId = 'pfl-1' }: { view: PortfolioGridView; t: Translate; instanceId?: string }) {
  const countByTerms = Object.fromEntries([['*', view.total], ...view.terms.map((term) => [term.slug, term.count ?? 0])]);
  const filter = { instanceId, currentTerm: view.currentTerm, countByTerms, count: view.perPage, pflShowIds: view.items.map((i) => i.id) };
  const more = view.items.length < view.total;
  const href = (term: string, page = 1) => {
    const q = new URLSearchParams();
    if (term !== '*') q.set('term', term);
    if (page > 1) q.set('page', String(page));
    const s = q.toString();
    return `/portfolio/${s ? `?${s}` : ''}`;
  };
  return (
    <div className="portfolio" id={instanceId} data-filter={JSON.stringify(filter)} data-pagination={view.pagination}>
      <nav className="portfolio-filter" aria-label={t('portfolio.filter')}>
        <ul>
          {[{ slug: '*', name: t('portfolio.all') }, ...view.terms].map((term) => (
            <li key={term.slug}>
              <a href={href(term.slug)} data-term={term.slug} aria-current={term.slug === view.currentTerm ? 'true' : undefined} className={term.slug === view.currentTerm ? 'is-active' : undefined}>
                {term.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="portfolio-grid" id={`${instanceId}-grid`}>
        {view.items.map((item) => (
          <PortfolioCard key={item.id} item={item} />
        ))}
      </div>
      {/* what the script announces politely: filtered and loaded counts, the end of the list */}
      <p className="portfolio-status visually-hidden" role="status" data-msg-shown={t('portfolio.shown')} data-msg-shown-one={t('portfolio.shownOne')} data-msg-loaded={t('portfolio.loaded')} data-msg-loaded-one={t('portfolio.loadedOne')}></p>
      <div className="portfolio-more">
        {/* always rendered (hidden when the current term has no more) so the script can show it for another term */}
        <a className="btn portfolio-more__btn" href={href(view.currentTerm, view.page + 1)} hidden={!more} aria-controls={`${instanceId}-grid`} data-mes={t('portfolio.loadMore')} data-mes_no_more={t('portfolio.noMore')}>
          {t('portfolio.loadMore')}
        </a>
      </div>
    </div>
  );
}
