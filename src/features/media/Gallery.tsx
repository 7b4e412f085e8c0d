import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import type { Translate } from '../../i18n/index.ts';
import type { Media } from './types.ts';
import { Image } from '../../ui/Image.tsx';
import { LazyImage, LazyNoScriptStyle } from './LazyImage.tsx';
import { pick } from './types.ts';
import { AUTOPLAY_MS, SLIDER_SPEED_MS, sliderLabels } from './slider-config.ts';
import { Slider, type SliderProps } from './Slider.tsx';
import { Island } from '../../ui/Island.tsx';
import type { Slots } from '../../ui/slot.ts';

type GalleryBlock = Extract<Block, { type: 'gallery' }>;

/** The lightbox's labels (yet-another-react-lightbox `labels`), from the dictionary. */
export function lightboxLabels(t: Translate): string {
  return JSON.stringify({
    Previous: t('nav.previous'),
    Next: t('nav.next'),
    Close: t('nav.close'),
    Lightbox: t('lightbox.label'),
    Slide: t('lightbox.slide'),
    Carousel: t('lightbox.carousel'),
    'Photo gallery': t('lightbox.gallery'),
    '{index} of {total}': t('lightbox.counter'),
  });
}

/**
 * Galleries: justified rows, masonry columns or a slider with thumbnails. Every image links to
 * its full size, so the gallery works without script; the lightbox (media/lightbox.tsx) takes
 * over the links on click.
 *
 * Justified rows are CSS only (global.css, "Media"): each item's flex basis is row height ×
 * aspect ratio and it grows in proportion to its ratio, so every image of a row gets the same
 * height; a filler with a huge grow factor ends the last row, which keeps the row height instead
 * of being stretched. The row height and margin are the block's `data-row-height`/`data-margin`,
 * handed to the CSS as custom properties. This lays out on the server with no layout shift and no
 * script, so react-photo-album (a React island measuring the container) is not used.
 */
export function Gallery({ block, ctx }: { block: GalleryBlock; ctx: RenderContext }) {
  const items = block.media.map((id) => ctx.media[id]).filter((m): m is Media => !!m);
  const full = (m: Media) => pick(m, 1600);
  const labels = lightboxLabels(ctx.t);
  if (block.style === 'slider') {
    const slots: Slots = {};
    items.forEach((m, i) => {
      slots[`slide-${i}`] = (
        <a href={full(m).file} data-lightbox="" data-caption={m.caption || m.alt} data-width={full(m).width} data-height={full(m).height}>
          <Image media={m} sizes="(min-width: 820px) 760px, 100vw" width={960} />
        </a>
      );
      slots[`thumb-${i}`] = <Image media={m} sizes="120px" width={240} alt="" />;
    });
    const props: SliderProps = {
      kind: 'gallery',
      count: items.length,
      speed: SLIDER_SPEED_MS,
      autoplay: AUTOPLAY_MS,
      label: ctx.t('gallery.slider'),
      thumbs: items.map((m) => ({ href: full(m).file })),
      columns: block.columns,
      lightboxLabels: labels,
      labels: sliderLabels(ctx.t),
    };
    return <Island name="slider" of={Slider} when="visible" props={props} slots={slots} />;
  }
  const style =
    block.style === 'justified'
      ? { ['--row-height' as string]: `${block.rowHeight}px`, ['--gap' as string]: `${block.margin}px` }
      : { ['--gap' as string]: `${block.margin}px` };
  return (
    <div className={`gallery gallery--${block.style}`} data-row-height={block.rowHeight} data-margin={block.margin} data-lightbox-labels={labels} style={style}>
      <LazyNoScriptStyle />
      {items.map((m) => (
        <figure key={m.id} className="gallery__item" style={block.style === 'justified' ? { ['--ratio' as string]: String(m.width / m.height) } : undefined}>
          <a href={full(m).file} data-lightbox="" data-caption={m.caption || m.alt} data-width={full(m).width} data-height={full(m).height} aria-label={ctx.t('gallery.open', { alt: m.alt })}>
            <LazyImage media={m} sizes={block.style === 'justified' ? `${Math.round((block.rowHeight * m.width) / m.height)}px` : '(min-width: 820px) 380px, 50vw'} width={480} />
          </a>
          {m.caption ? <figcaption>{m.caption}</figcaption> : null}
        </figure>
      ))}
    </div>
  );
}
