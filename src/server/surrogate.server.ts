import { AsyncLocalStorage } from 'node:async_hooks';
import type { Repositories } from './db/repositories/index.server.ts';

/**
 * Surrogate keys: names of the content a page shows, collected while it renders from what it
 * actually read, sent as `Surrogate-Key` / `Cache-Tag` so a CDN can purge exactly the pages a
 * change affects (src/server/http/cdn.server.ts sends them, src/server/purge.server.ts purges).
 *
 *   all          every page (a change without finer keys purges this one)
 *   post-<id>    a post or page the page shows (its own article, a list item, a neighbour link)
 *   portfolio-<id>  a portfolio item
 *   term-<id>    a category or tag the page shows or filters by
 *   terms        a whole taxonomy list (the footer's categories with their counts)
 *   author-<id>  an author shown (a byline, an author page)
 *   archive      a list of content in some order (home blocks, archives, recent/popular/related
 *                posts, previous/next links): it changes whenever anything is published,
 *                unpublished, deleted or re-dated, so every change of content purges it
 *   home         the home page's own blocks
 *   menus        a navigation menu
 *   settings     a site setting (every page reads them)
 *
 * Reads are reported into the request's collector (AsyncLocalStorage): the repositories the
 * runtime hands to pages report what they return (trackReads), and the version memo keeps the
 * keys of a computed value with it, so a value read from the memo reports the same keys.
 * Outside a request (admin writes, jobs) there is no collector and a report costs nothing.
 */
export const ALL_KEY = 'all';
export const ARCHIVE_KEY = 'archive';
export const HOME_KEY = 'home';
export const MENUS_KEY = 'menus';
export const SETTINGS_KEY = 'settings';
export const TERMS_KEY = 'terms';

export const postKey = (id: number) => `post-${id}`;
export const portfolioKey = (id: number) => `portfolio-${id}`;
export const termKey = (id: number) => `term-${id}`;
export const authorKey = (id: number) => `author-${id}`;

/**
 * The keys a change of an item (post, page or portfolio item) purges, from its stored states
 * before and after: its own key, every term it had or has, its authors, the home page and every
 * list (a publish, unpublish, trash or re-dating moves it in or out of lists and neighbours).
 */
export function itemChangeKeys(...states: readonly { kind: string; id: number; authorId: number | null; categoryIds: readonly number[]; tagIds: readonly number[] }[]): string[] {
  const keys = new Set<string>();
  for (const s of states) {
    keys.add(s.kind === 'portfolio' ? portfolioKey(s.id) : postKey(s.id));
    for (const t of [...s.categoryIds, ...s.tagIds]) keys.add(termKey(t));
    if (s.authorId) keys.add(authorKey(s.authorId));
  }
  keys.add(HOME_KEY);
  keys.add(ARCHIVE_KEY);
  return [...keys];
}

/**
 * One store per process, shared through a global symbol: the built site (dist/server) carries its
 * own copy of this module, and a page that reports a key from there must reach the collector the
 * HTTP entry started.
 */
const STORE = Symbol.for('masthead.surrogate-keys');
const current: AsyncLocalStorage<Set<string>> = ((globalThis as Record<symbol, unknown>)[STORE] ??= new AsyncLocalStorage<Set<string>>()) as AsyncLocalStorage<Set<string>>;

/** Adds keys to the running request's collector, if any. */
export function reportKeys(keys: Iterable<string>): void {
  const set = current.getStore();
  if (set) for (const k of keys) set.add(k);
}

/** Runs `fn` with a fresh collector: everything it (and what it awaits) reads lands in `keys`. */
export function withKeys<T>(keys: Set<string>, fn: () => T): T {
  return current.run(keys, fn);
}

/** Runs `fn` and answers its value with the keys it read. */
export async function collectKeys<T>(fn: () => Promise<T>): Promise<{ value: T; keys: Set<string> }> {
  const keys = new Set<string>();
  const value = await current.run(keys, fn);
  return { value, keys };
}

type Summary = { id: number; author?: { id: number } | null; categories?: readonly { id: number }[]; tags?: readonly { id: number }[] };

function summaryKeys(p: Summary, key: (id: number) => string): string[] {
  const out = [key(p.id)];
  if (p.author?.id) out.push(authorKey(p.author.id));
  for (const t of p.categories ?? []) out.push(termKey(t.id));
  for (const t of p.tags ?? []) out.push(termKey(t.id));
  return out;
}

/**
 * The repositories with the reads pages use reporting their keys. Writes and admin reads are
 * untouched; so is `transaction` (writes run there).
 */
export function trackReads(repos: Repositories): Repositories {
  const { posts, portfolio, terms, menus, settings, users } = repos;
  const items = (list: readonly Summary[], key: (id: number) => string) => reportKeys([ARCHIVE_KEY, ...list.flatMap((p) => summaryKeys(p, key))]);
  return {
    ...repos,
    posts: {
      ...posts,
      list: async (q) => {
        const r = await posts.list(q);
        items(r.items, postKey);
        return r;
      },
      bySlug: async (slug, type) => {
        const p = await posts.bySlug(slug, type);
        if (p) reportKeys(summaryKeys(p, postKey));
        return p;
      },
      previous: async (p) => {
        const n = await posts.previous(p);
        reportKeys(n ? [ARCHIVE_KEY, postKey(n.id)] : [ARCHIVE_KEY]);
        return n;
      },
      next: async (p) => {
        const n = await posts.next(p);
        reportKeys(n ? [ARCHIVE_KEY, postKey(n.id)] : [ARCHIVE_KEY]);
        return n;
      },
      related: async (p, limit) => {
        const r = await posts.related(p, limit);
        items(r, postKey);
        return r;
      },
      // a large site's archive pages, their lengths and the sidebar's most liked posts (issue 14.2)
      page: async (q, page, perPage, total) => {
        const r = await posts.page(q, page, perPage, total);
        items(r, postKey);
        return r;
      },
      countPublished: async (q) => {
        const n = await posts.countPublished(q);
        reportKeys([ARCHIVE_KEY]);
        return n;
      },
      popular: async (limit) => {
        const r = await posts.popular(limit);
        items(r, postKey);
        return r;
      },
    },
    portfolio: {
      ...portfolio,
      list: async (q) => {
        const r = await portfolio.list(q);
        items(r.items as readonly Summary[], portfolioKey);
        return r;
      },
      bySlug: async (slug) => {
        const p = await portfolio.bySlug(slug);
        if (p) reportKeys(summaryKeys(p as Summary, portfolioKey));
        return p;
      },
    },
    terms: {
      ...terms,
      bySlug: async (taxonomy, slug) => {
        const t = await terms.bySlug(taxonomy, slug);
        if (t) reportKeys([termKey(t.id)]);
        return t;
      },
      byId: async (id) => {
        const t = await terms.byId(id);
        if (t) reportKeys([termKey(t.id)]);
        return t;
      },
      byIds: async (ids) => {
        const r = await terms.byIds(ids);
        reportKeys(r.map((t) => termKey(t.id)));
        return r;
      },
      list: async (taxonomy) => {
        const r = await terms.list(taxonomy);
        reportKeys([TERMS_KEY]);
        return r;
      },
    },
    menus: {
      ...menus,
      tree: async (location) => {
        const r = await menus.tree(location);
        reportKeys([MENUS_KEY]);
        return r;
      },
    },
    settings: {
      ...settings,
      get: (async (key: string, fallback: unknown) => {
        const r = await settings.get(key as never, fallback as never);
        reportKeys([SETTINGS_KEY]);
        return r;
      }) as typeof settings.get,
    },
    users: {
      ...users,
      bySlug: async (slug) => {
        const u = await users.bySlug(slug);
        if (u) reportKeys([authorKey(u.id)]);
        return u;
      },
    },
  };
}
