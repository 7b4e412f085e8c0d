import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Repositories } from './repositories/index.server.ts';
import type { NewMenuItem } from './repositories/menus.server.ts';
import type { MediaVariant } from '../../features/media/types.ts';
import { blocksSchema } from '../../features/post/blocks.ts';
import { settingsKeys, type SettingsKey } from '../../features/site/settings.ts';
import { installDemoForms } from '../../features/contact-form/demo.server.ts';
import { demoContent, type DemoMenuItem, type DemoPost } from '../../../content/demo/content.ts';
import manifestJson from '../../../content/demo/images/manifest.json' with { type: 'json' };

/** One entry of content/demo/images/manifest.json (written by scripts/make-demo-images.ts). */
export interface DemoImage {
  key: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
  mime: string;
  file: string;
  variants: MediaVariant[];
}
export const demoImages: readonly DemoImage[] = manifestJson;
const manifest = demoImages;

/**
 * Installs the demo content (RUNTIME-CONTRACT, "Demo content") into an empty database through
 * the repositories: images, terms, the two demo authors (plus the profile of the existing
 * `admin`), posts, pages, portfolio, settings, menus, and a few likes and ratings so the counters
 * do not start at zero. Contact forms 1 and 2 come from the contact-form feature.
 *
 * Everything except menus and likes runs in one transaction, so a failed install leaves no
 * half-filled site behind (menus and likes use repository methods with their own transactions).
 */
export async function installDemo(repos: Repositories, opts: { adminId: number }): Promise<void> {
  const installed = await repos.transaction(async (tx) => {
    const mediaIds = new Map<string, number>();
    for (const m of manifest) {
      mediaIds.set(m.key, await tx.media.create({ file: m.file, mime: m.mime, width: m.width, height: m.height, alt: m.alt, caption: m.caption, variants: m.variants }));
    }
    const media = (key: string): number => {
      const id = mediaIds.get(key);
      if (id === undefined) throw new Error(`Demo content refers to an unknown image "${key}" (see content/demo/images/manifest.json)`);
      return id;
    };
    const content = demoContent(media);

    const categoryIds = new Map<string, number>();
    for (const c of content.categories) categoryIds.set(c.slug, await tx.terms.create('category', c.slug, c.name, c.description ?? ''));
    const tagIds = new Map<string, number>();
    for (const t of content.tags) tagIds.set(t.slug, await tx.terms.create('tag', t.slug, t.name, t.description ?? ''));
    const portfolioCategoryIds = new Map<string, number>();
    for (const c of content.portfolioCategories) portfolioCategoryIds.set(c.slug, await tx.terms.create('portfolio_category', c.slug, c.name, c.description ?? ''));

    const authorIds = new Map<string, number>([['admin', opts.adminId]]);
    for (const a of content.authors) {
      if (a.slug === 'admin') {
        await tx.users.updateProfile(opts.adminId, { displayName: a.displayName, bio: a.bio, avatarMediaId: a.avatar });
        continue;
      }
      // An account with this slug already exists (the site ran before without demo content): keep it as it is.
      const existing = await tx.users.bySlug(a.slug);
      const id =
        existing?.id ??
        (await tx.users.create({
          login: a.login,
          slug: a.slug,
          email: a.email,
          displayName: a.displayName,
          firstName: a.firstName,
          lastName: a.lastName,
          role: a.role,
          // Not a hash any password can match: demo authors cannot sign in until an administrator resets them.
          passwordHash: `locked:${randomBytes(24).toString('base64url')}`,
          bio: a.bio,
          avatarMediaId: a.avatar,
        }));
      authorIds.set(a.slug, id);
    }

    const resolve = (map: Map<string, number>, slug: string, what: string): number => {
      const id = map.get(slug);
      if (id === undefined) throw new Error(`Demo content refers to an unknown ${what} "${slug}"`);
      return id;
    };
    const createPost = (post: DemoPost) =>
      tx.posts.create({
        type: post.type,
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        blocks: blocksSchema.parse(post.blocks),
        format: post.format ?? 'standard',
        authorId: resolve(authorIds, post.author, 'author'),
        featuredMediaId: post.featuredMediaId,
        allowRating: post.allowRating ?? false,
        meta: post.meta ?? {},
        publishedAt: post.publishedAt,
        categoryIds: post.categories.map((s) => resolve(categoryIds, s, 'category')),
        tagIds: post.tags.map((s) => resolve(tagIds, s, 'tag')),
      });

    // Oldest first, so ids grow with the publication date like on a site written over time.
    const postIds = new Map<string, number>();
    for (const post of [...content.posts].reverse()) postIds.set(post.slug, await createPost(post));
    for (const page of content.pages) await createPost(page);

    for (const item of [...content.portfolio].reverse()) {
      await tx.portfolio.create({
        slug: item.slug,
        title: item.title,
        excerpt: item.excerpt,
        blocks: blocksSchema.parse(item.blocks),
        featuredMediaId: item.featuredMediaId,
        layout: item.layout,
        meta: item.meta,
        publishedAt: item.publishedAt,
        categoryIds: item.categories.map((s) => resolve(portfolioCategoryIds, s, 'portfolio category')),
      });
    }

    for (const post of content.posts) {
      const id = postIds.get(post.slug)!;
      for (const [i, rating] of (post.ratings ?? []).entries()) await tx.engagement.rate(id, `seed:${i + 1}`, rating);
    }

    for (const key of Object.keys(content.settings) as SettingsKey[]) {
      const value = content.settings[key];
      if (value !== undefined) await tx.settings.set(key, settingsKeys[key] as z.ZodType, value);
    }

    await installDemoForms(tx);
    return { content, postIds, categoryIds };
  });

  const { content, postIds, categoryIds } = installed;
  const toMenu = (items: DemoMenuItem[]): NewMenuItem[] =>
    items.map((i) => ({
      label: i.label,
      url: i.url,
      megaTermId: i.megaCategory ? (categoryIds.get(i.megaCategory) ?? null) : null,
      ...(i.children ? { children: toMenu(i.children) } : {}),
    }));
  for (const location of ['main', 'footer', 'side'] as const) await repos.menus.replace(location, toMenu(content.menus[location]));

  for (const post of content.posts) {
    const id = postIds.get(post.slug)!;
    for (let i = 1; i <= (post.likes ?? 0); i++) await repos.engagement.toggleLike(id, `seed:${i}`);
  }
}
