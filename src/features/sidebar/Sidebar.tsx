import type { SidebarView } from './load.server.ts';
import type { Translate } from '../../i18n/index.ts';
import { PostCard } from '../post/PostCard.tsx';

/**
 * The archive sidebar: a search form, the most liked posts and the categories. From 961 px wide it
 * stays in view while the archive scrolls (CSS `position: sticky` with the SPEC 9 top margins, see
 * the "Sticky sidebar" block of global.css); below that it follows the archive's content.
 */
export function Sidebar({ view, t, locale }: { view: SidebarView; t: Translate; locale: string }) {
  return (
    <aside className="sidebar" aria-label={t('sidebar.label')}>
      <section className="sidebar-widget" aria-labelledby="sidebar-search-title">
        <h2 className="sidebar-widget__title" id="sidebar-search-title">
          {t('sidebar.search')}
        </h2>
        <form role="search" action="/" method="get" className="sidebar-search" aria-labelledby="sidebar-search-title">
          <label htmlFor="sidebar-search-input" className="visually-hidden">
            {t('search.label')}
          </label>
          <input id="sidebar-search-input" type="search" name="s" placeholder={t('search.placeholder')} />
          <button type="submit" className="btn btn--small">
            {t('search.submit')}
          </button>
        </form>
      </section>
      {view.popular.length ? (
        <section className="sidebar-widget" aria-labelledby="sidebar-popular-title">
          <h2 className="sidebar-widget__title" id="sidebar-popular-title">
            {t('sidebar.popular')}
          </h2>
          <div className="sidebar-popular">
            {view.popular.map((p) => (
              <PostCard key={p.id} post={p} t={t} locale={locale} variant="small" />
            ))}
          </div>
        </section>
      ) : null}
      {view.categories.length ? (
        <section className="sidebar-widget" aria-labelledby="sidebar-categories-title">
          <h2 className="sidebar-widget__title" id="sidebar-categories-title">
            {t('sidebar.categories')}
          </h2>
          <ul className="sidebar-cats">
            {view.categories.map((c) => (
              <li key={c.id}>
                <a href={`/category/${c.slug}/`}>{c.name}</a> <span className="sidebar-cats__count">{t('sidebar.count', { n: c.count ?? 0 })}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </aside>
  );
}
