import type { Block } from './blocks.ts';
import type { Media, MediaMap } from '../media/types.ts';

export type PostFormat = 'standard' | 'gallery' | 'video' | 'audio' | 'link' | 'quote';
export const postFormats: readonly PostFormat[] = ['standard', 'gallery', 'video', 'audio', 'link', 'quote'];

export interface Term {
  id: number;
  taxonomy: 'category' | 'tag' | 'portfolio_category';
  slug: string;
  name: string;
  description: string;
  /** parent term (categories and portfolio categories are hierarchical) */
  parentId?: number | null;
  count?: number;
}

export interface Author {
  id: number;
  slug: string;
  displayName: string;
  bio: string;
  avatar: Media | null;
}

export interface PostMeta {
  /** show the related-posts popup when its flag block scrolls into view */
  relatedPopup?: boolean;
  /** subtitle under the title */
  subtitle?: string;
}

/** Search-engine title and description chosen in the admin (empty: the title and excerpt). */
export interface SeoFields {
  title: string;
  description: string;
}

/** What lists and cards need. */
export interface PostSummary {
  id: number;
  type: 'post' | 'page';
  slug: string;
  url: string;
  title: string;
  excerpt: string;
  format: PostFormat;
  publishedAt: string;
  updatedAt: string;
  author: Author;
  categories: Term[];
  featured: Media | null;
  /** has a password: lists show the title only, the body needs the password (features/post/password.server.ts) */
  protected?: boolean;
}

export interface Post extends PostSummary {
  blocks: Block[];
  tags: Term[];
  meta: PostMeta;
  allowRating: boolean;
  /** every media referenced by the body, by id */
  media: MediaMap;
  /** search-engine title and description, when chosen */
  seo?: SeoFields;
}

export interface Neighbour {
  id: number;
  url: string;
  title: string;
}

export interface LikeSummary {
  count: number;
}

export interface RatingSummary {
  /** sum of all votes */
  total: number;
  people: number;
  average: number;
}

export const postUrl = (slug: string) => `/${slug}/`;
