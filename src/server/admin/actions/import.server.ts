import { z } from 'zod';
import { defineAdminAction } from '../registry.server.ts';
import { ContentError } from '../../content/errors.ts';
import { IMPORT_UPLOAD_LIMIT, importStatus, stageUpload, startImport } from '../../wxr/jobs.server.ts';

/** The Import screen: stage the export (and a zip of uploads), start the import, follow it. */
export const importUpload = defineAdminAction({
  permission: 'import.run',
  upload: true,
  maxBytes: IMPORT_UPLOAD_LIMIT,
  input: z.object({ kind: z.enum(['wxr', 'zip']) }),
  async handler(i, { runtime }, file) {
    if (!file) throw new ContentError('invalid', 'Choose a file.', { field: i.kind });
    return stageUpload(runtime, i.kind, file.bytes, file.filename);
  },
});

const authorMapSchema = z
  .string()
  .max(2000)
  .default('')
  .refine((s) => s.split(',').every((p) => !p.trim() || /^[^=\s]+=[^=\s]+$/.test(p.trim())), 'Write wordpresslogin=login pairs separated by commas.');

export const importStart = defineAdminAction({
  permission: 'import.run',
  input: z.object({ wxr: z.string().regex(/^[0-9a-f]{24}$/), media: z.string().regex(/^[0-9a-f]{24}$/).nullable().default(null), dryRun: z.boolean().default(false), authorMap: authorMapSchema }),
  async handler(i, { runtime, actor }) {
    const map = Object.fromEntries(
      i.authorMap
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => p.split('=') as [string, string]),
    );
    for (const to of Object.values(map)) {
      if (!(await runtime.repos.users.byLoginOrEmail(to))) throw new ContentError('invalid', `There is no account “${to}” here.`, { field: 'authorMap' });
    }
    return startImport(runtime, actor, i, map);
  },
});

export const importStatusAction = defineAdminAction({
  permission: 'import.run',
  input: z.object({}),
  handler: async (_i, { runtime }) => importStatus(runtime),
});
