import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Repositories } from '../db/repositories/index.server.ts';
import type { MediaItem, MediaVariant } from '../../features/media/types.ts';
import type { Actor } from './actor.ts';
import { ContentError, isContentError } from './errors.ts';
import { extensionOf, sniffFile, sniffImage, type ImageType } from './sniff.ts';
import { FILE_TYPES, isImage, type FileType } from '../../features/media/files.ts';
import { slugify } from '../../features/content/slug.ts';
import { can, canEditMedia } from '../../features/accounts/permissions.ts';
import { blockMediaIds, blocksSchema } from '../../features/post/blocks.ts';
import { adminEditPath, type ContentKind } from '../../features/content/status.ts';
import { settingsKeys } from '../../features/site/settings.ts';

/**
 * The media library's writes: ingest an upload (checked by its content, never its name), make its
 * renditions, edit its texts, replace its file, delete it (refused while something uses it).
 *
 * Renditions (sharp, at upload time): the widths the renderer asks for (src/ui/Image.tsx: `sizes`
 * up to 760 px of article width, 2× for dense screens; cards and sliders up to 1600) in AVIF and
 * WebP, plus a JPEG (PNG when the image has transparency) that every browser can show. Width and
 * height are stored so pages reserve the box and never shift. EXIF orientation is applied and all
 * metadata (camera, GPS) is stripped from what is served; the upload itself is kept, privately,
 * in DATA_DIR/originals.
 *
 * Files that are not pictures (documents, spreadsheets, slides, zip, audio, video: FILE_TYPES in
 * src/features/media/files.ts, recognised by their content with `file-type`) are stored as they
 * came, once, in DATA_DIR/uploads under a name whose extension is their sniffed type's (so they
 * are served with that type, src/server/http/static.server.ts); no renditions, no size in pixels
 * (width and height 0), `mime` their type. They are in use where a body links to their address.
 */
export const MEDIA_LIMITS = {
  /** bytes of one upload (the largest kind: a file that is not a picture) */
  maxBytes: 64 * 1024 * 1024,
  /** bytes of one picture */
  maxImageBytes: 20 * 1024 * 1024,
  /** pixels of one image (a 50-megapixel photo is fine; a decompression bomb is not) */
  maxPixels: 50_000_000,
  maxText: { alt: 500, caption: 1000, credit: 300, title: 300 },
} as const;
export const RENDITION_WIDTHS = [480, 960, 1600] as const;
/** Largest width kept for the served full-size image. */
export const FULL_WIDTH = 2400;
export const ACCEPTED_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];

export interface MediaDeps {
  repos: Repositories;
  /** DATA_DIR: renditions go to DATA_DIR/uploads (served at /media/uploads/), originals to DATA_DIR/originals (never served) */
  dataDir: string;
  contentChanged(keys?: readonly string[]): Promise<void>;
  now?: () => Date;
}

export interface Upload {
  bytes: Uint8Array;
  /** the file's name as the browser gave it */
  filename: string;
}

export interface MediaTexts {
  alt: string;
  caption: string;
  credit: string;
  title: string;
}

/** Where a media item is used: refused deletes list these. */
export interface MediaUsage {
  items: { kind: ContentKind; id: number; title: string; url: string }[];
  authors: { id: number; displayName: string }[];
  homePage: boolean;
}

interface Processed {
  file: string;
  mime: string;
  width: number;
  height: number;
  variants: MediaVariant[];
  originalFile: string;
  written: string[];
}

export function createMediaService(deps: MediaDeps) {
  const { repos } = deps;
  const clock = deps.now ?? (() => new Date());
  const uploadsDir = path.join(deps.dataDir, 'uploads');
  const originalsDir = path.join(deps.dataDir, 'originals');
  const PUBLIC = '/media/uploads/';

  const tooLarge = (bytes: number, limit: number) => new ContentError('too_large', `The file is ${(bytes / 1048576).toFixed(1)} MB; the limit is ${limit / 1048576} MB.`, { field: 'file' });
  const folderOf = (d: Date) => `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  const baseOf = (originalName: string, fallback: string) => slugify(originalName.replace(/\.[a-z0-9]{1,5}$/i, '')).slice(0, 60) || fallback;

  /** Checks an upload and writes its renditions (a picture) or the file itself (anything else the library takes); nothing is stored in the database yet. */
  async function process(upload: Upload): Promise<Processed & { originalName: string; size: number; type: ImageType | FileType }> {
    const { bytes } = upload;
    if (bytes.byteLength === 0) throw new ContentError('invalid', 'The file is empty.', { field: 'file' });
    if (bytes.byteLength > MEDIA_LIMITS.maxBytes) throw tooLarge(bytes.byteLength, MEDIA_LIMITS.maxBytes);
    const type = sniffImage(bytes);
    if (!type) {
      const fileType = await sniffFile(bytes, upload.filename || '');
      if (!fileType) {
        throw new ContentError('unsupported', 'This type of file is not accepted: pictures (JPEG, PNG, WebP, AVIF, GIF), PDF, Word, Excel, PowerPoint, OpenDocument, ZIP, audio (MP3, M4A, Ogg, WAV, FLAC) and video (MP4, WebM, Ogg, QuickTime) are, checked by their content, not their name.', { field: 'file' });
      }
      return processFile(upload, fileType);
    }
    if (bytes.byteLength > MEDIA_LIMITS.maxImageBytes) throw tooLarge(bytes.byteLength, MEDIA_LIMITS.maxImageBytes);
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let meta: Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' }).metadata();
    } catch {
      throw new ContentError('unsupported', 'This image is damaged or cannot be read.', { field: 'file' });
    }
    if (!meta.width || !meta.height) throw new ContentError('unsupported', 'This image has no size.', { field: 'file' });
    if (meta.width * meta.height > MEDIA_LIMITS.maxPixels) {
      throw new ContentError('too_large', `The image is ${meta.width}×${meta.height} pixels; the limit is ${MEDIA_LIMITS.maxPixels / 1_000_000} megapixels.`, { field: 'file' });
    }
    const originalName = path.basename(upload.filename || 'image').slice(0, 200);
    const base = baseOf(originalName, 'image');
    const folder = folderOf(clock());
    const stem = `${base}-${randomBytes(4).toString('hex')}`;
    await mkdir(path.join(uploadsDir, folder), { recursive: true });
    await mkdir(path.join(originalsDir, folder), { recursive: true });
    const written: string[] = [];
    const put = async (dir: string, name: string, data: Buffer) => {
      const full = path.join(dir, folder, name);
      await writeFile(full, data, { flag: 'wx' });
      written.push(full);
    };
    try {
      const originalRel = `${folder}/${stem}.${extensionOf(type)}`;
      await put(originalsDir, `${stem}.${extensionOf(type)}`, input);
      const pipeline = () => sharp(input, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error', animated: false }).rotate();
      const fallbackType = meta.hasAlpha ? 'image/png' : 'image/jpeg';
      const encode = (img: Sharp, t: string) =>
        t === 'image/avif'
          ? img.avif({ quality: 52, effort: 2 })
          : t === 'image/webp'
            ? img.webp({ quality: 76, effort: 4 })
            : t === 'image/png'
              ? img.png({ compressionLevel: 9, palette: false })
              : img.jpeg({ quality: 82, mozjpeg: true });
      const ext = (t: string) => (t === 'image/avif' ? 'avif' : t === 'image/webp' ? 'webp' : t === 'image/png' ? 'png' : 'jpg');

      const full = await pipeline().resize({ width: FULL_WIDTH, height: FULL_WIDTH * 4, fit: 'inside', withoutEnlargement: true }).toBuffer({ resolveWithObject: true });
      const width = full.info.width;
      const height = full.info.height;
      const widths = [...RENDITION_WIDTHS.filter((w) => w < width), width];
      const variants: MediaVariant[] = [];
      let file = '';
      for (const w of widths) {
        for (const t of ['image/avif', 'image/webp', fallbackType]) {
          const out = await encode(sharp(full.data).resize({ width: w, withoutEnlargement: true }), t).toBuffer({ resolveWithObject: true });
          const name = `${stem}-${w}.${ext(t)}`;
          await put(uploadsDir, name, out.data);
          const url = `${PUBLIC}${folder}/${name}`;
          if (w === width && t === fallbackType) file = url;
          else variants.push({ width: out.info.width, height: out.info.height, file: url, ...(t === fallbackType ? {} : { type: t }) });
        }
      }
      return { file, mime: fallbackType, width, height, variants, originalFile: originalRel, written, originalName, size: bytes.byteLength, type };
    } catch (err) {
      await removeFiles(written);
      if (isContentError(err)) throw err;
      throw new ContentError('unsupported', 'This image could not be processed.', { field: 'file' });
    }
  }

  /**
   * A file that is not a picture: written once to DATA_DIR/uploads as it came (it is its own
   * original: nothing is stripped or re-encoded), named by its sniffed type's extension.
   */
  async function processFile(upload: Upload, type: FileType): Promise<Processed & { originalName: string; size: number; type: FileType }> {
    const originalName = path.basename(upload.filename || 'file').slice(0, 200);
    const folder = folderOf(clock());
    const name = `${baseOf(originalName, 'file')}-${randomBytes(4).toString('hex')}.${FILE_TYPES[type].ext}`;
    const full = path.join(uploadsDir, folder, name);
    await mkdir(path.dirname(full), { recursive: true });
    try {
      await writeFile(full, upload.bytes, { flag: 'wx' });
    } catch {
      await removeFiles([full]);
      throw new ContentError('unsupported', 'This file could not be stored.', { field: 'file' });
    }
    return { file: `${PUBLIC}${folder}/${name}`, mime: type, width: 0, height: 0, variants: [], originalFile: '', written: [full], originalName, size: upload.bytes.byteLength, type };
  }

  async function removeFiles(files: string[]) {
    await Promise.all(files.map((f) => rm(f, { force: true }).catch(() => undefined)));
  }

  /** Absolute paths of a stored item's files. */
  function filesOf(m: { file: string; variants: MediaVariant[]; originalFile: string }): string[] {
    const served = [m.file, ...m.variants.map((v) => v.file)]
      .filter((f) => f.startsWith(PUBLIC))
      .map((f) => path.join(uploadsDir, f.slice(PUBLIC.length)));
    return [...served, ...(m.originalFile ? [path.join(originalsDir, m.originalFile)] : [])].filter((f) => f.startsWith(uploadsDir + path.sep) || f.startsWith(originalsDir + path.sep));
  }

  function texts(input: Partial<MediaTexts>, current?: MediaTexts): MediaTexts {
    const out: MediaTexts = { alt: current?.alt ?? '', caption: current?.caption ?? '', credit: current?.credit ?? '', title: current?.title ?? '' };
    for (const k of ['alt', 'caption', 'credit', 'title'] as const) {
      if (input[k] !== undefined) out[k] = String(input[k]).trim();
      if (out[k].length > MEDIA_LIMITS.maxText[k]) throw new ContentError('invalid', `At most ${MEDIA_LIMITS.maxText[k]} characters.`, { field: k });
    }
    return out;
  }

  async function mine(actor: Actor, id: number) {
    const m = await repos.media.byId(id);
    if (!m) throw new ContentError('not_found', 'This image is not in the media library (any more).');
    if (!canEditMedia(actor, m)) throw new ContentError('forbidden', 'Your role does not allow you to change this image.');
    return m;
  }

  async function usage(id: number, m?: { file: string; mime: string } | null): Promise<MediaUsage> {
    const item = m === undefined ? await repos.media.byId(id) : m;
    // A file is used where a body links to its address (a link, a local video, an audio link).
    if (item && !isImage(item)) {
      const using = await repos.editorial.usingFile(item.file);
      return { items: using.map((c) => ({ kind: c.kind, id: c.id, title: c.title, url: adminEditPath(c.kind, c.id) })), authors: [], homePage: false };
    }
    const [candidates, authors, home] = await Promise.all([repos.editorial.usingMedia(id), repos.media.avatarOf(id), repos.settings.get('home', settingsKeys.home)]);
    const items = candidates
      .filter((c) => {
        if (c.featured) return true;
        const parsed = blocksSchema.safeParse(JSON.parse(c.body || '[]'));
        return parsed.success && blockMediaIds(parsed.data).includes(id);
      })
      .map((c) => ({ kind: c.kind, id: c.id, title: c.title, url: adminEditPath(c.kind, c.id) }));
    return { items, authors, homePage: home.blocks.some((b) => b.type === 'parallax' && b.media === id) };
  }

  return {
    limits: MEDIA_LIMITS,

    /** Stores an upload with its renditions; answers the new library item. */
    async ingest(actor: Actor, upload: Upload, input: Partial<MediaTexts> = {}): Promise<MediaItem> {
      if (!can(actor, 'media.upload')) throw new ContentError('forbidden', 'Your role does not allow you to upload.');
      const t = texts({ title: path.basename(upload.filename || '').replace(/\.[a-z0-9]{1,5}$/i, '').slice(0, 300), ...input });
      const p = await process(upload);
      try {
        const id = await repos.media.create({ file: p.file, mime: p.mime, width: p.width, height: p.height, variants: p.variants, alt: t.alt, caption: t.caption, credit: t.credit, title: t.title, originalName: p.originalName, originalFile: p.originalFile, size: p.size, uploadedBy: actor.id });
        return (await repos.media.byId(id))!;
      } catch (err) {
        await removeFiles(p.written);
        throw err;
      }
    },

    async get(actor: Actor, id: number): Promise<MediaItem & { usage: MediaUsage }> {
      if (!can(actor, 'admin.access')) throw new ContentError('forbidden', 'Your role does not allow you to see the media library.');
      const m = await repos.media.byId(id);
      if (!m) throw new ContentError('not_found', 'This image is not in the media library (any more).');
      return { ...m, usage: await usage(id, m) };
    },

    /** Alt text, caption, credit and title. Pages show the new texts at once. */
    async update(actor: Actor, id: number, input: Partial<MediaTexts>): Promise<MediaItem> {
      const m = await mine(actor, id);
      const t = texts(input, m);
      await repos.media.updateDetails(id, t);
      await deps.contentChanged();
      return (await repos.media.byId(id))!;
    },

    /** A new file for the same item: every page that shows it shows the new picture. */
    async replace(actor: Actor, id: number, upload: Upload): Promise<MediaItem> {
      const m = await mine(actor, id);
      const p = await process(upload);
      // Blocks show a picture by its id: it may only become another picture (and a file another file).
      if (isImage(m) !== isImage(p)) {
        await removeFiles(p.written);
        throw new ContentError('unsupported', isImage(m) ? 'A picture can only be replaced by another picture.' : 'A file can only be replaced by another file that is not a picture.', { field: 'file' });
      }
      try {
        await repos.media.replaceFiles(id, { file: p.file, mime: p.mime, width: p.width, height: p.height, variants: p.variants, originalName: p.originalName, originalFile: p.originalFile, size: p.size });
      } catch (err) {
        await removeFiles(p.written);
        throw err;
      }
      await removeFiles(filesOf(m));
      await deps.contentChanged();
      return (await repos.media.byId(id))!;
    },

    /** Deletes an unused item and its files; refused (with where it is used) otherwise. */
    async remove(actor: Actor, id: number): Promise<void> {
      const m = await mine(actor, id);
      const used = await usage(id, m);
      if (used.items.length || used.authors.length || used.homePage) {
        const names = [...used.items.map((i) => `“${i.title || `#${i.id}`}”`), ...used.authors.map((a) => `${a.displayName}'s profile`), ...(used.homePage ? ['the home page'] : [])];
        throw new ContentError('in_use', `This ${isImage(m) ? 'image' : 'file'} is used by ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}. Remove it there first.`, { details: used });
      }
      await repos.media.remove(id);
      await removeFiles(filesOf(m));
      await deps.contentChanged();
    },

    usage,
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
