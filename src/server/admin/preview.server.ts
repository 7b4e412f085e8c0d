import type { Runtime } from '../runtime.server.ts';
import type { User } from '../../features/accounts/types.ts';
import type { Post, Term } from '../../features/post/types.ts';
import type { SinglePostView } from '../../features/post/load.server.ts';
import type { PortfolioItem } from '../../features/portfolio/types.ts';
import type { ContentFields } from '../../features/content/fields.ts';
import { blockMediaIds } from '../../features/post/blocks.ts';
import { formDefinitionSchema, type FormDefinition } from '../../features/contact-form/definition.ts';
import { renderState } from '../../features/contact-form/state.server.ts';
import { portfolioUrl } from '../../features/portfolio/types.ts';
import { postUrl } from '../../features/post/types.ts';

/**
 * The signed-in preview (/admin/preview/{post|portfolio}/{id}/): an item as readers would see it,
 * whatever its status, with the previewing user's newer unsaved autosave applied. Rendered with
 * the readers' own components; never cached (signed-in responses are private, no-store).
 */
export type Preview = { kind: 'post'; view: SinglePostView } | { kind: 'portfolio'; item: PortfolioItem };

export async function loadPreview(runtime: Runtime, user: User, kind: 'post' | 'portfolio', id: number): Promise<Preview | null> {
  const { repos } = runtime;
  const loaded = await runtime.content.items.get({ id: user.id, role: user.role }, kind === 'portfolio' ? 'portfolio' : null, id).catch(() => null);
  if (!loaded) return null;
  const fields: ContentFields = loaded.pending?.fields ?? loaded.item.fields;
  const publishedAt = fields.date ?? (loaded.item.status === 'publish' ? loaded.item.publishedAt : new Date().toISOString());
  const slug = fields.slug || loaded.item.fields.slug;
  const [media, categories] = await Promise.all([
    repos.media.byIds([...blockMediaIds(fields.blocks), ...(fields.featuredMediaId ? [fields.featuredMediaId] : [])]),
    repos.terms.byIds(fields.categoryIds),
  ]);
  const featured = fields.featuredMediaId ? (media[fields.featuredMediaId] ?? null) : null;

  if (kind === 'portfolio') {
    return {
      kind,
      item: {
        id,
        slug,
        url: portfolioUrl(slug),
        title: fields.title,
        excerpt: fields.excerpt,
        featured,
        categories,
        publishedAt,
        blocks: fields.blocks,
        layout: fields.layout,
        meta: fields.portfolioMeta,
        media,
      },
    };
  }

  const base = await repos.posts.byIdForPreview(id);
  if (!base) return null;
  const tags: Term[] = fields.tags.map((name, i) => ({ id: -(i + 1), taxonomy: 'tag', slug: '', name, description: '' }));
  const post: Post = {
    ...base,
    slug,
    url: postUrl(slug),
    title: fields.title,
    excerpt: fields.excerpt,
    format: fields.format,
    publishedAt,
    categories,
    featured,
    blocks: fields.blocks,
    tags,
    meta: { ...base.meta, subtitle: fields.subtitle || undefined, relatedPopup: fields.relatedPopup || undefined },
    allowRating: fields.allowRating,
    media,
  };
  const formIds = fields.blocks.flatMap((b) => (b.type === 'contact-form' ? [b.formId] : []));
  const forms: Record<number, FormDefinition> = {};
  for (const f of await Promise.all(formIds.map((fid) => repos.forms.byId(fid)))) {
    const parsed = f ? formDefinitionSchema.safeParse(f.definition) : null;
    if (parsed?.success) forms[parsed.data.id] = parsed.data;
  }
  return {
    kind,
    view: {
      post,
      previous: null,
      next: null,
      likes: 0,
      rating: { total: 0, people: 0, average: 0 },
      related: [],
      authorLatest: [],
      forms,
      // the editor's preview shows the body, protected or not
      password: '',
      ...(formIds.length ? { formState: await renderState(runtime.config.secret, runtime.repos, Object.values(forms)) } : {}),
    },
  };
}
