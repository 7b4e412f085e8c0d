import { z } from 'zod';
import { defineAdminAction } from '../registry.server.ts';
import { contentFieldsSchema } from '../../../features/content/fields.ts';
import { contentKinds, contentStatuses } from '../../../features/content/status.ts';
import { can, kindPermission } from '../../../features/accounts/permissions.ts';
import { ContentError } from '../../content/errors.ts';

/** Posts, pages and portfolio items: the lists and the editor's calls. */
const id = z.number().int().positive();
const kind = z.enum(contentKinds);
/** `null` kind: a post or a page, whichever the id is (links from the admin bar) */
const target = { kind: kind.nullable(), id };
const revision = z.number().int().positive();

export const itemsList = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({
    kind,
    status: z.enum([...contentStatuses, 'all']).default('all'),
    search: z.string().max(200).default(''),
    categoryId: id.optional(),
    authorId: id.optional(),
    /** only the signed-in user's items */
    mine: z.boolean().default(false),
    page: z.number().int().min(1).max(10_000).default(1),
    perPage: z.number().int().min(1).max(100).default(20),
  }),
  async handler(input, { runtime, user }) {
    if (!can(user, kindPermission(input.kind))) throw new ContentError('forbidden', 'Your role does not allow you to see these.');
    // Those who edit only their own posts list only their own posts.
    const own = input.mine || (input.kind === 'post' && !can(user, 'posts.editOthers'));
    const r = await runtime.repos.editorial.list({
      kind: input.kind,
      status: input.status,
      search: input.search,
      ...(input.categoryId ? { categoryId: input.categoryId } : {}),
      ...(own ? { authorId: user.id } : input.authorId ? { authorId: input.authorId } : {}),
      limit: input.perPage,
      offset: (input.page - 1) * input.perPage,
    });
    return { ...r, page: input.page, perPage: input.perPage, pages: Math.max(1, Math.ceil(r.total / input.perPage)) };
  },
});

export const itemsGet = defineAdminAction({
  permission: 'posts.edit',
  input: z.object(target),
  handler: (i, { runtime, actor }) => runtime.content.items.get(actor, i.kind, i.id),
});

export const itemsCreate = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({ kind, fields: contentFieldsSchema }),
  handler: (i, { runtime, actor }) => runtime.content.items.create(actor, i.kind, i.fields),
});

export const itemsSave = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({ ...target, revision, fields: contentFieldsSchema }),
  handler: (i, { runtime, actor }) => runtime.content.items.save(actor, i.kind, i.id, i.revision, i.fields),
});

export const itemsAutosave = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({ ...target, revision, fields: contentFieldsSchema }),
  handler: (i, { runtime, actor }) => runtime.content.items.autosave(actor, i.kind, i.id, i.revision, i.fields),
});

export const itemsPublish = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({ ...target, revision, fields: contentFieldsSchema.nullable().default(null), visibility: z.enum(['public', 'private']).default('public') }),
  handler: (i, { runtime, actor }) => runtime.content.items.publish(actor, i.kind, i.id, i.revision, i.fields, i.visibility),
});

export const itemsSchedule = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({ ...target, revision, fields: contentFieldsSchema }),
  handler: (i, { runtime, actor }) => runtime.content.items.schedule(actor, i.kind, i.id, i.revision, i.fields),
});

export const itemsUnpublish = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({ ...target, revision }),
  handler: (i, { runtime, actor }) => runtime.content.items.unpublish(actor, i.kind, i.id, i.revision),
});

export const itemsSubmit = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({ ...target, revision, fields: contentFieldsSchema.nullable().default(null) }),
  handler: (i, { runtime, actor }) => runtime.content.items.submitForReview(actor, i.kind, i.id, i.revision, i.fields),
});

export const itemsTrash = defineAdminAction({
  permission: 'posts.edit',
  input: z.object(target),
  handler: (i, { runtime, actor }) => runtime.content.items.trash(actor, i.kind, i.id),
});

export const itemsRestore = defineAdminAction({
  permission: 'posts.edit',
  input: z.object(target),
  handler: (i, { runtime, actor }) => runtime.content.items.restore(actor, i.kind, i.id),
});

export const itemsRevisions = defineAdminAction({
  permission: 'posts.edit',
  input: z.object(target),
  handler: (i, { runtime, actor }) => runtime.content.items.revisions(actor, i.kind, i.id),
});

export const itemsRevision = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({ ...target, revisionId: id }),
  handler: (i, { runtime, actor }) => runtime.content.items.revision(actor, i.kind, i.id, i.revisionId),
});

export const itemsRestoreRevision = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({ ...target, revisionId: id, revision }),
  handler: (i, { runtime, actor }) => runtime.content.items.restoreRevision(actor, i.kind, i.id, i.revisionId, i.revision),
});

/** Who may be chosen as an author (the author field), and the contact forms a block may show. */
/** The pages a page can be placed under, with their parents and order (the editor's "Parent page"). */
export const itemsPages = defineAdminAction({
  permission: 'pages.edit',
  input: z.object({}),
  handler: (_i, { runtime }) => runtime.repos.editorial.pageTree(),
});

export const itemsChoices = defineAdminAction({
  permission: 'posts.edit',
  input: z.object({}),
  async handler(_i, { runtime }) {
    const [authors, forms] = await Promise.all([runtime.repos.editorial.writers(), runtime.repos.editorial.forms()]);
    return { authors, forms };
  },
});
