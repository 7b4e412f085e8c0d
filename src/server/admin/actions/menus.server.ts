import { z } from 'zod';
import { defineAdminAction } from '../registry.server.ts';
import { ContentError } from '../../content/errors.ts';
import { build, normalize, type FlatItem } from '../../../features/navigation/menu-tree.ts';
import type { MenuItem, MenuLocation } from '../../../features/navigation/types.ts';
import type { PostSummary } from '../../../features/post/types.ts';
import { MENUS_KEY } from '../../surrogate.server.ts';

/**
 * Menus (administrator): the header (main), footer and mobile (side) menus. The admin edits a flat
 * list with depths (features/navigation/menu-tree.ts); a save is refused by field when a label or
 * address is wrong, a depth is impossible, or a mega-menu names no category; a stored menu bumps
 * the content version, so the next page shows it.
 */
export const MENU_MAX_DEPTH: Record<MenuLocation, number> = { main: 1, side: 1, footer: 0 };
const location = z.enum(['main', 'footer', 'side']);

/** Addresses a menu may link to: this site's paths, http(s), mail, telephone, or an anchor. */
export function validMenuUrl(url: string): boolean {
  const u = url.trim();
  if (!u || u.length > 2000 || /[\s\u0000-\u001f]/.test(u)) return false;
  if (u.startsWith('/')) return !u.startsWith('//') && !u.startsWith('/\\');
  if (u.startsWith('#')) return true;
  return /^(https?:\/\/[^/\s]+|mailto:[^\s]+|tel:[+\d][\d-]*$)/i.test(u);
}

const item = z.object({
  label: z.string().trim().min(1, 'Give the link a label.').max(100, 'At most 100 characters.'),
  url: z.string().trim().max(2000).refine(validMenuUrl, 'Give a path on this site (/about/), a full http(s) address, mailto:, tel: or #anchor.'),
  depth: z.number().int().min(0).max(5),
  megaTermId: z.number().int().positive().nullable().default(null),
  megaCount: z.number().int().min(1, 'At least 1 post.').max(8, 'At most 8 posts.').nullable().default(null),
});

const flat = (tree: MenuItem[], depth = 0, out: Omit<FlatItem, 'key'>[] = []) => {
  for (const n of tree) {
    out.push({ label: n.label, url: n.url, depth, megaTermId: n.megaTermId, megaCount: n.megaCount ?? null });
    flat(n.children, depth + 1, out);
  }
  return out;
};

export const menusGet = defineAdminAction({
  permission: 'menus.manage',
  input: z.object({ location }),
  handler: async (i, { runtime }) => ({ location: i.location, maxDepth: MENU_MAX_DEPTH[i.location], items: flat(await runtime.repos.menus.tree(i.location)) }),
});

export const menusSave = defineAdminAction({
  permission: 'menus.manage',
  input: z.object({ location, items: z.array(item).max(200, 'At most 200 links in one menu.') }),
  async handler(i, { runtime }) {
    const max = MENU_MAX_DEPTH[i.location];
    const keyed = i.items.map((x, n) => ({ ...x, key: String(n) }));
    const fixed = normalize(keyed, max);
    const wrong = fixed.findIndex((f, n) => f.depth !== keyed[n]!.depth);
    if (wrong !== -1) throw new ContentError('invalid', max === 0 ? 'This menu has no sub-items.' : 'A sub-item must follow the item it belongs to.', { field: `items.${wrong}.depth` });
    for (const [n, x] of keyed.entries()) {
      if (x.megaTermId === null) continue;
      if (i.location !== 'main' || x.depth !== 0) throw new ContentError('invalid', 'Only top-level items of the header menu open a mega menu.', { field: `items.${n}.megaTermId` });
      const term = await runtime.repos.terms.byId(x.megaTermId);
      if (term?.taxonomy !== 'category') throw new ContentError('invalid', 'Choose one of the categories.', { field: `items.${n}.megaTermId` });
    }
    await runtime.repos.menus.replace(i.location, build(keyed));
    await runtime.contentChanged([MENUS_KEY]);
    return { location: i.location, maxDepth: max, items: flat(await runtime.repos.menus.tree(i.location)) };
  },
});

/** What can be linked: published posts, pages and portfolio items (searched), categories, tags and portfolio categories (the filtered portfolio). */
export const menusSources = defineAdminAction({
  permission: 'menus.manage',
  input: z.object({ kind: z.enum(['post', 'page', 'portfolio', 'category', 'tag', 'portfolio_category']), search: z.string().max(200).default('') }),
  async handler(i, { runtime }) {
    const words = i.search.trim().toLowerCase();
    if (i.kind === 'category' || i.kind === 'tag' || i.kind === 'portfolio_category') {
      const terms = await runtime.repos.terms.list(i.kind);
      const url = (slug: string) => (i.kind === 'portfolio_category' ? `/portfolio/?term=${encodeURIComponent(slug)}` : `/${i.kind}/${slug}/`);
      return terms
        .filter((t) => !words || t.name.toLowerCase().includes(words))
        .slice(0, 50)
        .map((t) => ({ id: t.id, label: t.name, url: url(t.slug) }));
    }
    const r = await runtime.repos.editorial.list({ kind: i.kind, status: 'publish', search: words, limit: 20 });
    const links = r.items.map((x) => ({ id: x.id, label: x.title, url: x.url }));
    return i.kind === 'portfolio' && !words ? [{ id: 0, label: 'Portfolio', url: '/portfolio/' }, ...links] : links;
  },
});

/**
 * The menu being edited, unsaved changes included, as the site's header or footer will take it
 * (src/pages/admin/preview/menus.astro draws it with the site's own components). Nothing is
 * stored. Unlike a save, a draft is never refused for what the owner has not finished: a link
 * without a valid address points nowhere (`#`), depths are clamped as the menu tree does, and a
 * mega menu shows the latest posts of its category (none for something that is not a category).
 */
const draftItem = z.object({
  label: z.string().max(200).default(''),
  url: z.string().max(2000).default(''),
  depth: z.number().int().min(0).max(5).default(0),
  megaTermId: z.number().int().positive().nullable().default(null),
  megaCount: z.number().int().nullable().default(null),
});

export const menusPreview = defineAdminAction({
  permission: 'menus.manage',
  input: z.object({ location, items: z.array(draftItem).max(200) }),
  async handler(i, { runtime }) {
    const max = MENU_MAX_DEPTH[i.location];
    const keyed = normalize(
      i.items.map((x, n) => ({ ...x, label: x.label.trim(), url: validMenuUrl(x.url) ? x.url.trim() : '#', key: String(n) })),
      max,
    );
    let id = 0;
    const withIds = (nodes: ReturnType<typeof build>): MenuItem[] =>
      nodes.map((n) => ({ id: ++id, label: n.label, url: n.url, megaTermId: i.location === 'main' ? n.megaTermId : null, megaCount: n.megaCount, children: withIds(n.children) }));
    const items = withIds(build(keyed));
    const mega: Record<number, PostSummary[]> = {};
    for (const m of items) {
      if (!m.megaTermId || mega[m.megaTermId]) continue;
      const term = await runtime.repos.terms.byId(m.megaTermId);
      if (term?.taxonomy !== 'category') continue;
      const count = Math.min(8, Math.max(1, m.megaCount ?? 4));
      mega[m.megaTermId] = (await runtime.repos.posts.list({ category: term.slug, limit: count, count: false })).items;
    }
    return { location: i.location, items, mega };
  },
});
