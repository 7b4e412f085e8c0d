/**
 * Click-to-play video (SPEC 9 "Parallax and video", NOTES "Media and layout"): which player a video
 * gets, its embed address (autoplay, rel=0, no info), and the YouTube thumbnail fallbacks
 * maxresdefault → sddefault → hqdefault → 0, where a 120 px wide answer counts as missing.
 */
export interface VideoRef {
  provider: string;
  id: string;
  src: string;
  title: string;
}

export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
export const isYouTubeId = (id: string | undefined | null): id is string => !!id && YOUTUBE_ID.test(id);
export const isVimeoId = (id: string | undefined | null): id is string => !!id && /^\d{1,12}$/.test(id);

/** Local video types by extension (mp4, webm, ogv, ogg). */
export const LOCAL_TYPES: Readonly<Record<string, string>> = { mp4: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg', ogg: 'video/ogg' };

/** The MIME type of a local video file, or null when it is not one of the local types. */
export function localType(src: string | undefined | null): string | null {
  if (!src) return null;
  const path = src.split(/[?#]/)[0] ?? '';
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return ext && Object.hasOwn(LOCAL_TYPES, ext) ? LOCAL_TYPES[ext]! : null;
}

export const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com/embed/';
export const VIMEO_EMBED = 'https://player.vimeo.com/video/';

/**
 * The embed address of an outside video: YouTube without cookies, autoplay, rel=0, showinfo=0;
 * Vimeo with autoplay and do-not-track. `api` adds the player messaging the playlist listens to.
 */
export function embedUrl(v: Pick<VideoRef, 'provider' | 'id'>, opts: { api?: boolean; origin?: string } = {}): string | null {
  if (v.provider === 'youtube' && isYouTubeId(v.id)) {
    const api = opts.api ? `&enablejsapi=1${opts.origin ? `&origin=${encodeURIComponent(opts.origin)}` : ''}` : '';
    return `${YOUTUBE_EMBED}${v.id}?autoplay=1&rel=0&showinfo=0${api}`;
  }
  if (v.provider === 'vimeo' && isVimeoId(v.id)) return `${VIMEO_EMBED}${v.id}?autoplay=1&dnt=1&title=0&byline=0&portrait=0`;
  return null;
}

export type Player = { kind: 'iframe'; src: string } | { kind: 'video'; src: string; type: string } | null;

/** What plays a video: an iframe for outside players, a <video> for local files; null when invalid. */
export function playerFor(v: VideoRef, opts: { api?: boolean; origin?: string } = {}): Player {
  if (v.provider === 'local') {
    const type = localType(v.src);
    return type ? { kind: 'video', src: v.src, type } : null;
  }
  const src = embedUrl(v, opts);
  return src ? { kind: 'iframe', src } : null;
}

/** Whether a video plays from an outside service (and so waits for consent). */
export const isOutside = (v: Pick<VideoRef, 'provider'>) => v.provider === 'youtube' || v.provider === 'vimeo';

/**
 * The outside players the site can embed, and what a page that embeds one must allow in its
 * Content-Security-Policy: the player's frame, its thumbnails, and the address asked for a
 * thumbnail (Vimeo's oEmbed). Settings → Theme turns each on or off (`embedYouTube`,
 * `embedVimeo`); a player that is off is never framed: its videos are links to their pages, and
 * the policy does not name it.
 */
export const OUTSIDE_PLAYERS = {
  youtube: { setting: 'embedYouTube', frames: ['https://www.youtube-nocookie.com'], images: ['https://i.ytimg.com'], connect: [] },
  vimeo: { setting: 'embedVimeo', frames: ['https://player.vimeo.com'], images: ['https://i.vimeocdn.com'], connect: ['https://vimeo.com'] },
} as const satisfies Record<string, { setting: string; frames: readonly string[]; images: readonly string[]; connect: readonly string[] }>;
export type OutsidePlayer = keyof typeof OUTSIDE_PLAYERS;
export type EmbedSettings = { readonly [P in OutsidePlayer as (typeof OUTSIDE_PLAYERS)[P]['setting']]: boolean };

/** The outside players the settings turn on. */
export function enabledPlayers(theme: EmbedSettings): OutsidePlayer[] {
  return (Object.keys(OUTSIDE_PLAYERS) as OutsidePlayer[]).filter((p) => theme[OUTSIDE_PLAYERS[p].setting]);
}

/** What the page's policy allows for the players that are on. */
export function playerSources(players: readonly OutsidePlayer[]): { frames: string[]; images: string[]; connect: string[] } {
  const pick = (k: 'frames' | 'images' | 'connect') => players.flatMap((p) => OUTSIDE_PLAYERS[p][k]);
  return { frames: pick('frames'), images: pick('images'), connect: pick('connect') };
}

/** The outside player of a video page address (YouTube, youtu.be, Vimeo), or null. */
export function outsidePlayerOf(href: string): OutsidePlayer | null {
  let host: string;
  try {
    host = new URL(href).hostname.toLowerCase().replace(/^(www|m)\./, '');
  } catch {
    return null;
  }
  if (host === 'youtube.com' || host === 'youtu.be' || host === 'youtube-nocookie.com') return 'youtube';
  if (host === 'vimeo.com' || host === 'player.vimeo.com') return 'vimeo';
  return null;
}

/** The player and video id of a YouTube or Vimeo page or embed address, or null. */
export function outsideVideo(href: string): { provider: OutsidePlayer; id: string } | null {
  const provider = outsidePlayerOf(href);
  if (!provider) return null;
  const u = new URL(href);
  if (provider === 'youtube') {
    const id = u.hostname.endsWith('youtu.be') ? u.pathname.slice(1) : u.pathname === '/watch' ? u.searchParams.get('v') : (/^\/(?:embed|shorts|v)\/([^/]+)/.exec(u.pathname)?.[1] ?? null);
    return isYouTubeId(id) ? { provider, id } : null;
  }
  const id = /(?:^|\/)(\d{1,12})(?:$|\/)/.exec(u.pathname)?.[1];
  return isVimeoId(id) ? { provider, id } : null;
}

export const THUMBNAIL_NAMES = ['maxresdefault', 'sddefault', 'hqdefault', '0'] as const;
export const MISSING_THUMBNAIL_WIDTH = 120;

/** The thumbnail addresses to try for a YouTube video, best first. */
export function thumbnailCandidates(id: string): string[] {
  return isYouTubeId(id) ? THUMBNAIL_NAMES.map((n) => `https://i.ytimg.com/vi/${id}/${n}.jpg`) : [];
}

/** YouTube answers a missing size with a 120 px wide placeholder: that, or nothing, is missing. */
export const isMissingThumbnail = (width: number | null | undefined): boolean => !width || width <= MISSING_THUMBNAIL_WIDTH;

/**
 * The first thumbnail that really exists, trying the candidates in order; `probe` loads one address
 * and answers its natural width (rejecting when it fails). Null when none exists.
 */
export async function pickThumbnail(id: string, probe: (url: string) => Promise<number>): Promise<string | null> {
  for (const url of thumbnailCandidates(id)) {
    let width: number | null = null;
    try {
      width = await probe(url);
    } catch {
      width = null;
    }
    if (!isMissingThumbnail(width)) return url;
  }
  return null;
}

/** Browser probe for `pickThumbnail`: loads the image and answers its natural width. */
export function probeImage(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth);
    img.onerror = () => reject(new Error(`thumbnail failed: ${url}`));
    img.src = url;
  });
}

/** Vimeo's JSON thumbnail reply (oEmbed). */
export async function vimeoThumbnail(id: string, fetcher: typeof fetch = fetch): Promise<string | null> {
  if (!isVimeoId(id)) return null;
  try {
    const r = await fetcher(`https://vimeo.com/api/oembed.json?url=${encodeURIComponent(`https://vimeo.com/${id}`)}&width=1280`, { credentials: 'omit' });
    if (!r.ok) return null;
    const j = (await r.json()) as { thumbnail_url?: unknown };
    return typeof j.thumbnail_url === 'string' && j.thumbnail_url.startsWith('https://') ? j.thumbnail_url : null;
  } catch {
    return null;
  }
}

export type PlayState = 'playing' | 'paused' | 'none';

/** Playlist item states: the chosen item `playing` or `paused`, every other `none`. */
export function playlistStates(count: number, index: number, state: Exclude<PlayState, 'none'>): PlayState[] {
  return Array.from({ length: count }, (_, i) => (i === index ? state : 'none'));
}

/**
 * A player message (YouTube iframe API or Vimeo player) as a playing / paused / ended event,
 * or null for anything else.
 */
export function playerEvent(data: unknown): 'playing' | 'paused' | 'ended' | 'ready' | null {
  let d: unknown = data;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      return null;
    }
  }
  if (!d || typeof d !== 'object') return null;
  const m = d as { event?: unknown; info?: unknown };
  // YouTube: onStateChange (info = state) or infoDelivery (info.playerState)
  let yt: unknown = null;
  if (m.event === 'onStateChange') yt = m.info;
  else if (m.event === 'infoDelivery' && m.info && typeof m.info === 'object') yt = (m.info as { playerState?: unknown }).playerState;
  else if (m.event === 'onReady' || m.event === 'initialDelivery') return 'ready';
  if (yt !== null && yt !== undefined) return yt === 1 ? 'playing' : yt === 2 ? 'paused' : yt === 0 ? 'ended' : null;
  // Vimeo
  if (m.event === 'play' || m.event === 'playing') return 'playing';
  if (m.event === 'pause') return 'paused';
  if (m.event === 'ended' || m.event === 'finish') return 'ended';
  if (m.event === 'ready') return 'ready';
  return null;
}

/** The seconds a Vimeo `timeupdate` message reports, or null for any other message. */
export function playerSeconds(data: unknown): number | null {
  const m = data as { event?: unknown; data?: { seconds?: unknown } } | null;
  return m && typeof m === 'object' && m.event === 'timeupdate' && typeof m.data?.seconds === 'number' ? m.data.seconds : null;
}

/** What an outside player can be asked to tell: its state, and (Vimeo) its time as it plays. */
export type PlayerEventName = 'play' | 'pause' | 'ended' | 'timeupdate';

/** The events a page needs to follow a player's state (`playerEvent`): no time updates. */
export const PLAY_STATE_EVENTS: readonly PlayerEventName[] = ['play', 'pause', 'ended'];

export type PlayerCommand = 'play' | 'pause' | { seek: number } | { listen: readonly PlayerEventName[] };

/**
 * The messages that ask an outside player's iframe (YouTube's or Vimeo's player, no script of
 * theirs in the page) to play, pause, jump to a time, or to start telling the events `listen`
 * names (Vimeo sends only those; YouTube, once listened to, sends its state whatever is asked).
 */
export function playerMessages(provider: string, what: PlayerCommand): unknown[] {
  const listen = typeof what === 'object' && 'listen' in what ? what.listen : null;
  if (provider === 'youtube') {
    if (listen) return [JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })];
    const [func, args] = typeof what === 'object' && 'seek' in what ? ['seekTo', [what.seek, true]] : [what === 'play' ? 'playVideo' : 'pauseVideo', []];
    return [JSON.stringify({ event: 'command', func, args })];
  }
  if (provider === 'vimeo') {
    if (listen) return listen.map((value) => ({ method: 'addEventListener', value }));
    return [typeof what === 'object' && 'seek' in what ? { method: 'setCurrentTime', value: what.seek } : { method: what }];
  }
  return [];
}

/** Sends a command to an outside player's iframe (see `playerMessages`). */
export function sendToPlayer(frame: HTMLIFrameElement, provider: string, what: PlayerCommand): void {
  const win = frame.contentWindow;
  if (!win || !frame.src) return;
  const origin = new URL(frame.src).origin;
  for (const m of playerMessages(provider, what)) win.postMessage(m, origin);
}

