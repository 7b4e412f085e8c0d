/**
 * Click-to-play videos and playlists (media/player.ts, loaded only where a video is shown). A play
 * pressed before that code has arrived is held and replayed, instead of leaving for the video site.
 */
import { enhanceLazy } from '../../ui/client/lazy.ts';

let ready = false;
const load = () =>
  import('./player.ts').then((m) => {
    ready = true;
    return m;
  });
enhanceLazy('.video-facade', load, (m, el) => m.initFacade(el));
enhanceLazy('.video-playlist', load, (m, el) => m.initPlaylist(el));

document.addEventListener(
  'click',
  (e) => {
    if (ready || e.defaultPrevented) return;
    const a = (e.target as Element | null)?.closest?.<HTMLElement>('.video-facade__play, .video-playlist__items a');
    if (!a) return;
    e.preventDefault();
    void load().then(() => setTimeout(() => a.click()));
  },
  true,
);
