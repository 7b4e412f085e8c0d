import type { HomeBlockView } from './load.server.ts';
import type { Translate } from '../../i18n/index.ts';
import type { PostSummary } from '../post/types.ts';
import { PostCard } from '../post/PostCard.tsx';
import { CategoryLinks, PostMeta } from '../post/PostMeta.tsx';
import { Image } from '../../ui/Image.tsx';
import { Parallax } from '../media/Parallax.tsx';
import { Slider, type SliderProps } from '../media/Slider.tsx';
import { AUTOPLAY_MS, SLIDER_SPEED_MS, sliderLabels } from '../media/slider-config.ts';
import { Island } from '../../ui/Island.tsx';
import { BlockHeadingTabs } from './BlockHeadingTabs.tsx';

interface Ctx {
  t: Translate;
  locale: string;
}

/** Featured slider (island `slider`): large slides, a CSS scroll-snap strip without script. */
function FeaturedSlider({ posts, ctx, id }: { posts: PostSummary[]; ctx: Ctx; id: string }) {
  const slots = Object.fromEntries(
    posts.map((p, i) => [
      `slide-${i}`,
      <>
        {p.featured ? <Image media={p.featured} sizes="(min-width: 1170px) 1170px, 100vw" width={1600} priority={i === 0} alt="" /> : null}
        <div className="featured-slide__body">
          <CategoryLinks post={p} />
          <h2 className="featured-slide__title">
            <a href={p.url}>{p.title}</a>
          </h2>
          <PostMeta post={p} t={ctx.t} locale={ctx.locale} />
        </div>
      </>,
    ]),
  );
  const props: SliderProps = { kind: 'featured', count: posts.length, trackId: `${id}-track`, speed: SLIDER_SPEED_MS, autoplay: AUTOPLAY_MS, label: ctx.t('carousel.featured'), labels: sliderLabels(ctx.t) };
  return <Island name="slider" of={Slider} when="interaction" props={props} slots={slots} />;
}

/** Carousel of cards (island `slider`): its heading carries the controls. */
function Carousel({ title, posts, ctx, id }: { title: string; posts: PostSummary[]; ctx: Ctx; id: string }) {
  const slots = Object.fromEntries(posts.map((p, i) => [`slide-${i}`, <PostCard post={p} t={ctx.t} locale={ctx.locale} variant="overlay" sizes="(min-width: 1170px) 290px, (min-width: 768px) 33vw, 80vw" />]));
  const props: SliderProps = { kind: 'carousel', count: posts.length, trackId: `${id}-track`, speed: SLIDER_SPEED_MS, autoplay: AUTOPLAY_MS, heading: { id: `${id}-title`, title }, labels: sliderLabels(ctx.t) };
  return <Island name="slider" of={Slider} when="interaction" props={props} slots={slots} />;
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
                <Island
                  name="block-heading"
                  of={BlockHeadingTabs}
                  when="visible"
                  props={{ id: `${id}-title`, title: v.block.title, more: t('nav.more'), categories: 'categories' in v ? v.categories.map((c) => ({ id: c.id, name: c.name, href: `/category/${c.slug}/` })) : [] }}
                />
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
