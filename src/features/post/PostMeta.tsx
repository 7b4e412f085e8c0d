import type { PostSummary } from './types.ts';
import type { Translate } from '../../i18n/index.ts';
import { formatDate } from '../../i18n/index.ts';

/** Author and date line of a post. */
export function PostMeta({ post, t, locale, readingMinutes }: { post: PostSummary; t: Translate; locale: string; readingMinutes?: number }) {
  return (
    <p className="post-meta">
      {post.author.slug ? (
        <a className="post-meta__author" href={`/author/${post.author.slug}/`}>
          {t('post.by', { author: post.author.displayName })}
        </a>
      ) : null}
      <time className="post-meta__date" dateTime={post.publishedAt}>
        {formatDate(post.publishedAt, locale)}
      </time>
      {readingMinutes ? <span className="post-meta__reading">{t('post.readingTime', { n: readingMinutes })}</span> : null}
    </p>
  );
}

export function CategoryLinks({ post, className = 'post-cats' }: { post: PostSummary; className?: string }) {
  if (!post.categories.length) return null;
  return (
    <p className={className}>
      {post.categories.map((c) => (
        <a key={c.id} href={`/category/${c.slug}/`} className={`cat-badge cat-badge--${c.slug}`}>
          {c.name}
        </a>
      ))}
    </p>
  );
}
