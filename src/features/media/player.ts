/**
 * Click-to-play videos and the video playlist. A facade (poster + play link) becomes the player on
 * Play: an iframe for YouTube / Vimeo (only after consent: the consent gate `requireConsentFor`
 * shows its click-to-load placeholder until then), a <video controls autoplay> for local files.
 * Playlist items are `playing`, `paused` or `none` (data-state); choosing one plays it in the
 * player (iframe height 434), and the next one starts when a video ends.
 */
import { requireConsentFor } from '../consent/embeds.ts';
import { withConsent } from '../consent/consent.ts';
import { isOutside, pickThumbnail, playerEvent, playerFor, playlistStates, probeImage, vimeoThumbnail, type PlayState, type VideoRef } from './video.ts';

export const PLAYLIST_IFRAME_HEIGHT = 434;

const refOf = (d: DOMStringMap): VideoRef => ({ provider: d.provider ?? '', id: d.videoId ?? '', src: d.src ?? '', title: d.title ?? '' });

type PlayerEl = HTMLIFrameElement | HTMLVideoElement;

/** Replaces the facade's content with the player; null when the video cannot be embedded. */
function mount(facade: HTMLElement, v: VideoRef, playlist: boolean): PlayerEl | null {
  const p = playerFor(v, playlist ? { api: true, origin: location.origin } : {});
  if (!p) return null;
  let el: PlayerEl;
  if (p.kind === 'video') {
    const video = document.createElement('video');
    video.controls = true;
    video.autoplay = true;
    video.playsInline = true;
    video.setAttribute('aria-label', v.title);
    const source = document.createElement('source');
    source.src = p.src;
    source.type = p.type;
    video.append(source);
    el = video;
  } else {
    const iframe = document.createElement('iframe');
    iframe.src = p.src;
    iframe.title = v.title;
    iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
    iframe.allowFullscreen = true;
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    el = iframe;
  }
  if (playlist) el.setAttribute('height', String(PLAYLIST_IFRAME_HEIGHT));
  const hadFocus = facade.contains(document.activeElement);
  facade.replaceChildren(el);
  facade.dataset.playing = v.provider;
  if (hadFocus) el.focus();
  return el;
}

/** Poster from the video host when the post has none (outside requests: only with consent). */
function remoteThumbnail(facade: HTMLElement, v: VideoRef) {
  if (facade.querySelector('img') || !isOutside(v)) return;
  withConsent(() => {
    const find = v.provider === 'youtube' ? pickThumbnail(v.id, probeImage) : vimeoThumbnail(v.id);
    void find.then((url) => {
      if (!url || facade.dataset.playing || facade.querySelector('img')) return;
      const img = document.createElement('img');
      img.src = url;
      img.alt = '';
      img.decoding = 'async';
      facade.prepend(img);
    });
  });
}

/** A click-to-play facade outside a playlist. */
export function initFacade(facade: HTMLElement): void {
  if (facade.closest('.video-playlist')) return;
  const v = refOf(facade.dataset);
  const link = facade.querySelector<HTMLAnchorElement>('.video-facade__play');
  if (!link || !playerFor(v)) return; // not embeddable: the play link opens the video's page
  remoteThumbnail(facade, v);
  let ready = !isOutside(v);
  const play = () => mount(facade, v, false);
  if (!ready) {
    requireConsentFor(facade, ({ userGesture }) => {
      ready = true;
      if (userGesture) play();
    });
  }
  link.addEventListener('click', (e) => {
    e.preventDefault();
    if (ready) play();
    else facade.querySelector<HTMLElement>('.consent-placeholder button')?.focus();
  });
}

/** Sends a command to an outside player (YouTube iframe API / Vimeo player messages). */
function command(frame: HTMLIFrameElement, provider: string, what: 'play' | 'pause' | 'listen') {
  const win = frame.contentWindow;
  if (!win) return;
  const origin = new URL(frame.src).origin;
  if (provider === 'youtube') {
    const msg = what === 'listen' ? { event: 'listening', id: 1, channel: 'widget' } : { event: 'command', func: what === 'play' ? 'playVideo' : 'pauseVideo', args: [] };
    win.postMessage(JSON.stringify(msg), origin);
  } else if (provider === 'vimeo') {
    if (what === 'listen') for (const ev of ['play', 'pause', 'ended']) win.postMessage({ method: 'addEventListener', value: ev }, origin);
    else win.postMessage({ method: what }, origin);
  }
}

/** A video playlist: its player and its items. */
export function initPlaylist(list: HTMLElement): void {
  const player = list.querySelector<HTMLElement>('.video-playlist__player .video-facade');
  const items = [...list.querySelectorAll<HTMLElement>('.video-playlist__item')];
  const links = items.map((i) => i.querySelector<HTMLAnchorElement>('a[data-provider]'));
  if (!player || !items.length) return;
  const labels = { playing: list.dataset.labelPlaying ?? 'Now playing', paused: list.dataset.labelPaused ?? 'Paused' };
  let current = Math.max(0, items.findIndex((i) => i.dataset.state !== 'none'));
  let frame: PlayerEl | null = null;
  let allowed = false;
  let pending: number | null = null;

  const render = (states: PlayState[]) =>
    items.forEach((item, i) => {
      const s = states[i] ?? 'none';
      item.dataset.state = s;
      const link = links[i];
      if (link) {
        if (s === 'none') link.removeAttribute('aria-current');
        else link.setAttribute('aria-current', 'true');
      }
      const status = item.querySelector('.video-playlist__state');
      if (status) status.textContent = s === 'none' ? '' : labels[s];
    });
  const setState = (index: number, state: Exclude<PlayState, 'none'>) => render(playlistStates(items.length, index, state));
  const refAt = (i: number) => refOf(links[i]?.dataset ?? {});

  const play = (index: number) => {
    const v = refAt(index);
    const el = mount(player, v, true);
    if (!el) {
      const href = links[index]?.href;
      if (href) location.assign(href);
      return;
    }
    current = index;
    frame = el;
    setState(index, 'playing');
    if (el instanceof HTMLVideoElement) {
      el.addEventListener('play', () => frame === el && setState(current, 'playing'));
      el.addEventListener('pause', () => frame === el && !el.ended && setState(current, 'paused'));
      el.addEventListener('ended', () => frame === el && next());
    } else {
      el.addEventListener('load', () => command(el, v.provider, 'listen'));
    }
  };
  const next = () => {
    if (current + 1 < items.length) play(current + 1);
    else setState(current, 'paused');
  };

  window.addEventListener('message', (e) => {
    if (!(frame instanceof HTMLIFrameElement) || e.source !== frame.contentWindow) return;
    const ev = playerEvent(e.data);
    if (ev === 'playing' || ev === 'paused') setState(current, ev);
    else if (ev === 'ended') next();
    else if (ev === 'ready') command(frame, refAt(current).provider, 'listen');
  });

  const gated = isOutside(refOf(player.dataset)) || links.some((l) => l && isOutside(refOf(l.dataset)));
  if (gated) {
    requireConsentFor(player, ({ userGesture }) => {
      allowed = true;
      if (userGesture || pending !== null) play(pending ?? current);
      pending = null;
    });
  } else allowed = true;

  player.querySelector<HTMLAnchorElement>('.video-facade__play')?.addEventListener('click', (e) => {
    e.preventDefault();
    if (allowed) play(current);
  });

  links.forEach((link, i) => {
    link?.addEventListener('click', (e) => {
      e.preventDefault();
      const v = refAt(i);
      if (isOutside(v) && !allowed) {
        // remember the choice and offer the consent button of the player
        pending = i;
        current = i;
        setState(i, 'paused');
        const title = player.querySelector('.video-facade__title');
        if (title) title.textContent = v.title;
        player.querySelector<HTMLElement>('.consent-placeholder button')?.focus();
        return;
      }
      if (i === current && frame) {
        const state = items[i]?.dataset.state;
        if (frame instanceof HTMLVideoElement) void (state === 'playing' ? frame.pause() : frame.play());
        else {
          command(frame, v.provider, state === 'playing' ? 'pause' : 'play');
          setState(i, state === 'playing' ? 'paused' : 'playing');
        }
        return;
      }
      play(i);
    });
  });
}
