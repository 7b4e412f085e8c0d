import type { Runtime } from '../../server/runtime.server.ts';
import type { PostSummary, Term } from '../post/types.ts';

export interface SidebarView {
  /** most liked posts */
  popular: PostSummary[];
  /** categories that have posts, with their counts */
  categories: Term[];
}

export const SIDEBAR_POPULAR = 4;

/** Sidebar widgets, read once per content version (like counts move the order only after the next content change). */
export function loadSidebar(runtime: Runtime): Promise<SidebarView> {
  return runtime.memo('sidebar', async (): Promise<SidebarView> => {
    const { repos } = runtime;
    const [popular, categories] = await Promise.all([repos.posts.popular(SIDEBAR_POPULAR), repos.terms.list('category')]);
    return { popular, categories: categories.filter((c) => (c.count ?? 0) > 0) };
  });
}
