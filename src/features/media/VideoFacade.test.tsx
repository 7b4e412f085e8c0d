// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { screen, within } from '@testing-library/react';
import { ClickToPlay, facadeVideo, type ClickToPlayProps, type FacadeVideo } from './VideoFacade.tsx';
import { translator } from '../../i18n/index.ts';
import type { RenderContext } from '../post/render-context.ts';
import { hydrateServerHtml } from '../../../tests/support/island.ts';

const labels = { consent: 'This video is played from an outside service that may set cookies.', load: 'Load video' };
const youtube: FacadeVideo = { provider: 'youtube', id: 'Y-rmzh0PI3c', src: '', title: 'Cosmos Laundromat', href: 'https://www.youtube.com/watch?v=Y-rmzh0PI3c', label: 'Play video: Cosmos Laundromat', poster: null };
const local: FacadeVideo = { provider: 'local', id: '', src: '/media/demo/clip.webm', title: 'Harbour at dusk', href: '/media/demo/clip.webm', label: 'Play video: Harbour at dusk', poster: null };
const props = (video: FacadeVideo): ClickToPlayProps => ({ video, ratio: '16:9', labels });

const accept = (previous: boolean | null = null) => {
  document.cookie = 'cookie_notice_accepted=true; Path=/';
  document.dispatchEvent(new CustomEvent('setCookieNotice', { detail: { value: true, previous, action: 'accept' } }));
};

beforeEach(() => {
  document.cookie = 'cookie_notice_accepted=; Max-Age=0; Path=/';
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('click-to-play video island', () => {
  it('without consent: the "Load video" gate instead of the play button, nothing loaded; the press loads and plays that video only', async () => {
    const { errors } = await hydrateServerHtml([
      { name: 'video', of: ClickToPlay, props: props(youtube) },
      { name: 'video', of: ClickToPlay, props: props({ ...youtube, id: 'eRsGyueVLvQ', title: 'Sintel', label: 'Play video: Sintel' }) },
    ]);
    expect(errors).toEqual([]);
    const [first, second] = [...document.querySelectorAll<HTMLElement>('.video-facade')];
    expect(first!.hasAttribute('data-consent-blocked')).toBe(true);
    expect(screen.queryByRole('button', { name: /^Play video/ })).toBeNull();
    const loads = screen.getAllByRole('button', { name: 'Load video' });
    expect(loads).toHaveLength(2);
    expect(document.getElementById(loads[0]!.getAttribute('aria-describedby')!)!.textContent).toBe(labels.consent);
    expect(document.querySelector('iframe')).toBeNull();

    await act(async () => loads[0]!.click());
    const frame = first!.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/Y-rmzh0PI3c?autoplay=1&rel=0&showinfo=0');
    expect(frame.title).toBe('Cosmos Laundromat');
    expect(document.activeElement).toBe(frame);
    expect(first!.hasAttribute('data-consent-blocked')).toBe(false);
    // a one-off: the other video keeps its gate, nothing stored
    expect(within(second!).getByRole('button', { name: 'Load video' })).toBeTruthy();
    expect(document.cookie).not.toContain('cookie_notice_accepted');
  });

  it('accepting cookies elsewhere on the page turns every gate into the play button (it does not play by itself)', async () => {
    await hydrateServerHtml([{ name: 'video', of: ClickToPlay, props: props(youtube) }]);
    expect(screen.getByRole('button', { name: 'Load video' })).toBeTruthy();
    await act(async () => accept());
    expect(screen.queryByRole('button', { name: 'Load video' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Play video: Cosmos Laundromat' })).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('with consent: a play button named with the title; Play swaps the facade for the player, which takes the focus', async () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    const { errors } = await hydrateServerHtml([{ name: 'video', of: ClickToPlay, props: props(youtube) }]);
    expect(errors).toEqual([]);
    const play = screen.getByRole('button', { name: 'Play video: Cosmos Laundromat' });
    expect(play.tagName).toBe('BUTTON');
    play.focus();
    await act(async () => play.click());
    const facade = document.querySelector<HTMLElement>('.video-facade')!;
    expect(facade.dataset.playing).toBe('youtube');
    const frame = facade.querySelector('iframe')!;
    expect(frame.getAttribute('allow')).toMatch(/autoplay/);
    expect(document.activeElement).toBe(frame);
    expect(screen.queryByRole('button', { name: /^Play video/ })).toBeNull();
  });

  it('a local video needs no consent and plays in a <video> with controls', async () => {
    const { errors } = await hydrateServerHtml([{ name: 'video', of: ClickToPlay, props: props(local) }]);
    expect(errors).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Load video' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Play video: Harbour at dusk' }).click());
    const video = document.querySelector('video')!;
    expect(video.controls).toBe(true);
    expect(video.getAttribute('aria-label')).toBe('Harbour at dusk');
    expect(video.querySelector('source')!.getAttribute('type')).toBe('video/webm');
  });

  it('the server markup works without script: a play link to the video page inside <noscript>', () => {
    const html = renderToString(<ClickToPlay {...props(youtube)} />);
    expect(html).toMatch(/<noscript><a class="video-facade__play" href="https:\/\/www\.youtube\.com\/watch\?v=Y-rmzh0PI3c" aria-label="Play video: Cosmos Laundromat">/);
    expect(html).not.toContain('consent-placeholder');
  });

  it('a video whose player the settings turn off is a link to its page: no gate, no player, nothing loaded, even with consent', async () => {
    const ctx = (players: RenderContext['players']): RenderContext => ({ t: translator('en'), locale: 'en', media: {}, players, postId: 1, postUrl: '/v/', postTitle: 'V' });
    const block = { provider: 'youtube' as const, id: 'Y-rmzh0PI3c', src: '', title: 'Cosmos Laundromat', duration: '' };
    expect(facadeVideo(block, ctx(['youtube', 'vimeo'])).provider).toBe('youtube');
    const off = facadeVideo(block, ctx(['vimeo']));
    expect(off).toMatchObject({ provider: 'link', href: 'https://www.youtube.com/watch?v=Y-rmzh0PI3c' });
    accept();
    const { errors } = await hydrateServerHtml([{ name: 'video', of: ClickToPlay, props: props(off) }]);
    expect(errors).toEqual([]);
    const link = screen.getByRole('link', { name: 'Play video: Cosmos Laundromat' });
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=Y-rmzh0PI3c');
    expect(screen.queryByRole('button', { name: 'Load video' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Play video/ })).toBeNull();
    expect(document.querySelector('iframe, img')).toBeNull();
  });
});
