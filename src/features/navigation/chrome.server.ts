import type { Runtime } from '../../server/runtime.server.ts';
import type { MenuItem } from './types.ts';
import type { PostSummary, Term } from '../post/types.ts';

export interface Chrome {
  mainMenu: MenuItem[];
  footerMenu: MenuItem[];
  mega: Record<number, PostSummary[]>;
  categories: Term[];
  recent: PostSummary[];
}

/** Header and footer data (menus, mega-menu posts, category counts, recent posts), read once per content version. */
export function loadChrome(runtime: Runtime): Promise<Chrome> {
  return runtime.memo('chrome', async (): Promise<Chrome> => {
    const { repos } = runtime;
    const [mainMenu, footerMenu, categories, recent] = await Promise.all([
      repos.menus.tree('main'),
      repos.menus.tree('footer'),
      repos.terms.list('category'),
      repos.posts.list({ limit: 4 }).then((r) => r.items),
    ]);
    const megaIds = mainMenu.flatMap((m) => (m.megaTermId ? [m.megaTermId] : []));
    const mega: Record<number, PostSummary[]> = {};
    for (const id of megaIds) {
      const term = await repos.terms.byId(id);
      if (term) mega[id] = (await repos.posts.list({ category: term.slug, limit: 4 })).items;
    }
    return { mainMenu, footerMenu, mega, categories, recent };
  });
}
