import type { Runtime } from '../../server/runtime.server.ts';
import type { HomeBlock } from '../site/settings.ts';
import type { PostSummary, Term } from '../post/types.ts';
import type { Media } from '../media/types.ts';
import { HOME_KEY, reportKeys } from '../../server/surrogate.server.ts';

export type HomeBlockView =
  | { block: Extract<HomeBlock, { type: 'featured-slider' | 'carousel' | 'grid' | 'masonry' }>; posts: PostSummary[] }
  | { block: Extract<HomeBlock, { type: 'category-tabs' }>; posts: PostSummary[]; categories: Term[] }
  | { block: Extract<HomeBlock, { type: 'parallax' }>; media: Media | null };

/** Data of every home block, in the configured order; computed once per content version (the blocks come from the settings, which change with it). */
export function loadHomeBlocks(runtime: Runtime, blocks: readonly HomeBlock[]): Promise<HomeBlockView[]> {
  return runtime.memo('home-blocks', () => {
    reportKeys([HOME_KEY]);
    return computeHomeBlocks(runtime, blocks);
  });
}

async function computeHomeBlocks(runtime: Runtime, blocks: readonly HomeBlock[]): Promise<HomeBlockView[]> {
  const { repos } = runtime;
  const shown = new Set<number>();
  const out: HomeBlockView[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'featured-slider':
      case 'carousel': {
        const posts = (await repos.posts.list({ limit: block.count, ...(block.category ? { category: block.category } : {}) , count: false })).items;
        posts.forEach((p) => shown.add(p.id));
        out.push({ block, posts });
        break;
      }
      case 'grid':
      case 'masonry': {
        // the latest-posts grid shows sticky posts first (the admin's "sticky" field)
        const posts = (await repos.posts.list({ limit: block.count, excludeIds: block.type === 'grid' ? [] : [...shown], stickyFirst: block.type === 'grid' , count: false })).items;
        out.push({ block, posts });
        break;
      }
      case 'category-tabs': {
        const all = await repos.terms.list('category');
        const categories = block.categories.flatMap((slug) => all.filter((c) => c.slug === slug));
        const posts = categories[0] ? (await repos.posts.list({ category: categories[0].slug, limit: block.count , count: false })).items : [];
        out.push({ block, posts, categories });
        break;
      }
      case 'parallax': {
        const media = (await repos.media.byIds([block.media]))[block.media] ?? null;
        out.push({ block, media });
        break;
      }
    }
  }
  return out;
}
