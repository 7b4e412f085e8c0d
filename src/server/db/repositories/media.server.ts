import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MediaTable } from '../schema.server.ts';
import type { Media, MediaItem, MediaMap, MediaVariant } from '../../../features/media/types.ts';
import { likePattern, now, parseJson } from './util.server.ts';

/**
 * How the repositories spell a stored file's address for pages: the database keeps the site's
 * `/media/uploads/…`; with MEDIA_PUBLIC_URL set (media on a bucket website or CDN) they answer that
 * address instead (features/media/storage.server.ts publicMediaUrl), so every page, srcset and feed
 * links there directly.
 */
export interface RepositoryOptions {
  mediaUrl?: (file: string) => string;
  /** told of a failure a repository works around (the server logs it) */
  warn?: (err: unknown, message: string) => void;
}
const same = (f: string) => f;

export const toMedia = (r: Selectable<MediaTable>, url: (file: string) => string = same): Media => ({
  id: r.id,
  file: url(r.file),
  mime: r.mime,
  width: r.width,
  height: r.height,
  alt: r.alt,
  caption: r.caption,
  variants: url === same ? parseJson<MediaVariant[]>(r.variants, []) : parseJson<MediaVariant[]>(r.variants, []).map((v) => ({ ...v, file: url(v.file) })),
  ...(r.credit ? { credit: r.credit } : {}),
});

const toItem = (r: Selectable<MediaTable>, url: (file: string) => string): MediaItem => ({
  ...toMedia(r, url),
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

export function mediaRepository(db: Kysely<Database>, opts: RepositoryOptions = {}) {
  const url = opts.mediaUrl ?? same;
  return {
    async byIds(ids: readonly number[]): Promise<MediaMap> {
      if (ids.length === 0) return {};
      const rows = await db.selectFrom('media').selectAll().where('id', 'in', [...new Set(ids)]).execute();
      return Object.fromEntries(rows.map((r) => [r.id, toMedia(r, url)]));
    },
    async byId(id: number): Promise<(MediaItem & { originalFile: string }) | null> {
      const r = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { ...toItem(r, url), originalFile: r.original_file } : null;
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
      return { items: rows.map((r) => toItem(r, url)), total: Number(count?.n ?? 0) };
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
    /** Every file the library's rows name, as stored (site addresses and original paths), for the orphan sweep. */
    async allFiles(): Promise<{ file: string; variants: MediaVariant[]; originalFile: string }[]> {
      const rows = await db.selectFrom('media').select(['file', 'variants', 'original_file']).execute();
      return rows.map((r) => ({ file: r.file, variants: parseJson<MediaVariant[]>(r.variants, []), originalFile: r.original_file }));
    },
    /** Accounts whose avatar is this image. */
    async avatarOf(id: number): Promise<{ id: number; displayName: string }[]> {
      const rows = await db.selectFrom('users').select(['id', 'display_name']).where('avatar_media_id', '=', id).execute();
      return rows.map((r) => ({ id: r.id, displayName: r.display_name }));
    },
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;
