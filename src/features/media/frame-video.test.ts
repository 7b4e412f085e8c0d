// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import VideoWorker from 'video-worker';
import { backgroundEmbedUrl, useFramePlayers } from './frame-video.ts';

beforeAll(() => useFramePlayers());
afterEach(() => {
  document.body.innerHTML = '';
});

describe('background embed addresses', () => {
  it('YouTube: the no-cookie player, muted, without controls, with its start and end times', () => {
    const url = new URL(backgroundEmbedUrl('youtube', 'Y-rmzh0PI3c', { start: 5.4, end: 20.2, loop: true }, 'https://mag.example'));
    expect(url.origin + url.pathname).toBe('https://www.youtube-nocookie.com/embed/Y-rmzh0PI3c');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ autoplay: '1', mute: '1', controls: '0', enablejsapi: '1', origin: 'https://mag.example', start: '5', end: '21' });
    expect(backgroundEmbedUrl('youtube', 'Y-rmzh0PI3c', { start: 0, end: 0, loop: false }, 'https://mag.example')).not.toMatch(/[?&](start|end)=/);
  });

  it("Vimeo: background mode; its own loop only when no end time stops it earlier; the start in the address's fragment", () => {
    expect(backgroundEmbedUrl('vimeo', '76979871', { start: 0, end: 0, loop: true }, 'https://mag.example')).toBe('https://player.vimeo.com/video/76979871?background=1&autoplay=1&muted=1&loop=1&autopause=0&dnt=1');
    expect(backgroundEmbedUrl('vimeo', '76979871', { start: 3, end: 9, loop: true }, 'https://mag.example')).toBe('https://player.vimeo.com/video/76979871?background=1&autoplay=1&muted=1&loop=0&autopause=0&dnt=1#t=3s');
  });
});

/** A frame player as jarallax's video extension drives it: the iframe, its messages and its events. */
function player(url: string, options: Record<string, unknown>) {
  const worker = VideoWorker(url, options);
  const events: string[] = [];
  for (const name of ['ready', 'started', 'play', 'pause', 'ended']) worker.on(name, () => events.push(name));
  let frame!: HTMLIFrameElement;
  worker.getVideo((el) => {
    frame = el as HTMLIFrameElement;
    // jarallax moves the player into its container and removes the element it came in
    const holder = frame.parentElement!;
    document.body.append(frame);
    holder.remove();
  });
  const sent = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
  const from = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, source: frame.contentWindow }));
  return { worker, frame, events, sent: () => sent.mock.calls.map((c) => c[0]), from };
}

describe('frame players', () => {
  it('YouTube: an iframe that no one tabs into, listened to once loaded; "started" once when it first plays; stopped at its end', () => {
    const p = player('https://www.youtube.com/watch?v=Y-rmzh0PI3c', { loop: false, startTime: 0, endTime: 0 });
    expect(p.worker.type).toBe('youtube');
    expect(p.frame.src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/Y-rmzh0PI3c\?/);
    expect(p.frame.tabIndex).toBe(-1);
    expect(p.frame.getAttribute('aria-hidden')).toBe('true');
    p.frame.dispatchEvent(new Event('load'));
    expect(p.events).toEqual(['ready']);
    expect(p.sent()).toEqual([JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })]);
    p.from(JSON.stringify({ event: 'onStateChange', info: 1 }));
    p.from(JSON.stringify({ event: 'onStateChange', info: 2 }));
    p.from(JSON.stringify({ event: 'onStateChange', info: 1 }));
    expect(p.events).toEqual(['ready', 'started', 'play', 'pause', 'play']);
    // a message from another frame is not this player's
    window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ event: 'onStateChange', info: 0 }), source: window }));
    expect(p.events).not.toContain('ended');
    p.from(JSON.stringify({ event: 'onStateChange', info: 0 }));
    expect(p.events.at(-1)).toBe('ended');
    expect(p.sent().at(-1)).toBe(JSON.stringify({ event: 'command', func: 'pauseVideo', args: [] }));
    // ended and not looping: it stays stopped when the section scrolls back into view
    p.worker.play();
    expect(p.sent().at(-1)).toBe(JSON.stringify({ event: 'command', func: 'pauseVideo', args: [] }));
  });

  it('a looping video goes back to its start time when it ends, and never reports the end', () => {
    const p = player('https://youtu.be/Y-rmzh0PI3c', { loop: true, startTime: 4, endTime: 12 });
    p.from(JSON.stringify({ event: 'onStateChange', info: 0 }));
    expect(p.events).not.toContain('ended');
    expect(p.sent().slice(-2)).toEqual([JSON.stringify({ event: 'command', func: 'seekTo', args: [4, true] }), JSON.stringify({ event: 'command', func: 'playVideo', args: [] })]);
  });

  it('Vimeo: stopped by the page at its end time, which Vimeo has no parameter for', () => {
    const p = player('https://vimeo.com/76979871', { loop: false, startTime: 0, endTime: 10 });
    expect(p.worker.type).toBe('vimeo');
    p.frame.dispatchEvent(new Event('load'));
    expect(p.sent()).toEqual(['play', 'pause', 'ended', 'timeupdate'].map((value) => ({ method: 'addEventListener', value })));
    p.from({ event: 'timeupdate', data: { seconds: 9.5 } });
    expect(p.events).not.toContain('ended');
    p.from({ event: 'timeupdate', data: { seconds: 10.1 } });
    expect(p.events.at(-1)).toBe('ended');
    expect(p.sent().at(-1)).toEqual({ method: 'pause' });
  });

  it('leaves local files and other addresses to the worker, and adds no script to the page', () => {
    expect(VideoWorker('https://example.com/watch?v=Y-rmzh0PI3c').isValid()).toBe(false);
    expect(VideoWorker('mp4:/media/clip.mp4').type).toBe('local');
    expect(document.querySelector('script')).toBeNull();
  });
});
