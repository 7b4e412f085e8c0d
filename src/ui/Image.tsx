import type { Media } from '../features/media/types.ts';
import { srcset, pick, modernSources } from '../features/media/types.ts';

interface Props {
  media: Media;
  /** the `sizes` attribute: how wide the image is drawn */
  sizes: string;
  /** preferred rendition for `src` (browsers without srcset) */
  width?: number;
  className?: string;
  /** above the fold: load eagerly with high priority */
  priority?: boolean;
  alt?: string;
}

/**
 * A responsive image that always reserves its box (width/height), lazy unless `priority`. Images
 * with AVIF or WebP renditions (uploads) are offered in those first, inside a `<picture>`.
 */
export function Image({ media, sizes, width = 960, className, priority = false, alt }: Props) {
  const src = pick(media, width);
  const img = (
    <img
      src={src.file}
      srcSet={srcset(media)}
      sizes={sizes}
      width={media.width}
      height={media.height}
      alt={alt ?? media.alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
  const sources = modernSources(media);
  if (!sources.length) return img;
  return (
    <picture>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
