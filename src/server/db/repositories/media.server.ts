import type { Kysely, Selectable } from 'kysely';
import type { Database, MediaTable } from '../schema.server.ts';
import type { Media, MediaMap, MediaVariant } from '../../../features/media/types.ts';
import { now, parseJson } from './util.server.ts';

export const toMedia = (r: Selectable<MediaTable>): Media => ({
  id: r.id,
  file: r.file,
  mime: r.mime,
  width: r.width,
  height: r.height,
  alt: r.alt,
  caption: r.caption,
  variants: parseJson<MediaVariant[]>(r.variants, []),
});

export interface NewMedia {
  file: string;
  mime: string;
  width: number;
  height: number;
  alt: string;
  caption?: string;
  variants: MediaVariant[];
}

export function mediaRepository(db: Kysely<Database>) {
  return {
    async byIds(ids: readonly number[]): Promise<MediaMap> {
      if (ids.length === 0) return {};
      const rows = await db.selectFrom('media').selectAll().where('id', 'in', [...new Set(ids)]).execute();
      return Object.fromEntries(rows.map((r) => [r.id, toMedia(r)]));
    },
    async create(m: NewMedia): Promise<number> {
      const row = await db
        .insertInto('media')
        .values({ ...m, caption: m.caption ?? '', variants: JSON.stringify(m.variants), created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;
