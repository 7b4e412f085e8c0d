import { useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { Icon } from '../../ui/Icon.tsx';
import { slot, type Slots } from '../../ui/slot.ts';
import { isPageHidden, isPageHiddenOnServer, subscribePageVisibility } from '../../ui/client/page-visibility.ts';
import type { Labels } from 'yet-another-react-lightbox';
import type { LinkInfo } from './lightbox-slides.ts';
import { preloadLightbox, useGalleryLightbox } from './GalleryLightbox.tsx';
import { emblaOptions, readSliderSettings, shouldPlay, type PauseReason, type SliderKind } from './slider-config.ts';
import { takeFirstStep } from './slider-start.ts';
import { reducedMotion as prefersReducedMotion } from '../../ui/client/enhance.ts';

export interface SliderProps {
  /** featured slider (home), carousel of cards (home), or a gallery's slider with thumbnails */
  kind: SliderKind;
  /** number of slides; slide `i` is the slot `slide-i` (server-rendered content) */
  count: number;
  /** the track's id, which the previous/next buttons control */
  trackId?: string;
  /** scroll duration and auto-play delay in ms (0: no auto-play) */
  speed: number;
  autoplay: number;
  /** the region's name: a label, or a heading drawn with the controls (carousel) */
  label?: string;
  heading?: { id: string; title: string };
  /** gallery: one thumbnail link per slide (slot `thumb-i` is its image), in `columns` columns */
  thumbs?: { href: string }[];
  columns?: number;
  /** gallery: each slide's link opens the gallery's lightbox on these items */
  lightbox?: { items: LinkInfo[]; labels: Labels };
  /** localised labels; `slide` is "Slide {n} of {total}" */
  labels: { pause: string; play: string; previous: string; next: string; slide: string; thumbs?: string };
  slots?: Slots;
}

const CLASSES: Record<SliderKind, { root: string; viewport: string; track: string; slide: string }> = {
  featured: { root: 'featured-slider slider', viewport: 'slider__viewport', track: 'slider__track', slide: 'slider__slide featured-slide' },
  carousel: { root: 'home-block carousel slider', viewport: 'slider__viewport', track: 'slider__track carousel__track', slide: 'slider__slide carousel__slide' },
  gallery: { root: 'gallery gallery--slider slider', viewport: 'slider__viewport gallery-slider__viewport', track: 'slider__track gallery-slider__track', slide: 'slider__slide gallery-slider__slide' },
};

type Reasons = ReadonlySet<PauseReason>;
const reasonsReducer = (s: Reasons, a: { reason: PauseReason; on: boolean }): Reasons => {
  if (s.has(a.reason) === a.on) return s;
  const next = new Set(s);
  if (a.on) next.add(a.reason);
  else next.delete(a.reason);
  return next;
};

/** The first slide mostly inside the strip's view (the CSS strip scrolls natively before hydration). */
function firstInView(slides: readonly (HTMLElement | null)[]): number {
  const view = slides[0]?.parentElement?.getBoundingClientRect();
  if (!view) return 0;
  const i = slides.findIndex((s) => {
    const r = s?.getBoundingClientRect();
    return !!r && r.width > 0 && Math.min(r.right, view.right) - Math.max(r.left, view.left) > r.width / 2;
  });
  return Math.max(0, i);
}

/** Where the slider runs: reduced motion and direction are only known in the browser. */
function environment(el: HTMLElement | null) {
  return {
    reducedMotion: prefersReducedMotion(),
    rtl: !!el && getComputedStyle(el).direction === 'rtl',
  };
}

/**
 * Sliders and carousels (island `slider`; SPEC 9): embla-carousel (`embla-carousel-react`) with
 * its autoplay plugin over a track the server renders as a CSS scroll-snap strip, which is what a
 * visitor without script gets, and what every visitor gets until the slider is used or, auto-playing,
 * until shortly before its first step (`slider-start.ts`); the component then starts at the slide
 * the strip shows. Once hydrated the component owns previous/next (disabled at the
 * ends of a carousel, looping otherwise), the arrow keys inside the slider (mirrored in
 * right-to-left pages), the thumbnails of a gallery (which jump to their slide and mark the
 * current one with aria-current), eager loading of the slides next to the visible ones (native
 * lazy loading cannot see through the clipping viewport), and auto-play with its pause/play
 * control, and for a gallery its lightbox (a slide's link opens it at that slide; closing it
 * returns the focus to the link). Auto-play pauses for each reason in `PauseReason` (the visitor's button, hover, focus
 * inside, a hidden tab) and never runs with reduced motion (WCAG 2.2.2, WAI carousel pattern).
 *
 * No layout shift: the controls are three fixed columns (global.css), so their box has its final
 * size even when the browser paints a page it has only partly parsed, and the pause/play control
 * is always laid out, made visible (`data-state` other than `off`) only once auto-play runs.
 */
const NO_ITEMS: LinkInfo[] = [];
type Api = NonNullable<UseEmblaCarouselType[1]>;

export function Slider({ kind, count, trackId, speed, autoplay: autoplayMs, label, heading, thumbs, columns, lightbox, labels, slots }: SliderProps) {
  const rootRef = useRef<HTMLElement | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const slideRefs = useRef<(HTMLDivElement | null)[]>([]);
  // null until mounted: the server and the hydrating render draw the same markup
  const [env, setEnv] = useState<{ reducedMotion: boolean; rtl: boolean } | null>(null);
  const settings = readSliderSettings({ slider: kind, speed: String(speed), autoplay: String(autoplayMs) }, env ?? { reducedMotion: false, rtl: false });
  const { reducedMotion, rtl } = settings;
  const options = useMemo(() => ({ ...emblaOptions({ kind, speed, autoplay: 0, reducedMotion, rtl }), active: env !== null }), [kind, speed, reducedMotion, rtl, env]);
  const delay = settings.autoplay;
  const plugins = useMemo(() => (delay > 0 ? [Autoplay({ delay, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false })] : []), [delay]);
  const [viewportRef, embla] = useEmblaCarousel(options, plugins);
  const [state, setState] = useState({ index: 0, canPrev: true, canNext: true, ready: false });
  const [reasons, setReason] = useReducer(reasonsReducer, new Set<PauseReason>());
  const viewer = useGalleryLightbox(lightbox?.items ?? NO_ITEMS, lightbox?.labels ?? {});
  const hidden = useSyncExternalStore(subscribePageVisibility, isPageHidden, isPageHiddenOnServer);

  const canAutoplay = env !== null && delay > 0;
  const all = hidden ? new Set([...reasons, 'hidden' as const]) : reasons;
  const playing = canAutoplay && shouldPlay(delay, all);
  const playingRef = useRef(playing);
  playingRef.current = playing;
  // when the first automatic step is due, if the slider counted its delay before it hydrated
  const firstStep = useRef<number | undefined>(undefined);

  // the slide the visitor had swiped the CSS strip to before the component took over
  const startSlide = useRef(0);
  // what the visitor asked for (a click or key replayed from before hydration) while embla was not
  // ready yet: done once it is
  const queued = useRef<((api: Api) => void) | null>(null);
  const rtlRef = useRef(rtl);
  rtlRef.current = rtl;

  useEffect(() => {
    setEnv(environment(rootRef.current));
    if (rootRef.current) firstStep.current = takeFirstStep(rootRef.current);
    startSlide.current = firstInView(slideRefs.current);
    // a visitor already hovering or inside the slider when it starts
    const root = rootRef.current;
    if (root?.matches(':hover')) setReason({ reason: 'hover', on: true });
    if (root?.matches(':focus-within') && !toggleRef.current?.matches(':focus')) setReason({ reason: 'focus', on: true });
  }, []);

  useEffect(() => {
    if (!embla || !env) return;
    const n = embla.slideNodes().length;
    const update = () => {
      setState({ index: embla.selectedScrollSnap(), canPrev: embla.canScrollPrev(), canNext: embla.canScrollNext(), ready: true });
      // the slides next to the visible ones load before they are scrolled in
      const inView = new Set(embla.slidesInView());
      slideRefs.current.forEach((s, i) => {
        const near = inView.has(i) || inView.has((i - 1 + n) % n) || inView.has((i + 1) % n) || (inView.size === 0 && i <= 1);
        if (s && near) s.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager'));
      });
    };
    // the plugin resumes by itself when a hidden tab shows again: the pause reasons decide
    const keepPaused = () => {
      if (!playingRef.current) embla.plugins().autoplay?.stop();
    };
    embla.on('select', update).on('slidesInView', update).on('reInit', update).on('autoplay:play', keepPaused);
    if (startSlide.current > 0) {
      const snap = embla.internalEngine().slideRegistry.findIndex((slides) => slides.includes(startSlide.current));
      startSlide.current = 0;
      if (snap > 0) embla.scrollTo(snap, true);
    }
    update();
    const asked = queued.current;
    queued.current = null;
    asked?.(embla);
    return () => {
      embla.off('select', update).off('slidesInView', update).off('reInit', update).off('autoplay:play', keepPaused);
    };
  }, [embla, env]);

  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!embla || !autoplay || !state.ready) return;
    if (!playing) {
      if (autoplay.isPlaying()) autoplay.stop();
      return;
    }
    if (autoplay.isPlaying()) return;
    // the first step keeps the time counted since the slider came into view (slider-start.ts);
    // one already overdue (a slow start, a tab hidden meanwhile) waits a whole delay instead
    const wait = firstStep.current === undefined ? 0 : firstStep.current - performance.now();
    firstStep.current = undefined;
    if (wait <= 0 || wait >= delay) {
      autoplay.play();
      return;
    }
    const step = setTimeout(() => {
      embla.scrollNext();
      autoplay.play();
    }, wait);
    return () => clearTimeout(step);
  }, [embla, playing, state.ready, delay]);

  const enhanced = !!embla && state.ready;
  const act = (fn: (api: Api) => void) => {
    if (embla && enhanced) fn(embla);
    else queued.current = fn;
  };
  const slideLabel = (i: number) => labels.slide.replace('{n}', String(i + 1)).replace('{total}', String(count));
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable]')) return;
    const forward = e.key === 'ArrowRight';
    act((api) => (forward !== rtlRef.current ? api.scrollNext() : api.scrollPrev()));
    e.preventDefault();
  };
  // focus inside pauses, except on the pause/play control itself (so it can start rotation)
  const onFocus = (e: FocusEvent<HTMLElement>) => setReason({ reason: 'focus', on: e.target !== toggleRef.current });
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!(e.relatedTarget instanceof Node) || !e.currentTarget.contains(e.relatedTarget)) setReason({ reason: 'focus', on: false });
  };
  // a slide's link (server-rendered inside the slide) opens the lightbox at that slide
  const onSlideClick = (e: MouseEvent<HTMLDivElement>, i: number) => {
    const link = e.target instanceof Element ? e.target.closest('a') : null;
    if (!lightbox || !link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    viewer.open(i, link);
  };
  const onThumb = (e: MouseEvent<HTMLAnchorElement>, i: number) => {
    e.preventDefault();
    act((api) => api.scrollTo(i));
  };

  const userPaused = reasons.has('user');
  const disabledAtEnds = kind === 'carousel' && enhanced;
  const controls = (
    <div className={`slider__controls${heading ? ' slider__controls--inline' : ''}`}>
      <button
        ref={toggleRef}
        type="button"
        className="slider__toggle icon-btn"
        data-state={!canAutoplay || !enhanced ? 'off' : userPaused ? 'paused' : 'playing'}
        aria-label={userPaused ? labels.play : labels.pause}
        onClick={() => setReason({ reason: 'user', on: !userPaused })}
      >
        <Icon name="pause" className="slider__icon-pause" />
        <Icon name="play" className="slider__icon-play" />
      </button>
      <button type="button" className="slider__prev icon-btn" aria-controls={trackId} aria-label={labels.previous} disabled={disabledAtEnds && !state.canPrev} onClick={() => act((api) => api.scrollPrev())}>
        <Icon name="left" />
      </button>
      <button type="button" className="slider__next icon-btn" aria-controls={trackId} aria-label={labels.next} disabled={disabledAtEnds && !state.canNext} onClick={() => act((api) => api.scrollNext())}>
        <Icon name="right" />
      </button>
    </div>
  );
  const c = CLASSES[kind];
  const Root = kind === 'gallery' ? 'div' : 'section';
  return (
    <Root
      ref={(el: HTMLElement | null) => {
        rootRef.current = el;
      }}
      className={`${c.root}${enhanced ? ' is-enhanced' : ''}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={heading ? undefined : label}
      aria-labelledby={heading?.id}
      data-autoplay={canAutoplay && enhanced ? (playing ? 'playing' : 'paused') : undefined}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setReason({ reason: 'hover', on: true })}
      onMouseLeave={() => setReason({ reason: 'hover', on: false })}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {heading ? (
        <div className="block-heading">
          <h2 className="block-heading__title" id={heading.id}>
            {heading.title}
          </h2>
          {controls}
        </div>
      ) : null}
      <div className={c.viewport} ref={viewportRef}>
        {/* WAI carousel: slide changes are announced only while the slider does not rotate by itself */}
        <div className={c.track} id={trackId} aria-live={enhanced ? (playing ? 'off' : 'polite') : undefined}>
          {Array.from({ length: count }, (_, i) => (
            <div
              key={i}
              ref={(el) => {
                slideRefs.current[i] = el;
              }}
              className={c.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(i)}
              onClick={lightbox ? (e) => onSlideClick(e, i) : undefined}
              onPointerOver={lightbox ? preloadLightbox : undefined}
              onFocus={lightbox ? preloadLightbox : undefined}
              {...slot(slots, `slide-${i}`)}
            />
          ))}
        </div>
      </div>
      {heading ? null : controls}
      {thumbs ? (
        <ul className="gallery-slider__thumbs" aria-label={labels.thumbs} style={{ ['--columns' as string]: String(columns ?? 7) }}>
          {thumbs.map((t, i) => (
            <li key={i}>
              <a href={t.href} aria-label={slideLabel(i)} aria-current={enhanced && state.index === i ? 'true' : undefined} onClick={(e) => onThumb(e, i)} {...slot(slots, `thumb-${i}`)} />
            </li>
          ))}
        </ul>
      ) : null}
      {viewer.element}
    </Root>
  );
}
