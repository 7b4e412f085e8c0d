import { describe, expect, it } from 'vitest';
import { can, canChangeAuthor, canEdit, canEditMedia, canPublish, permissionsOf } from './permissions.ts';
import type { Role } from './types.ts';
import type { ContentStatus } from '../content/status.ts';

const user = (role: Role, id = 10) => ({ id, role });
const post = (authorId: number | null, status: ContentStatus = 'draft') => ({ kind: 'post' as const, authorId, status });

describe('role permissions', () => {
  it('administrators may do everything, subscribers nothing in the admin', () => {
    expect(permissionsOf(user('administrator'))).toContain('settings.manage');
    expect(permissionsOf(user('subscriber'))).toEqual([]);
    expect(can(user('subscriber'), 'admin.access')).toBe(false);
    expect(can(null, 'admin.access')).toBe(false);
  });

  it('editors handle all content, media, forms, submissions and redirects, but not users or settings', () => {
    const e = user('editor');
    for (const p of ['posts.editOthers', 'pages.edit', 'portfolio.edit', 'media.editOthers', 'taxonomies.manage', 'forms.manage', 'submissions.read', 'redirects.manage'] as const) expect(can(e, p)).toBe(true);
    for (const p of ['users.manage', 'settings.manage', 'menus.manage', 'import.run'] as const) expect(can(e, p)).toBe(false);
    expect(canEdit(e, post(99, 'publish'))).toBe(true);
    expect(canPublish(e, post(99))).toBe(true);
    expect(canChangeAuthor(e, 'post')).toBe(true);
  });

  it('authors edit and publish their own posts only, and upload media', () => {
    const a = user('author', 5);
    expect(canEdit(a, post(5, 'publish'))).toBe(true);
    expect(canPublish(a, post(5))).toBe(true);
    expect(canEdit(a, post(6))).toBe(false);
    expect(canPublish(a, post(6))).toBe(false);
    expect(canEdit(a, { kind: 'page', authorId: 5, status: 'draft' })).toBe(false);
    expect(canEdit(a, { kind: 'portfolio', authorId: 5, status: 'draft' })).toBe(false);
    expect(canChangeAuthor(a, 'post')).toBe(false);
    expect(can(a, 'taxonomies.manage')).toBe(false);
    expect(canEditMedia(a, { uploadedBy: 5 })).toBe(true);
    expect(canEditMedia(a, { uploadedBy: 6 })).toBe(false);
  });

  it('contributors edit their own drafts and pending posts, never publish, never upload', () => {
    const c = user('contributor', 7);
    expect(canEdit(c, post(7, 'draft'))).toBe(true);
    expect(canEdit(c, post(7, 'pending'))).toBe(true);
    expect(canEdit(c, post(7, 'publish'))).toBe(false);
    expect(canEdit(c, post(7, 'future'))).toBe(false);
    expect(canEdit(c, post(8, 'draft'))).toBe(false);
    expect(canPublish(c, post(7))).toBe(false);
    expect(can(c, 'media.upload')).toBe(false);
    expect(canEditMedia(c, { uploadedBy: 7 })).toBe(false);
  });
});
