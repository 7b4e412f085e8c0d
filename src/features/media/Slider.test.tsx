// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { Slider, type SliderProps } from './Slider.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

/**
 * The slider island in jsdom: jsdom lays nothing out, so each slide and the viewport are given a
 * 300 px box (slides side by side), which is what embla measures; the browser's own behaviour
 * (auto-play timing, swiping, the scroll-snap strip) is proven by tests/e2e/media.spec.ts.
 */
const labels = { pause: 'Pause', play: 'Play', previous: 'Previous', next: 'Next', slide: 'Slide {n} of {total}', thumbs: 'Thumbnails' };
const slideSlots = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`slide-${i}`, <img src={`/s${i}.jpg`} alt={`Picture ${i + 1}`} loading="lazy" />]));

let reduce = false;
beforeEach(() => {
  reduce = false;
  const box = (el: HTMLElement, what: 'w' | 'x') => {
    if (el.classList.contains('slider__slide')) return what === 'w' ? 300 : 300 * [...el.parentElement!.children].indexOf(el);
    if (el.classList.contains('slider__viewport') || el.classList.contains('slider__track')) return what === 'w' ? 300 : 0;
    return 0;
  };
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return box(this, 'w');
  });
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return box(this, 'x');
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(200);
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduced-motion') ? reduce : false, media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(performance.now()), 16));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const featured: SliderProps = { kind: 'featured', count: 3, trackId: 'f-track', speed: 600, autoplay: 5000, label: 'Featured stories', labels };
const settle = () => act(async () => new Promise((r) => setTimeout(r, 50)));

describe('Slider island', () => {
  it('is a scroll-snap strip in the server HTML: the pause control takes its place but is not shown', async () => {
    const { renderToString } = await import('react-dom/server');
    const html = renderToString(<Slider {...featured} slots={slideSlots(3)} />);
    document.body.innerHTML = html;
    const root = document.querySelector('section')!;
    expect(root.className).toBe('featured-slider slider');
    expect(root.hasAttribute('data-autoplay')).toBe(false);
    expect(document.querySelector('.slider__toggle')!.getAttribute('data-state')).toBe('off');
    expect(document.querySelectorAll('[role="group"][aria-roledescription="slide"]')).toHaveLength(3);
    expect(document.querySelector('[aria-label="Slide 2 of 3"] img')!.getAttribute('src')).toBe('/s1.jpg');
  });

  it('hydrates the server slides without a mismatch and starts auto-play; the pause control stops it and says so', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'slider', of: Slider, props: featured, slots: slideSlots(3) }]);
    await settle();
    expect(errors).toEqual([]);
    const region = screen.getByRole('region', { name: 'Featured stories' });
    expect(region.className).toContain('is-enhanced');
    expect(region.getAttribute('data-autoplay')).toBe('playing');
    // the slides kept the server's content, the next slide's image is no longer lazy
    expect(within(region).getByRole('group', { name: 'Slide 2 of 3' }).querySelector('img')!.getAttribute('loading')).toBe('eager');
    const pause = within(region).getByRole('button', { name: 'Pause' });
    expect(pause.getAttribute('data-state')).toBe('playing');
    await act(async () => pause.click());
    expect(pause.getAttribute('aria-label')).toBe('Play');
    expect(pause.getAttribute('data-state')).toBe('paused');
    expect(region.getAttribute('data-autoplay')).toBe('paused');
    // not rotating: slide changes are announced
    expect(region.querySelector('.slider__track')!.getAttribute('aria-live')).toBe('polite');
    await act(async () => pause.click());
    expect(region.getAttribute('data-autoplay')).toBe('playing');
    expect(region.querySelector('.slider__track')!.getAttribute('aria-live')).toBe('off');
  });

  it('hover, focus inside and a hidden tab each pause auto-play until they end', async () => {
    await hydrateServerHtml([{ name: 'slider', of: Slider, props: featured, slots: slideSlots(3) }]);
    await settle();
    const region = screen.getByRole('region', { name: 'Featured stories' });
    await act(async () => fireEvent.mouseOver(region));
    expect(region.getAttribute('data-autoplay')).toBe('paused');
    await act(async () => fireEvent.mouseOut(region, { relatedTarget: document.body }));
    expect(region.getAttribute('data-autoplay')).toBe('playing');

    const next = within(region).getByRole('button', { name: 'Next' });
    await act(async () => next.focus());
    expect(region.getAttribute('data-autoplay')).toBe('paused');
    await act(async () => next.blur());
    expect(region.getAttribute('data-autoplay')).toBe('playing');
    // focus on the pause control itself does not pause (it is how rotation starts again)
    await act(async () => within(region).getByRole('button', { name: 'Pause' }).focus());
    expect(region.getAttribute('data-autoplay')).toBe('playing');

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(region.getAttribute('data-autoplay')).toBe('paused');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(region.getAttribute('data-autoplay')).toBe('playing');
  });

  it('with reduced motion there is no auto-play and the pause control stays hidden', async () => {
    reduce = true;
    const { errors } = await hydrateServerHtml([{ name: 'slider', of: Slider, props: featured, slots: slideSlots(3) }]);
    await settle();
    expect(errors).toEqual([]);
    const region = screen.getByRole('region', { name: 'Featured stories' });
    expect(region.className).toContain('is-enhanced');
    expect(region.hasAttribute('data-autoplay')).toBe(false);
    expect(region.querySelector('.slider__toggle')!.getAttribute('data-state')).toBe('off');
  });

  it('a gallery slider: thumbnails jump to their slide and carry aria-current; arrow keys move it', async () => {
    const slots = { ...slideSlots(4), ...Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`thumb-${i}`, <img src={`/t${i}.jpg`} alt="" />])) };
    const props: SliderProps = { kind: 'gallery', count: 4, speed: 600, autoplay: 5000, label: 'Gallery', thumbs: [0, 1, 2, 3].map((i) => ({ href: `/full${i}.jpg` })), columns: 4, labels };
    const { errors } = await hydrateServerHtml([{ name: 'slider', of: Slider, props, slots }]);
    await settle();
    expect(errors).toEqual([]);
    const region = screen.getByRole('region', { name: 'Gallery' });
    const thumbs = within(within(region).getByRole('list', { name: 'Thumbnails' })).getAllByRole('link');
    expect(thumbs.map((t) => t.getAttribute('aria-current'))).toEqual(['true', null, null, null]);
    expect(thumbs[2]!.querySelector('img')!.getAttribute('src')).toBe('/t2.jpg');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => void thumbs[2]!.dispatchEvent(click));
    await settle();
    expect(click.defaultPrevented).toBe(true);
    expect(thumbs.map((t) => t.getAttribute('aria-current'))).toEqual([null, null, 'true', null]);
    await act(async () => fireEvent.keyDown(thumbs[2]!, { key: 'ArrowRight' }));
    await settle();
    expect(thumbs[3]!.getAttribute('aria-current')).toBe('true');
    // the gallery loops: next from the last slide is the first
    await act(async () => within(region).getByRole('button', { name: 'Next' }).click());
    await settle();
    expect(thumbs[0]!.getAttribute('aria-current')).toBe('true');
    await act(async () => fireEvent.keyDown(thumbs[0]!, { key: 'ArrowLeft' }));
    await settle();
    expect(thumbs[3]!.getAttribute('aria-current')).toBe('true');
  });

  it('a carousel draws its heading with the controls; previous is disabled at the start, next at the end', async () => {
    const props: SliderProps = { kind: 'carousel', count: 3, trackId: 'c-track', speed: 600, autoplay: 5000, heading: { id: 'c-title', title: 'Popular' }, labels };
    const { errors } = await hydrateServerHtml([{ name: 'slider', of: Slider, props, slots: slideSlots(3) }]);
    await settle();
    expect(errors).toEqual([]);
    const region = screen.getByRole('region', { name: 'Popular' });
    const prev = within(region).getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = within(region).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(prev.getAttribute('aria-controls')).toBe('c-track');
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    await act(async () => next.click());
    await act(async () => next.click());
    await settle();
    expect(next.disabled).toBe(true);
    expect(prev.disabled).toBe(false);
  });
});
