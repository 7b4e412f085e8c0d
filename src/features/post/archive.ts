import { z } from 'zod';

/** Sort orders an archive offers (the sort dropdown). */
export const archiveOrders = ['newest', 'oldest', 'title', 'popular'] as const;
export type ArchiveOrder = (typeof archiveOrders)[number];

/** Query string of an archive page: page number and sort order, bad values fall back to defaults. */
export const archiveQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  orderby: z.enum(archiveOrders).catch('newest'),
});
