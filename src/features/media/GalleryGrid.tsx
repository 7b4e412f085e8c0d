import type { MouseEvent } from 'react';
import type { Labels } from 'yet-another-react-lightbox';
import type { LinkInfo } from './lightbox-slides.ts';
import { slot, type Slots } from '../../ui/slot.ts';
import { preloadLightbox, useGalleryLightbox } from './GalleryLightbox.tsx';

export interface GalleryGridProps {
  layout: 'justified' | 'masonry';
  /** justified rows: the row height and the gap, in px */
  rowHeight: number;
  margin: number;
  /** one per image: what the lightbox shows, the link's name, the caption under it, its aspect ratio */
  items: (LinkInfo & { label: string; ratio: number })[];
  labels: Labels;
  /** `image-i`: the image of item i (server-rendered, lazily loaded) */
  slots?: Slots;
}

/**
 * A gallery of justified rows or masonry columns (island `gallery`). Each image links to its
 * full size, so without script the gallery is a list of links; once hydrated a click (or Enter)
 * opens the gallery's lightbox at that image, and closing it returns the focus to the link.
 * The layout is CSS (global.css, "Media"), computed with no script and no measuring, so nothing
 * moves when the page loads; the masonry behaviour (media/masonry) refines masonry columns.
 */
export function GalleryGrid({ layout, rowHeight, margin, items, labels, slots }: GalleryGridProps) {
  const lightbox = useGalleryLightbox(items, labels);
  const style = layout === 'justified' ? { ['--row-height' as string]: `${rowHeight}px`, ['--gap' as string]: `${margin}px` } : { ['--gap' as string]: `${margin}px` };
  const onClick = (e: MouseEvent<HTMLAnchorElement>, i: number) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    lightbox.open(i, e.currentTarget);
  };
  return (
    <div className={`gallery gallery--${layout}`} style={style} onPointerOver={preloadLightbox} onFocus={preloadLightbox}>
      {items.map((item, i) => (
        <figure key={i} className="gallery__item" style={layout === 'justified' ? { ['--ratio' as string]: String(item.ratio) } : undefined}>
          <a href={item.href} aria-label={item.label} onClick={(e) => onClick(e, i)} {...slot(slots, `image-${i}`)} />
          {item.caption ? <figcaption>{item.caption}</figcaption> : null}
        </figure>
      ))}
      {lightbox.element}
    </div>
  );
}
