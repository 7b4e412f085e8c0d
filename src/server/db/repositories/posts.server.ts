import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database, PostsTable } from '../schema.server.ts';
import type { Author, Neighbour, Post, PostFormat, PostMeta, PostSummary, Term } from '../../../features/post/types.ts';
import { postUrl } from '../../../features/post/types.ts';
import { blockMediaIds, blocksSchema, type Block } from '../../../features/post/blocks.ts';
import type { MediaMap } from '../../../features/media/types.ts';
import { termsRepository } from './terms.server.ts';
import { type RepositoryOptions, mediaRepository, toMedia } from './media.server.ts';
import { now, parseJson } from './util.server.ts';
import { searchIndexRepository } from './search.server.ts';
import { highlight, searchTerms, searchableText, snippet, type SearchHighlight, type Suggestion } from '../../../features/search/query.ts';

export type PostOrder = 'newest' | 'oldest' | 'title' | 'popular' | 'comments';
export const postOrders: readonly PostOrder[] = ['newest', 'oldest', 'title', 'popular'];

export interface PostQuery {
  type?: 'post' | 'page';
  category?: string;
  tag?: string;
  author?: string;
  /** the author by id (an article's "more by the author", an author archive whose user is known) */
  authorId?: number;
  /** date archive: year, optional month and day */
  year?: number;
  month?: number;
  day?: number;
  format?: PostFormat;
  excludeIds?: number[];
  order?: PostOrder;
  /** sticky posts before the others (the home page's latest posts) */
  stickyFirst?: boolean;
  limit: number;
  offset?: number;
  /** false: leave the total out (0): lists that show no page count need not count a large site */
  count?: boolean;
}

/** What a list shows, without its length or order (archives: one per category, tag, author, date). */
export type PostFilter = Pick<PostQuery, 'type' | 'category' | 'tag' | 'author' | 'authorId' | 'year' | 'month' | 'day' | 'format'>;

export interface NewPost {
  type: 'post' | 'page';
  slug: string;
  title: string;
  excerpt: string;
  blocks: Block[];
  format?: PostFormat;
  authorId: number;
  featuredMediaId?: number | null;
  allowRating?: boolean;
  meta?: PostMeta;
  publishedAt: string;
  categoryIds?: number[];
  tagIds?: number[];
}

type Row = Selectable<PostsTable>;

export function postsRepository(db: Kysely<Database>, opts: RepositoryOptions = {}) {
  const terms = termsRepository(db);
  const media = mediaRepository(db, opts);
  const search = searchIndexRepository(db, opts);

  async function authorsByIds(ids: readonly number[]): Promise<Map<number, Author>> {
    const out = new Map<number, Author>();
    if (ids.length === 0) return out;
    const rows = await db
      .selectFrom('users')
      .select(['id', 'slug', 'display_name', 'bio', 'avatar_media_id'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    const avatars = await media.byIds(rows.flatMap((r) => (r.avatar_media_id ? [r.avatar_media_id] : [])));
    for (const r of rows) {
      out.set(r.id, { id: r.id, slug: r.slug, displayName: r.display_name, bio: r.bio, avatar: r.avatar_media_id ? (avatars[r.avatar_media_id] ?? null) : null });
    }
    return out;
  }

  /** Turns rows into summaries with three batched queries (authors, terms, media). */
  async function summaries(rows: Row[]): Promise<PostSummary[]> {
    const ids = rows.map((r) => r.id);
    const [authors, termMap, mediaMap] = await Promise.all([
      authorsByIds(rows.map((r) => r.author_id)),
      terms.forObjects('post', ids),
      media.byIds(rows.flatMap((r) => (r.featured_media_id ? [r.featured_media_id] : []))),
    ]);
    return rows.map((r) => toSummary(r, authors, termMap, mediaMap));
  }

  function filtered(q: Omit<PostQuery, 'limit' | 'offset' | 'order'>): SelectQueryBuilder<Database, 'posts', {}> {
    let qb = db.selectFrom('posts').where('posts.status', '=', 'publish').where('posts.type', '=', q.type ?? 'post');
    if (q.category) qb = qb.where('posts.id', 'in', objectsWithTerm('category', q.category));
    if (q.tag) qb = qb.where('posts.id', 'in', objectsWithTerm('tag', q.tag));
    if (q.author) qb = qb.where('posts.author_id', 'in', db.selectFrom('users').select('id').where('slug', '=', q.author));
    if (q.authorId) qb = qb.where('posts.author_id', '=', q.authorId);
    if (q.format) qb = qb.where('posts.format', '=', q.format);
    if (q.excludeIds?.length) qb = qb.where('posts.id', 'not in', q.excludeIds);
    if (q.year) {
      const { from, to } = dateRange(q.year, q.month, q.day);
      qb = qb.where('posts.published_at', '>=', from).where('posts.published_at', '<', to);
    }
    return qb;
  }

  async function full(row: Row): Promise<Post> {
    const [summary] = await summaries([row]);
    const blocks = parseBlocks(row.body);
    const [tagMap, bodyMedia] = await Promise.all([terms.forObjects('post', [row.id]), media.byIds(blockMediaIds(blocks))]);
    const allTerms = tagMap.get(row.id) ?? [];
    return {
      ...summary!,
      blocks,
      tags: allTerms.filter((t) => t.taxonomy === 'tag'),
      meta: parseJson<PostMeta>(row.meta, {}),
      allowRating: row.allow_rating === 1,
      media: bodyMedia,
      seo: { title: row.seo_title, description: row.seo_description },
    };
  }

  function objectsWithTerm(taxonomy: string, slug: string) {
    return db
      .selectFrom('term_relationships as tr')
      .innerJoin('terms', 'terms.id', 'tr.term_id')
      .select('tr.object_id')
      .where('tr.object_type', '=', 'post')
      .where('terms.taxonomy', '=', taxonomy)
      .where('terms.slug', '=', slug);
  }

  return {
    async list(q: PostQuery): Promise<{ items: PostSummary[]; total: number }> {
      const base = filtered(q);
      const countRow = q.count === false ? undefined : await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      let sel = base.selectAll('posts');
      if (q.stickyFirst) sel = sel.orderBy('posts.sticky', 'desc');
      switch (q.order ?? 'newest') {
        case 'oldest':
          sel = sel.orderBy('posts.published_at', 'asc');
          break;
        case 'title':
          sel = sel.orderBy('posts.title', 'asc');
          break;
        case 'popular':
          sel = sel
            .orderBy((eb) => eb.selectFrom('likes').select((e) => e.fn.countAll().as('c')).whereRef('likes.post_id', '=', 'posts.id'), 'desc')
            .orderBy('posts.published_at', 'desc');
          break;
        default:
          sel = sel.orderBy('posts.published_at', 'desc');
      }
      const rows = await sel.orderBy('posts.id', 'desc').limit(q.limit).offset(q.offset ?? 0).execute();
      return { items: await summaries(rows), total: Number(countRow?.n ?? 0) };
    },

    /** How many published posts a filter matches (an archive's length; callers keep it per content version). */
    async countPublished(q: PostFilter): Promise<number> {
      const r = await filtered(q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /**
     * One numbered page of a newest-first (or oldest-first) archive of `total` posts, read from the
     * nearer end of the (published_at, id) order: the first pages walk the index down from the
     * newest post, the last pages up from the oldest (and are turned round here), so the first and
     * the last page cost the same whatever the archive's length, and a page in the middle steps
     * over at most half of the archive's index entries (never the posts themselves: only the ids
     * are read along the index, then the page's own rows). Ties on the date go by id.
     */
    async page(q: PostFilter & { order: 'newest' | 'oldest' }, page: number, perPage: number, total: number): Promise<PostSummary[]> {
      const start = (page - 1) * perPage;
      const end = Math.min(total, start + perPage);
      if (start >= end) return [];
      const fromTop = start <= total - end;
      const dir = fromTop === (q.order === 'newest') ? 'desc' : 'asc';
      const skip = fromTop ? start : total - end;
      let ids = (
        await filtered(q)
          .select('posts.id')
          .orderBy('posts.published_at', dir)
          .orderBy('posts.id', dir)
          .limit(end - start)
          .offset(skip)
          .execute()
      ).map((r) => r.id);
      if (!fromTop) ids = ids.reverse();
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('posts').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return summaries(ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
    },

    /**
     * The most liked published posts (the sidebar), most likes first, then newest: counted from
     * the likes alone, topped up with the latest posts when fewer have likes.
     */
    async popular(limit: number): Promise<PostSummary[]> {
      const liked = db.selectFrom('likes').select(['post_id', (eb) => eb.fn.countAll<number>().as('c')]).groupBy('post_id').as('l');
      let rows = await db
        .selectFrom(liked)
        .innerJoin('posts', 'posts.id', 'l.post_id')
        .selectAll('posts')
        .where('posts.type', '=', 'post')
        .where('posts.status', '=', 'publish')
        .orderBy('l.c', 'desc')
        .orderBy('posts.published_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(limit)
        .execute();
      if (rows.length < limit) {
        const more = await filtered({})
          .selectAll('posts')
          .where('posts.id', 'not in', rows.length ? rows.map((r) => r.id) : [0])
          .orderBy('posts.published_at', 'desc')
          .orderBy('posts.id', 'desc')
          .limit(limit - rows.length)
          .execute();
        rows = rows.concat(more);
      }
      return summaries(rows);
    },

    /** How many posts and pages are published (the sitemap's length). */
    async publishedCount(): Promise<number> {
      const r = await db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'publish').executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** Published posts and pages in id order, `limit` from `offset` (one sitemap file; read along posts_sitemap). */
    async publishedSlice(offset: number, limit: number): Promise<{ type: string; slug: string; updatedAt: string }[]> {
      if (limit <= 0) return [];
      const rows = await db.selectFrom('posts').select(['type', 'slug', 'updated_at']).where('status', '=', 'publish').orderBy('status').orderBy('id').limit(limit).offset(Math.max(0, offset)).execute();
      return rows.map((r) => ({ type: r.type, slug: r.slug, updatedAt: r.updated_at }));
    },

    /**
     * Full-text search of published posts (the `/?s=` page): best matches first, each with its
     * highlighted title and excerpt; `total` is exact unless `more` (search.server.ts). Words beyond MAX_TERMS, characters beyond
     * MAX_QUERY_LENGTH and anything but letters and digits are dropped (features/search/query.ts).
     */
    async search(query: string, limit: number, offset = 0): Promise<{ items: (PostSummary & { match?: SearchHighlight })[]; total: number; more: boolean }> {
      const terms = searchTerms(query);
      const { ids, total, more } = await search.rank(terms, limit, offset);
      if (ids.length === 0) return { items: [], total, more };
      const rows = await db.selectFrom('posts').selectAll().where('id', 'in', ids).where('status', '=', 'publish').execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      const items = await summaries(ordered);
      // highlighted here, the same on both databases: the title, and the excerpt if a word is in it, else a part of the body
      const match = (r: Row): SearchHighlight => {
        if (r.password) return { title: highlight(r.title, terms), excerpt: null };
        const inExcerpt = snippet(r.excerpt, terms, 1000);
        return { title: highlight(r.title, terms), excerpt: inExcerpt ?? snippet(searchableText(r.body), terms) };
      };
      return { items: items.map((p, i) => ({ ...p, match: match(ordered[i]!) })), total, more };
    },

    /** The header search's live suggestions: the best few published posts, title highlighted. */
    async suggest(query: string, limit: number): Promise<Suggestion[]> {
      const terms = searchTerms(query);
      const { ids } = await search.rank(terms, limit);
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('posts').select(['id', 'slug', 'title']).where('id', 'in', ids).where('status', '=', 'publish').execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const r = byId.get(id);
        return r ? [{ id, url: postUrl(r.slug), title: highlight(r.title, terms) }] : [];
      });
    },

    /** A published item's password ('' : not protected), for the reader's page to compare. */
    async passwordOf(id: number): Promise<string> {
      const r = await db.selectFrom('posts').select('password').where('id', '=', id).executeTakeFirst();
      return r?.password ?? '';
    },

    async bySlug(slug: string, type?: 'post' | 'page'): Promise<Post | null> {
      let qb = db.selectFrom('posts').selectAll().where('slug', '=', slug).where('status', '=', 'publish');
      if (type) qb = qb.where('type', '=', type);
      const row = await qb.executeTakeFirst();
      return row ? full(row) : null;
    },

    /** A post or page by id whatever its status: the signed-in preview, never readers' pages. */
    async byIdForPreview(id: number): Promise<Post | null> {
      const row = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? full(row) : null;
    },

    /** The next older published post: the one infinite scroll appends below. */
    async previous(post: { id: number; publishedAt: string }): Promise<Neighbour | null> {
      const r = await db
        .selectFrom('posts')
        .select(['id', 'slug', 'title'])
        .where('type', '=', 'post')
        .where('status', '=', 'publish')
        // `<=` first: with the date bounded on its own the index is entered at the date, not walked from the end
        .where('published_at', '<=', post.publishedAt)
        .where((eb) => eb.or([eb('published_at', '<', post.publishedAt), eb('id', '<', post.id)]))
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? { id: r.id, url: postUrl(r.slug), title: r.title } : null;
    },

    async next(post: { id: number; publishedAt: string }): Promise<Neighbour | null> {
      const r = await db
        .selectFrom('posts')
        .select(['id', 'slug', 'title'])
        .where('type', '=', 'post')
        .where('status', '=', 'publish')
        .where('published_at', '>=', post.publishedAt)
        .where((eb) => eb.or([eb('published_at', '>', post.publishedAt), eb('id', '>', post.id)]))
        .orderBy('published_at', 'asc')
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst();
      return r ? { id: r.id, url: postUrl(r.slug), title: r.title } : null;
    },

    /** Posts sharing a category, newest first, topped up with the latest posts. */
    async related(post: Pick<PostSummary, 'id' | 'categories'>, limit: number): Promise<PostSummary[]> {
      const catIds = post.categories.map((c) => c.id);
      let rows: Row[] = [];
      if (catIds.length) {
        rows = await db
          .selectFrom('posts')
          .selectAll()
          .where('type', '=', 'post')
          .where('status', '=', 'publish')
          .where('id', '!=', post.id)
          .where('id', 'in', db.selectFrom('term_relationships').select('object_id').where('object_type', '=', 'post').where('term_id', 'in', catIds))
          .orderBy('published_at', 'desc')
          .limit(limit)
          .execute();
      }
      if (rows.length < limit) {
        const more = await db
          .selectFrom('posts')
          .selectAll()
          .where('type', '=', 'post')
          .where('status', '=', 'publish')
          .where('id', 'not in', [post.id, ...rows.map((r) => r.id)])
          .orderBy('published_at', 'desc')
          .limit(limit - rows.length)
          .execute();
        rows = rows.concat(more);
      }
      return summaries(rows);
    },

    /** Slugs and dates of everything published (sitemap). */
    async allPublished(): Promise<{ type: string; slug: string; updatedAt: string }[]> {
      const rows = await db.selectFrom('posts').select(['type', 'slug', 'updated_at']).where('status', '=', 'publish').orderBy('published_at', 'desc').execute();
      return rows.map((r) => ({ type: r.type, slug: r.slug, updatedAt: r.updated_at }));
    },

    async exists(id: number): Promise<boolean> {
      return !!(await db.selectFrom('posts').select('id').where('id', '=', id).where('status', '=', 'publish').executeTakeFirst());
    },

    async count(): Promise<number> {
      const r = await db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    async create(p: NewPost): Promise<number> {
      const blocks = blocksSchema.parse(p.blocks);
      const ts = now();
      const row = await db
        .insertInto('posts')
        .values({
          type: p.type,
          slug: p.slug,
          title: p.title,
          excerpt: p.excerpt,
          body: JSON.stringify(blocks),
          format: p.format ?? 'standard',
          status: 'publish',
          author_id: p.authorId,
          featured_media_id: p.featuredMediaId ?? null,
          allow_rating: p.allowRating ? 1 : 0,
          meta: JSON.stringify(p.meta ?? {}),
          published_at: p.publishedAt,
          updated_at: ts,
          created_at: p.publishedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await terms.attach('post', row.id, [...(p.categoryIds ?? []), ...(p.tagIds ?? [])]);
      return row.id;
    },
  };
}
export type PostsRepository = ReturnType<typeof postsRepository>;

function parseBlocks(json: string): Block[] {
  const parsed = blocksSchema.safeParse(parseJson<unknown>(json, []));
  return parsed.success ? parsed.data : [];
}

function toSummary(r: Row, authors: Map<number, Author>, termMap: Map<number, Term[]>, mediaMap: MediaMap): PostSummary {
  return {
    id: r.id,
    type: r.type as 'post' | 'page',
    slug: r.slug,
    url: postUrl(r.slug),
    title: r.title,
    // A protected item's excerpt is part of what its password hides (lists, feed, search, home blocks).
    excerpt: r.password ? '' : r.excerpt,
    format: r.format as PostFormat,
    publishedAt: r.published_at,
    updatedAt: r.updated_at,
    author: authors.get(r.author_id) ?? { id: r.author_id, slug: '', displayName: '', bio: '', avatar: null },
    categories: (termMap.get(r.id) ?? []).filter((t) => t.taxonomy === 'category'),
    featured: r.featured_media_id ? (mediaMap[r.featured_media_id] ?? null) : null,
    ...(r.password ? { protected: true } : {}),
  };
}

/** Half-open UTC range [from, to) of a year, month or day, as ISO strings. */
export function dateRange(year: number, month?: number, day?: number): { from: string; to: string } {
  const from = new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1));
  const to = day ? new Date(Date.UTC(year, (month ?? 1) - 1, day + 1)) : month ? new Date(Date.UTC(year, month, 1)) : new Date(Date.UTC(year + 1, 0, 1));
  return { from: from.toISOString(), to: to.toISOString() };
}
void toMedia;
