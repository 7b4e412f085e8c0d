/**
 * Outside video backgrounds (YouTube, Vimeo) without the players' own scripts. jarallax's video
 * extension asks its video worker for a player, and the worker's YouTube and Vimeo providers load
 * `www.youtube.com/iframe_api` and `player.vimeo.com/api/player.js` into the page: scripts the
 * site's Content-Security-Policy does not allow (it lists only the build's own scripts). These
 * providers take their place: the player is the embed iframe itself (the same no-cookie address
 * as the click-to-play videos, muted, without controls), driven by the players' message protocol
 * (`sendToPlayer`, `playerEvent` in video.ts), so the only outside thing a page needs is the frame
 * the settings allow (`OUTSIDE_PLAYERS`).
 *
 * Start and end times and looping (SPEC 9's video options) are kept by the page: YouTube stops at
 * its `end` parameter, Vimeo reports its time (`timeupdate`) and is stopped there; a looping video
 * jumps back to its start time when it ends.
 */
import VideoWorker from 'video-worker';
import { outsideVideo, PLAY_STATE_EVENTS, playerEvent, playerSeconds, sendToPlayer, VIMEO_EMBED, YOUTUBE_EMBED, type OutsidePlayer } from './video.ts';

export interface BackgroundTimes {
  /** seconds; 0: from the beginning */
  start: number;
  /** seconds; 0: to the end */
  end: number;
  loop: boolean;
}

/** The embed address of an outside video playing as a background: autoplay, muted, no controls. */
export function backgroundEmbedUrl(provider: OutsidePlayer, id: string, { start, end, loop }: BackgroundTimes, origin: string): string {
  const s = Math.max(0, Math.floor(start));
  const e = Math.max(0, Math.ceil(end));
  if (provider === 'youtube') {
    return `${YOUTUBE_EMBED}${id}?autoplay=1&mute=1&controls=0&disablekb=1&playsinline=1&rel=0&iv_load_policy=3&enablejsapi=1&origin=${encodeURIComponent(origin)}${s ? `&start=${s}` : ''}${e > s ? `&end=${e}` : ''}`;
  }
  // Vimeo's own loop only when nothing stops it earlier: an end time is kept by the page
  return `${VIMEO_EMBED}${id}?background=1&autoplay=1&muted=1&loop=${loop && !(e > s) ? 1 : 0}&autopause=0&dnt=1${s ? `#t=${s}s` : ''}`;
}

interface WorkerOptions {
  loop: boolean;
  startTime: number;
  endTime: number;
}

/** A video worker provider for one outside player (see the module comment). */
function framePlayer(provider: OutsidePlayer) {
  return class FramePlayer extends VideoWorker.BaseClass {
    override type = provider;
    videoWidth = 1280;
    videoHeight = 720;
    private frame: HTMLIFrameElement | null = null;
    private started = false;
    private stopped = false;

    static parseURL(url: string): string | false {
      const v = outsideVideo(url);
      return v?.provider === provider ? v.id : false;
    }

    private get times(): BackgroundTimes {
      const o = this.options as Partial<WorkerOptions>;
      return { start: o.startTime || 0, end: o.endTime || 0, loop: !!o.loop };
    }

    private readonly onMessage = (e: MessageEvent) => {
      const f = this.frame;
      if (!f || e.source !== f.contentWindow) return;
      const { start, end } = this.times;
      const seconds = playerSeconds(e.data);
      const ev = seconds !== null && end > start && seconds >= end ? 'ended' : playerEvent(e.data);
      if (ev === 'playing') {
        this.stopped = false;
        if (!this.started) {
          this.started = true;
          this.fire('started');
        }
        this.fire('play');
      } else if (ev === 'paused') this.fire('pause');
      else if (ev === 'ended' && !this.stopped) this.finish();
    };

    /** The end (of the video or of its end time): again from the start when it loops. */
    private finish() {
      const f = this.frame!;
      const { start, loop } = this.times;
      if (loop) {
        sendToPlayer(f, provider, { seek: start });
        sendToPlayer(f, provider, 'play');
        return;
      }
      this.stopped = true;
      sendToPlayer(f, provider, 'pause');
      this.fire('ended');
    }

    override getVideo(callback: (el: HTMLIFrameElement) => void) {
      if (this.frame) return callback(this.frame);
      // jarallax moves the player into its own container and removes the element it came in
      const holder = document.createElement('div');
      holder.hidden = true;
      const f = document.createElement('iframe');
      f.tabIndex = -1;
      f.setAttribute('aria-hidden', 'true');
      f.title = '';
      f.allow = 'autoplay; encrypted-media';
      f.referrerPolicy = 'strict-origin-when-cross-origin';
      holder.append(f);
      document.body.append(holder);
      this.frame = f;
      window.addEventListener('message', this.onMessage);
      f.addEventListener('load', () => {
        // Vimeo's time too: the page stops it at its end time
        sendToPlayer(f, provider, { listen: [...PLAY_STATE_EVENTS, 'timeupdate'] });
        this.fire('ready');
      });
      callback(f);
      // the address only once the frame is in its place (moving an iframe loads it again)
      f.src = backgroundEmbedUrl(provider, String(this.videoID), this.times, location.origin);
    }

    override play() {
      if (this.frame && !this.stopped) sendToPlayer(this.frame, provider, 'play');
    }

    override pause() {
      if (this.frame) sendToPlayer(this.frame, provider, 'pause');
    }

    override getImageURL() {
      // the section keeps its own picture (the server-rendered image): no thumbnail is asked for
    }
  };
}

let installed = false;

/** Puts the frame players in place of the video worker's YouTube and Vimeo providers (once). */
export function useFramePlayers(): void {
  if (installed) return;
  installed = true;
  VideoWorker.providers.Youtube = framePlayer('youtube');
  VideoWorker.providers.Vimeo = framePlayer('vimeo');
}
