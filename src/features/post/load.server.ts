import type { Runtime } from '../../server/runtime.server.ts';
import type { Neighbour, Post, PostSummary, RatingSummary } from './types.ts';
import { formDefinitionSchema, type FormDefinition } from '../contact-form/definition.ts';
import type { ContactFormState } from '../contact-form/types.ts';
import { renderState } from '../contact-form/state.server.ts';

export interface SinglePostView {
  post: Post;
  previous: Neighbour | null;
  next: Neighbour | null;
  likes: number;
  rating: RatingSummary;
  related: PostSummary[];
  authorLatest: PostSummary[];
  forms: Record<number, FormDefinition>;
  /** per-render state of the forms (contact-form); absent without forms */
  formState?: ContactFormState;
  /** '' or the password that shows the body (features/post/password.server.ts); server-side only */
  password: string;
}

export const editUrl = (postId: number) => `/admin/posts/${postId}/`;

type PublishedParts = Omit<SinglePostView, 'likes' | 'rating' | 'formState'>;

/**
 * Everything the single-post (or page) template needs. What only changes when content is
 * published (the post, its neighbours, related and author posts, its forms) is computed once per
 * content version; the visitors' counts (likes, rating) and the forms' per-render state are read
 * on every request.
 */
export async function loadSingle(runtime: Runtime, slug: string): Promise<SinglePostView | null> {
  const parts = await runtime.memo(`single:${slug}`, () => loadPublishedParts(runtime, slug));
  if (!parts) return null;
  const { repos } = runtime;
  const [likes, rating] = await Promise.all([repos.engagement.likeCount(parts.post.id), repos.engagement.rating(parts.post.id)]);
  const forms = Object.values(parts.forms);
  return { ...parts, likes, rating, ...(forms.length > 0 ? { formState: await renderState(runtime.config.secret, repos, forms) } : {}) };
}

async function loadPublishedParts(runtime: Runtime, slug: string): Promise<PublishedParts | null> {
  const { repos } = runtime;
  const post = await repos.posts.bySlug(slug);
  if (!post) return null;
  const isPost = post.type === 'post';
  const formIds = post.blocks.flatMap((b) => (b.type === 'contact-form' ? [b.formId] : []));
  const [previous, next, related, authorLatest, forms, password] = await Promise.all([
    isPost ? repos.posts.previous(post) : null,
    isPost ? repos.posts.next(post) : null,
    isPost ? repos.posts.related(post, 3) : [],
    isPost && post.author.slug ? repos.posts.list({ authorId: post.author.id, excludeIds: [post.id], limit: 4, count: false }).then((r) => r.items) : [],
    Promise.all(formIds.map((id) => repos.forms.byId(id))),
    post.protected ? repos.posts.passwordOf(post.id) : '',
  ]);
  const parsedForms: Record<number, FormDefinition> = Object.fromEntries(
    forms.flatMap((f) => {
      const parsed = f ? formDefinitionSchema.safeParse(f.definition) : null;
      return parsed?.success ? [[parsed.data.id, parsed.data]] : [];
    }),
  );
  return { post, previous, next, related, authorLatest, forms: parsedForms, password };
}

/** Reading time at 230 words a minute. */
export function readingMinutes(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}
