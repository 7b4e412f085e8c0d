import type { ArchiveView } from './archive.server.ts';
import { archiveOrders } from './archive.ts';
import type { Translate, MessageKey } from '../../i18n/index.ts';
import { PostCard } from './PostCard.tsx';
import { Pagination } from '../navigation/Pagination.tsx';
import { Breadcrumbs } from '../navigation/Breadcrumbs.tsx';
import { Image } from '../../ui/Image.tsx';
import { Sidebar } from '../sidebar/Sidebar.tsx';

interface Props {
  view: ArchiveView;
  t: Translate;
  locale: string;
  title: string;
  /** path of the archive without query */
  path: string;
  description?: string;
}

/** An archive page: heading, sort form (a real GET form), cards, pagination and the sidebar. */
export function Archive({ view, t, locale, title, path, description }: Props) {
  const { archive } = view;
  const href = (n: number) => {
    const q = new URLSearchParams();
    if (archive.kind === 'search') q.set('s', archive.query);
    if (view.orderby !== 'newest') q.set('orderby', view.orderby);
    if (n > 1) q.set('page', String(n));
    const s = q.toString();
    return s ? `${path}?${s}` : path;
  };
  return (
    <div className={`archive container${view.sidebar ? ' has-sidebar' : ''}`}>
      <header className="archive-header">
        <Breadcrumbs t={t} items={[{ label: t('nav.home'), url: '/' }, { label: title }]} />
        {archive.kind === 'author' && archive.author.avatar ? <Image media={archive.author.avatar} sizes="96px" width={160} className="archive-header__avatar" alt="" /> : null}
        <h1 className="archive-title">{title}</h1>
        {description ? <p className="archive-description">{description}</p> : null}
        {archive.kind === 'search' ? <p className="archive-count">{view.more ? t('search.countMore', { n: view.total }) : t('search.count', { n: view.total })}</p> : null}
        {view.total > 1 && archive.kind !== 'search' ? (
          <form className="archive-sort" method="get" action={path} data-archive-sort="">
            <label htmlFor="archive-orderby">{t('archive.sortLabel')}</label>
            <select id="archive-orderby" name="orderby" defaultValue={view.orderby}>
              {archiveOrders.map((o) => (
                <option key={o} value={o}>
                  {t(`archive.sort.${o}` as MessageKey)}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn--small archive-sort__submit">
              {t('archive.sortApply')}
            </button>
          </form>
        ) : null}
      </header>
      {view.posts.length ? (
        <div className="grid grid--3 archive-grid">
          {view.posts.map((p, i) => (
            <PostCard key={p.id} post={p} t={t} locale={locale} variant="grid" level={2} priority={i === 0} match={p.match} />
          ))}
        </div>
      ) : (
        <p className="archive-empty">{archive.kind === 'search' ? t('search.none') : t('archive.empty')}</p>
      )}
      <Pagination t={t} page={view.page} pages={view.pages} href={href} />
      {view.sidebar ? <Sidebar view={view.sidebar} t={t} locale={locale} /> : null}
    </div>
  );
}
