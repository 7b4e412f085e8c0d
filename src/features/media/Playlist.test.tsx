// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { screen, within } from '@testing-library/react';
import { VideoPlaylist, type PlaylistVideo, type VideoPlaylistProps } from './Playlist.tsx';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

const labels = { consent: 'This video is played from an outside service that may set cookies.', load: 'Load video', region: 'Playlist', playing: 'Now playing', paused: 'Paused' };
const yt = (id: string, title: string): PlaylistVideo => ({ provider: 'youtube', id, src: '', title, href: `https://www.youtube.com/watch?v=${id}`, label: `Play video: ${title}`, poster: null, duration: '10:00' });
const videos = [yt('Y-rmzh0PI3c', 'Cosmos Laundromat'), yt('eRsGyueVLvQ', 'Sintel'), yt('R6MlUcmOul8', 'Tears of Steel')];
const local: PlaylistVideo = { provider: 'local', id: '', src: '/media/demo/clip.webm', title: 'Harbour at dusk', href: '/media/demo/clip.webm', label: 'Play video: Harbour at dusk', poster: null, duration: '' };
const props = (v = videos): VideoPlaylistProps => ({ title: 'Open movies', videos: v, labels });

const items = () => within(screen.getByRole('list')).getAllByRole('button');
const states = () => [...document.querySelectorAll<HTMLElement>('.video-playlist__item')].map((i) => i.dataset.state);

beforeEach(() => {
  document.cookie = 'cookie_notice_accepted=; Max-Age=0; Path=/';
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('video playlist island', () => {
  it('is a region with a list of buttons; the first item is current and paused', async () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    const { errors } = await hydrateServerHtml([{ name: 'playlist', of: VideoPlaylist, props: props() }]);
    expect(errors).toEqual([]);
    expect(screen.getByRole('region', { name: 'Open movies' })).toBeTruthy();
    expect(items().map((b) => b.tagName)).toEqual(['BUTTON', 'BUTTON', 'BUTTON']);
    expect(states()).toEqual(['paused', 'none', 'none']);
    expect(items()[0]!.getAttribute('aria-current')).toBe('true');
    expect(items()[0]!.getAttribute('aria-pressed')).toBe('false');
    expect(items()[1]!.hasAttribute('aria-current')).toBe(false);
    expect(items()[0]!.textContent).toContain('Paused');
  });

  it('choosing an item plays it in the 434 px player and marks it; again pauses it; the player\'s own Play plays the current one', async () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    await hydrateServerHtml([{ name: 'playlist', of: VideoPlaylist, props: props() }]);
    const sintel = screen.getByRole('button', { name: /Sintel/ });
    sintel.focus();
    await act(async () => sintel.click());
    const frame = document.querySelector('.video-playlist__player iframe')!;
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/eRsGyueVLvQ\?autoplay=1&rel=0&showinfo=0&enablejsapi=1/);
    expect(frame.getAttribute('height')).toBe('434');
    expect(states()).toEqual(['none', 'playing', 'none']);
    expect(sintel.getAttribute('aria-current')).toBe('true');
    expect(sintel.getAttribute('aria-pressed')).toBe('true');
    expect(sintel.textContent).toContain('Now playing');
    // choosing from the list keeps the focus in the list
    expect(document.activeElement).toBe(sintel);
    await act(async () => sintel.click());
    expect(states()).toEqual(['none', 'paused', 'none']);
    expect(sintel.getAttribute('aria-pressed')).toBe('false');
    await act(async () => screen.getByRole('button', { name: /Tears of Steel/ }).click());
    expect(document.querySelector('.video-playlist__player iframe')!.getAttribute('src')).toMatch(/embed\/R6MlUcmOul8\?/);
    expect(states()).toEqual(['none', 'none', 'playing']);
  });

  it('the player\'s Play button plays the current item and the focus moves into the player', async () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    await hydrateServerHtml([{ name: 'playlist', of: VideoPlaylist, props: props() }]);
    await act(async () => screen.getByRole('button', { name: 'Play video: Cosmos Laundromat' }).click());
    const frame = document.querySelector('.video-playlist__player iframe')!;
    expect(frame.getAttribute('src')).toMatch(/embed\/Y-rmzh0PI3c\?/);
    expect(document.activeElement).toBe(frame);
    expect(states()).toEqual(['playing', 'none', 'none']);
  });

  it('without consent an outside item waits for "Load video" in the player, which takes the focus; accepting cookies on the page opens it', async () => {
    await hydrateServerHtml([{ name: 'playlist', of: VideoPlaylist, props: props() }]);
    expect(screen.getAllByRole('button', { name: 'Load video' })).toHaveLength(1);
    await act(async () => screen.getByRole('button', { name: /Sintel/ }).click());
    expect(document.querySelector('iframe')).toBeNull();
    expect(states()).toEqual(['none', 'paused', 'none']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Load video' }));
    expect(document.querySelector('.video-facade__title')!.textContent).toBe('Sintel');
    await act(async () => {
      document.cookie = 'cookie_notice_accepted=true; Path=/';
      document.dispatchEvent(new CustomEvent('setCookieNotice', { detail: { value: true, previous: null, action: 'accept' } }));
    });
    expect(screen.queryByRole('button', { name: 'Load video' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Play video: Sintel' })).toBeTruthy();
  });

  it('"Load video" plays the chosen item at once', async () => {
    await hydrateServerHtml([{ name: 'playlist', of: VideoPlaylist, props: props() }]);
    await act(async () => screen.getByRole('button', { name: /Tears of Steel/ }).click());
    await act(async () => screen.getByRole('button', { name: 'Load video' }).click());
    const frame = document.querySelector('.video-playlist__player iframe')!;
    expect(frame.getAttribute('src')).toMatch(/embed\/R6MlUcmOul8\?/);
    expect(document.activeElement).toBe(frame);
    expect(states()).toEqual(['none', 'none', 'playing']);
  });

  it('a local item needs no consent; its <video> events drive the states and the next item starts when it ends', async () => {
    await hydrateServerHtml([{ name: 'playlist', of: VideoPlaylist, props: props([local, ...videos]) }]);
    expect(screen.queryByRole('button', { name: 'Load video' })).toBeNull();
    await act(async () => within(screen.getByRole('list')).getByRole('button', { name: /Harbour at dusk/ }).click());
    const video = document.querySelector('video')!;
    expect(states()).toEqual(['playing', 'none', 'none', 'none']);
    await act(async () => void video.dispatchEvent(new Event('pause')));
    expect(states()).toEqual(['paused', 'none', 'none', 'none']);
    Object.defineProperty(video, 'ended', { value: true });
    await act(async () => void video.dispatchEvent(new Event('ended')));
    // the next one is outside and there is no consent: it waits for "Load video"
    expect(states()).toEqual(['none', 'playing', 'none', 'none']);
  });

  it('asks a Vimeo player for its play, pause and end only (no time updates) once its frame has loaded, and follows them', async () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    const vimeo: PlaylistVideo = { provider: 'vimeo', id: '76979871', src: '', title: 'The New Vimeo Player', href: 'https://vimeo.com/76979871', label: 'Play video: The New Vimeo Player', poster: null, duration: '' };
    await hydrateServerHtml([{ name: 'playlist', of: VideoPlaylist, props: props([vimeo, ...videos]) }]);
    await act(async () => within(screen.getByRole('list')).getByRole('button', { name: /The New Vimeo Player/ }).click());
    const frame = document.querySelector<HTMLIFrameElement>('.video-playlist__player iframe')!;
    const sent = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    await act(async () => void frame.dispatchEvent(new Event('load')));
    expect(sent.mock.calls.map((c) => c[0])).toEqual(['play', 'pause', 'ended'].map((value) => ({ method: 'addEventListener', value })));
    await act(async () => void window.dispatchEvent(new MessageEvent('message', { data: { event: 'pause' }, source: frame.contentWindow })));
    expect(states()).toEqual(['paused', 'none', 'none', 'none']);
  });

  it('without script the items are links to the videos\' pages (<noscript>)', () => {
    const html = renderToString(<VideoPlaylist {...props()} />);
    expect(html).toContain('<noscript><a href="https://www.youtube.com/watch?v=eRsGyueVLvQ">');
  });
});
