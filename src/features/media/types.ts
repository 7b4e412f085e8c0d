/** A stored image with its smaller renditions (ascending by width). */
export interface Media {
  id: number;
  file: string;
  mime: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
  variants: MediaVariant[];
}

export interface MediaVariant {
  width: number;
  height: number;
  file: string;
}

export type MediaMap = Record<number, Media>;

/** `srcset` of an image: every rendition plus the original, by width. */
export function srcset(media: Media): string {
  const all = [...media.variants, { width: media.width, height: media.height, file: media.file }];
  const seen = new Set<number>();
  return all
    .filter((v) => (seen.has(v.width) ? false : (seen.add(v.width), true)))
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.file} ${v.width}w`)
    .join(', ');
}

/** The smallest rendition at least `width` wide (or the original). */
export function pick(media: Media, width: number): MediaVariant {
  const all = [...media.variants, { width: media.width, height: media.height, file: media.file }].sort((a, b) => a.width - b.width);
  return all.find((v) => v.width >= width) ?? all[all.length - 1]!;
}
