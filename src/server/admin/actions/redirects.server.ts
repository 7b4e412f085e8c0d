import { z } from 'zod';
import { defineAdminAction } from '../registry.server.ts';
import { ContentError } from '../../content/errors.ts';
import { canonicalFrom, validTarget } from '../../../features/redirects/paths.ts';

/**
 * The redirect table (administrator): every old address with its target, 301 or 302, and where
 * it came from (a slug change, an import, or typed here). Addresses are stored in their canonical
 * spelling (features/redirects/paths.ts), so what is typed here matches what visitors request.
 */
const id = z.number().int().positive();
const PER_PAGE = 50;

export const redirectsList = defineAdminAction({
  permission: 'redirects.manage',
  input: z.object({ source: z.enum(['slug', 'import', 'manual']).optional(), search: z.string().max(200).default(''), page: z.number().int().min(1).default(1) }),
  async handler(i, { runtime }) {
    const r = await runtime.repos.redirects.list({ ...(i.source ? { source: i.source } : {}), search: i.search, limit: PER_PAGE, offset: (i.page - 1) * PER_PAGE });
    return { ...r, page: i.page, pages: Math.max(1, Math.ceil(r.total / PER_PAGE)) };
  },
});

export const redirectsSave = defineAdminAction({
  permission: 'redirects.manage',
  input: z.object({ id: id.optional(), from: z.string().max(2000), to: z.string().max(2000), status: z.union([z.literal(301), z.literal(302)]).default(301) }),
  async handler(i, { runtime }) {
    const from = canonicalFrom(i.from);
    if (!from) throw new ContentError('invalid', 'Give an address on this site, such as /old-post/.', { field: 'from' });
    const to = validTarget(i.to);
    if (!to) throw new ContentError('invalid', 'Give a path on this site (/new-post/) or a full http(s) address.', { field: 'to' });
    if (from === to) throw new ContentError('invalid', 'A redirect cannot point at itself.', { field: 'to' });
    const existing = i.id ? await runtime.repos.redirects.byId(i.id) : null;
    if (i.id && !existing) throw new ContentError('not_found', 'This redirect no longer exists.');
    const clash = await runtime.repos.redirects.find(from);
    if (clash && clash.id !== existing?.id) throw new ContentError('conflict', `There is already a redirect from ${from}.`, { field: 'from' });
    // Editing the old address of a redirect: the previous one goes, the new one keeps its source.
    if (existing && existing.from !== from) await runtime.repos.redirects.remove(existing.id);
    const saved = await runtime.repos.redirects.save({ from, to, status: i.status, source: existing?.source ?? 'manual' });
    await runtime.contentChanged();
    return (await runtime.repos.redirects.byId(saved))!;
  },
});

export const redirectsDelete = defineAdminAction({
  permission: 'redirects.manage',
  input: z.object({ id }),
  async handler(i, { runtime }) {
    if (!(await runtime.repos.redirects.remove(i.id))) throw new ContentError('not_found', 'This redirect no longer exists.');
    await runtime.contentChanged();
    return { deleted: i.id };
  },
});
