import { z } from 'zod';
import { blocksSchema, type Block } from '../post/blocks.ts';
import { postFormats, type PostFormat } from '../post/types.ts';
import type { ContentKind, ContentStatus } from './status.ts';

/**
 * The editable fields of a post, page or portfolio item: one schema for the admin's form, the
 * admin API, the revision snapshots and the importer. Fields that do not apply to a kind are
 * kept at their defaults (a page has no tags; a post has no portfolio layout).
 */
const id = z.number().int().positive();
export const LIMITS = { title: 300, slug: 200, excerpt: 2000, subtitle: 300, seoTitle: 300, seoDescription: 500, blocks: 2000, terms: 50, tag: 100, meta: 300, password: 255 } as const;

export const portfolioMetaSchema = z.object({
  client: z.string().max(LIMITS.meta).optional(),
  year: z.string().max(20).optional(),
  role: z.string().max(LIMITS.meta).optional(),
  website: z.string().max(LIMITS.meta).optional(),
});

export const contentFieldsSchema = z.object({
  title: z.string().max(LIMITS.title, `At most ${LIMITS.title} characters.`).default(''),
  /** empty: made from the title */
  slug: z.string().max(LIMITS.slug, `At most ${LIMITS.slug} characters.`).default(''),
  excerpt: z.string().max(LIMITS.excerpt, `At most ${LIMITS.excerpt} characters.`).default(''),
  subtitle: z.string().max(LIMITS.subtitle, `At most ${LIMITS.subtitle} characters.`).default(''),
  blocks: blocksSchema.max(LIMITS.blocks, `At most ${LIMITS.blocks} blocks.`).default([]),
  format: z.enum(postFormats as [PostFormat, ...PostFormat[]]).default('standard'),
  /** categories (posts) or portfolio categories (portfolio items) */
  categoryIds: z.array(id).max(LIMITS.terms).default([]),
  /** tag names; unknown ones are created on save */
  tags: z.array(z.string().trim().min(1).max(LIMITS.tag)).max(LIMITS.terms).default([]),
  featuredMediaId: id.nullable().default(null),
  /** null: the saving user (new items) or unchanged */
  authorId: id.nullable().default(null),
  /** ISO date chosen by the editor; null: "immediately" (the time of publishing) */
  date: z.iso.datetime({ offset: true }).nullable().default(null),
  sticky: z.boolean().default(false),
  allowRating: z.boolean().default(false),
  relatedPopup: z.boolean().default(false),
  seoTitle: z.string().max(LIMITS.seoTitle, `At most ${LIMITS.seoTitle} characters.`).default(''),
  seoDescription: z.string().max(LIMITS.seoDescription, `At most ${LIMITS.seoDescription} characters.`).default(''),
  /** pages only: the parent page (null: a top-level page) and the order among its siblings */
  parentId: id.nullable().default(null),
  menuOrder: z.number().int('A whole number.').min(-9999, 'At least -9999.').max(9999, 'At most 9999.').default(0),
  /** posts and pages: '' (none) or the password readers give to see the body (WordPress's post_password) */
  password: z.string().max(LIMITS.password, `At most ${LIMITS.password} characters.`).default(''),
  /** portfolio only */
  layout: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  portfolioMeta: portfolioMetaSchema.default({}),
});
export type ContentFields = z.output<typeof contentFieldsSchema>;
export type ContentFieldsInput = z.input<typeof contentFieldsSchema>;

export const emptyFields = (): ContentFields => contentFieldsSchema.parse({});

/** An item as the editor loads it. */
export interface EditableItem {
  id: number;
  kind: ContentKind;
  status: ContentStatus;
  revision: number;
  fields: ContentFields;
  /** resolved for display */
  authorName: string;
  /** where readers find it (when published) */
  url: string;
  /** the date readers see (publish), or when it will publish (future) */
  publishedAt: string;
  updatedAt: string;
  createdAt: string;
}

/** One row of an admin list. */
export interface ListedItem {
  id: number;
  kind: ContentKind;
  status: ContentStatus;
  title: string;
  slug: string;
  url: string;
  authorId: number | null;
  authorName: string;
  categories: { id: number; name: string }[];
  publishedAt: string;
  updatedAt: string;
  sticky: boolean;
  /** has a password (posts and pages) */
  protected: boolean;
}

export interface RevisionSummary {
  id: number;
  revision: number;
  kind: 'save' | 'autosave' | 'restore' | 'pending';
  status: ContentStatus;
  authorId: number | null;
  authorName: string;
  createdAt: string;
}

export interface RevisionDetail extends RevisionSummary {
  fields: ContentFields;
}

/** Blocks as stored text, one line per paragraph, for comparing revisions. */
export function fieldsAsText(f: ContentFields): string {
  const lines = [`# ${f.title}`, f.subtitle ? `## ${f.subtitle}` : '', f.excerpt, ''];
  for (const b of f.blocks) lines.push(...blockLines(b), '');
  return lines.filter((l, i, all) => !(l === '' && all[i - 1] === '')).join('\n');
}

function blockLines(b: Block): string[] {
  switch (b.type) {
    case 'paragraph':
      return [b.html];
    case 'heading':
      return [`${'#'.repeat(b.level)} ${b.text}${b.anchor ? ` {#${b.anchor}}` : ''}`];
    case 'list':
      return b.items.map((i, n) => `${b.ordered ? `${n + 1}.` : '-'} ${i}`);
    case 'quote':
      return [`> ${b.html}${b.cite ? ` — ${b.cite}` : ''}`];
    default: {
      const { type, ...rest } = b;
      return [`[${type}] ${JSON.stringify(rest)}`];
    }
  }
}
