/**
 * Lightbox slides built from a gallery's links (pure, no DOM): every `a[data-lightbox]` becomes an
 * image slide, or an iframe slide when it points at a video page (YouTube, Vimeo) or is marked
 * `data-type="iframe"`. The lightbox itself is yet-another-react-lightbox (lightbox.tsx).
 */
import { embedUrl, outsideVideo } from './video.ts';

export interface LinkInfo {
  href: string;
  /** data-caption */
  caption?: string | null;
  /** the thumbnail's alt text */
  alt?: string | null;
  /** the thumbnail's srcset (`file 480w, file 960w`) */
  srcset?: string | null;
  /** data-type: "image" | "iframe" */
  type?: string | null;
  /** data-width / data-height of the target (optional) */
  width?: number;
  height?: number;
}

export interface ImageSlideData {
  type: 'image';
  src: string;
  alt: string;
  description?: string;
  srcSet?: { src: string; width: number; height: number }[];
  width?: number;
  height?: number;
}

export interface IframeSlideData {
  type: 'iframe';
  src: string;
  /** the iframe's accessible name (not `title`: the captions plugin would show it twice) */
  frameTitle: string;
  description?: string;
  /** an outside player (needs consent: consent/embeds.ts) */
  outside: boolean;
  width: number;
  height: number;
}

export type SlideData = ImageSlideData | IframeSlideData;

/** The embed URL for a YouTube or Vimeo page URL (autoplay, rel=0, no info: SPEC 9), else null. */
export function videoEmbedUrl(href: string, base = 'http://localhost/'): string | null {
  let absolute: string;
  try {
    absolute = new URL(href, base).href;
  } catch {
    return null;
  }
  const video = outsideVideo(absolute);
  return video ? embedUrl(video) : null;
}

/** Parses a `srcset` of width descriptors, with heights from the aspect ratio. */
export function parseSrcset(srcset: string | null | undefined, ratio: number | null): { src: string; width: number; height: number }[] {
  if (!srcset) return [];
  const out: { src: string; width: number; height: number }[] = [];
  for (const part of srcset.split(',')) {
    const [src, desc] = part.trim().split(/\s+/);
    const m = desc ? /^(\d+)w$/.exec(desc) : null;
    if (!src || !m) continue;
    const width = Number(m[1]);
    out.push({ src, width, height: ratio ? Math.round(width / ratio) : width });
  }
  return out;
}

/** One slide for one link. */
export function slideFor(link: LinkInfo): SlideData {
  const caption = (link.caption ?? '').trim();
  const embed = videoEmbedUrl(link.href);
  if (embed || link.type === 'iframe') {
    return {
      type: 'iframe',
      src: embed ?? link.href,
      frameTitle: caption || (link.alt ?? '').trim() || link.href,
      ...(caption ? { description: caption } : {}),
      outside: !!embed,
      width: link.width ?? 1280,
      height: link.height ?? 720,
    };
  }
  const ratio = link.width && link.height ? link.width / link.height : null;
  const srcSet = parseSrcset(link.srcset, ratio);
  return {
    type: 'image',
    src: link.href,
    alt: (link.alt ?? '').trim() || caption,
    ...(caption ? { description: caption } : {}),
    ...(srcSet.length > 1 ? { srcSet } : {}),
    ...(link.width && link.height ? { width: link.width, height: link.height } : {}),
  };
}

/** The slides of a group of links, and the index of the clicked one. */
export function buildSlides(links: LinkInfo[], clicked: number): { slides: SlideData[]; index: number } {
  return { slides: links.map(slideFor), index: Math.min(Math.max(0, clicked), Math.max(0, links.length - 1)) };
}
