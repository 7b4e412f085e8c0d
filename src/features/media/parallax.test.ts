// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const started = vi.fn();
const extension = vi.fn();
vi.mock('jarallax/src/core.js', () => ({ default: (el: HTMLElement) => started(el) }));
vi.mock('jarallax/src/ext-video.js', () => ({ default: (core: unknown) => extension(core) }));
vi.stubGlobal(
  'IntersectionObserver',
  class {
    observe() {}
  },
);

const { initParallax } = await import('./parallax.ts');

const section = () => {
  const el = document.createElement('section');
  el.className = 'parallax';
  el.dataset.videoSrc = 'https://www.youtube.com/watch?v=Y-rmzh0PI3c';
  document.body.append(el);
  return el;
};
const settle = () => new Promise((r) => setTimeout(r, 50));

beforeEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'cookie_notice_accepted=; Max-Age=0; Path=/';
  started.mockReset();
});

describe('an outside video background', () => {
  it('waits for "Load video" in its placeholder, which starts that one only and gives the focus to the section', async () => {
    const a = section();
    const b = section();
    initParallax(a);
    initParallax(b);
    await settle();
    expect(started).not.toHaveBeenCalled();
    expect(a.hasAttribute('data-consent-blocked')).toBe(true);
    const load = a.querySelector('button')!;
    expect(load.textContent).toBe('Load video');
    expect(document.getElementById(load.getAttribute('aria-describedby')!)!.textContent).toMatch(/outside service/);
    load.focus();
    load.click();
    await vi.waitFor(() => expect(started.mock.calls.map((c) => c[0])).toEqual([a]));
    expect(a.querySelector('button')).toBeNull();
    expect(document.activeElement).toBe(a);
    expect(b.querySelector('button')).not.toBeNull();
  });

  it('starts when the visitor accepts cookies, and at once with consent stored', async () => {
    const a = section();
    initParallax(a);
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    document.dispatchEvent(new CustomEvent('setCookieNotice', { detail: { value: true, previous: null, action: 'accept' } }));
    // (the first test's second section, still waiting, starts too)
    await vi.waitFor(() => expect(started.mock.calls.map((c) => c[0])).toContain(a));
    expect(a.hasAttribute('data-consent-blocked')).toBe(false);
    const c = section();
    initParallax(c);
    expect(c.querySelector('button')).toBeNull();
    await vi.waitFor(() => expect(started).toHaveBeenCalledWith(c));
  });

  it('plays through the frame players (no player script in the page), with the video extension installed once', async () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    initParallax(section());
    initParallax(section());
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(2));
    expect(extension).toHaveBeenCalledTimes(1);
    const { default: VideoWorker } = await import('video-worker');
    expect(VideoWorker('https://www.youtube.com/watch?v=Y-rmzh0PI3c').constructor.name).toBe('FramePlayer');
    expect(document.querySelector('script')).toBeNull();
  });
});
