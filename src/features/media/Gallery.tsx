import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import type { Translate } from '../../i18n/index.ts';
import type { Media } from './types.ts';
import { Image } from '../../ui/Image.tsx';
import { LazyImage, LazyNoScriptStyle } from './LazyImage.tsx';
import { pick, srcset } from './types.ts';
import type { Labels } from 'yet-another-react-lightbox';
import type { LinkInfo } from './lightbox-slides.ts';
import { GalleryGrid, type GalleryGridProps } from './GalleryGrid.tsx';
import { AUTOPLAY_MS, SLIDER_SPEED_MS, sliderLabels } from './slider-config.ts';
import { Slider, type SliderProps } from './Slider.tsx';
import { Island } from '../../ui/Island.tsx';
import type { Slots } from '../../ui/slot.ts';

type GalleryBlock = Extract<Block, { type: 'gallery' }>;

/** The lightbox's labels (yet-another-react-lightbox `labels`), from the dictionary. */
export function lightboxLabels(t: Translate): Labels {
  return {
    Previous: t('nav.previous'),
    Next: t('nav.next'),
    Close: t('nav.close'),
    Lightbox: t('lightbox.label'),
    Slide: t('lightbox.slide'),
    Carousel: t('lightbox.carousel'),
    'Photo gallery': t('lightbox.gallery'),
    '{index} of {total}': t('lightbox.counter'),
  };
}

/** What the lightbox shows for an image: its full size, caption, alternative text and sources. */
function lightboxItem(m: Media): LinkInfo {
  const full = pick(m, 1600);
  return { href: full.file, caption: m.caption || m.alt, alt: m.alt, srcset: srcset(m), width: full.width, height: full.height };
}

/**
 * Galleries: justified rows, masonry columns (island `gallery`, GalleryGrid.tsx) or a slider with
 * thumbnails (island `slider`). Every image links to its full size, so the gallery works without
 * script; once hydrated a click opens the gallery's lightbox (yet-another-react-lightbox).
 *
 * Justified rows are CSS only (global.css, "Media"): each item's flex basis is row height ×
 * aspect ratio and it grows in proportion to its ratio, so every image of a row gets the same
 * height; a filler with a huge grow factor ends the last row, which keeps the row height instead
 * of being stretched. The row height and margin are handed to the CSS as custom properties. This
 * lays out on the server with no layout shift and no script, so react-photo-album (which measures
 * the container in the browser, so its server layout is right at one width only) is not used.
 */
export function Gallery({ block, ctx }: { block: GalleryBlock; ctx: RenderContext }) {
  const items = block.media.map((id) => ctx.media[id]).filter((m): m is Media => !!m);
  const labels = lightboxLabels(ctx.t);
  const slots: Slots = {};
  if (block.style === 'slider') {
    items.forEach((m, i) => {
      slots[`slide-${i}`] = (
        <a href={pick(m, 1600).file}>
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
      thumbs: items.map((m) => ({ href: pick(m, 1600).file })),
      columns: block.columns,
      lightbox: { items: items.map(lightboxItem), labels },
      labels: sliderLabels(ctx.t),
    };
    return <Island name="slider" of={Slider} when="interaction" props={props} slots={slots} replayLinks />;
  }
  items.forEach((m, i) => {
    slots[`image-${i}`] = <LazyImage media={m} sizes={block.style === 'justified' ? `${Math.round((block.rowHeight * m.width) / m.height)}px` : '(min-width: 820px) 380px, 50vw'} width={480} />;
  });
  const props: GalleryGridProps = {
    layout: block.style,
    rowHeight: block.rowHeight,
    margin: block.margin,
    items: items.map((m) => ({ ...lightboxItem(m), label: ctx.t('gallery.open', { alt: m.alt }), ratio: m.width / m.height })),
    labels,
  };
  return (
    <>
      <LazyNoScriptStyle />
      <Island name="gallery" of={GalleryGrid} when="interaction" props={props} slots={slots} replayLinks />
    </>
  );
}
