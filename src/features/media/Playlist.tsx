import { useCallback, useEffect, useRef, useState } from 'react';
import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import { Island } from '../../ui/Island.tsx';
import { EMBED_LABELS_EN, embedGate, useConsent, type EmbedLabels } from '../consent/embeds.ts';
import { FacadeView, embedLabels, facadeVideo, type FacadeVideo, type MediaEvent, type PlayerEl } from './VideoFacade.tsx';
import { isOutside, PLAY_STATE_EVENTS, playerEvent, playerFor, playlistStates, sendToPlayer } from './video.ts';

type PlaylistBlock = Extract<Block, { type: 'playlist' }>;

export const PLAYLIST_IFRAME_HEIGHT = 434;

export interface PlaylistVideo extends FacadeVideo {
  duration: string;
}

export interface VideoPlaylistProps {
  title: string;
  videos: PlaylistVideo[];
  labels: EmbedLabels & { region: string; playing: string; paused: string };
}

interface State {
  /** the chosen item */
  current: number;
  /** what the chosen item is doing (every other item: none) */
  state: 'playing' | 'paused';
  /** the player is there (not the facade) */
  started: boolean;
  /** the player takes the focus when it appears */
  focusPlayer: boolean;
}

/**
 * Video playlist (island `playlist`, SPEC 4 "Video playlist items", NOTES "Media and layout"): the
 * player, and the list beside it as buttons. Choosing an item plays it in the player (iframe height
 * 434); the chosen item is `aria-current`, `aria-pressed` while it plays, and its state (playing,
 * paused; none for the others) is in `data-state` and said to screen readers. Choosing the playing
 * item again pauses it (and plays it again), and the next item starts when a video ends. An outside
 * video waits for consent like a single facade: choosing one without it shows the "Load video"
 * placeholder in the player and gives that button the focus; local videos need none. Without script
 * the items are links to the videos' pages.
 */
export function VideoPlaylist({ title, videos, labels = { ...EMBED_LABELS_EN, region: 'Playlist', playing: 'Now playing', paused: 'Paused' } }: VideoPlaylistProps) {
  const consent = useConsent();
  const [once, setOnce] = useState(false);
  const [s, setS] = useState<State>({ current: 0, state: 'paused', started: false, focusPlayer: false });
  const [focusLoad, setFocusLoad] = useState(0);
  const frame = useRef<PlayerEl | null>(null);
  const latest = useRef(s);
  latest.current = s;
  const video = videos[s.current]!;
  const gate = embedGate(isOutside(video), consent, once);
  const states = playlistStates(videos.length, s.current, s.state);

  const play = useCallback((index: number, focusPlayer = false) => setS({ current: index, state: 'playing', started: true, focusPlayer }), []);
  const next = useCallback(() => {
    const { current } = latest.current;
    if (current + 1 < videos.length) play(current + 1);
    else setS((p) => ({ ...p, state: 'paused' }));
  }, [videos.length, play]);

  const onMedia = useCallback(
    (ev: MediaEvent) => {
      if (ev === 'ended') next();
      else setS((p) => ({ ...p, state: ev }));
    },
    [next],
  );

  // outside players tell their state by messages
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const f = frame.current;
      if (!(f instanceof HTMLIFrameElement) || e.source !== f.contentWindow) return;
      const ev = playerEvent(e.data);
      if (ev === 'playing' || ev === 'paused') setS((p) => ({ ...p, state: ev }));
      else if (ev === 'ended') next();
      else if (ev === 'ready') sendToPlayer(f, videos[latest.current.current]!.provider, { listen: PLAY_STATE_EVENTS });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [next, videos]);

  const choose = (i: number) => {
    const v = videos[i]!;
    if (!playerFor(v)) {
      location.assign(v.href);
      return;
    }
    if (embedGate(isOutside(v), consent, once) === 'blocked') {
      // the choice waits for "Load video" in the player, which takes the focus
      setS({ current: i, state: 'paused', started: false, focusPlayer: false });
      setFocusLoad((n) => n + 1);
      return;
    }
    const f = frame.current;
    if (i === s.current && s.started && f) {
      const pause = s.state === 'playing';
      if (f instanceof HTMLVideoElement) void (pause ? f.pause() : f.play());
      else {
        sendToPlayer(f, v.provider, pause ? 'pause' : 'play');
        setS((p) => ({ ...p, state: pause ? 'paused' : 'playing' }));
      }
      return;
    }
    play(i);
  };

  return (
    <section className="video-playlist" aria-label={title || labels.region}>
      <div className="video-playlist__player">
        <FacadeView
          video={video}
          ratio="16:9"
          gate={gate}
          consent={consent}
          labels={labels}
          playing={s.started}
          focusPlayer={s.focusPlayer}
          focusLoad={focusLoad}
          onPlay={() => play(s.current, true)}
          onLoad={() => {
            setOnce(true);
            play(s.current, true);
          }}
          playlist={{ ref: frame, height: PLAYLIST_IFRAME_HEIGHT, onMedia, onFrameLoad: () => frame.current instanceof HTMLIFrameElement && sendToPlayer(frame.current, video.provider, { listen: PLAY_STATE_EVENTS }) }}
        />
      </div>
      <div className="video-playlist__side">
        <h2 className="video-playlist__title">{title}</h2>
        <ol className="video-playlist__items">
          {videos.map((v, i) => {
            const state = states[i]!;
            const inner = (
              <>
                <span className="video-playlist__num">{i + 1}</span>
                <span className="video-playlist__name">{v.title}</span>
                {v.duration ? <span className="video-playlist__duration">{v.duration}</span> : null}
                <span className="video-playlist__state visually-hidden">{state === 'none' ? '' : labels[state]}</span>
              </>
            );
            return (
              <li key={`${v.provider}-${v.id || v.src}`} className="video-playlist__item" data-state={state}>
                <button type="button" className="video-playlist__choose" aria-current={state === 'none' ? undefined : 'true'} aria-pressed={state === 'playing'} onClick={() => choose(i)}>
                  {inner}
                </button>
                <noscript>
                  <a href={v.href}>{inner}</a>
                </noscript>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

/** A playlist block, hydrated as the `playlist` island. */
export function Playlist({ block, ctx }: { block: PlaylistBlock; ctx: RenderContext }) {
  const videos = block.videos.map((v) => ({ ...facadeVideo(v, ctx), duration: v.duration }));
  const labels = { ...embedLabels(ctx), region: ctx.t('video.playlist'), playing: ctx.t('video.nowPlaying'), paused: ctx.t('video.paused') };
  return <Island name="playlist" of={VideoPlaylist} when="idle" props={{ title: block.title, videos, labels }} />;
}
