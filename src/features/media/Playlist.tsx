import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import { VideoFacade, videoPageUrl } from './VideoFacade.tsx';

type PlaylistBlock = Extract<Block, { type: 'playlist' }>;

/**
 * Video playlist: the first video in the player, the list beside it (items: playing, paused, none
 * in `data-state`, also said to screen readers). The video script plays a chosen item in the
 * player; without script the items link to the videos' pages.
 */
export function Playlist({ block, ctx }: { block: PlaylistBlock; ctx: RenderContext }) {
  const first = block.videos[0]!;
  return (
    <section className="video-playlist" aria-label={block.title || ctx.t('video.playlist')} data-label-playing={ctx.t('video.nowPlaying')} data-label-paused={ctx.t('video.paused')}>
      <div className="video-playlist__player">
        <VideoFacade video={first} ctx={ctx} />
      </div>
      <div className="video-playlist__side">
        <h2 className="video-playlist__title">{block.title}</h2>
        <ol className="video-playlist__items">
          {block.videos.map((v, i) => (
            <li key={`${v.provider}-${v.id || v.src}`} className="video-playlist__item" data-state={i === 0 ? 'paused' : 'none'}>
              <a href={videoPageUrl(v)} data-provider={v.provider} data-video-id={v.id} data-src={v.src} data-title={v.title}>
                <span className="video-playlist__num">{i + 1}</span>
                <span className="video-playlist__name">{v.title}</span>
                {v.duration ? <span className="video-playlist__duration">{v.duration}</span> : null}
                <span className="video-playlist__state visually-hidden">{i === 0 ? ctx.t('video.paused') : ''}</span>
              </a>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
