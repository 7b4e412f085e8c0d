import { describe, expect, it, vi } from 'vitest';
import { embedUrl, enabledPlayers, isMissingThumbnail, isYouTubeId, localType, OUTSIDE_PLAYERS, outsidePlayerOf, pickThumbnail, PLAY_STATE_EVENTS, playerEvent, playerFor, playerMessages, playerSources, playlistStates, thumbnailCandidates, vimeoThumbnail } from './video.ts';

describe('video players', () => {
  it('accepts YouTube ids of exactly 11 characters', () => {
    expect(isYouTubeId('aqz-KE-bpKQ')).toBe(true);
    expect(isYouTubeId('aqz-KE-bpK')).toBe(false);
    expect(isYouTubeId('aqz-KE-bpKQQ')).toBe(false);
    expect(isYouTubeId('aqz-KE-bp"Q')).toBe(false);
  });

  it('embeds YouTube without cookies, with autoplay, rel=0 and no info', () => {
    expect(embedUrl({ provider: 'youtube', id: 'aqz-KE-bpKQ' })).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0&showinfo=0');
    expect(embedUrl({ provider: 'youtube', id: 'aqz-KE-bpKQ' }, { api: true, origin: 'http://127.0.0.1:4406' })).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0&showinfo=0&enablejsapi=1&origin=http%3A%2F%2F127.0.0.1%3A4406',
    );
    expect(embedUrl({ provider: 'youtube', id: 'short' })).toBeNull();
    expect(embedUrl({ provider: 'vimeo', id: '76979871' })).toMatch(/^https:\/\/player\.vimeo\.com\/video\/76979871\?autoplay=1&dnt=1/);
    expect(embedUrl({ provider: 'vimeo', id: 'abc' })).toBeNull();
  });

  it('plays local mp4, webm, ogv and ogg files in a <video>', () => {
    expect(localType('/media/clip.mp4')).toBe('video/mp4');
    expect(localType('/media/clip.WEBM?v=2')).toBe('video/webm');
    expect(localType('/media/clip.ogv#t=3')).toBe('video/ogg');
    expect(localType('/media/clip.ogg')).toBe('video/ogg');
    expect(localType('/media/clip.mov')).toBeNull();
    expect(localType('')).toBeNull();
    expect(playerFor({ provider: 'local', id: '', src: '/v/a.webm', title: 'A' })).toEqual({ kind: 'video', src: '/v/a.webm', type: 'video/webm' });
    expect(playerFor({ provider: 'local', id: '', src: '/v/a.avi', title: 'A' })).toBeNull();
    expect(playerFor({ provider: 'youtube', id: 'aqz-KE-bpKQ', src: '', title: 'A' })).toMatchObject({ kind: 'iframe' });
  });
});

describe('outside players turned on and off', () => {
  it('lists the players the settings turn on and what the page must allow for them', () => {
    expect(enabledPlayers({ embedYouTube: true, embedVimeo: true })).toEqual(['youtube', 'vimeo']);
    expect(enabledPlayers({ embedYouTube: false, embedVimeo: true })).toEqual(['vimeo']);
    expect(playerSources([])).toEqual({ frames: [], images: [], connect: [] });
    expect(playerSources(['youtube'])).toEqual({ frames: ['https://www.youtube-nocookie.com'], images: ['https://i.ytimg.com'], connect: [] });
    // every embed address the players make is inside what the policy allows for them
    expect(embedUrl({ provider: 'youtube', id: 'aqz-KE-bpKQ' })!.startsWith(`${OUTSIDE_PLAYERS.youtube.frames[0]}/`)).toBe(true);
    expect(embedUrl({ provider: 'vimeo', id: '76979871' })!.startsWith(`${OUTSIDE_PLAYERS.vimeo.frames[0]}/`)).toBe(true);
  });

  it("names the player of a video page's address", () => {
    expect(outsidePlayerOf('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe('youtube');
    expect(outsidePlayerOf('https://youtu.be/aqz-KE-bpKQ')).toBe('youtube');
    expect(outsidePlayerOf('https://m.youtube.com/watch?v=aqz-KE-bpKQ')).toBe('youtube');
    expect(outsidePlayerOf('https://vimeo.com/76979871')).toBe('vimeo');
    expect(outsidePlayerOf('/uploads/clip.mp4')).toBeNull();
    expect(outsidePlayerOf('mp4:/uploads/clip.mp4')).toBeNull();
    expect(outsidePlayerOf('https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ')).toBeNull();
  });
});

describe('thumbnail fallbacks', () => {
  it('tries maxresdefault, sddefault, hqdefault, then 0', () => {
    expect(thumbnailCandidates('aqz-KE-bpKQ').map((u) => u.split('/').pop())).toEqual(['maxresdefault.jpg', 'sddefault.jpg', 'hqdefault.jpg', '0.jpg']);
    expect(thumbnailCandidates('bad')).toEqual([]);
  });

  it('counts a 120 px wide answer (and a failed load) as missing', async () => {
    expect(isMissingThumbnail(120)).toBe(true);
    expect(isMissingThumbnail(0)).toBe(true);
    expect(isMissingThumbnail(1280)).toBe(false);
    const widths: Record<string, number | Error> = { maxresdefault: 120, sddefault: new Error('404'), hqdefault: 480, '0': 480 };
    const probe = vi.fn(async (url: string) => {
      const w = widths[url.split('/').pop()!.replace('.jpg', '')]!;
      if (w instanceof Error) throw w;
      return w;
    });
    expect(await pickThumbnail('aqz-KE-bpKQ', probe)).toBe('https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg');
    expect(probe.mock.calls.map((c) => c[0].split('/').pop())).toEqual(['maxresdefault.jpg', 'sddefault.jpg', 'hqdefault.jpg']);
    expect(await pickThumbnail('aqz-KE-bpKQ', async () => 1280)).toBe('https://i.ytimg.com/vi/aqz-KE-bpKQ/maxresdefault.jpg');
    expect(await pickThumbnail('aqz-KE-bpKQ', async () => 120)).toBeNull();
  });

  it("reads Vimeo's JSON thumbnail reply", async () => {
    const ok = vi.fn(async () => new Response(JSON.stringify({ thumbnail_url: 'https://i.vimeocdn.com/video/1.jpg' })));
    expect(await vimeoThumbnail('76979871', ok as unknown as typeof fetch)).toBe('https://i.vimeocdn.com/video/1.jpg');
    expect(String((ok.mock.calls[0] as unknown[])[0])).toContain('https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F76979871');
    expect(await vimeoThumbnail('76979871', (async () => new Response('nope', { status: 404 })) as unknown as typeof fetch)).toBeNull();
    expect(await vimeoThumbnail('x', ok as unknown as typeof fetch)).toBeNull();
  });
});

describe('playlist states', () => {
  it('marks the chosen item playing or paused and the others none', () => {
    expect(playlistStates(4, 1, 'playing')).toEqual(['none', 'playing', 'none', 'none']);
    expect(playlistStates(3, 0, 'paused')).toEqual(['paused', 'none', 'none']);
  });

  it('reads YouTube and Vimeo player messages', () => {
    expect(playerEvent('{"event":"onStateChange","info":1}')).toBe('playing');
    expect(playerEvent('{"event":"infoDelivery","info":{"playerState":2}}')).toBe('paused');
    expect(playerEvent('{"event":"infoDelivery","info":{"playerState":0}}')).toBe('ended');
    expect(playerEvent('{"event":"infoDelivery","info":{"currentTime":3}}')).toBeNull();
    expect(playerEvent({ event: 'pause' })).toBe('paused');
    expect(playerEvent({ event: 'ended' })).toBe('ended');
    expect(playerEvent('not json')).toBeNull();
    expect(playerEvent(null)).toBeNull();
  });

  it('asks an outside player for the events named, and commands it', () => {
    expect(playerMessages('vimeo', { listen: PLAY_STATE_EVENTS })).toEqual(['play', 'pause', 'ended'].map((value) => ({ method: 'addEventListener', value })));
    expect(playerMessages('vimeo', { listen: [...PLAY_STATE_EVENTS, 'timeupdate'] }).at(-1)).toEqual({ method: 'addEventListener', value: 'timeupdate' });
    expect(playerMessages('vimeo', { seek: 4 })).toEqual([{ method: 'setCurrentTime', value: 4 }]);
    expect(playerMessages('vimeo', 'pause')).toEqual([{ method: 'pause' }]);
    // YouTube tells its state to a page that listens, whatever it asks for
    expect(playerMessages('youtube', { listen: PLAY_STATE_EVENTS })).toEqual([JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })]);
    expect(playerMessages('youtube', { seek: 4 })).toEqual([JSON.stringify({ event: 'command', func: 'seekTo', args: [4, true] })]);
    expect(playerMessages('youtube', 'play')).toEqual([JSON.stringify({ event: 'command', func: 'playVideo', args: [] })]);
  });
});
