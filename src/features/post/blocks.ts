import { z } from 'zod';

/**
 * The body of a post, page or portfolio item is a list of typed blocks (stored as JSON).
 * Media are referenced by id. `html` fields hold inline markup only (a, em, strong, code, br),
 * sanitised by `sanitizeInline` when stored.
 */
const mediaId = z.number().int().positive();

export const mapOptionsSchema = z.object({
  map_type: z.enum(['roadmap', 'satellite', 'hybrid', 'terrain']).default('roadmap'),
  map_zoom: z.number().int().min(1).max(20).default(13),
  map_pan: z.boolean().default(true),
  map_is_zoom: z.boolean().default(true),
  map_scale: z.boolean().default(true),
  map_street_view: z.boolean().default(false),
  map_rotate: z.boolean().default(false),
  map_overview: z.boolean().default(false),
  map_scrollwheel: z.boolean().default(false),
  marker_title: z.string().default(''),
  marker_img: z.string().default(''),
  info_window: z.string().default(''),
  map_using: z.enum(['coordinates', 'address']).default('coordinates'),
  latitude: z.string().default(''),
  longtitude: z.string().default(''),
  address: z.string().default(''),
});
export type MapOptions = z.infer<typeof mapOptionsSchema>;

export const videoSchema = z.object({
  provider: z.enum(['youtube', 'vimeo', 'local']),
  /** YouTube (11 characters) or Vimeo id */
  id: z.string().default(''),
  /** local file URL (mp4, webm, ogv, ogg) */
  src: z.string().default(''),
  title: z.string(),
  duration: z.string().default(''),
  poster: mediaId.optional(),
});
export type Video = z.infer<typeof videoSchema>;

export const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), html: z.string() }),
  z.object({ type: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), text: z.string(), anchor: z.string().optional() }),
  z.object({ type: z.literal('list'), ordered: z.boolean().default(false), items: z.array(z.string()) }),
  z.object({ type: z.literal('quote'), html: z.string(), cite: z.string().optional() }),
  z.object({ type: z.literal('image'), media: mediaId, caption: z.string().optional() }),
  z.object({ type: z.literal('toc'), title: z.string().optional() }),
  /** where the related-posts popup is triggered when it scrolls into view */
  z.object({ type: z.literal('related-popup') }),
  z.object({
    type: z.literal('review'),
    title: z.string(),
    summary: z.string(),
    /** scores out of 10 */
    scores: z.array(z.object({ label: z.string(), value: z.number().min(0).max(10) })).min(1),
    pros: z.array(z.string()).default([]),
    cons: z.array(z.string()).default([]),
    verdict: z.string().default(''),
    counters: z.array(z.object({ label: z.string(), value: z.number().int().nonnegative(), suffix: z.string().optional() })).default([]),
  }),
  z.object({
    type: z.literal('recipe'),
    name: z.string(),
    description: z.string(),
    /** minutes */
    prepTime: z.number().int().nonnegative(),
    cookTime: z.number().int().nonnegative(),
    servings: z.number().int().positive(),
    calories: z.number().int().nonnegative().optional(),
    ingredients: z.array(z.string()).min(1),
    steps: z.array(z.string()).min(1),
    media: mediaId.optional(),
  }),
  z.object({
    type: z.literal('smartlist'),
    items: z.array(z.object({ title: z.string(), anchor: z.string(), html: z.string(), media: mediaId.optional() })).min(2),
  }),
  z.object({
    type: z.literal('gallery'),
    style: z.enum(['justified', 'masonry', 'slider']),
    media: z.array(mediaId).min(1),
    rowHeight: z.number().int().positive().default(220),
    margin: z.number().int().nonnegative().default(6),
    columns: z.number().int().positive().default(7),
  }),
  z.object({ type: z.literal('video'), video: videoSchema }),
  z.object({ type: z.literal('playlist'), title: z.string(), videos: z.array(videoSchema).min(1) }),
  z.object({ type: z.literal('map'), title: z.string().default(''), height: z.number().int().positive().default(360), options: mapOptionsSchema }),
  z.object({
    type: z.literal('parallax'),
    media: mediaId,
    heading: z.string(),
    text: z.string().default(''),
    speed: z.number().default(0.5),
    parallaxType: z.enum(['scroll', 'scale', 'opacity', 'scroll-opacity', 'scale-opacity']).default('scroll'),
    /** video background: a local mp4/webm/ogv address or a YouTube/Vimeo page (after consent); the picture is its poster */
    video: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || /^\/(?!\/)/.test(v) || /^https:\/\//.test(v), 'A video background is an address on this site (/media/…) or an https:// address.')
      .default(''),
  }),
  /**
   * Cover: a picture behind a heading, a line of text and an optional link (WordPress's core/cover).
   * The picture is a background loaded lazily (media/Cover.tsx).
   */
  z.object({
    type: z.literal('cover'),
    media: mediaId,
    heading: z.string().trim().min(1).max(200),
    text: z.string().max(600).default(''),
    link: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || /^\/(?!\/)/.test(v) || /^https?:\/\//.test(v), 'A link is an address on this site (/…) or an http(s):// address.')
      .default(''),
    linkLabel: z.string().trim().max(80).default(''),
  }),
  /** responsive embed of an outside player (video post format) */
  z.object({ type: z.literal('embed'), video: videoSchema, ratio: z.enum(['16:9', '4:3', '21:9', '1:1']).default('16:9') }),
  /** a contact form rendered in place */
  z.object({ type: z.literal('contact-form'), formId: z.number().int().positive() }),
  /**
   * Markup without a block of its own (a table, a separator, an imported WordPress construct),
   * kept and rendered through the block-level allowlist (`sanitizeHtmlBlock`).
   */
  z.object({ type: z.literal('html'), html: z.string().max(200_000) }),
]);

export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block['type'];
export const blocksSchema = z.array(blockSchema);

/** Every media id a body refers to, so a page can load them in one query. */
export function blockMediaIds(blocks: readonly Block[]): number[] {
  const ids = new Set<number>();
  const add = (id: number | undefined) => id !== undefined && ids.add(id);
  for (const b of blocks) {
    switch (b.type) {
      case 'image':
      case 'parallax':
      case 'cover':
        add(b.media);
        break;
      case 'recipe':
        add(b.media);
        break;
      case 'gallery':
        b.media.forEach(add);
        break;
      case 'smartlist':
        b.items.forEach((i) => add(i.media));
        break;
      case 'video':
      case 'embed':
        add(b.video.poster);
        break;
      case 'playlist':
        b.videos.forEach((v) => add(v.poster));
        break;
      default:
        break;
    }
  }
  return [...ids];
}

/** Plain text of a body (search, feeds, descriptions). */
export function blocksText(blocks: readonly Block[]): string {
  const strip = (s: string) => s.replace(/<[^>]*>/g, '');
  const parts: string[] = [];
  for (const b of blocks) {
    if (b.type === 'paragraph' || b.type === 'quote') parts.push(strip(b.html));
    else if (b.type === 'heading') parts.push(b.text);
    else if (b.type === 'list') parts.push(...b.items.map(strip));
    else if (b.type === 'recipe') parts.push(b.name, b.description, ...b.ingredients, ...b.steps);
    else if (b.type === 'review') parts.push(b.title, b.summary, b.verdict);
    else if (b.type === 'smartlist') parts.push(...b.items.flatMap((i) => [i.title, strip(i.html)]));
    else if (b.type === 'html') parts.push(strip(b.html).trim());
  }
  return parts.join('\n');
}

/** Headings with anchors, in order: the table of contents. */
export function tableOfContents(blocks: readonly Block[]): { level: 2 | 3; text: string; anchor: string }[] {
  return blocks.flatMap((b) => (b.type === 'heading' && b.anchor ? [{ level: b.level, text: b.text, anchor: b.anchor }] : []));
}
