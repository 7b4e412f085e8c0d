import { z } from 'zod';
import { defineAdminAction } from '../registry.server.ts';
import { ContentError } from '../../content/errors.ts';

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().max(max, `At most ${max} characters.`);
const texts = { alt: text(500).optional(), caption: text(1000).optional(), credit: text(300).optional(), title: text(300).optional() };

export const mediaList = defineAdminAction({
  permission: 'admin.access',
  input: z.object({
    search: z.string().max(200).default(''),
    mine: z.boolean().default(false),
    /** pictures only (the image pickers), other files only, or everything (the library screen) */
    kind: z.enum(['image', 'file', 'all']).default('all'),
    page: z.number().int().min(1).max(10_000).default(1),
    perPage: z.number().int().min(1).max(100).default(40),
  }),
  async handler(i, { runtime, user }) {
    const r = await runtime.repos.media.list({ search: i.search, ...(i.kind !== 'all' ? { kind: i.kind } : {}), ...(i.mine ? { uploadedBy: user.id } : {}), limit: i.perPage, offset: (i.page - 1) * i.perPage });
    return { ...r, page: i.page, pages: Math.max(1, Math.ceil(r.total / i.perPage)) };
  },
});

/** Several items at once (thumbnails of the blocks in the editor). */
export const mediaMany = defineAdminAction({
  permission: 'admin.access',
  input: z.object({ ids: z.array(z.number().int().positive()).max(200) }),
  handler: (i, { runtime }) => runtime.repos.media.byIds(i.ids),
});

export const mediaGet = defineAdminAction({
  permission: 'admin.access',
  input: z.object({ id }),
  handler: (i, { runtime, actor }) => runtime.content.media.get(actor, i.id),
});

/** The body is the file itself; its name comes in `x-filename`, texts in the query string. */
export const mediaUpload = defineAdminAction({
  permission: 'media.upload',
  upload: true,
  input: z.object(texts),
  async handler(i, { runtime, actor }, file) {
    if (!file?.bytes) throw new ContentError('invalid', 'Choose a file to upload.', { field: 'file' });
    return runtime.content.media.ingest(actor, { bytes: file.bytes, filename: file.filename }, i);
  },
});

export const mediaReplace = defineAdminAction({
  permission: 'media.upload',
  upload: true,
  input: z.object({ id }),
  async handler(i, { runtime, actor }, file) {
    if (!file?.bytes) throw new ContentError('invalid', 'Choose a file to upload.', { field: 'file' });
    return runtime.content.media.replace(actor, i.id, { bytes: file.bytes, filename: file.filename });
  },
});

export const mediaUpdate = defineAdminAction({
  permission: 'media.upload',
  input: z.object({ id, ...texts }),
  handler: ({ id: mediaId, ...t }, { runtime, actor }) => runtime.content.media.update(actor, mediaId, t),
});

export const mediaDelete = defineAdminAction({
  permission: 'media.upload',
  input: z.object({ id }),
  async handler(i, { runtime, actor }) {
    await runtime.content.media.remove(actor, i.id);
    return { deleted: i.id };
  },
});
