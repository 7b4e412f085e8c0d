import { z } from 'zod';
import { defineAdminAction } from '../registry.server.ts';
import { taxonomies } from '../../content/taxonomies.server.ts';

const id = z.number().int().positive();
const taxonomy = z.enum(taxonomies as ['category', 'tag', 'portfolio_category']);
const fields = {
  name: z.string().max(100, 'At most 100 characters.'),
  slug: z.string().max(200).default(''),
  description: z.string().max(2000, 'At most 2000 characters.').default(''),
  parentId: id.nullable().default(null),
};

export const termsList = defineAdminAction({
  permission: 'admin.access',
  input: z.object({ taxonomy }),
  handler: (i, { runtime, actor }) => runtime.content.taxonomies.list(actor, i.taxonomy),
});

export const termsCreate = defineAdminAction({
  permission: 'taxonomies.manage',
  input: z.object({ taxonomy, ...fields }),
  handler: ({ taxonomy: tx, ...f }, { runtime, actor }) => runtime.content.taxonomies.create(actor, tx, f),
});

export const termsUpdate = defineAdminAction({
  permission: 'taxonomies.manage',
  input: z.object({ id, ...fields }),
  handler: ({ id: termId, ...f }, { runtime, actor }) => runtime.content.taxonomies.update(actor, termId, f),
});

export const termsMerge = defineAdminAction({
  permission: 'taxonomies.manage',
  input: z.object({ id, intoId: id }),
  handler: (i, { runtime, actor }) => runtime.content.taxonomies.merge(actor, i.id, i.intoId),
});

export const termsDelete = defineAdminAction({
  permission: 'taxonomies.manage',
  input: z.object({ id }),
  async handler(i, { runtime, actor }) {
    await runtime.content.taxonomies.remove(actor, i.id);
    return { deleted: i.id };
  },
});
