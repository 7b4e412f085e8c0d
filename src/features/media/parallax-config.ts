/**
 * Parallax (SPEC 9, NOTES "Media and layout"): jarallax 2 options from a `.parallax` section's
 * data attributes. Pure, so the clamps and defaults are unit-tested.
 */
import { outsidePlayerOf } from './video.ts';

export const PARALLAX_TYPES = ['scroll', 'scale', 'opacity', 'scroll-opacity', 'scale-opacity'] as const;
export type ParallaxType = (typeof PARALLAX_TYPES)[number];

export const PARALLAX_DEFAULTS = { type: 'scroll' as ParallaxType, speed: 0.5, zIndex: -100 };

export function clampSpeed(v: number): number {
  return Math.min(2, Math.max(-1, v));
}

const finite = (v: string | undefined): number | null => {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

export interface ParallaxData {
  speed?: string;
  type?: string;
  zIndex?: string;
  /** data-video-src: a background video (YouTube, Vimeo or a local mp4/webm/ogv file) */
  videoSrc?: string;
  videoStart?: string;
  videoEnd?: string;
  videoLoop?: string;
}

export interface ParallaxOptions {
  type: ParallaxType;
  speed: number;
  zIndex: number;
  imgElement: string;
  imgSize: string;
  imgPosition: string;
  videoSrc?: string;
  videoStartTime?: number;
  videoEndTime?: number;
  videoLoop?: boolean;
  videoPlayOnlyVisible?: boolean;
  videoLazyLoading?: boolean;
}

/** Local video types (SPEC 9): mp4, webm, ogv or ogg. */
const LOCAL_VIDEO = /\.(mp4|webm|ogv|ogg)(?:[?#].*)?$/i;

/**
 * jarallax's video extension takes `mp4:URL,webm:URL,ogv:URL` for local files, or a YouTube or
 * Vimeo page URL. Returns that string and whether it comes from an outside service (consent).
 */
export function videoSource(src: string | undefined): { src: string; outside: boolean } | null {
  const s = src?.trim();
  if (!s) return null;
  if (/^(mp4|webm|ogv):/i.test(s)) return { src: s, outside: false };
  const m = LOCAL_VIDEO.exec(s);
  if (m) {
    const ext = m[1]!.toLowerCase() === 'ogg' ? 'ogv' : m[1]!.toLowerCase();
    return { src: `${ext}:${s}`, outside: false };
  }
  if (outsidePlayerOf(s)) return { src: s, outside: true };
  return null;
}

export function parallaxOptions(data: ParallaxData): ParallaxOptions {
  const type = (PARALLAX_TYPES as readonly string[]).includes(data.type ?? '') ? (data.type as ParallaxType) : PARALLAX_DEFAULTS.type;
  const speed = clampSpeed(finite(data.speed) ?? PARALLAX_DEFAULTS.speed);
  const z = finite(data.zIndex);
  const opts: ParallaxOptions = {
    type,
    speed,
    zIndex: z === null ? PARALLAX_DEFAULTS.zIndex : Math.round(z),
    imgElement: '.parallax__img',
    imgSize: 'cover',
    imgPosition: '50% 50%',
  };
  const video = videoSource(data.videoSrc);
  if (video) {
    opts.videoSrc = video.src;
    const start = finite(data.videoStart);
    const end = finite(data.videoEnd);
    if (start !== null && start > 0) opts.videoStartTime = start;
    if (end !== null && end > 0) opts.videoEndTime = end;
    opts.videoLoop = data.videoLoop !== 'false';
    opts.videoPlayOnlyVisible = true;
    opts.videoLazyLoading = true;
  }
  return opts;
}
