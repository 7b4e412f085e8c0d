import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MediaTable } from '../schema.server.ts';
import type { Media, MediaItem, MediaMap, MediaVariant } from '../../../features/media/types.ts';
import { likePattern, now, parseJson } from './util.server.ts';

export const toMedia = (r: Selectable<MediaTable>): Media => ({
  id: r.id,
  file: r.file,
  mime: r.mime,
  width: r.width,
  height: r.height,
  alt: r.alt,
  caption: r.caption,
  variants: parseJson<MediaVariant[]>(r.variants, []),
  ...(r.credit ? { credit: r.credit } : {}),
});

const toItem = (r: Selectable<MediaTable>): MediaItem => ({
  ...toMedia(r),
  title: r.title,
  credit: r.credit,
  originalName: r.original_name,
  size: r.size,
  uploadedBy: r.uploaded_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at || r.created_at,
});

export interface NewMedia {
  file: string;
  mime: string;
  width: number;
  height: number;
  alt: string;
  caption?: string;
  variants: MediaVariant[];
  title?: string;
  credit?: string;
  originalName?: string;
  originalFile?: string;
  size?: number;
  uploadedBy?: number | null;
}

/** The stored files of a media item (original, fallback and renditions), for replace and delete. */
export interface MediaFiles {
  file: string;
  originalFile: string;
  variants: MediaVariant[];
}

export function mediaRepository(db: Kysely<Database>) {
  return {
    async byIds(ids: readonly number[]): Promise<MediaMap> {
      if (ids.length === 0) return {};
      const rows = await db.selectFrom('media').selectAll().where('id', 'in', [...new Set(ids)]).execute();
      return Object.fromEntries(rows.map((r) => [r.id, toMedia(r)]));
    },
    async byId(id: number): Promise<(MediaItem & { originalFile: string }) | null> {
      const r = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { ...toItem(r), originalFile: r.original_file } : null;
    },
    async create(m: NewMedia): Promise<number> {
      const ts = now();
      const row = await db
        .insertInto('media')
        .values({
          file: m.file,
          mime: m.mime,
          width: m.width,
          height: m.height,
          alt: m.alt,
          caption: m.caption ?? '',
          variants: JSON.stringify(m.variants),
          title: m.title ?? '',
          credit: m.credit ?? '',
          original_name: m.originalName ?? '',
          original_file: m.originalFile ?? '',
          size: m.size ?? 0,
          uploaded_by: m.uploadedBy ?? null,
          created_at: ts,
          updated_at: ts,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** The library: newest first (pictures or other files, or both), found by words in title, alt text, caption or file name. */
    async list(q: { search?: string; uploadedBy?: number; type?: string; kind?: 'image' | 'file'; limit: number; offset?: number }): Promise<{ items: MediaItem[]; total: number }> {
      let qb = db.selectFrom('media');
      // pictures (image pickers) or the other files (documents, audio, video…)
      if (q.kind === 'image') qb = qb.where('mime', 'like', 'image/%');
      else if (q.kind === 'file') qb = qb.where('mime', 'not like', 'image/%');
      if (q.uploadedBy) qb = qb.where('uploaded_by', '=', q.uploadedBy);
      if (q.type) qb = qb.where('mime', '=', q.type);
      if (q.search?.trim()) {
        for (const w of q.search.trim().toLowerCase().split(/\s+/).slice(0, 6)) {
          const p = likePattern(w);
          qb = qb.where((eb) =>
            eb.or(['title', 'alt', 'caption', 'original_name', 'credit'].map((c) => sql<boolean>`lower(${sql.ref(c)}) like ${p} escape '\\'`)),
          );
        }
      }
      const [count, rows] = await Promise.all([
        qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset ?? 0).execute(),
      ]);
      return { items: rows.map(toItem), total: Number(count?.n ?? 0) };
    },
    async updateDetails(id: number, d: { alt: string; caption: string; credit: string; title: string }): Promise<boolean> {
      const r = await db.updateTable('media').set({ ...d, updated_at: now() }).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Points a media item at new files (a replaced image); its id, texts and uses stay. */
    async replaceFiles(id: number, f: { file: string; mime: string; width: number; height: number; variants: MediaVariant[]; originalName: string; originalFile: string; size: number }): Promise<void> {
      await db
        .updateTable('media')
        .set({
          file: f.file,
          mime: f.mime,
          width: f.width,
          height: f.height,
          variants: JSON.stringify(f.variants),
          original_name: f.originalName,
          original_file: f.originalFile,
          size: f.size,
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute();
    },
    async remove(id: number): Promise<boolean> {
      const r = await db.deleteFrom('media').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    /** Accounts whose avatar is this image. */
    async avatarOf(id: number): Promise<{ id: number; displayName: string }[]> {
      const rows = await db.selectFrom('users').select(['id', 'display_name']).where('avatar_media_id', '=', id).execute();
      return rows.map((r) => ({ id: r.id, displayName: r.display_name }));
    },
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;
