import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PortfolioItemsTable, PostsTable } from '../schema.server.ts';
import type { PostFormat, PostMeta } from '../../../features/post/types.ts';
import type { PortfolioMeta } from '../../../features/portfolio/types.ts';
import type { ListedItem } from '../../../features/content/fields.ts';
import { blocksSchema, type Block } from '../../../features/post/blocks.ts';
import { isContentStatus, publicPath, type ContentKind, type ContentStatus } from '../../../features/content/status.ts';
import { likePattern, now, parseJson } from './util.server.ts';

/**
 * The editorial side of posts, pages and portfolio items: every status, revision numbers, slug
 * checks, term assignment and the scheduler's queries. Readers' queries stay in posts.server.ts
 * and portfolio.server.ts (published only). Used by the write services in src/server/content.
 */
export interface StoredItem {
  id: number;
  kind: ContentKind;
  status: ContentStatus;
  revision: number;
  slug: string;
  title: string;
  excerpt: string;
  blocks: Block[];
  format: PostFormat;
  authorId: number | null;
  featuredMediaId: number | null;
  allowRating: boolean;
  sticky: boolean;
  /** pages: the parent page and the order among its siblings; null and 0 for everything else */
  parentId: number | null;
  menuOrder: number;
  /** posts and pages: '' or the readers' password; '' for portfolio items */
  password: string;
  meta: PostMeta;
  portfolioMeta: PortfolioMeta;
  layout: 1 | 2 | 3;
  seoTitle: string;
  seoDescription: string;
  publishedAt: string;
  dateSet: boolean;
  updatedAt: string;
  createdAt: string;
  /** categories, or portfolio categories */
  categoryIds: number[];
  tagIds: number[];
}

/** What a write stores (terms are set separately). */
export type ItemWrite = Omit<StoredItem, 'id' | 'kind' | 'revision' | 'updatedAt' | 'createdAt' | 'categoryIds' | 'tagIds'>;

export interface ItemListQuery {
  kind: ContentKind;
  /** a status, or 'all' (everything but the trash) */
  status?: ContentStatus | 'all';
  search?: string;
  categoryId?: number;
  authorId?: number;
  limit: number;
  offset?: number;
}

type PostRow = Selectable<PostsTable>;
type PortfolioRow = Selectable<PortfolioItemsTable>;
type Table = 'posts' | 'portfolio_items';
const tableOf = (kind: ContentKind): Table => (kind === 'portfolio' ? 'portfolio_items' : 'posts');
const objectTypeOf = (kind: ContentKind) => (kind === 'portfolio' ? ('portfolio' as const) : ('post' as const));

function parseBlocks(json: string): Block[] {
  const parsed = blocksSchema.safeParse(parseJson<unknown>(json, []));
  return parsed.success ? parsed.data : [];
}
const statusOf = (s: string): ContentStatus => (isContentStatus(s) ? s : 'draft');

function fromPostRow(r: PostRow): Omit<StoredItem, 'categoryIds' | 'tagIds'> {
  return {
    id: r.id,
    kind: r.type === 'page' ? 'page' : 'post',
    status: statusOf(r.status),
    revision: r.revision,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    blocks: parseBlocks(r.body),
    format: r.format as PostFormat,
    authorId: r.author_id,
    featuredMediaId: r.featured_media_id,
    allowRating: r.allow_rating === 1,
    sticky: r.sticky === 1,
    parentId: r.type === 'page' ? r.parent_id : null,
    menuOrder: r.type === 'page' ? r.menu_order : 0,
    password: r.password,
    meta: parseJson<PostMeta>(r.meta, {}),
    portfolioMeta: {},
    layout: 1,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
    publishedAt: r.published_at,
    dateSet: r.date_set === 1,
    updatedAt: r.updated_at,
    createdAt: r.created_at || r.published_at,
  };
}

function fromPortfolioRow(r: PortfolioRow): Omit<StoredItem, 'categoryIds' | 'tagIds'> {
  return {
    id: r.id,
    kind: 'portfolio',
    status: statusOf(r.status),
    revision: r.revision,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    blocks: parseBlocks(r.body),
    format: 'standard',
    authorId: r.author_id,
    featuredMediaId: r.featured_media_id,
    allowRating: false,
    sticky: false,
    parentId: null,
    menuOrder: 0,
    password: '',
    meta: {},
    portfolioMeta: parseJson<PortfolioMeta>(r.meta, {}),
    layout: r.layout === 2 || r.layout === 3 ? r.layout : 1,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
    publishedAt: r.published_at,
    dateSet: r.date_set === 1,
    updatedAt: r.updated_at,
    createdAt: r.created_at || r.published_at,
  };
}

function postValues(kind: 'post' | 'page', w: ItemWrite) {
  return {
    type: kind,
    slug: w.slug,
    title: w.title,
    excerpt: w.excerpt,
    body: JSON.stringify(blocksSchema.parse(w.blocks)),
    format: w.format,
    status: w.status,
    // posts.author_id is required: the service always passes one for posts and pages
    author_id: w.authorId ?? 0,
    featured_media_id: w.featuredMediaId,
    allow_rating: w.allowRating ? 1 : 0,
    sticky: w.sticky ? 1 : 0,
    parent_id: kind === 'page' ? w.parentId : null,
    menu_order: kind === 'page' ? w.menuOrder : 0,
    password: w.password,
    meta: JSON.stringify(w.meta),
    seo_title: w.seoTitle,
    seo_description: w.seoDescription,
    published_at: w.publishedAt,
    date_set: w.dateSet ? 1 : 0,
  };
}

function portfolioValues(w: ItemWrite) {
  return {
    slug: w.slug,
    title: w.title,
    excerpt: w.excerpt,
    body: JSON.stringify(blocksSchema.parse(w.blocks)),
    status: w.status,
    author_id: w.authorId,
    featured_media_id: w.featuredMediaId,
    layout: w.layout,
    meta: JSON.stringify(w.portfolioMeta),
    seo_title: w.seoTitle,
    seo_description: w.seoDescription,
    published_at: w.publishedAt,
    date_set: w.dateSet ? 1 : 0,
  };
}

export function editorialRepository(db: Kysely<Database>) {
  async function termIds(kind: ContentKind, ids: readonly number[]): Promise<Map<number, { categories: number[]; tags: number[] }>> {
    const out = new Map<number, { categories: number[]; tags: number[] }>();
    for (const id of ids) out.set(id, { categories: [], tags: [] });
    if (!ids.length) return out;
    const rows = await db
      .selectFrom('term_relationships as tr')
      .innerJoin('terms', 'terms.id', 'tr.term_id')
      .select(['tr.object_id', 'terms.id', 'terms.taxonomy'])
      .where('tr.object_type', '=', objectTypeOf(kind))
      .where('tr.object_id', 'in', [...ids])
      .orderBy('tr.position')
      .execute();
    for (const r of rows) {
      const entry = out.get(r.object_id)!;
      (r.taxonomy === 'tag' ? entry.tags : entry.categories).push(r.id);
    }
    return out;
  }

  return {
    /** A post or page by id, whatever its type and status. */
    async getPost(id: number): Promise<StoredItem | null> {
      const r = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return null;
      const item = fromPostRow(r);
      const t = (await termIds(item.kind, [id])).get(id)!;
      return { ...item, categoryIds: t.categories, tagIds: t.tags };
    },

    async get(kind: ContentKind, id: number): Promise<StoredItem | null> {
      if (kind !== 'portfolio') {
        const item = await this.getPost(id);
        return item && item.kind === kind ? item : null;
      }
      const r = await db.selectFrom('portfolio_items').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return null;
      const t = (await termIds('portfolio', [id])).get(id)!;
      return { ...fromPortfolioRow(r), categoryIds: t.categories, tagIds: [] };
    },

    /** The admin's lists: any status, search in title and slug, newest change first. */
    async list(q: ItemListQuery): Promise<{ items: ListedItem[]; total: number; counts: Partial<Record<ContentStatus, number>> }> {
      const table = tableOf(q.kind);
      // Both tables share the columns used here; the portfolio table has no `type`.
      let base = db.selectFrom(table as 'posts');
      if (q.kind !== 'portfolio') base = base.where('type', '=', q.kind);
      const unfiltered = base;
      if (q.status && q.status !== 'all') base = base.where('status', '=', q.status);
      else base = base.where('status', '!=', 'trash');
      if (q.authorId) base = base.where('author_id', '=', q.authorId);
      if (q.categoryId) {
        base = base.where(
          'id',
          'in',
          db.selectFrom('term_relationships').select('object_id').where('object_type', '=', objectTypeOf(q.kind)).where('term_id', '=', q.categoryId),
        );
      }
      if (q.search?.trim()) {
        const p = likePattern(q.search.trim().toLowerCase());
        base = base.where((eb) => eb.or([sql<boolean>`lower(title) like ${p} escape '\\'`, sql<boolean>`lower(slug) like ${p} escape '\\'`]));
      }
      const [count, rows, statusRows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        base
          .select(['id', 'status', 'title', 'slug', 'author_id', 'published_at', 'updated_at'])
          .$if(q.kind !== 'portfolio', (qb) => qb.select(['sticky', 'password']))
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.limit)
          .offset(q.offset ?? 0)
          .execute(),
        unfiltered.select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
      ]);
      const ids = rows.map((r) => r.id);
      const authorIds = [...new Set(rows.flatMap((r) => (r.author_id ? [r.author_id] : [])))];
      const [authors, terms] = await Promise.all([
        authorIds.length ? db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', authorIds).execute() : [],
        ids.length
          ? db
              .selectFrom('term_relationships as tr')
              .innerJoin('terms', 'terms.id', 'tr.term_id')
              .select(['tr.object_id', 'terms.id', 'terms.name'])
              .where('tr.object_type', '=', objectTypeOf(q.kind))
              .where('tr.object_id', 'in', ids)
              .where('terms.taxonomy', '!=', 'tag')
              .orderBy('tr.position')
              .execute()
          : [],
      ]);
      const names = new Map(authors.map((a) => [a.id, a.display_name]));
      const items: ListedItem[] = rows.map((r) => ({
        id: r.id,
        kind: q.kind,
        status: statusOf(r.status),
        title: r.title,
        slug: r.slug,
        url: publicPath(q.kind, r.slug),
        authorId: r.author_id,
        authorName: r.author_id ? (names.get(r.author_id) ?? '') : '',
        categories: terms.filter((t) => t.object_id === r.id).map((t) => ({ id: t.id, name: t.name })),
        publishedAt: r.published_at,
        updatedAt: r.updated_at,
        sticky: 'sticky' in r && r.sticky === 1,
        protected: 'password' in r && r.password !== '',
      }));
      const counts: Partial<Record<ContentStatus, number>> = {};
      for (const s of statusRows) if (isContentStatus(s.status)) counts[s.status] = Number(s.n);
      return { items, total: Number(count?.n ?? 0), counts };
    },

    /** Every page but those in the trash, for choosing a parent: id, title, parent and order. */
    async pageTree(): Promise<{ id: number; title: string; status: ContentStatus; parentId: number | null; menuOrder: number }[]> {
      const rows = await db.selectFrom('posts').select(['id', 'title', 'status', 'parent_id', 'menu_order']).where('type', '=', 'page').where('status', '!=', 'trash').orderBy('menu_order').orderBy('title').orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, title: r.title, status: statusOf(r.status), parentId: r.parent_id, menuOrder: r.menu_order }));
    },

    /** The parent of a page (null: none, or no such page). */
    async parentOf(id: number): Promise<number | null> {
      const r = await db.selectFrom('posts').select('parent_id').where('id', '=', id).where('type', '=', 'page').executeTakeFirst();
      return r?.parent_id ?? null;
    },

    /** Whether `pageId` is `parentId` or above it: placing the page under that parent would make a loop. */
    async wouldLoop(pageId: number, parentId: number): Promise<boolean> {
      // bounded: a page tree is never this deep, and a loop already in the data cannot hang it
      for (let at: number | null = parentId, depth = 0; at !== null && depth < 100; at = await this.parentOf(at), depth++) if (at === pageId) return true;
      return false;
    },

    /** Sets a page's parent without a new revision (the importer's second pass, for parents that came later in the file). */
    async setPageParent(id: number, parentId: number | null): Promise<void> {
      await db.updateTable('posts').set({ parent_id: parentId }).where('id', '=', id).where('type', '=', 'page').execute();
    },

    /** Who holds a slug in the address space of a kind (posts and pages share one), if anyone. */
    async slugHolder(kind: ContentKind, slug: string, exceptId?: number): Promise<{ id: number; title: string; status: ContentStatus } | null> {
      let qb = db.selectFrom(tableOf(kind) as 'posts').select(['id', 'title', 'status']).where('slug', '=', slug);
      if (exceptId) qb = qb.where('id', '!=', exceptId);
      const r = await qb.executeTakeFirst();
      return r ? { id: r.id, title: r.title, status: statusOf(r.status) } : null;
    },

    async insert(kind: ContentKind, w: ItemWrite): Promise<number> {
      const ts = now();
      if (kind === 'portfolio') {
        const r = await db
          .insertInto('portfolio_items')
          .values({ ...portfolioValues(w), revision: 1, created_at: ts, updated_at: ts })
          .returning('id')
          .executeTakeFirstOrThrow();
        return r.id;
      }
      const r = await db
        .insertInto('posts')
        .values({ ...postValues(kind, w), revision: 1, created_at: ts, updated_at: ts })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /**
     * Stores new values when the item is still at `expectedRevision`; answers the new revision,
     * or null when someone saved in between (nothing is changed then).
     */
    async update(kind: ContentKind, id: number, expectedRevision: number, w: ItemWrite): Promise<number | null> {
      const ts = now();
      const r =
        kind === 'portfolio'
          ? await db
              .updateTable('portfolio_items')
              .set({ ...portfolioValues(w), revision: expectedRevision + 1, updated_at: ts })
              .where('id', '=', id)
              .where('revision', '=', expectedRevision)
              .executeTakeFirst()
          : await db
              .updateTable('posts')
              .set({ ...postValues(kind, w), revision: expectedRevision + 1, updated_at: ts })
              .where('id', '=', id)
              .where('type', '=', kind)
              .where('revision', '=', expectedRevision)
              .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1 ? expectedRevision + 1 : null;
    },

    /** Replaces the categories (or portfolio categories) and tags of an item, in the given order. */
    async setTerms(kind: ContentKind, id: number, ids: readonly number[]): Promise<void> {
      const type = objectTypeOf(kind);
      await db.deleteFrom('term_relationships').where('object_type', '=', type).where('object_id', '=', id).execute();
      const unique = [...new Set(ids)];
      if (unique.length) {
        await db
          .insertInto('term_relationships')
          .values(unique.map((termId, position) => ({ object_type: type, object_id: id, term_id: termId, position })))
          .execute();
      }
    },

    /** Scheduled items whose time has come (both tables), oldest first. */
    async due(at: string, limit = 50): Promise<{ kind: ContentKind; id: number }[]> {
      const [posts, portfolio] = await Promise.all([
        db.selectFrom('posts').select(['id', 'type']).where('status', '=', 'future').where('published_at', '<=', at).orderBy('published_at').limit(limit).execute(),
        db.selectFrom('portfolio_items').select('id').where('status', '=', 'future').where('published_at', '<=', at).orderBy('published_at').limit(limit).execute(),
      ]);
      return [...posts.map((p) => ({ kind: (p.type === 'page' ? 'page' : 'post') as ContentKind, id: p.id })), ...portfolio.map((p) => ({ kind: 'portfolio' as const, id: p.id }))];
    },

    /** Publishes one scheduled item if it is still scheduled and due; false when another process did. */
    async publishIfDue(kind: ContentKind, id: number, at: string): Promise<boolean> {
      const r = await db
        .updateTable(tableOf(kind) as 'posts')
        .set((eb) => ({ status: 'publish', revision: eb('revision', '+', 1), updated_at: at }))
        .where('id', '=', id)
        .where('status', '=', 'future')
        .where('published_at', '<=', at)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** When the next scheduled item is due (ISO), or null when nothing is scheduled. */
    async nextScheduled(): Promise<string | null> {
      const [a, b] = await Promise.all([
        db.selectFrom('posts').select((eb) => eb.fn.min<string>('published_at').as('at')).where('status', '=', 'future').executeTakeFirst(),
        db.selectFrom('portfolio_items').select((eb) => eb.fn.min<string>('published_at').as('at')).where('status', '=', 'future').executeTakeFirst(),
      ]);
      const all = [a?.at, b?.at].filter((x): x is string => !!x).sort();
      return all[0] ?? null;
    },

    /** Items whose body or featured image use a media item (for "delete refused: used by …"). */
    async usingMedia(mediaId: number): Promise<{ kind: ContentKind; id: number; title: string; status: ContentStatus; body: string; featured: boolean }[]> {
      const needle = `%${mediaId}%`;
      const [posts, portfolio] = await Promise.all([
        db
          .selectFrom('posts')
          .select(['id', 'type', 'title', 'status', 'body', 'featured_media_id'])
          .where((eb) => eb.or([eb('featured_media_id', '=', mediaId), eb('body', 'like', needle)]))
          .execute(),
        db
          .selectFrom('portfolio_items')
          .select(['id', 'title', 'status', 'body', 'featured_media_id'])
          .where((eb) => eb.or([eb('featured_media_id', '=', mediaId), eb('body', 'like', needle)]))
          .execute(),
      ]);
      return [
        ...posts.map((p) => ({ kind: (p.type === 'page' ? 'page' : 'post') as ContentKind, id: p.id, title: p.title, status: statusOf(p.status), body: p.body, featured: p.featured_media_id === mediaId })),
        ...portfolio.map((p) => ({ kind: 'portfolio' as const, id: p.id, title: p.title, status: statusOf(p.status), body: p.body, featured: p.featured_media_id === mediaId })),
      ];
    },

    /** Posts, pages and portfolio items whose body names a file's address (a file of the media library that is not a picture). */
    async usingFile(file: string): Promise<{ kind: ContentKind; id: number; title: string }[]> {
      if (!file) return [];
      const needle = likePattern(file);
      const [posts, portfolio] = await Promise.all([
        db.selectFrom('posts').select(['id', 'type', 'title']).where(sql<boolean>`body like ${needle} escape '\\'`).execute(),
        db.selectFrom('portfolio_items').select(['id', 'title']).where(sql<boolean>`body like ${needle} escape '\\'`).execute(),
      ]);
      return [
        ...posts.map((p) => ({ kind: (p.type === 'page' ? 'page' : 'post') as ContentKind, id: p.id, title: p.title })),
        ...portfolio.map((p) => ({ kind: 'portfolio' as const, id: p.id, title: p.title })),
      ];
    },

    /** Accounts that may be named as an author (every role that writes), by name. */
    async writers(): Promise<{ id: number; displayName: string; role: string }[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'display_name', 'role'])
        .where('role', 'in', ['administrator', 'editor', 'author', 'contributor'])
        .orderBy('display_name')
        .execute();
      return rows.map((r) => ({ id: r.id, displayName: r.display_name, role: r.role }));
    },

    /** Contact forms a body may show (the contact-form block's choice). */
    async forms(): Promise<{ id: number; title: string }[]> {
      return db.selectFrom('contact_forms').select(['id', 'title']).orderBy('id').execute();
    },

    /** Items that carry a term (for counts and term merges). */
    async countWithTerm(termId: number): Promise<number> {
      const r = await db.selectFrom('term_relationships').select((eb) => eb.fn.countAll<number>().as('n')).where('term_id', '=', termId).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
export type EditorialRepository = ReturnType<typeof editorialRepository>;
