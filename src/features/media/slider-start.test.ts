// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HYDRATE_LEAD_MS, startSlider, takeFirstStep } from './slider-start.ts';
import type { SliderProps } from './Slider.tsx';

const labels = { pause: 'Pause', play: 'Play', previous: 'Previous', next: 'Next', slide: 'Slide {n} of {total}' };
const props = (autoplay: number): SliderProps => ({ kind: 'featured', count: 3, speed: 600, autoplay, labels });

let reduce = false;
let observers: { cb: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] = [];
const scrollIn = (el: Element) => {
  for (const o of observers) if (!o.disconnected && o.targets.includes(el)) o.cb([{ target: el, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
};

beforeEach(() => {
  vi.useFakeTimers();
  reduce = false;
  observers = [];
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduced-motion') ? reduce : false, media: q }));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      o: (typeof observers)[number];
      constructor(cb: IntersectionObserverCallback) {
        this.o = { cb, targets: [], disconnected: false };
        observers.push(this.o);
      }
      observe(el: Element) {
        this.o.targets.push(el);
      }
      disconnect() {
        this.o.disconnected = true;
      }
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('startSlider (an auto-playing slider before React)', () => {
  it('counts the delay from when the slider comes into view and asks for the component shortly before the first step', () => {
    const root = document.createElement('section');
    const hydrate = vi.fn();
    startSlider(props(5000) as never, root, hydrate);
    vi.advanceTimersByTime(10_000);
    expect(hydrate).not.toHaveBeenCalled(); // not seen yet: nothing is due
    const seen = performance.now();
    scrollIn(root);
    vi.advanceTimersByTime(5000 - HYDRATE_LEAD_MS - 1);
    expect(hydrate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
    // the component takes the time counted here, once
    expect(takeFirstStep(root)).toBe(seen + 5000);
    expect(takeFirstStep(root)).toBeUndefined();
  });

  it('without auto-play, or with reduced motion, nothing runs until the visitor uses the slider', () => {
    for (const [autoplay, reduced] of [[0, false], [5000, true]] as const) {
      reduce = reduced;
      const root = document.createElement('section');
      const hydrate = vi.fn();
      startSlider(props(autoplay) as never, root, hydrate);
      scrollIn(root);
      vi.advanceTimersByTime(60_000);
      expect(hydrate).not.toHaveBeenCalled();
      expect(takeFirstStep(root)).toBeUndefined();
    }
  });
});
