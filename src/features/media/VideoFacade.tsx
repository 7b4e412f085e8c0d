import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Video } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import type { Media } from './types.ts';
import { Image } from '../../ui/Image.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Island } from '../../ui/Island.tsx';
import { EmbedConsent } from '../consent/EmbedConsent.tsx';
import { EMBED_LABELS_EN, useEmbedGate, type EmbedGate, type EmbedLabels } from '../consent/embeds.ts';
import { isOutside, pickThumbnail, playerFor, probeImage, vimeoThumbnail } from './video.ts';

/** Outside address of a video, for people without script. */
export function videoPageUrl(v: Video): string {
  if (v.provider === 'youtube') return `https://www.youtube.com/watch?v=${encodeURIComponent(v.id)}`;
  if (v.provider === 'vimeo') return `https://vimeo.com/${encodeURIComponent(v.id)}`;
  return v.src;
}

/** A video as the islands get it (plain JSON): what plays, its page, its play label and poster. */
export interface FacadeVideo {
  provider: string;
  id: string;
  src: string;
  title: string;
  /** the video's own page (YouTube, Vimeo, the file): the play link without script */
  href: string;
  /** "Play video: {title}" */
  label: string;
  poster: Media | null;
}

/**
 * The server side of a video for the islands. A video from an outside player the settings turn
 * off is a `link`: no player can take it, so the facade's play control is a link to its page.
 */
export function facadeVideo(v: Video, ctx: RenderContext): FacadeVideo {
  const provider = v.provider !== 'local' && !ctx.players.includes(v.provider) ? 'link' : v.provider;
  return { provider, id: v.id, src: v.src, title: v.title, href: videoPageUrl(v), label: ctx.t('video.playTitle', { title: v.title }), poster: (v.poster ? ctx.media[v.poster] : undefined) ?? null };
}

export const embedLabels = (ctx: RenderContext): EmbedLabels => ({ consent: ctx.t('embed.consent'), load: ctx.t('embed.load') });

export type PlayerEl = HTMLIFrameElement | HTMLVideoElement;
export type MediaEvent = 'playing' | 'paused' | 'ended';

/** What the playlist adds to its player: the 434 px iframe with the player API, and its events. */
export interface PlaylistPlayer {
  ref: RefObject<PlayerEl | null>;
  height: number;
  /** a local <video> played, paused or ended */
  onMedia: (ev: MediaEvent) => void;
  /** an outside player's iframe has loaded (the playlist starts listening to it) */
  onFrameLoad: () => void;
}

/** The player that replaces the facade: an iframe for YouTube / Vimeo, a <video> for a local file. */
function Player({ video, focus, playlist }: { video: FacadeVideo; focus: boolean; playlist?: PlaylistPlayer | undefined }) {
  const own = useRef<PlayerEl | null>(null);
  const p = playerFor(video, playlist ? { api: true, origin: location.origin } : {});
  const setRef = (el: PlayerEl | null) => {
    own.current = el;
    if (playlist) playlist.ref.current = el;
  };
  useEffect(() => {
    // the play control is gone: the focus goes into the player, not to the page's start
    if (focus) own.current?.focus();
  }, [focus]);
  if (!p) return null;
  const height = playlist ? String(playlist.height) : undefined;
  if (p.kind === 'video') {
    return (
      <video
        ref={setRef}
        controls
        autoPlay
        playsInline
        aria-label={video.title}
        height={height}
        onPlay={() => playlist?.onMedia('playing')}
        onPause={(e) => !e.currentTarget.ended && playlist?.onMedia('paused')}
        onEnded={() => playlist?.onMedia('ended')}
      >
        <source src={p.src} type={p.type} />
      </video>
    );
  }
  return <iframe ref={setRef} src={p.src} title={video.title} height={height} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" onLoad={() => playlist?.onFrameLoad()} />;
}

/** A poster from the video host when the post has none (an outside request: only with consent). */
function useRemoteThumbnail(video: FacadeVideo, consent: boolean | null): string | null {
  const [thumb, setThumb] = useState<{ key: string; url: string } | null>(null);
  const key = `${video.provider}:${video.id}`;
  const wanted = !video.poster && isOutside(video) && consent === true;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const find = video.provider === 'youtube' ? pickThumbnail(video.id, probeImage) : vimeoThumbnail(video.id);
    void find.then((url) => live && url && setThumb({ key, url }));
    return () => {
      live = false;
    };
  }, [wanted, key, video.provider, video.id]);
  return wanted && thumb?.key === key ? thumb.url : null;
}

export interface FacadeViewProps {
  video: FacadeVideo;
  ratio: string;
  priority?: boolean | undefined;
  gate: EmbedGate;
  consent: boolean | null;
  labels: EmbedLabels;
  /** the player replaces the facade */
  playing: boolean;
  /** the player takes the focus when it appears (it was started from inside the facade) */
  focusPlayer: boolean;
  /** changes when the "Load video" button should take the focus */
  focusLoad?: number | undefined;
  onPlay: () => void;
  onLoad: () => void;
  playlist?: PlaylistPlayer | undefined;
}

/**
 * A click-to-play facade: a poster, a play button named "Play video: {title}" and the title; the
 * player on Play. An outside video without consent shows the "Load video" placeholder instead of
 * the play button. Without script, the play control is a link to the video's page (`<noscript>`;
 * `html:not(.js)` hides the button, global.css).
 */
export function FacadeView({ video, ratio, priority = false, gate, consent, labels, playing, focusPlayer, focusLoad, onPlay, onLoad, playlist }: FacadeViewProps) {
  const [w, h] = ratio.split(':').map(Number);
  const thumb = useRemoteThumbnail(video, consent);
  const embeddable = !!playerFor(video);
  const blocked = gate === 'blocked' && embeddable;
  const link = (
    <a className="video-facade__play" href={video.href} aria-label={video.label}>
      <Icon name="play" size={36} />
    </a>
  );
  return (
    <div
      className="video-facade"
      data-provider={video.provider}
      data-playing={playing ? video.provider : undefined}
      data-consent-blocked={blocked ? '' : undefined}
      style={{ aspectRatio: `${w} / ${h}` }}
    >
      {playing ? (
        // a new element for each video (changing an iframe's address would add to the page's history)
        <Player key={`${video.provider}:${video.id}:${video.src}`} video={video} focus={focusPlayer} playlist={playlist} />
      ) : (
        <>
          {video.poster ? <Image media={video.poster} sizes="(min-width: 820px) 760px, 100vw" priority={priority} alt="" /> : thumb ? <img src={thumb} alt="" decoding="async" /> : null}
          {!embeddable ? (
            link
          ) : blocked ? (
            <EmbedConsent labels={labels} onLoad={onLoad} focusKey={focusLoad} />
          ) : (
            <>
              <button type="button" className="video-facade__play" aria-label={video.label} onClick={onPlay}>
                <Icon name="play" size={36} />
              </button>
              <noscript>{link}</noscript>
            </>
          )}
          <span className="video-facade__title" aria-hidden="true">
            {video.title}
          </span>
        </>
      )}
    </div>
  );
}

export interface ClickToPlayProps {
  video: FacadeVideo;
  ratio: string;
  priority?: boolean;
  labels: EmbedLabels;
}

/**
 * Click-to-play video (island `video`, SPEC 9, NOTES "Media and layout"): Play swaps the facade for
 * the player (iframe with autoplay, rel=0 and no info; a <video> for local files, which needs no
 * consent), and the focus moves into it. An outside video waits for consent: from the page-wide
 * store (accepting cookies in the notice opens every facade of the page), or "Load video" for this
 * one, which also plays it.
 */
export function ClickToPlay({ video, ratio, priority, labels = EMBED_LABELS_EN }: ClickToPlayProps) {
  const { gate, consent, allowOnce } = useEmbedGate(isOutside(video));
  const [playing, setPlaying] = useState(false);
  return (
    <FacadeView
      video={video}
      ratio={ratio}
      priority={priority}
      gate={gate}
      consent={consent}
      labels={labels}
      playing={playing}
      focusPlayer
      onPlay={() => setPlaying(true)}
      onLoad={() => {
        allowOnce();
        setPlaying(true);
      }}
    />
  );
}

/** The click-to-play video of a post (video and embed blocks), hydrated as the `video` island. */
export function VideoFacade({ video, ctx, ratio = '16:9', priority = false }: { video: Video; ctx: RenderContext; ratio?: string; priority?: boolean }) {
  return <Island name="video" of={ClickToPlay} when="idle" props={{ video: facadeVideo(video, ctx), ratio, priority, labels: embedLabels(ctx) }} />;
}
