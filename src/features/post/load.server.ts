import type { Runtime } from '../../server/runtime.server.ts';
import type { Neighbour, Post, PostSummary, RatingSummary } from './types.ts';
import { formDefinitionSchema, type FormDefinition } from '../contact-form/definition.ts';
import type { ContactFormState } from '../contact-form/types.ts';
import { contactFormState } from '../contact-form/state.server.ts';

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
}

export const editUrl = (postId: number) => `/admin/posts/${postId}/`;

/** Everything the single-post (or page) template needs, in a handful of queries. */
export async function loadSingle(runtime: Runtime, slug: string): Promise<SinglePostView | null> {
  const { repos } = runtime;
  const post = await repos.posts.bySlug(slug);
  if (!post) return null;
  const isPost = post.type === 'post';
  const formIds = post.blocks.flatMap((b) => (b.type === 'contact-form' ? [b.formId] : []));
  const [previous, next, likes, rating, related, authorLatest, forms] = await Promise.all([
    isPost ? repos.posts.previous(post) : null,
    isPost ? repos.posts.next(post) : null,
    repos.engagement.likeCount(post.id),
    repos.engagement.rating(post.id),
    isPost ? repos.posts.related(post, 3) : [],
    isPost && post.author.slug ? repos.posts.list({ author: post.author.slug, excludeIds: [post.id], limit: 4 }).then((r) => r.items) : [],
    Promise.all(formIds.map((id) => repos.forms.byId(id))),
  ]);
  const parsedForms: Record<number, FormDefinition> = Object.fromEntries(
    forms.flatMap((f) => {
      const parsed = f ? formDefinitionSchema.safeParse(f.definition) : null;
      return parsed?.success ? [[parsed.data.id, parsed.data]] : [];
    }),
  );
  return {
    post,
    previous,
    next,
    likes,
    rating,
    related,
    authorLatest,
    forms: parsedForms,
    ...(formIds.length > 0 ? { formState: contactFormState(runtime.config.secret, Object.values(parsedForms)) } : {}),
  };
}

/** Reading time at 230 words a minute. */
export function readingMinutes(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}
