import { z } from 'zod';
import type { Translate } from '../../i18n/index.ts';
import type { Author, Term } from './types.ts';

/** Sort orders an archive offers (the sort dropdown). */
export const archiveOrders = ['newest', 'oldest', 'title', 'popular'] as const;
export type ArchiveOrder = (typeof archiveOrders)[number];

/** Query string of an archive page: page number and sort order, bad values fall back to defaults. */
export const archiveQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  orderby: z.enum(archiveOrders).catch('newest'),
});

/** What the head and the heading of a term or author archive say. */
export interface ArchiveHead {
  title: string;
  /** the archive's own description (term description, author bio), shown on the page; may be empty */
  description: string;
  /** the meta description: the own description, or a generated one (name, site, count) */
  metaDescription: string;
}

export function archiveHead(archive: { kind: 'category' | 'tag'; term: Term } | { kind: 'author'; author: Author }, total: number, t: Translate, site: string): ArchiveHead {
  const name = archive.kind === 'author' ? archive.author.displayName : archive.term.name;
  const description = (archive.kind === 'author' ? archive.author.bio : archive.term.description).trim();
  return {
    title: t(`archive.${archive.kind}`, { name }),
    description,
    metaDescription: description || t(`archive.meta.${archive.kind}`, { name, site, count: total }),
  };
}
