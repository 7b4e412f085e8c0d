import type { ReactNode } from 'react';
import type { SinglePostView } from './load.server.ts';
import type { Translate } from '../../i18n/index.ts';
import type { RenderContext } from './render-context.ts';
import type { OutsidePlayer } from '../media/video.ts';
import { blocksText } from './blocks.ts';
import { Blocks } from './Blocks.tsx';
import { CategoryLinks, PostMeta } from './PostMeta.tsx';
import { ShareButtons } from './ShareButtons.tsx';
import { RelatedPopup } from './RelatedPopup.tsx';
import { AuthorBox } from './AuthorBox.tsx';
import { FontSizeControl } from './FontSizeControl.tsx';
import { PostCard } from './PostCard.tsx';
import { LikeButton } from '../likes/LikeButton.tsx';
import { Island } from '../../ui/Island.tsx';
import { JumpToRecipe } from '../recipe/Recipe.tsx';
import { Image } from '../../ui/Image.tsx';
import { Breadcrumbs } from '../navigation/Breadcrumbs.tsx';

interface Props {
  view: SinglePostView;
  t: Translate;
  locale: string;
  publicUrl: string;
  /** the outside video players the settings turn on */
  players: readonly OutsidePlayer[];
  editUrl: string;
  /** the first block on the page gets the page's only <h1> and an eager image */
  first: boolean;
  /**
   * Renders the like buttons (the part of the article a visitor's likes change) in place of
   * `ArticleLike`: `post/article-html.server.tsx` marks their places in an article rendered once
   * per content version and fills them on every request.
   */
  like?: (variant: LikeVariant) => ReactNode;
}

export type LikeVariant = 'header' | 'footer';

/** The like button of the article's header bar or of its footer, with the post's count. */
export function ArticleLike({ postId, likes, variant, t }: { postId: number; likes: number; variant: LikeVariant; t: Translate }) {
  return variant === 'header' ? (
    <Island name="like" of={LikeButton} when="interaction" props={{ postId, count: likes, like: t('post.like'), unlike: t('post.unlike') }} />
  ) : (
    <Island name="like" of={LikeButton} when="interaction" props={{ postId, count: likes, variant: 'footer', like: t('post.like'), unlike: t('post.unlike') }} />
  );
}

/**
 * One post block of the single-post page. Infinite scroll appends more of these below; each
 * carries the attributes the reading script needs (SPEC 3, post block data attributes).
 */
export function Article({ view, t, locale, publicUrl, players, editUrl, first, like = (variant) => <ArticleLike postId={view.post.id} likes={view.likes} variant={variant} t={t} /> }: Props) {
  const { post, previous } = view;
  const isPost = post.type === 'post';
  const ctx: RenderContext = {
    t,
    locale,
    media: post.media,
    players,
    postId: post.id,
    postUrl: post.url,
    postTitle: post.title,
    forms: view.forms,
    formState: view.formState,
    rating: { total: view.rating.total, people: view.rating.people, allow: post.allowRating },
  };
  const hasRecipe = post.blocks.some((b) => b.type === 'recipe');
  const leadsWithMedia = post.blocks[0]?.type === 'embed' || post.blocks[0]?.type === 'playlist';
  const Title = first ? 'h1' : 'h2';
  const absolute = new URL(post.url, publicUrl).href;
  return (
    <article
      className={`post-block format-${post.format} type-${post.type}`}
      id={`post-${post.id}`}
      data-postid={post.id}
      data-current-url={post.url}
      data-post-title={post.title}
      data-edit-post={editUrl}
      data-prev-url={previous?.url ?? ''}
      {...(isPost && !previous ? { 'data-end': '1' } : {})}
    >
      <header className="post-header">
        {isPost ? (
          <Breadcrumbs
            t={t}
            items={[{ label: t('nav.home'), url: '/' }, ...(post.categories[0] ? [{ label: post.categories[0].name, url: `/category/${post.categories[0].slug}/` }] : []), { label: post.title }]}
          />
        ) : null}
        {isPost ? <CategoryLinks post={post} /> : null}
        <Title className="post-title">{post.title}</Title>
        {post.meta.subtitle ? <p className="post-subtitle">{post.meta.subtitle}</p> : null}
        {isPost ? (
          <div className="post-header__bar">
            <PostMeta post={post} t={t} locale={locale} readingMinutes={Math.max(1, Math.round(blocksText(post.blocks).split(/\s+/).length / 230))} />
            <div className="post-tools">
              <Island name="font-size" of={FontSizeControl} when="interaction" props={{ postId: post.id, label: t('post.textSize'), valueText: t('post.textSizeValue', { n: '{n}' }), reset: t('post.textSizeReset') }} />
              {like('header')}
            </div>
          </div>
        ) : null}
      </header>
      {post.featured && !leadsWithMedia ? (
        <figure className="post-featured">
          <Image media={post.featured} sizes="(min-width: 1170px) 1100px, 100vw" width={1600} priority={first} />
        </figure>
      ) : null}
      {hasRecipe ? <JumpToRecipe ctx={ctx} /> : null}
      <div className="post-content entry-content">
        <Blocks blocks={post.blocks} ctx={ctx} />
      </div>
      {isPost ? (
        <footer className="post-footer">
          {post.tags.length ? (
            <p className="post-tags">
              <span>{t('post.tags')}:</span>
              {post.tags.map((tag) => (
                <a key={tag.id} href={`/tag/${tag.slug}/`} rel="tag">
                  #{tag.name}
                </a>
              ))}
            </p>
          ) : null}
          <div className="post-footer__actions">
            {like('footer')}
            <Island
              name="share"
              of={ShareButtons}
              when="interaction"
              props={{ postId: post.id, url: absolute, title: post.title, labels: { share: t('post.share'), shareOn: t('post.shareOn', { network: '{network}' }), copyLink: t('post.copyLink'), copied: t('post.linkCopied'), copyFailed: t('post.copyFailed') } }}
            />
          </div>
          <Island
            name="author-box"
            of={AuthorBox}
            when="interaction"
            props={{
              postId: post.id,
              author: post.author,
              latest: view.authorLatest.map((p) => ({ id: p.id, url: p.url, title: p.title })),
              labels: { tabs: t('author.tabs'), about: t('author.about'), latest: t('author.latest'), allPosts: t('author.allPosts', { name: post.author.displayName }) },
            }}
          />
          {view.related.length ? (
            <section className="related-posts" aria-labelledby={`related-${post.id}`}>
              <h2 id={`related-${post.id}`} className="section-title">
                {t('post.related')}
              </h2>
              <div className="grid grid--3">
                {view.related.map((p) => (
                  <PostCard key={p.id} post={p} t={t} locale={locale} variant="grid" />
                ))}
              </div>
            </section>
          ) : null}
          {post.meta.relatedPopup && view.related.length ? (
            <Island
              name="related-popup"
              of={RelatedPopup}
              when="interaction"
              props={{ postId: post.id, posts: view.related.map((p) => ({ id: p.id, url: p.url, title: p.title })), labels: { title: t('post.relatedPopup'), close: t('nav.close') } }}
            />
          ) : null}
          <nav className="post-nav" aria-label={t('nav.olderPosts')}>
            {previous ? (
              <a className="post-nav__prev" href={previous.url} rel="prev">
                {t('post.previousPost', { title: previous.title })}
              </a>
            ) : (
              <span className="post-nav__end">{t('post.endOfChain')}</span>
            )}
          </nav>
        </footer>
      ) : null}
    </article>
  );
}
