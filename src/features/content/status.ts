/**
 * The editorial statuses of posts, pages and portfolio items (WordPress's names, so imports map
 * one to one). Only `publish` is visible to readers; `future` publishes itself at its date.
 */
export const contentStatuses = ['draft', 'pending', 'future', 'publish', 'private', 'trash'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/** Readers see it (pages, archives, feed, sitemap). */
export const isLive = (s: ContentStatus) => s === 'publish';

/** Its address is, or was promised, public: renaming it keeps a redirect from the old one. */
export const hasPublicAddress = (s: ContentStatus) => s === 'publish' || s === 'private';

export const isContentStatus = (s: string): s is ContentStatus => (contentStatuses as readonly string[]).includes(s);

/** Kinds of editable content. Posts and pages share one table and one address space. */
export const contentKinds = ['post', 'page', 'portfolio'] as const;
export type ContentKind = (typeof contentKinds)[number];

/** The public address of an item of a kind. */
export const publicPath = (kind: ContentKind, slug: string) => (kind === 'portfolio' ? `/portfolio/${slug}/` : `/${slug}/`);

/** The admin's editor of an item. */
export const adminEditPath = (kind: ContentKind, id: number) => `/admin/${kind === 'portfolio' ? 'portfolio' : kind === 'page' ? 'pages' : 'posts'}/${id}/`;
