import type { Video } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import { Image } from '../../ui/Image.tsx';
import { Icon } from '../../ui/Icon.tsx';

/** Outside address of a video, for people without script (and the facade's link). */
export function videoPageUrl(v: Video): string {
  if (v.provider === 'youtube') return `https://www.youtube.com/watch?v=${encodeURIComponent(v.id)}`;
  if (v.provider === 'vimeo') return `https://vimeo.com/${encodeURIComponent(v.id)}`;
  return v.src;
}

/**
 * Click-to-play facade: a poster and a play link. The video script swaps it for the player
 * (iframe with autoplay, rel=0 and no info; or a <video> for local files) on click, and only
 * after consent for outside players.
 */
export function VideoFacade({ video, ctx, ratio = '16:9', priority = false }: { video: Video; ctx: RenderContext; ratio?: string; priority?: boolean }) {
  const poster = video.poster ? ctx.media[video.poster] : undefined;
  const [w, h] = ratio.split(':').map(Number);
  return (
    <div className="video-facade" data-provider={video.provider} data-video-id={video.id} data-src={video.src} data-title={video.title} style={{ aspectRatio: `${w} / ${h}` }}>
      {poster ? <Image media={poster} sizes="(min-width: 820px) 760px, 100vw" priority={priority} alt="" /> : null}
      <a className="video-facade__play" href={videoPageUrl(video)} aria-label={ctx.t('video.playTitle', { title: video.title })}>
        <Icon name="play" size={36} />
      </a>
      <span className="video-facade__title" aria-hidden="true">
        {video.title}
      </span>
    </div>
  );
}
