import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import type { Media } from './types.ts';
import { Image } from '../../ui/Image.tsx';
import { pick } from './types.ts';

type GalleryBlock = Extract<Block, { type: 'gallery' }>;

/**
 * Galleries: justified rows, masonry columns or a slider with thumbnails. Every image links to
 * its full size, so the gallery works without script; the lightbox island takes over the links.
 */
export function Gallery({ block, ctx }: { block: GalleryBlock; ctx: RenderContext }) {
  const items = block.media.map((id) => ctx.media[id]).filter((m): m is Media => !!m);
  const full = (m: Media) => pick(m, 1600).file;
  if (block.style === 'slider') {
    return (
      <div className="gallery gallery--slider" data-columns={block.columns} role="region" aria-roledescription="carousel" aria-label={ctx.t('gallery.slider')}>
        <ul className="gallery-slider__track">
          {items.map((m, i) => (
            <li key={m.id} className="gallery-slider__slide" role="group" aria-roledescription="slide" aria-label={ctx.t('carousel.slide', { n: i + 1, total: items.length })}>
              <a href={full(m)} data-lightbox="" data-caption={m.caption || m.alt}>
                <Image media={m} sizes="(min-width: 820px) 760px, 100vw" width={960} />
              </a>
            </li>
          ))}
        </ul>
        <ul className="gallery-slider__thumbs" aria-label={ctx.t('gallery.thumbs')} style={{ ['--columns' as string]: String(block.columns) }}>
          {items.map((m, i) => (
            <li key={m.id}>
              <a href={full(m)} data-slide-index={i} aria-label={ctx.t('gallery.open', { alt: m.alt })}>
                <Image media={m} sizes="120px" width={480} alt="" />
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const style =
    block.style === 'justified'
      ? { ['--row-height' as string]: `${block.rowHeight}px`, ['--gap' as string]: `${block.margin}px` }
      : { ['--gap' as string]: `${block.margin}px` };
  return (
    <div className={`gallery gallery--${block.style}`} data-row-height={block.rowHeight} data-margin={block.margin} style={style}>
      {items.map((m) => (
        <figure key={m.id} className="gallery__item" style={block.style === 'justified' ? { ['--ratio' as string]: String(m.width / m.height) } : undefined}>
          <a href={full(m)} data-lightbox="" data-caption={m.caption || m.alt} aria-label={ctx.t('gallery.open', { alt: m.alt })}>
            <Image media={m} sizes={block.style === 'justified' ? `${Math.round((block.rowHeight * m.width) / m.height)}px` : '(min-width: 820px) 380px, 50vw'} width={480} />
          </a>
          {m.caption ? <figcaption>{m.caption}</figcaption> : null}
        </figure>
      ))}
    </div>
  );
}
