import type { Block, Video } from '../post/blocks.ts';
import { escapeHtml } from '../post/sanitize.ts';

/**
 * Masthead's blocks → Gutenberg block markup, for the WXR export. Blocks WordPress has
 * (paragraph, heading, list, quote, image, gallery, embed, video, cover, html, shortcode) are written as
 * WordPress writes them; Masthead's own (review, recipe, smart list, map, parallax, table of
 * contents, related-posts flag) as self-closing `masthead/*` blocks carrying their data, which
 * WordPress keeps untouched and this importer reads back.
 */
export interface MarkupContext {
  /** the exported attachment id of a media id, and its absolute address */
  media(id: number): { wpId: number; url: string; alt: string } | null;
  /** the exported id of a contact form */
  formId(id: number): number;
}

const comment = (name: string, attrs?: Record<string, unknown>) => `<!-- wp:${name}${attrs && Object.keys(attrs).length ? ` ${JSON.stringify(attrs).replace(/--/g, '\\u002d\\u002d')}` : ''} -->`;
const wrap = (name: string, html: string, attrs?: Record<string, unknown>) => `${comment(name, attrs)}\n${html}\n<!-- /wp:${name} -->`;

function videoUrl(v: Video): string {
  if (v.provider === 'youtube') return `https://www.youtube.com/watch?v=${v.id}`;
  if (v.provider === 'vimeo') return `https://vimeo.com/${v.id}`;
  return v.src;
}

function video(v: Video): string {
  if (v.provider === 'local') return wrap('video', `<figure class="wp-block-video"><video controls src="${escapeHtml(v.src)}"></video>${v.title ? `<figcaption class="wp-element-caption">${escapeHtml(v.title)}</figcaption>` : ''}</figure>`);
  const url = videoUrl(v);
  return wrap('embed', `<figure class="wp-block-embed is-type-video is-provider-${v.provider} wp-block-embed-${v.provider}"><div class="wp-block-embed__wrapper">\n${escapeHtml(url)}\n</div>${v.title ? `<figcaption class="wp-element-caption">${escapeHtml(v.title)}</figcaption>` : ''}</figure>`, { url, type: 'video', providerNameSlug: v.provider, responsive: true });
}

function image(id: number, caption: string | undefined, ctx: MarkupContext): string {
  const m = ctx.media(id);
  if (!m) return '';
  return wrap('image', `<figure class="wp-block-image size-large"><img src="${escapeHtml(m.url)}" alt="${escapeHtml(m.alt)}" class="wp-image-${m.wpId}"/>${caption ? `<figcaption class="wp-element-caption">${escapeHtml(caption)}</figcaption>` : ''}</figure>`, { id: m.wpId, sizeSlug: 'large' });
}

/** Media ids inside Masthead's own blocks, as exported ids (the importer maps them back). */
function ownBlock(b: Block, ctx: MarkupContext): string {
  const { type, ...data } = b;
  const remap = (id: number | undefined) => (id === undefined ? undefined : (ctx.media(id)?.wpId ?? undefined));
  const json = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
  if ('media' in json && typeof json.media === 'number') json.media = remap(json.media);
  if (b.type === 'smartlist') json.items = b.items.map((i) => ({ ...i, media: remap(i.media) }));
  if (b.type === 'playlist') json.videos = b.videos.map((v) => ({ ...v, poster: remap(v.poster) }));
  return `<!-- wp:masthead/${type} ${JSON.stringify(json).replace(/--/g, '\\u002d\\u002d')} /-->`;
}

export function blocksToMarkup(blocks: readonly Block[], ctx: MarkupContext): string {
  const out: string[] = [];
  for (const b of blocks) {
    switch (b.type) {
      case 'paragraph':
        out.push(wrap('paragraph', `<p>${b.html}</p>`));
        break;
      case 'heading':
        out.push(wrap('heading', `<h${b.level} class="wp-block-heading"${b.anchor ? ` id="${escapeHtml(b.anchor)}"` : ''}>${escapeHtml(b.text)}</h${b.level}>`, b.level === 2 ? undefined : { level: b.level }));
        break;
      case 'list': {
        const tag = b.ordered ? 'ol' : 'ul';
        out.push(wrap('list', `<${tag} class="wp-block-list">${b.items.map((i) => wrap('list-item', `<li>${i}</li>`)).join('')}</${tag}>`, b.ordered ? { ordered: true } : undefined));
        break;
      }
      case 'quote':
        out.push(wrap('quote', `<blockquote class="wp-block-quote">${wrap('paragraph', `<p>${b.html}</p>`)}${b.cite ? `<cite>${escapeHtml(b.cite)}</cite>` : ''}</blockquote>`));
        break;
      case 'image':
        out.push(image(b.media, b.caption, ctx));
        break;
      case 'gallery': {
        const inner = b.media.map((id) => image(id, undefined, ctx)).filter(Boolean);
        if (inner.length) out.push(wrap('gallery', `<figure class="wp-block-gallery has-nested-images columns-default is-cropped">${inner.join('\n')}</figure>`, { linkTo: 'none' }));
        break;
      }
      case 'video':
      case 'embed':
        out.push(video(b.video));
        break;
      case 'playlist':
        out.push(...b.videos.map(video));
        break;
      case 'html':
        out.push(wrap('html', b.html));
        break;
      case 'cover': {
        const m = ctx.media(b.media);
        if (!m) break;
        const inner = [
          wrap('heading', `<h2 class="wp-block-heading has-text-align-center">${escapeHtml(b.heading)}</h2>`, { textAlign: 'center' }),
          b.text ? wrap('paragraph', `<p class="has-text-align-center">${escapeHtml(b.text)}</p>`, { align: 'center' }) : '',
          b.link
            ? wrap('buttons', `<div class="wp-block-buttons is-content-justification-center">${wrap('button', `<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="${escapeHtml(b.link)}">${escapeHtml(b.linkLabel || 'Read more')}</a></div>`)}</div>`, { layout: { type: 'flex', justifyContent: 'center' } })
            : '',
        ].filter(Boolean);
        out.push(
          wrap(
            'cover',
            `<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim"></span><img class="wp-block-cover__image-background wp-image-${m.wpId}" alt="" src="${escapeHtml(m.url)}" data-object-fit="cover"/><div class="wp-block-cover__inner-container">${inner.join('\n\n')}</div></div>`,
            { url: m.url, id: m.wpId, dimRatio: 50 },
          ),
        );
        break;
      }
      case 'contact-form':
        out.push(wrap('shortcode', `[contact-form-7 id="${ctx.formId(b.formId)}"]`));
        break;
      default:
        out.push(ownBlock(b, ctx));
    }
  }
  return out.join('\n\n');
}
