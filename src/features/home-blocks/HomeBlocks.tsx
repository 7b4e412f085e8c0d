import type { HomeBlockView } from './load.server.ts';
import type { Translate } from '../../i18n/index.ts';
import type { PostSummary } from '../post/types.ts';
import { PostCard } from '../post/PostCard.tsx';
import { CategoryLinks, PostMeta } from '../post/PostMeta.tsx';
import { Image } from '../../ui/Image.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Parallax } from '../media/Parallax.tsx';
import { SliderToggle } from '../media/SliderToggle.tsx';

interface Ctx {
  t: Translate;
  locale: string;
}

/** Featured slider: large slides with a scroll-snap track (works without script); the slider island adds autoplay and controls. */
function FeaturedSlider({ posts, ctx, id }: { posts: PostSummary[]; ctx: Ctx; id: string }) {
  return (
    <section className="featured-slider slider" role="region" aria-roledescription="carousel" aria-label={ctx.t('carousel.featured')} data-slider="featured" data-autoplay="5000" data-speed="600">
      <div className="slider__viewport">
        <div className="slider__track" id={`${id}-track`}>
          {posts.map((p, i) => (
            <div key={p.id} className="slider__slide featured-slide" role="group" aria-roledescription="slide" aria-label={ctx.t('carousel.slide', { n: i + 1, total: posts.length })}>
              {p.featured ? <Image media={p.featured} sizes="(min-width: 1170px) 1170px, 100vw" width={1600} priority={i === 0} alt="" /> : null}
              <div className="featured-slide__body">
                <CategoryLinks post={p} />
                <h2 className="featured-slide__title">
                  <a href={p.url}>{p.title}</a>
                </h2>
                <PostMeta post={p} t={ctx.t} locale={ctx.locale} />
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="slider__controls">
        <SliderToggle t={ctx.t} />
        <button type="button" className="slider__prev icon-btn" aria-controls={`${id}-track`} aria-label={ctx.t('nav.previous')}>
          <Icon name="left" />
        </button>
        <button type="button" className="slider__next icon-btn" aria-controls={`${id}-track`} aria-label={ctx.t('nav.next')}>
          <Icon name="right" />
        </button>
      </div>
    </section>
  );
}

function Carousel({ title, posts, ctx, id }: { title: string; posts: PostSummary[]; ctx: Ctx; id: string }) {
  return (
    <section className="home-block carousel slider" role="region" aria-roledescription="carousel" aria-labelledby={`${id}-title`} data-slider="carousel" data-speed="600" data-autoplay="5000">
      <div className="block-heading">
        <h2 className="block-heading__title" id={`${id}-title`}>
          {title}
        </h2>
        <div className="slider__controls slider__controls--inline">
          <SliderToggle t={ctx.t} />
          <button type="button" className="slider__prev icon-btn" aria-controls={`${id}-track`} aria-label={ctx.t('nav.previous')}>
            <Icon name="left" />
          </button>
          <button type="button" className="slider__next icon-btn" aria-controls={`${id}-track`} aria-label={ctx.t('nav.next')}>
            <Icon name="right" />
          </button>
        </div>
      </div>
      <div className="slider__viewport">
        <div className="slider__track carousel__track" id={`${id}-track`}>
          {posts.map((p, i) => (
            <div key={p.id} className="slider__slide carousel__slide" role="group" aria-roledescription="slide" aria-label={ctx.t('carousel.slide', { n: i + 1, total: posts.length })}>
              <PostCard post={p} t={ctx.t} locale={ctx.locale} variant="overlay" sizes="(min-width: 1170px) 290px, (min-width: 768px) 33vw, 80vw" />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export function HomeBlocks({ blocks, t, locale }: { blocks: HomeBlockView[]; t: Translate; locale: string }) {
  const ctx = { t, locale };
  return (
    <>
      {blocks.map((v, i) => {
        const id = `home-block-${i}`;
        if ('media' in v) {
          return v.media ? <Parallax key={id} media={v.media} heading={v.block.heading} text={v.block.text} link={v.block.link} linkLabel={t('home.readMore')} /> : null;
        }
        switch (v.block.type) {
          case 'featured-slider':
            return (
              <div key={id} className="container">
                <FeaturedSlider posts={v.posts} ctx={ctx} id={id} />
              </div>
            );
          case 'carousel':
            return (
              <div key={id} className="container">
                <Carousel title={v.block.title} posts={v.posts} ctx={ctx} id={id} />
              </div>
            );
          case 'category-tabs':
            return (
              <section key={id} className="home-block container" aria-labelledby={`${id}-title`}>
                <div className="block-heading block-heading--tabs">
                  <h2 className="block-heading__title" id={`${id}-title`}>
                    {v.block.title}
                  </h2>
                  <ul className="block-heading__cats" data-overflow-more={t('nav.more')}>
                    {'categories' in v &&
                      v.categories.map((c) => (
                        <li key={c.id}>
                          <a href={`/category/${c.slug}/`}>{c.name}</a>
                        </li>
                      ))}
                  </ul>
                </div>
                <div className="grid grid--4">
                  {v.posts.map((p) => (
                    <PostCard key={p.id} post={p} t={t} locale={locale} variant="grid" />
                  ))}
                </div>
              </section>
            );
          case 'grid':
            return (
              <section key={id} className="home-block container" aria-labelledby={`${id}-title`}>
                <div className="block-heading">
                  <h2 className="block-heading__title" id={`${id}-title`}>
                    {v.block.title}
                  </h2>
                </div>
                <div className="grid grid--3">
                  {v.posts.map((p) => (
                    <PostCard key={p.id} post={p} t={t} locale={locale} variant="grid" />
                  ))}
                </div>
              </section>
            );
          case 'masonry':
            return (
              <section key={id} className="home-block container" aria-labelledby={`${id}-title`}>
                <div className="block-heading">
                  <h2 className="block-heading__title" id={`${id}-title`}>
                    {v.block.title}
                  </h2>
                </div>
                <div className="masonry" data-masonry="">
                  {v.posts.map((p) => (
                    <PostCard key={p.id} post={p} t={t} locale={locale} variant="masonry" />
                  ))}
                </div>
              </section>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
