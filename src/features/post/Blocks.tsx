import type { Block } from './blocks.ts';
import type { RenderContext } from './render-context.ts';
import { tableOfContents } from './blocks.ts';
import { sanitizeHtmlBlock, sanitizeInline } from './sanitize.ts';
import { Image } from '../../ui/Image.tsx';
import { Review } from '../review/Review.tsx';
import { Recipe } from '../recipe/Recipe.tsx';
import { SmartList } from '../smart-list/SmartList.tsx';
import { Gallery } from '../media/Gallery.tsx';
import { VideoFacade } from '../media/VideoFacade.tsx';
import { Playlist } from '../media/Playlist.tsx';
import { Cover } from '../media/Cover.tsx';
import { Parallax } from '../media/Parallax.tsx';
import { outsidePlayerOf } from '../media/video.ts';
import { MapBlock } from '../map/MapBlock.tsx';
import { ContactForm } from '../contact-form/ContactForm.tsx';

const inline = (html: string) => ({ __html: sanitizeInline(html) });

/** A background video plays unless it comes from an outside player the settings turn off. */
function mayPlay(src: string, ctx: RenderContext): boolean {
  const player = outsidePlayerOf(src);
  return !player || ctx.players.includes(player);
}

/** One block of a body. Each feature owns the component of its block type. */
function BlockView({ block, ctx, all }: { block: Block; ctx: RenderContext; all: readonly Block[] }) {
  switch (block.type) {
    case 'paragraph':
      return <p dangerouslySetInnerHTML={inline(block.html)} />;
    case 'heading': {
      const H = `h${block.level}` as const;
      return <H id={block.anchor}>{block.text}</H>;
    }
    case 'list':
      return block.ordered ? (
        <ol>
          {block.items.map((i, n) => (
            <li key={n} dangerouslySetInnerHTML={inline(i)} />
          ))}
        </ol>
      ) : (
        <ul>
          {block.items.map((i, n) => (
            <li key={n} dangerouslySetInnerHTML={inline(i)} />
          ))}
        </ul>
      );
    case 'quote':
      return (
        <blockquote>
          <p dangerouslySetInnerHTML={inline(block.html)} />
          {block.cite ? <cite>{block.cite}</cite> : null}
        </blockquote>
      );
    case 'image': {
      const m = ctx.media[block.media];
      if (!m) return null;
      return (
        <figure className="wp-image">
          <Image media={m} sizes="(min-width: 820px) 760px, 100vw" />
          {block.caption || m.caption || m.credit ? (
            <figcaption>
              {block.caption || m.caption}
              {m.credit ? <span className="wp-image__credit"> {ctx.t('post.imageCredit', { name: m.credit })}</span> : null}
            </figcaption>
          ) : null}
        </figure>
      );
    }
    case 'toc': {
      const items = tableOfContents(all);
      if (!items.length) return null;
      return (
        <nav className="toc" aria-labelledby={`toc-${ctx.postId}`}>
          <h2 id={`toc-${ctx.postId}`} className="toc__title">
            {block.title ?? ctx.t('post.toc')}
          </h2>
          <ol>
            {items.map((i) => (
              <li key={i.anchor} className={`toc__item toc__item--h${i.level}`}>
                <a href={`#${i.anchor}`}>{i.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      );
    }
    case 'related-popup':
      return <div className="related-popup-flag" data-related-popup="" aria-hidden="true" />;
    case 'review':
      return <Review block={block} ctx={ctx} />;
    case 'recipe':
      return <Recipe block={block} ctx={ctx} />;
    case 'smartlist':
      return <SmartList block={block} ctx={ctx} />;
    case 'gallery':
      return <Gallery block={block} ctx={ctx} />;
    case 'video':
      return (
        <figure className="video-block">
          <VideoFacade video={block.video} ctx={ctx} />
          <figcaption>{block.video.title}</figcaption>
        </figure>
      );
    case 'embed':
      return (
        <div className="responsive-embed">
          <VideoFacade video={block.video} ctx={ctx} ratio={block.ratio} />
        </div>
      );
    case 'playlist':
      return <Playlist block={block} ctx={ctx} />;
    case 'map':
      return <MapBlock title={block.title} height={block.height} options={block.options} ctx={ctx} />;
    case 'parallax': {
      const m = ctx.media[block.media];
      return m ? <Parallax media={m} heading={block.heading} text={block.text} speed={block.speed} type={block.parallaxType} {...(block.video && mayPlay(block.video, ctx) ? { videoSrc: block.video } : {})} /> : null;
    }
    case 'cover': {
      const m = ctx.media[block.media];
      return m ? <Cover media={m} heading={block.heading} text={block.text} link={block.link} linkLabel={block.linkLabel || ctx.t('home.readMore')} /> : null;
    }
    case 'contact-form':
      return <ContactForm formId={block.formId} ctx={ctx} />;
    case 'html':
      return <div className="html-block" dangerouslySetInnerHTML={{ __html: sanitizeHtmlBlock(block.html) }} />;
    default:
      return null;
  }
}

export function Blocks({ blocks, ctx }: { blocks: readonly Block[]; ctx: RenderContext }) {
  return (
    <>
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} ctx={ctx} all={blocks} />
      ))}
    </>
  );
}
