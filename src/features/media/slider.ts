/**
 * Slider behaviour (loaded on demand by media/client.ts when a slider nears the viewport):
 * embla-carousel with the autoplay plugin on the server-rendered scroll-snap track.
 *
 * Roots: `.slider[data-slider]` (home featured slider and carousel) and `.gallery--slider`
 * (thumbnail slider). Structure: root › `.slider__viewport` › `.slider__track` › `.slider__slide`.
 * Without script the track is a CSS scroll-snap strip; `.is-enhanced` switches it to embla.
 */
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { emblaOptions, readSliderSettings, shouldPlay, type PauseReason } from './slider-config.ts';
import { reducedMotion } from '../../ui/client/enhance.ts';

export function initSlider(root: HTMLElement): EmblaCarouselType | null {
  const viewport = root.querySelector<HTMLElement>('.slider__viewport');
  const track = viewport?.querySelector<HTMLElement>('.slider__track');
  if (!viewport || !track || track.children.length < 2) return null;
  const rtl = getComputedStyle(root).direction === 'rtl';
  const settings = readSliderSettings(root.dataset, { reducedMotion: reducedMotion(), rtl });

  root.classList.add('is-enhanced');
  const autoplay = settings.autoplay > 0 ? Autoplay({ delay: settings.autoplay, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false }) : null;
  const embla = EmblaCarousel(viewport, { ...emblaOptions(settings), container: track }, autoplay ? [autoplay] : []);
  const slides = embla.slideNodes();

  // ── controls ──
  const prevs = root.querySelectorAll<HTMLButtonElement>('.slider__prev');
  const nexts = root.querySelectorAll<HTMLButtonElement>('.slider__next');
  prevs.forEach((b) => b.addEventListener('click', () => embla.scrollPrev()));
  nexts.forEach((b) => b.addEventListener('click', () => embla.scrollNext()));
  // arrow keys anywhere inside the slider (not in form fields)
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable]')) return;
    const forward = (e.key === 'ArrowRight') !== rtl;
    if (forward) embla.scrollNext();
    else embla.scrollPrev();
    e.preventDefault();
  });

  // thumbnails (gallery slider): jump to the slide, mark the current one
  const thumbs = [...root.querySelectorAll<HTMLAnchorElement>('[data-slide-index]')];
  for (const t of thumbs) {
    t.addEventListener('click', (e) => {
      e.preventDefault();
      embla.scrollTo(Number(t.dataset.slideIndex) || 0);
    });
  }

  const update = () => {
    // one slide per snap except on carousels (a page of cards per snap), which have no thumbnails
    const current = embla.selectedScrollSnap();
    const inView = new Set(embla.slidesInView());
    slides.forEach((s, i) => {
      // the next slides load before they are scrolled in (native lazy loading cannot see through the clipping viewport)
      if (inView.has(i) || inView.has(i - 1) || inView.has(i + 1) || (inView.size === 0 && i <= 1)) {
        s.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = 'eager'));
      }
    });
    thumbs.forEach((t) => {
      if (Number(t.dataset.slideIndex) === current) t.setAttribute('aria-current', 'true');
      else t.removeAttribute('aria-current');
    });
    if (settings.kind === 'carousel') {
      prevs.forEach((b) => (b.disabled = !embla.canScrollPrev()));
      nexts.forEach((b) => (b.disabled = !embla.canScrollNext()));
    }
    root.dataset.index = String(current);
  };
  embla.on('select', update).on('slidesInView', update).on('reInit', update);
  update();

  // ── auto-play: pause/play control, hover, focus, hidden tab ──
  const toggle = root.querySelector<HTMLButtonElement>('.slider__toggle');
  // without auto-play the control stays hidden (it keeps its place: removing it would move the others)
  if (!autoplay) return embla;
  const reasons = new Set<PauseReason>();
  const sync = () => {
    const play = shouldPlay(settings.autoplay, reasons);
    if (play && !autoplay.isPlaying()) autoplay.play();
    else if (!play && autoplay.isPlaying()) autoplay.stop();
    root.dataset.autoplay = play ? 'playing' : 'paused';
    // WAI carousel: announce slide changes only while not rotating by itself
    track.setAttribute('aria-live', play ? 'off' : 'polite');
    if (toggle) {
      const paused = reasons.has('user');
      toggle.setAttribute('aria-label', (paused ? toggle.dataset.labelPlay : toggle.dataset.labelPause) ?? '');
      toggle.dataset.state = paused ? 'paused' : 'playing';
    }
  };
  const set = (r: PauseReason, on: boolean) => {
    if (on) reasons.add(r);
    else reasons.delete(r);
    sync();
  };
  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener('click', () => set('user', !reasons.has('user')));
  }
  root.addEventListener('mouseenter', () => set('hover', true));
  root.addEventListener('mouseleave', () => set('hover', false));
  // focus inside pauses (not on the pause/play button itself, so it can start rotation)
  root.addEventListener('focusin', (e) => set('focus', e.target !== toggle));
  root.addEventListener('focusout', (e) => {
    const to = e.relatedTarget;
    if (!(to instanceof Node) || !root.contains(to)) set('focus', false);
  });
  // the plugin also listens to visibilitychange; this keeps our reasons authoritative after it
  document.addEventListener('visibilitychange', () => set('hidden', document.visibilityState === 'hidden'));
  if (document.visibilityState === 'hidden') reasons.add('hidden');
  if (root.matches(':hover')) reasons.add('hover');
  if (root.contains(document.activeElement) && document.activeElement !== toggle) reasons.add('focus');
  sync();
  return embla;
}
