import type { PostSummary } from './types.ts';
import { formatDate, type Translate } from '../../i18n/index.ts';
import { Image } from '../../ui/Image.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { CategoryLinks, PostMeta } from './PostMeta.tsx';
import { Highlighted } from '../search/Highlighted.tsx';
import type { SearchHighlight } from '../search/query.ts';

export type CardVariant = 'grid' | 'list' | 'overlay' | 'small' | 'masonry';

interface Props {
  post: PostSummary;
  t: Translate;
  locale: string;
  variant?: CardVariant;
  /** heading level of the title inside the page outline */
  level?: 2 | 3;
  priority?: boolean;
  sizes?: string;
  /** a search result: the title and an excerpt with the matched words marked */
  match?: SearchHighlight | undefined;
}

/** A post teaser: image, categories, title, meta and excerpt. */
export function PostCard({ post, t, locale, variant = 'grid', level = 3, priority = false, sizes, match }: Props) {
  const H = `h${level}` as const;
  const isVideo = post.format === 'video';
  return (
    <article className={`card card--${variant} format-${post.format}`}>
      {post.featured ? (
        <a className="card__media" href={post.url} tabIndex={-1} aria-hidden="true">
          <Image
            media={post.featured}
            priority={priority}
            sizes={sizes ?? (variant === 'small' ? '96px' : variant === 'list' ? '(min-width: 768px) 320px, 100vw' : '(min-width: 1170px) 380px, (min-width: 768px) 50vw, 100vw')}
            width={variant === 'small' ? 480 : 960}
            alt=""
          />
          {isVideo ? (
            <span className="card__format">
              <Icon name="play" size={18} />
            </span>
          ) : null}
        </a>
      ) : null}
      <div className="card__body">
        {variant !== 'small' ? <CategoryLinks post={post} /> : null}
        <H className="card__title">
          <a href={post.url}>{match ? <Highlighted segments={match.title} /> : post.title}</a>
        </H>
        {variant === 'small' ? (
          <time className="post-meta__date" dateTime={post.publishedAt}>
            {formatDate(post.publishedAt, locale, 'short')}
          </time>
        ) : (
          <PostMeta post={post} t={t} locale={locale} />
        )}
        {variant === 'grid' || variant === 'list' || variant === 'masonry' ? post.protected ? (
          <p className="card__excerpt card__excerpt--protected">{t('post.protectedExcerpt')}</p>
        ) : (
          <p className="card__excerpt">{match?.excerpt ? <Highlighted segments={match.excerpt} /> : post.excerpt}</p>
        ) : null}
      </div>
    </article>
  );
}
