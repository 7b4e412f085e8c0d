/**
 * Sliders and carousels (SPEC 9, NOTES "Media and layout"): pure configuration shared by the
 * slider island (Slider.tsx) and its tests. The slider library is embla-carousel
 * (embla-carousel-react + embla-carousel-autoplay).
 */
import type { Translate } from '../../i18n/index.ts';

/** Carousel breakpoints (SPEC 9): 0, 480, 768, 1170 px. */
export const BREAKPOINTS = [0, 480, 768, 1170] as const;
/** Default slider speed (SPEC 9). */
export const SLIDER_SPEED_MS = 600;
/** Auto-play delay (SPEC 9). */
export const AUTOPLAY_MS = 5000;

export type SliderKind = 'featured' | 'carousel' | 'gallery';

/**
 * Slides per view at each breakpoint. The CSS (global.css, "Sliders") draws the same numbers with
 * media queries, so the layout is right before any script runs and without it.
 */
const PER_VIEW: Record<SliderKind, readonly [number, number, number, number]> = {
  featured: [1, 1, 1, 1],
  carousel: [1, 2, 3, 4],
  gallery: [1, 1, 1, 1],
};

export function isSliderKind(v: string | undefined): v is SliderKind {
  return v === 'featured' || v === 'carousel' || v === 'gallery';
}

/** Slides in view for a viewport `width` (the last breakpoint not above it). */
export function perView(kind: SliderKind, width: number): number {
  const table = PER_VIEW[kind];
  let n = table[0];
  BREAKPOINTS.forEach((bp, i) => {
    if (width >= bp) n = table[i] ?? n;
  });
  return n;
}

/**
 * Embla's `duration` is not in milliseconds: each 1000/60 ms step adds displacement/duration to the
 * velocity, then multiplies it by the friction 0.68. This simulates that spring and returns the
 * `duration` whose scroll covers 99.5 % of the distance in `ms` (600 ms → about 43), clamped to
 * embla's recommended 20..60. `0` (reduced motion) means an instant jump.
 */
export function emblaDuration(ms: number): number {
  if (ms <= 0) return 0;
  const steps = (d: number) => {
    let loc = 0;
    let v = 0;
    for (let i = 1; i < 2000; i++) {
      v += (1 - loc) / d;
      v *= 0.68;
      loc += v;
      if (Math.abs(1 - loc) < 0.005 && Math.abs(v) < 0.005) return i;
    }
    return 2000;
  };
  const target = ms / (1000 / 60);
  let lo = 1;
  let hi = 200;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (steps(mid) < target) lo = mid;
    else hi = mid;
  }
  return Math.min(60, Math.max(20, Math.round((lo + hi) / 2)));
}

/** How long a scroll with embla's `duration` takes, in ms (the inverse of emblaDuration, for tests). */
export function emblaScrollMs(duration: number): number {
  let loc = 0;
  let v = 0;
  for (let i = 1; i < 2000; i++) {
    v += (1 - loc) / duration;
    v *= 0.68;
    loc += v;
    if (Math.abs(1 - loc) < 0.005 && Math.abs(v) < 0.005) return Math.round((i * 1000) / 60);
  }
  return Infinity;
}

export interface SliderSettings {
  kind: SliderKind;
  /** data-speed (ms), default 600 */
  speed: number;
  /** data-autoplay (ms), 0 = off; default 5000 */
  autoplay: number;
  reducedMotion: boolean;
  rtl: boolean;
}

const num = (v: string | undefined, d: number) => {
  if (v === undefined || v.trim() === '') return d;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : d;
};

/** A slider's settings from what the server wrote (kind, speed and auto-play delay as text, checked) and where it runs. */
export function readSliderSettings(data: { slider?: string; speed?: string; autoplay?: string }, env: { reducedMotion: boolean; rtl: boolean }): SliderSettings {
  const kind = isSliderKind(data.slider) ? data.slider : 'featured';
  return {
    kind,
    speed: num(data.speed, SLIDER_SPEED_MS),
    autoplay: env.reducedMotion ? 0 : num(data.autoplay, AUTOPLAY_MS),
    reducedMotion: env.reducedMotion,
    rtl: env.rtl,
  };
}

/** Embla options: loop, speed, direction, and a page of cards per "next" on carousels at each breakpoint. */
export function emblaOptions(s: SliderSettings) {
  const breakpoints: Record<string, { slidesToScroll: number }> = {};
  if (s.kind === 'carousel') {
    for (const bp of BREAKPOINTS) {
      if (bp > 0) breakpoints[`(min-width: ${bp}px)`] = { slidesToScroll: perView(s.kind, bp) };
    }
  }
  return {
    loop: s.kind !== 'carousel',
    align: 'start' as const,
    containScroll: 'trimSnaps' as const,
    slidesToScroll: perView(s.kind, 0),
    duration: s.reducedMotion ? 0 : emblaDuration(s.speed),
    direction: s.rtl ? ('rtl' as const) : ('ltr' as const),
    breakpoints,
  };
}

/**
 * Why auto-play is paused. It plays only while the set is empty (WCAG 2.2.2 and the WAI carousel
 * pattern): the visitor's pause button wins over everything, hover and focus pause it for as long
 * as they last, a hidden tab pauses it until the tab shows again.
 */
export type PauseReason = 'user' | 'hover' | 'focus' | 'hidden';

export function shouldPlay(autoplayMs: number, reasons: ReadonlySet<PauseReason>): boolean {
  return autoplayMs > 0 && reasons.size === 0;
}

/** The slider island's labels, from the dictionary ("Slide {n} of {total}" keeps its placeholders). */
export function sliderLabels(t: Translate) {
  return { pause: t('slider.pause'), play: t('slider.play'), previous: t('nav.previous'), next: t('nav.next'), slide: t('carousel.slide', { n: '{n}', total: '{total}' }), thumbs: t('gallery.thumbs') };
}
