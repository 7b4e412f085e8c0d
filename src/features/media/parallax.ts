/**
 * Parallax sections (SPEC 9, NOTES): jarallax 2 on `.parallax`, loaded on demand when a section
 * nears the viewport (media/client.ts); never with reduced motion (the section stays a static
 * image, as without script).
 *
 * Options come from the data attributes (parallax-config.ts): `data-speed` clamped to −1..2
 * (default 0.5), `data-type` (default scroll), `data-z-index` (default −100). The picture is the
 * server-rendered `<img class="parallax__img">` (responsive srcset, native lazy loading), which
 * jarallax moves into its container.
 *
 * Video background: a section with `data-video-src` (YouTube, Vimeo or a local mp4/webm/ogv
 * file) gets jarallax's video extension, which plays the video behind the content. A local file
 * plays in the video worker's own `<video>` (its 150 ms end-time check is the worker's); YouTube
 * and Vimeo play in a bare embed frame driven by messages (frame-video.ts: their API scripts are
 * not allowed by the page's policy, and are not needed). Outside players load only after consent: the consent
 * store (`consent.ts`: accepting cookies anywhere on the page starts it), or "Load video" in the
 * click-to-load placeholder this module adds to the section it was given (`gateVideo`; that one
 * section, this page view, nothing stored). Until then the section keeps its picture. The video plays
 * muted and looped, only while the section is in view (see `pauseOffScreen`). Demo: the parallax
 * section of `first-light` (a local WebM).
 */
import jarallaxCore from 'jarallax/src/core.js';
import { parallaxOptions, videoSource, type ParallaxOptions } from './parallax-config.ts';
import { hasConsent, onConsent } from '../consent/consent.ts';
import { pageVars } from '../../ui/page-vars.ts';

const on = (section: HTMLElement) => () => section.setAttribute('data-parallax', 'on');

let videoExtension: Promise<void> | null = null;

/**
 * Video backgrounds need jarallax's video extension on the same core, loaded only for them, with
 * the frame players (frame-video.ts) in place of the video worker's script-loading providers.
 */
function loadVideoExtension(): Promise<void> {
  return (videoExtension ??= Promise.all([import('jarallax/src/ext-video.js'), import('./frame-video.ts')]).then(([ext, frames]) => {
    frames.useFramePlayers();
    ext.default(jarallaxCore);
  }));
}

async function startVideo(section: HTMLElement, opts: ParallaxOptions) {
  await loadVideoExtension();
  jarallaxCore(section, { ...opts, onInit: on(section) });
  pauseOffScreen(section);
}

/**
 * The extension pauses a video that leaves the view only on a scroll frame that happens after its
 * visibility observer has fired, so a jump (End, a link to the footer) can leave it playing. Our own
 * observer settles it: paused whenever the section is out of view, playing again when it is back.
 */
function pauseOffScreen(section: HTMLElement) {
  const player = () => (section as HTMLElement & { jarallax?: { video?: { play(): void; pause(): void } } }).jarallax?.video;
  new IntersectionObserver((entries) => {
    const visible = entries.some((e) => e.isIntersecting);
    const video = player();
    if (!video) return;
    if (visible) video.play();
    else video.pause();
  }).observe(section);
}

let seq = 0;

/**
 * An outside video background waits for consent (see the module comment). The placeholder is this
 * module's own markup, in the section it was given; it goes when the video may start, and the
 * focus, when it was on its button, goes to the section.
 */
function gateVideo(section: HTMLElement, start: () => void) {
  if (hasConsent()) return start();
  let i18n: Record<string, string> = {};
  try {
    i18n = pageVars().i18n;
  } catch {
    /* no page variables: English below */
  }
  const id = `parallax-consent-${++seq}`;
  const box = document.createElement('div');
  box.className = 'consent-placeholder consent-placeholder--video parallax__consent';
  const text = document.createElement('p');
  text.className = 'consent-placeholder__text';
  text.id = id;
  text.textContent = i18n.embedConsent ?? 'This video is played from an outside service that may set cookies.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn--small';
  button.textContent = i18n.embedLoad ?? 'Load video';
  button.setAttribute('aria-describedby', id);
  box.append(text, button);
  let open = false;
  const release = () => {
    if (open) return;
    open = true;
    off();
    const hadFocus = box.contains(document.activeElement);
    box.remove();
    section.removeAttribute('data-consent-blocked');
    if (hadFocus) {
      section.tabIndex = -1;
      section.focus({ preventScroll: true });
    }
    start();
  };
  const off = onConsent(release);
  button.addEventListener('click', release);
  section.setAttribute('data-consent-blocked', '');
  section.append(box);
}

export function initParallax(section: HTMLElement): void {
  const opts = parallaxOptions(section.dataset);
  if (!opts.videoSrc) {
    jarallaxCore(section, { ...opts, onInit: on(section) });
    return;
  }
  const fail = (err: unknown) => console.error('[masthead] video background:', err);
  if (videoSource(section.dataset.videoSrc)?.outside) gateVideo(section, () => void startVideo(section, opts).catch(fail));
  else void startVideo(section, opts).catch(fail);
}
