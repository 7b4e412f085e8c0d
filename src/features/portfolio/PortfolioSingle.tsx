import type { PortfolioItem } from './types.ts';
import type { Translate } from '../../i18n/index.ts';
import type { RenderContext } from '../post/render-context.ts';
import type { OutsidePlayer } from '../media/video.ts';
import { Blocks } from '../post/Blocks.tsx';
import { Image } from '../../ui/Image.tsx';
import { Breadcrumbs } from '../navigation/Breadcrumbs.tsx';

/** Single portfolio item in one of three layouts; in layout 3 the meta and content columns stay sticky. */
export function PortfolioSingle({ item, t, locale, players }: { item: PortfolioItem; t: Translate; locale: string; players: readonly OutsidePlayer[] }) {
  const ctx: RenderContext = { t, locale, media: item.media, players, postId: item.id, postUrl: item.url, postTitle: item.title };
  const meta = (
    <dl className="portfolio-meta">
      {item.meta.client ? (
        <div>
          <dt>{t('portfolio.client')}</dt>
          <dd>{item.meta.client}</dd>
        </div>
      ) : null}
      {item.meta.year ? (
        <div>
          <dt>{t('portfolio.year')}</dt>
          <dd>{item.meta.year}</dd>
        </div>
      ) : null}
      {item.meta.role ? (
        <div>
          <dt>{t('portfolio.role')}</dt>
          <dd>{item.meta.role}</dd>
        </div>
      ) : null}
      {item.categories.length ? (
        <div>
          <dt>{t('portfolio.categories')}</dt>
          <dd>
            {item.categories.map((c, i) => (
              <span key={c.id}>
                {i > 0 ? ', ' : ''}
                <a href={`/portfolio/?term=${c.slug}`}>{c.name}</a>
              </span>
            ))}
          </dd>
        </div>
      ) : null}
    </dl>
  );
  return (
    <article className={`portfolio-single portfolio-layout-${item.layout} container`} data-postid={item.id}>
      <Breadcrumbs t={t} items={[{ label: t('nav.home'), url: '/' }, { label: t('portfolio.title'), url: '/portfolio/' }, { label: item.title }]} />
      <header className="portfolio-single__header">
        <h1 className="post-title">{item.title}</h1>
        <p className="post-subtitle">{item.excerpt}</p>
      </header>
      {item.layout !== 3 && item.featured ? (
        <figure className="post-featured">
          <Image media={item.featured} sizes="(min-width: 1170px) 1100px, 100vw" width={1600} priority />
        </figure>
      ) : null}
      <div className="portfolio-single__body">
        <aside className="portfolio-single__meta">{meta}</aside>
        <div className="portfolio-single__content entry-content">
          {item.layout === 3 && item.featured ? (
            <figure className="post-featured">
              <Image media={item.featured} sizes="(min-width: 1170px) 700px, 100vw" width={960} priority />
            </figure>
          ) : null}
          <Blocks blocks={item.blocks} ctx={ctx} />
        </div>
      </div>
      <p>
        <a href="/portfolio/">← {t('portfolio.back')}</a>
      </p>
    </article>
  );
}
