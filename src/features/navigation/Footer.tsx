import type { MenuItem } from './types.ts';
import type { PostSummary, Term } from '../post/types.ts';
import type { Translate } from '../../i18n/index.ts';
import { Icon } from '../../ui/Icon.tsx';
import { formatDate } from '../../i18n/index.ts';

interface Props {
  t: Translate;
  siteTitle: string;
  tagline: string;
  menu: MenuItem[];
  categories: Term[];
  recent: PostSummary[];
  locale: string;
}

/** Footer widgets (about, categories, recent posts), footer menu and copyright. */
export function Footer({ t, siteTitle, tagline, menu, categories, recent, locale }: Props) {
  const year = new Date().getUTCFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-widgets container">
        <section className="widget" aria-labelledby="fw-about">
          <h2 id="fw-about" className="widget__title">
            {t('footer.about')}
          </h2>
          <p className="site-logo__text">{siteTitle}</p>
          <p>{tagline}</p>
          <a className="footer-feed" href="/feed/">
            <Icon name="rss" size={16} /> {t('footer.feed')}
          </a>
        </section>
        <section className="widget" aria-labelledby="fw-categories">
          <h2 id="fw-categories" className="widget__title">
            {t('footer.categories')}
          </h2>
          <ul className="widget-list">
            {categories.map((c) => (
              <li key={c.id}>
                <a href={`/category/${c.slug}/`}>{c.name}</a> <span className="count">{c.count ?? 0}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="widget" aria-labelledby="fw-recent">
          <h2 id="fw-recent" className="widget__title">
            {t('footer.recent')}
          </h2>
          <ul className="widget-list widget-list--posts">
            {recent.map((p) => (
              <li key={p.id}>
                <a href={p.url}>{p.title}</a>
                <time dateTime={p.publishedAt}>{formatDate(p.publishedAt, locale)}</time>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom__inner">
          <p>{t('footer.rights', { year, site: siteTitle })}</p>
          <nav aria-label={t('a11y.footerNavigation')}>
            <ul className="footer-menu">
              {menu.map((m) => (
                <li key={m.id}>
                  <a href={m.url}>{m.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
