import type { Runtime } from '../../server/runtime.server.ts';
import type { PostSummary, Term, Author } from './types.ts';
import { archiveOrders, archiveQuerySchema } from './archive.ts';
import { loadSidebar, type SidebarView } from '../sidebar/load.server.ts';
import type { SearchHighlight } from '../search/query.ts';

export type ArchiveKind =
  | { kind: 'category'; term: Term }
  | { kind: 'tag'; term: Term }
  | { kind: 'author'; author: Author }
  | { kind: 'date'; year: number; month?: number; day?: number }
  | { kind: 'search'; query: string }
  | { kind: 'home' };

export interface ArchiveView {
  archive: ArchiveKind;
  /** search results carry their highlighted title and excerpt */
  posts: (PostSummary & { match?: SearchHighlight })[];
  total: number;
  /** a search with more matches than it counts: `total` is "more than" */
  more?: boolean;
  page: number;
  pages: number;
  orderby: (typeof archiveOrders)[number];
  /** the sticky sidebar's widgets (features/sidebar) */
  sidebar?: SidebarView;
}

export function parseArchiveQuery(url: URL) {
  return archiveQuerySchema.parse({ page: url.searchParams.get('page') ?? undefined, orderby: url.searchParams.get('orderby') ?? undefined });
}

/** Finds what an archive URL names; null means 404. */
export async function resolveArchive(runtime: Runtime, kind: 'category' | 'tag' | 'author', slug: string): Promise<ArchiveKind | null> {
  const { repos } = runtime;
  if (kind === 'author') {
    const u = await repos.users.bySlug(slug);
    if (!u) return null;
    const avatar = u.avatarMediaId ? ((await repos.media.byIds([u.avatarMediaId]))[u.avatarMediaId] ?? null) : null;
    return { kind: 'author', author: { id: u.id, slug: u.slug, displayName: u.displayName, bio: u.bio, avatar } };
  }
  const term = await repos.terms.bySlug(kind, slug);
  return term ? ({ kind, term } as ArchiveKind) : null;
}

/**
 * A category, tag or author archive page's data, or null for 404. Pages call this in their own
 * frontmatter, because only a page (not a layout) can set the response status.
 */
export async function loadNamedArchive(runtime: Runtime, kind: 'category' | 'tag' | 'author', slug: string, url: URL): Promise<ArchiveView | null> {
  const archive = await resolveArchive(runtime, kind, slug);
  const view = archive ? await loadArchive(runtime, archive, url) : null;
  // A page number past the last page names nothing, like an unknown slug: 404.
  return view && view.page <= view.pages ? view : null;
}

export async function loadArchive(runtime: Runtime, archive: ArchiveKind, url: URL): Promise<ArchiveView> {
  const { page, orderby } = parseArchiveQuery(url);
  const perPage = (await runtime.settings()).site.postsPerPage;
  const filter =
    archive.kind === 'category'
      ? { category: archive.term.slug }
      : archive.kind === 'tag'
        ? { tag: archive.term.slug }
        : archive.kind === 'author'
          ? { authorId: archive.author.id }
          : archive.kind === 'date'
            ? { year: archive.year, ...(archive.month ? { month: archive.month } : {}), ...(archive.day ? { day: archive.day } : {}) }
            : {};
  if (archive.kind !== 'search' && (orderby === 'newest' || orderby === 'oldest')) {
    // Date orders: the archive's length once per content version, then the page read from the
    // nearer end of the date index (posts.page), so a last page costs what a first page does.
    const { repos } = runtime;
    const total = await runtime.memo(`archive-total:${JSON.stringify(filter)}`, () => repos.posts.countPublished(filter));
    const pages = Math.max(1, Math.ceil(total / perPage));
    const [items, sidebar] = await Promise.all([
      page > pages ? [] : runtime.memo(`archive:${JSON.stringify({ ...filter, orderby, page, perPage })}`, () => repos.posts.page({ ...filter, order: orderby }, page, perPage, total)),
      loadSidebar(runtime),
    ]);
    return { archive, posts: items, total, page, pages, orderby, sidebar };
  }
  const query = { ...filter, order: orderby, limit: perPage, offset: (page - 1) * perPage };
  // Archive pages change only with published content: kept per content version, except searches,
  // whose free text would only push real pages out of the bounded memo.
  // Searches are ranked by relevance (full-text index), whatever the sort parameter says.
  // (a search counts and pages as far as its ranking reaches: search.server.ts RANK_WINDOW)
  const list = async (): Promise<{ items: ArchiveView['posts']; total: number; more?: boolean }> =>
    archive.kind === 'search' ? runtime.repos.posts.search(archive.query, perPage, (page - 1) * perPage) : runtime.memo(`archive:${JSON.stringify(query)}`, () => runtime.repos.posts.list(query));
  const [{ items, total, more }, sidebar] = await Promise.all([list(), loadSidebar(runtime)]);
  return { archive, posts: items, total, ...(more ? { more } : {}), page, pages: Math.max(1, Math.ceil(total / perPage)), orderby: archive.kind === 'search' ? 'newest' : orderby, sidebar };
}
