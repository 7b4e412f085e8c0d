import type { Role, User } from './types.ts';
import type { ContentKind, ContentStatus } from '../content/status.ts';

/**
 * What each role may do (issue: administrator everything; editor all content, media, forms,
 * submissions and the redirect table; author own posts and media, and publishes them; contributor own drafts, submitted
 * for review). Pure: the server enforces it on every admin call, the admin uses the same answers
 * to hide what a role cannot do.
 */
export const permissions = [
  'admin.access',
  'posts.edit',
  'posts.editOthers',
  'posts.publish',
  'pages.edit',
  'portfolio.edit',
  'media.upload',
  'media.editOthers',
  'taxonomies.manage',
  'forms.manage',
  'submissions.read',
  'menus.manage',
  'users.manage',
  'settings.manage',
  /** the redirect table: editors rename content, and slug changes add redirects */
  'redirects.manage',
  /** WordPress import and export of the whole site */
  'import.run',
] as const;
export type Permission = (typeof permissions)[number];

const all = new Set<Permission>(permissions);
const byRole: Record<Role, ReadonlySet<Permission>> = {
  administrator: all,
  editor: new Set<Permission>(['admin.access', 'posts.edit', 'posts.editOthers', 'posts.publish', 'pages.edit', 'portfolio.edit', 'media.upload', 'media.editOthers', 'taxonomies.manage', 'forms.manage', 'submissions.read', 'redirects.manage']),
  author: new Set<Permission>(['admin.access', 'posts.edit', 'posts.publish', 'media.upload']),
  contributor: new Set<Permission>(['admin.access', 'posts.edit']),
  subscriber: new Set<Permission>(),
};

type Who = Pick<User, 'id' | 'role'> | null | undefined;

export function can(user: Who, permission: Permission): boolean {
  return !!user && (byRole[user.role] ?? new Set()).has(permission);
}

/** Every permission of a user (sent to the admin once, so it hides what it cannot do). */
export function permissionsOf(user: Who): Permission[] {
  return user ? [...(byRole[user.role] ?? [])] : [];
}

/** The permission that lets a user work on a kind of content at all. */
export const kindPermission = (kind: ContentKind): Permission => (kind === 'page' ? 'pages.edit' : kind === 'portfolio' ? 'portfolio.edit' : 'posts.edit');

interface Item {
  kind: ContentKind;
  authorId: number | null;
  status: ContentStatus;
}

/** Whether the user wrote it (portfolio items without an author belong to editors only). */
const owns = (user: Who, item: Pick<Item, 'authorId'>) => !!user && item.authorId === user.id;

/**
 * May open and save this item. Editors and administrators: any item of a kind they edit. Authors:
 * their own posts, published or not. Contributors: their own posts while they are not published
 * (draft or pending review).
 */
export function canEdit(user: Who, item: Item): boolean {
  if (!can(user, kindPermission(item.kind))) return false;
  if (item.kind !== 'post' || can(user, 'posts.editOthers')) return true;
  if (!owns(user, item)) return false;
  if (can(user, 'posts.publish')) return true;
  return item.status === 'draft' || item.status === 'pending' || item.status === 'trash';
}

/** May publish, schedule, unpublish or make it private. */
export function canPublish(user: Who, item: Item): boolean {
  return canEdit(user, item) && (item.kind !== 'post' || can(user, 'posts.publish'));
}

/** May move it to the trash or back. */
export const canTrash = (user: Who, item: Item) => canEdit(user, item);

/** May give the item another author (only those who edit everyone's posts). */
export const canChangeAuthor = (user: Who, kind: ContentKind) => can(user, kindPermission(kind)) && (kind !== 'post' || can(user, 'posts.editOthers'));

/** May edit or delete a media item (own uploads, or everyone's with media.editOthers). */
export function canEditMedia(user: Who, media: { uploadedBy: number | null }): boolean {
  if (!can(user, 'media.upload')) return false;
  return can(user, 'media.editOthers') || (!!user && media.uploadedBy === user.id);
}

/** Roles that may sign in to the admin, strongest first. */
export const adminRoles: readonly Role[] = ['administrator', 'editor', 'author', 'contributor'];
