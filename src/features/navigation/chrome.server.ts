import type { Runtime } from '../../server/runtime.server.ts';
import type { MenuItem } from './types.ts';
import type { PostSummary, Term } from '../post/types.ts';

export interface Chrome {
  mainMenu: MenuItem[];
  footerMenu: MenuItem[];
  /** the mobile (side) menu; empty: the side menu shows the main menu */
  sideMenu: MenuItem[];
  mega: Record<number, PostSummary[]>;
  categories: Term[];
  recent: PostSummary[];
}

/** Header and footer data (menus, mega-menu posts, category counts, recent posts), read once per content version. */
export function loadChrome(runtime: Runtime): Promise<Chrome> {
  return runtime.memo('chrome', async (): Promise<Chrome> => {
    const { repos } = runtime;
    const [mainMenu, footerMenu, sideMenu, categories, recent] = await Promise.all([
      repos.menus.tree('main'),
      repos.menus.tree('footer'),
      repos.menus.tree('side'),
      repos.terms.list('category'),
      repos.posts.list({ limit: 4 , count: false }).then((r) => r.items),
    ]);
    const mega: Record<number, PostSummary[]> = {};
    for (const m of mainMenu) {
      if (!m.megaTermId) continue;
      const term = await repos.terms.byId(m.megaTermId);
      if (term) mega[m.megaTermId] = (await repos.posts.list({ category: term.slug, limit: m.megaCount ?? 4 , count: false })).items;
    }
    return { mainMenu, footerMenu, sideMenu, mega, categories, recent };
  });
}
