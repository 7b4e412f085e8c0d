import type { ComponentType } from 'react';
import type { Editor } from '@tiptap/react';
import type { Block, BlockType } from '../../features/post/blocks.ts';
import type { MessageKey, Translate } from '../../i18n/index.ts';
import * as F from './blocks/forms.tsx';
import type { BlockFormProps, Draft } from './blocks/forms.tsx';

/**
 * Every block type and how the editor handles it. Text blocks are written in the text itself
 * (`rich`: a command turns the current paragraph into one); every other block has its own form
 * (`form`). The object is checked with `satisfies` against every BlockType: a block type without
 * an editor view here is a type error, so the editor never falls behind the renderer.
 */
type BlockOf<K extends BlockType> = Extract<Block, { type: K }>;

interface RichDef {
  kind: 'rich';
  label: MessageKey;
  insert(editor: Editor): void;
}

interface FormDef<K extends BlockType> {
  kind: 'form';
  label: MessageKey;
  /** what the form starts with when the block is inserted */
  draft(): Draft<K>;
  /** one line that tells blocks apart in the editor */
  summary(block: BlockOf<K>, t: Translate): string;
  /** images the block shows (thumbnails in the editor) */
  media?(block: BlockOf<K>): number[];
  Form: ComponentType<BlockFormProps<K>>;
}

export type BlockEditorDef<K extends BlockType> = RichDef | FormDef<K>;

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export const blockEditors = {
  paragraph: { kind: 'rich', label: 'admin.block.paragraph', insert: (e) => e.chain().focus().setParagraph().run() },
  heading: { kind: 'rich', label: 'admin.block.heading', insert: (e) => e.chain().focus().setHeading({ level: 2 }).run() },
  list: { kind: 'rich', label: 'admin.block.list', insert: (e) => e.chain().focus().toggleBulletList().run() },
  quote: { kind: 'rich', label: 'admin.block.quote', insert: (e) => e.chain().focus().setQuote().run() },
  image: {
    kind: 'form',
    label: 'admin.block.image',
    draft: () => ({ type: 'image' }),
    summary: (b) => b.caption ?? '',
    media: (b) => [b.media],
    Form: F.ImageForm,
  },
  gallery: {
    kind: 'form',
    label: 'admin.block.gallery',
    draft: () => ({ type: 'gallery', style: 'justified', media: [] }),
    summary: (b, t) => t('admin.block.galleryOf', { n: b.media.length, style: t(`admin.block.f.${b.style}`) }),
    media: (b) => b.media,
    Form: F.GalleryForm,
  },
  video: { kind: 'form', label: 'admin.block.video', draft: () => ({ type: 'video', video: { provider: 'youtube' } }), summary: (b) => b.video.title, Form: F.VideoForm },
  embed: { kind: 'form', label: 'admin.block.embed', draft: () => ({ type: 'embed', video: { provider: 'youtube' }, ratio: '16:9' }), summary: (b) => `${b.video.title} (${b.ratio})`, Form: F.EmbedForm },
  playlist: {
    kind: 'form',
    label: 'admin.block.playlist',
    draft: () => ({ type: 'playlist', title: '', videos: [{ provider: 'youtube', title: '' }] }),
    summary: (b, t) => t('admin.block.playlistOf', { title: b.title, n: b.videos.length }),
    Form: F.PlaylistForm,
  },
  map: {
    kind: 'form',
    label: 'admin.block.map',
    draft: () => ({ type: 'map', title: '', options: { map_using: 'coordinates' } }),
    summary: (b) => b.title || (b.options.map_using === 'address' ? b.options.address : `${b.options.latitude}, ${b.options.longtitude}`),
    Form: F.MapForm,
  },
  review: {
    kind: 'form',
    label: 'admin.block.review',
    draft: () => ({ type: 'review', title: '', summary: '', scores: [{ label: '', value: 5 }] }),
    summary: (b, t) => t('admin.block.reviewOf', { title: b.title, n: b.scores.length }),
    Form: F.ReviewForm,
  },
  recipe: {
    kind: 'form',
    label: 'admin.block.recipe',
    draft: () => ({ type: 'recipe', name: '', description: '', prepTime: 0, cookTime: 0, servings: 4, ingredients: [], steps: [] }),
    summary: (b, t) => t('admin.block.recipeOf', { name: b.name, n: b.ingredients.length }),
    media: (b) => (b.media ? [b.media] : []),
    Form: F.RecipeForm,
  },
  smartlist: {
    kind: 'form',
    label: 'admin.block.smartlist',
    draft: () => ({ type: 'smartlist', items: [{ title: '', anchor: '', html: '' }, { title: '', anchor: '', html: '' }] }),
    summary: (b) => clip(b.items.map((i) => i.title).join(' · ')),
    Form: F.SmartListForm,
  },
  toc: { kind: 'form', label: 'admin.block.toc', draft: () => ({ type: 'toc' }), summary: (b, t) => b.title ?? t('post.toc'), Form: F.TocForm },
  'related-popup': { kind: 'form', label: 'admin.block.relatedPopup', draft: () => ({ type: 'related-popup' }), summary: (_b, t) => t('admin.block.relatedPopupSummary'), Form: F.RelatedPopupForm },
  'contact-form': { kind: 'form', label: 'admin.block.contactForm', draft: () => ({ type: 'contact-form' }), summary: (b, t) => t('admin.block.formOf', { id: b.formId }), Form: F.ContactFormForm },
  html: { kind: 'form', label: 'admin.block.html', draft: () => ({ type: 'html', html: '' }), summary: (b) => clip(b.html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()), Form: F.HtmlForm },
  parallax: {
    kind: 'form',
    label: 'admin.block.parallax',
    draft: () => ({ type: 'parallax', heading: '', text: '', speed: 0.5, parallaxType: 'scroll', video: '' }),
    summary: (b) => b.heading,
    media: (b) => [b.media],
    Form: F.ParallaxForm,
  },
  cover: {
    kind: 'form',
    label: 'admin.block.cover',
    draft: () => ({ type: 'cover', heading: '', text: '', link: '', linkLabel: '' }),
    summary: (b) => b.heading,
    media: (b) => [b.media],
    Form: F.CoverForm,
  },
} satisfies { [K in BlockType]: BlockEditorDef<K> };

/** The definition of a block type, typed loosely for generic code (node views, the insert menu). */
export function editorOf(type: BlockType): BlockEditorDef<BlockType> {
  return blockEditors[type] as unknown as BlockEditorDef<BlockType>;
}

/** Insert menu order: text first, then media, then the rest. */
export const insertOrder: BlockType[] = ['paragraph', 'heading', 'list', 'quote', 'image', 'gallery', 'video', 'embed', 'playlist', 'map', 'review', 'recipe', 'smartlist', 'toc', 'cover', 'parallax', 'contact-form', 'html', 'related-popup'];
