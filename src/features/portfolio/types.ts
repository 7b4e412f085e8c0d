import type { Block } from '../post/blocks.ts';
import type { Media, MediaMap } from '../media/types.ts';
import type { SeoFields, Term } from '../post/types.ts';

export interface PortfolioMeta {
  client?: string;
  year?: string;
  role?: string;
  website?: string;
}

export interface PortfolioSummary {
  id: number;
  slug: string;
  url: string;
  title: string;
  excerpt: string;
  featured: Media | null;
  categories: Term[];
  publishedAt: string;
}

export interface PortfolioItem extends PortfolioSummary {
  blocks: Block[];
  layout: 1 | 2 | 3;
  meta: PortfolioMeta;
  media: MediaMap;
  /** search-engine title and description, when chosen */
  seo?: SeoFields;
}

export const portfolioUrl = (slug: string) => `/portfolio/${slug}/`;
