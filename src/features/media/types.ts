/** A stored image with its renditions. */
export interface Media {
  id: number;
  file: string;
  mime: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
  variants: MediaVariant[];
  /** who made the picture (shown after the caption) */
  credit?: string;
}

export interface MediaVariant {
  width: number;
  height: number;
  file: string;
  /** MIME type when it differs from the original's (AVIF and WebP renditions of a JPEG) */
  type?: string;
}

/** A media item as the admin's library sees it. */
export interface MediaItem extends Media {
  title: string;
  credit: string;
  originalName: string;
  size: number;
  uploadedBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export type MediaMap = Record<number, Media>;

/** Formats offered before the fallback, best first. */
export const modernTypes = ['image/avif', 'image/webp'] as const;

const ofType = (media: Media, type: string) => [
  ...media.variants.filter((v) => (v.type ?? media.mime) === type),
  ...(type === media.mime ? [{ width: media.width, height: media.height, file: media.file }] : []),
];

/** `srcset` of an image in one format (default: the original's): every rendition by width. */
export function srcset(media: Media, type: string = media.mime): string {
  const seen = new Set<number>();
  return ofType(media, type)
    .filter((v) => (seen.has(v.width) ? false : (seen.add(v.width), true)))
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.file} ${v.width}w`)
    .join(', ');
}

/** `<source>`s for a `<picture>`: the modern formats this image has renditions in. */
export function modernSources(media: Media): { type: string; srcset: string }[] {
  return modernTypes.filter((t) => t !== media.mime && media.variants.some((v) => v.type === t)).map((type) => ({ type, srcset: srcset(media, type) }));
}

/** The smallest rendition in the original's format at least `width` wide (or the original). */
export function pick(media: Media, width: number): MediaVariant {
  const all = ofType(media, media.mime).sort((a, b) => a.width - b.width);
  return all.find((v) => v.width >= width) ?? all[all.length - 1] ?? { width: media.width, height: media.height, file: media.file };
}
