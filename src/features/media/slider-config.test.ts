import { describe, expect, it } from 'vitest';
import { AUTOPLAY_MS, BREAKPOINTS, SLIDER_SPEED_MS, emblaDuration, emblaOptions, emblaScrollMs, perView, readSliderSettings, shouldPlay, type PauseReason } from './slider-config.ts';

const env = { reducedMotion: false, rtl: false };

describe('slider breakpoints and slides per view (SPEC 9)', () => {
  it('uses the breakpoints 0/480/768/1170', () => {
    expect([...BREAKPOINTS]).toEqual([0, 480, 768, 1170]);
  });
  it('shows 1/2/3/4 cards on carousels, one slide on the featured slider and the gallery', () => {
    expect([375, 479, 480, 767, 768, 1169, 1170, 1920].map((w) => perView('carousel', w))).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect([375, 1280].map((w) => perView('featured', w))).toEqual([1, 1]);
    expect([375, 1280].map((w) => perView('gallery', w))).toEqual([1, 1]);
  });
  it('moves carousels a page of cards at a time at each breakpoint, one slide elsewhere', () => {
    const o = emblaOptions(readSliderSettings({ slider: 'carousel' }, env));
    expect(o.slidesToScroll).toBe(1);
    expect(o.breakpoints).toEqual({ '(min-width: 480px)': { slidesToScroll: 2 }, '(min-width: 768px)': { slidesToScroll: 3 }, '(min-width: 1170px)': { slidesToScroll: 4 } });
    expect(o.loop).toBe(false);
    const f = emblaOptions(readSliderSettings({ slider: 'featured' }, env));
    expect(f.breakpoints).toEqual({});
    expect(f.loop).toBe(true);
  });
});

describe('speed and autoplay', () => {
  it('defaults to 600 ms and 5000 ms', () => {
    const s = readSliderSettings({ slider: 'featured' }, env);
    expect(s.speed).toBe(SLIDER_SPEED_MS);
    expect(s.autoplay).toBe(AUTOPLAY_MS);
    expect([SLIDER_SPEED_MS, AUTOPLAY_MS]).toEqual([600, 5000]);
  });
  it('reads data-speed and data-autoplay, ignoring junk', () => {
    expect(readSliderSettings({ slider: 'carousel', speed: '900', autoplay: '0' }, env)).toMatchObject({ kind: 'carousel', speed: 900, autoplay: 0 });
    expect(readSliderSettings({ slider: 'nope', speed: 'fast', autoplay: '-5' }, env)).toMatchObject({ kind: 'featured', speed: 600, autoplay: 5000 });
  });
  it('turns autoplay off and scrolls instantly with reduced motion', () => {
    const s = readSliderSettings({ slider: 'featured', autoplay: '5000' }, { reducedMotion: true, rtl: false });
    expect(s.autoplay).toBe(0);
    expect(emblaOptions(s).duration).toBe(0);
  });
  it("maps 600 ms onto embla's duration so that a scroll settles in about 600 ms", () => {
    const d = emblaDuration(600);
    expect(emblaScrollMs(d)).toBeGreaterThan(520);
    expect(emblaScrollMs(d)).toBeLessThan(680);
    // slower speeds give larger durations; the default 25 is slower than 600 ms
    expect(emblaDuration(1000)).toBeGreaterThan(d);
    expect(emblaScrollMs(25)).toBeGreaterThan(600);
    expect(emblaDuration(0)).toBe(0);
    expect(emblaDuration(100_000)).toBe(60);
  });
  it('follows the page direction', () => {
    expect(emblaOptions(readSliderSettings({ slider: 'featured' }, { reducedMotion: false, rtl: true })).direction).toBe('rtl');
  });
});

describe('pause reasons (WCAG 2.2.2, WAI carousel)', () => {
  const play = (...r: PauseReason[]) => shouldPlay(5000, new Set(r));
  it('plays only when nothing pauses it', () => {
    expect(play()).toBe(true);
    for (const r of ['user', 'hover', 'focus', 'hidden'] as const) expect(play(r)).toBe(false);
    expect(play('hover', 'user')).toBe(false);
    expect(shouldPlay(0, new Set())).toBe(false);
  });
});
