import { createReadStream } from 'node:fs';
import { chmod, copyFile, constants as fsConstants, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { resolveRange, type ByteRange, type RangeSpec } from '../../server/http/range.ts';

/**
 * Where the media library's files live: ONE interface for every write, read, listing and delete of
 * an upload's files (the served renditions and the private original), whoever makes them (admin
 * upload, replace and delete, the WordPress import's `--media` copy, a future attachment type).
 *
 * A file is named by its key, a relative path that starts with its area:
 *   - `uploads/2026/11/harbour-1a2b3c4d-960.webp`: served to visitors, at `/media/uploads/…` through
 *     the site, or at MEDIA_PUBLIC_URL + `/uploads/…` when that is set (bucket website or CDN);
 *   - `originals/2026/11/harbour-1a2b3c4d.jpg`: the upload as it came (camera metadata and all),
 *     never served;
 *   - `private/cf7/9f…e1.pdf`: contact-form attachments, downloaded by signed-in staff only
 *     (src/server/admin/attachment.server.ts), never served publicly.
 * Keys are unique (a random part in every name) and never written twice: a replaced image gets
 * new keys, so a key's bytes never change and caches may keep them.
 *
 * Two stores: the local DATA_DIR (default; one machine, or several processes on it), and an
 * S3-compatible bucket (MEDIA_STORAGE=s3: AWS S3, MinIO, Cloudflare R2, …) through the official
 * AWS SDK v3 client, for several machines.
 */
export type MediaArea = 'uploads' | 'originals' | 'private';
export const MEDIA_AREAS: readonly MediaArea[] = ['uploads', 'originals', 'private'];

/** Where the site itself serves the `uploads` area. */
export const SITE_UPLOADS_PATH = '/media/uploads/';

export interface StoredObject {
  /** the file's bytes, or only the range's when `range` is a ByteRange (none when 'unsatisfiable') */
  body: Readable;
  /** the whole file's size, whatever part `body` holds */
  size: number;
  /** a strong validator of the whole file, quoted (`"…"`) */
  etag: string;
  /**
   * Set when a range was asked for: the bytes `body` holds (positions inclusive), or
   * 'unsatisfiable' when the file has no such bytes (an empty body). Unset: `body` is the whole
   * file (no range asked, or an empty file, or a store that ignored it).
   */
  range?: ByteRange | 'unsatisfiable';
}

export interface StoredEntry {
  key: string;
  modified: Date;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Writes a new file. Throws MediaStoreError when the store cannot take it. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes a new file from a file on this machine's disk (a large upload the admin streamed to
   * DATA_DIR/uploads-tmp), without reading it into memory. `move`: the source is not needed
   * afterwards (the local store renames it instead of copying; others leave it to the caller).
   */
  putFile(key: string, file: string, contentType: string, opts?: { move?: boolean }): Promise<void>;
  /**
   * Reads a file: null when there is none, 'not-modified' when `ifNoneMatch` is its ETag; with
   * `range`, only those bytes (an S3 GetObject Range; `range` on the answer says what came).
   */
  get(key: string, ifNoneMatch?: string, range?: RangeSpec): Promise<StoredObject | 'not-modified' | null>;
  /** Deletes files; missing ones are no error. Throws MediaStoreError when the store cannot. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every file below a prefix (e.g. `uploads/2026/`) with its last change, in no particular order. */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /**
   * The folder on this machine's disk that holds an area, when the store is the local one: the
   * site serves `uploads` from it with its in-memory static file server. Null for remote stores
   * (the site streams from `get`).
   */
  localDir(area: MediaArea): string | null;
  /** Start-up check: the store answers (the bucket exists and the credentials may use it). */
  check(): Promise<void>;
  close(): void;
}

/** The store could not be reached or refused (network, credentials, missing bucket). */
export class MediaStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaStoreError';
  }
}

/** A key as the stores accept it: an area, then plain segments (no `.`/`..`, no empty, no backslash or control character). */
export function validKey(key: string): boolean {
  const segments = key.split('/');
  if (segments.length < 2 || !MEDIA_AREAS.includes(segments[0] as MediaArea)) return false;
  return segments.every((s) => s !== '' && s !== '.' && s !== '..' && !/[\u0000-\u001f\u007f\\]/.test(s));
}

function assertKey(key: string) {
  if (!validKey(key)) throw new MediaStoreError(`Not a media key: ${JSON.stringify(key)}`);
}

// --- addresses ---------------------------------------------------------------------------------

/**
 * The address pages link to for a stored `file` (as the database keeps it: `/media/uploads/…`):
 * the same when `publicBase` is unset, else `publicBase/uploads/…`. Anything else (demo images,
 * outside addresses) is left alone.
 */
export function publicMediaUrl(publicBase: string | undefined): (file: string) => string {
  if (!publicBase) return (file) => file;
  const base = publicBase.replace(/\/+$/, '');
  return (file) => (file.startsWith(SITE_UPLOADS_PATH) ? `${base}/uploads/${file.slice(SITE_UPLOADS_PATH.length)}` : file);
}

/** The key behind an address of the `uploads` area (the site's or the public base's spelling); null for anything else. */
export function uploadKeyOf(url: string, publicBase?: string): string | null {
  let rel: string | null = null;
  if (url.startsWith(SITE_UPLOADS_PATH)) rel = url.slice(SITE_UPLOADS_PATH.length);
  else if (publicBase) {
    const base = `${publicBase.replace(/\/+$/, '')}/uploads/`;
    if (url.startsWith(base)) rel = url.slice(base.length);
  }
  if (rel === null) return null;
  const key = `uploads/${rel}`;
  return validKey(key) ? key : null;
}

/** The site's address of a key of the `uploads` area (what the database keeps). */
export const siteUrlOf = (key: string): string => `${SITE_UPLOADS_PATH}${key.slice('uploads/'.length)}`;

// --- local -------------------------------------------------------------------------------------

/** Files under DATA_DIR/uploads and DATA_DIR/originals. */
export function createLocalStore(dataDir: string): MediaStore {
  const root = path.resolve(dataDir);
  const full = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = full(key);
      const restricted = key.startsWith('private/');
      try {
        await mkdir(path.dirname(file), { recursive: true, ...(restricted ? { mode: 0o750 } : {}) });
        await writeFile(file, body, { flag: 'wx', ...(restricted ? { mode: 0o640 } : {}) });
      } catch (err) {
        throw new MediaStoreError(`Could not write ${key} in ${root}: ${(err as Error).message}`, { cause: err });
      }
    },
    async putFile(key, source, _contentType, opts) {
      const file = full(key);
      const restricted = key.startsWith('private/');
      try {
        await mkdir(path.dirname(file), { recursive: true, ...(restricted ? { mode: 0o750 } : {}) });
        if (await stat(file).catch(() => null)) throw Object.assign(new Error('the file exists'), { code: 'EEXIST' });
        // a move within DATA_DIR is a rename; across file systems, a copy
        const moved = opts?.move ? await rename(source, file).then(() => true, (err: NodeJS.ErrnoException) => (err.code === 'EXDEV' ? false : Promise.reject(err))) : false;
        if (!moved) await copyFile(source, file, fsConstants.COPYFILE_EXCL);
        if (restricted) await chmod(file, 0o640);
      } catch (err) {
        throw new MediaStoreError(`Could not write ${key} in ${root}: ${(err as Error).message}`, { cause: err });
      }
    },
    async get(key, ifNoneMatch, range) {
      const file = full(key);
      const st = await stat(file).catch(() => null);
      if (!st?.isFile()) return null;
      const etag = `"${createHash('sha1').update(`${st.ino}:${st.size}:${st.mtimeMs}`).digest('base64url').slice(0, 16)}"`;
      if (ifNoneMatch === etag) return 'not-modified';
      const part = range && st.size > 0 ? resolveRange(range, st.size) : undefined;
      if (part === 'unsatisfiable') return { body: Readable.from([]), size: st.size, etag, range: part };
      return { body: createReadStream(file, part ?? {}), size: st.size, etag, ...(part ? { range: part } : {}) };
    },
    async remove(keys) {
      await Promise.all(keys.map((k) => rm(full(k), { force: true }))).catch((err) => {
        throw new MediaStoreError(`Could not delete media files in ${root}: ${(err as Error).message}`, { cause: err });
      });
    },
    async *list(prefix) {
      const dir = path.join(root, ...prefix.split('/').filter(Boolean));
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (!e.isFile()) continue;
        const file = path.join(e.parentPath, e.name);
        const st = await stat(file).catch(() => null);
        if (st) yield { key: path.relative(root, file).split(path.sep).join('/'), modified: st.mtime };
      }
    },
    localDir: (area) => path.join(root, area),
    async check() {
      await mkdir(path.join(root, 'uploads'), { recursive: true });
    },
    close() {},
  };
}

// --- S3 ----------------------------------------------------------------------------------------

export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** an S3-compatible service's address (MinIO, R2, …); none for AWS */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** both or neither: without them the SDK's usual sources (AWS_* variables, instance role, …) */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** put before every key, e.g. `masthead/` (empty or ending with `/`) */
  prefix: string;
}

/** Files as objects of one bucket, below an optional prefix. */
export function createS3Store(cfg: S3StoreConfig, opts: { maxAttempts?: number; timeoutMs?: number } = {}): MediaStore {
  const client = new S3Client({
    region: cfg.region,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    forcePathStyle: cfg.forcePathStyle,
    ...(cfg.accessKeyId && cfg.secretAccessKey ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } } : {}),
    maxAttempts: opts.maxAttempts ?? 3,
    requestHandler: { connectionTimeout: Math.min(opts.timeoutMs ?? 5000, 5000), requestTimeout: opts.timeoutMs ?? 30_000 },
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const where = `bucket "${cfg.bucket}"${cfg.endpoint ? ` at ${cfg.endpoint}` : ` in ${cfg.region}`}`;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${cfg.prefix}${key}`;
  };
  const status = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  const describe = (err: unknown) => {
    const e = err as { name?: string; code?: string; message?: string };
    const code = status(err);
    if (code === 403) return 'access denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and the bucket policy)';
    if (code === 404 || e.name === 'NoSuchBucket' || e.name === 'NotFound') return 'no such bucket';
    if (err instanceof S3ServiceException) return `${e.name}${code ? ` (HTTP ${code})` : ''}`;
    return e.code ?? e.message ?? String(err);
  };
  const fail = (what: string, err: unknown): never => {
    throw new MediaStoreError(`Object storage (${where}) could not ${what}: ${describe(err)}`, { cause: err });
  };
  const putObject = async (key: string, body: Buffer | Readable, size: number, contentType: string) => {
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: cfg.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: size,
          // What a bucket website or CDN serves directly: the same as the site's own answer.
          ...(key.startsWith('uploads/') ? { CacheControl: UPLOAD_CACHE_CONTROL } : {}),
        }),
      );
    } catch (err) {
      fail(`store ${key}`, err);
    }
  };
  return {
    kind: 's3',
    put: (key, body, contentType) => putObject(key, body, body.length, contentType),
    async putFile(key, file, contentType) {
      // One PutObject takes up to 5 GB: far above any upload limit here.
      const size = (await stat(file)).size;
      await putObject(key, createReadStream(file), size, contentType);
    },
    async get(key, ifNoneMatch, range) {
      const Key = objectKey(key);
      const fallbackEtag = () => `"${createHash('sha1').update(key).digest('base64url').slice(0, 16)}"`;
      /** The object's size and ETag (a range the bucket cannot answer, a suffix range); throws a 404 when there is none. */
      const head = async () => {
        const h = await client.send(new HeadObjectCommand({ Bucket: cfg.bucket, Key }));
        return { size: Number(h.ContentLength ?? 0), etag: h.ETag ?? fallbackEtag() };
      };
      try {
        // The bucket is asked for absolute positions only (`bytes=a-b`, `bytes=a-`): some
        // S3-compatible services misread a suffix (`bytes=-n`), so that one is resolved against the
        // object's size first (one HEAD more).
        let asked: string | undefined;
        if (range && 'suffix' in range) {
          const h = await head();
          if (ifNoneMatch === h.etag) return 'not-modified';
          const part = h.size > 0 ? resolveRange(range, h.size) : undefined;
          if (part === 'unsatisfiable') return { body: Readable.from([]), size: h.size, etag: h.etag, range: part };
          if (part) asked = `bytes=${part.start}-${part.end}`;
        } else if (range) asked = `bytes=${range.first}-${range.last ?? ''}`;
        const r = await client.send(new GetObjectCommand({ Bucket: cfg.bucket, Key, ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}), ...(asked ? { Range: asked } : {}) }));
        const etag = r.ETag ?? fallbackEtag();
        // `bytes first-last/size`: what the bucket sent (absent when it ignored the range)
        const m = asked ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(r.ContentRange ?? '') : null;
        if (m) return { body: r.Body as Readable, size: Number(m[3]), etag, range: { start: Number(m[1]), end: Number(m[2]) } };
        return { body: r.Body as Readable, size: Number(r.ContentLength ?? 0), etag };
      } catch (err) {
        const code = status(err);
        if (code === 304) return 'not-modified';
        if (code === 404) return null;
        if (code === 416) {
          // past the end, or an empty object (which is sent whole, as from DATA_DIR)
          try {
            const h = await head();
            // If-None-Match comes before Range (RFC 9110 §13.2.2), whatever order the bucket took
            if (ifNoneMatch === h.etag) return 'not-modified';
            if (h.size > 0) return { body: Readable.from([]), size: h.size, etag: h.etag, range: 'unsatisfiable' };
            return { body: Readable.from([]), size: 0, etag: h.etag };
          } catch (headErr) {
            if (status(headErr) === 404) return null;
            return fail(`read ${key}`, headErr);
          }
        }
        return fail(`read ${key}`, err);
      }
    },
    async remove(keys) {
      // DeleteObjects takes at most 1000 keys a request.
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        try {
          const r = await client.send(new DeleteObjectsCommand({ Bucket: cfg.bucket, Delete: { Objects: batch.map((k) => ({ Key: objectKey(k) })), Quiet: true } }));
          const errors = (r.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
          if (errors.length) throw new MediaStoreError(`Object storage (${where}) could not delete ${errors[0]!.Key}: ${errors[0]!.Code ?? 'error'}`);
        } catch (err) {
          if (err instanceof MediaStoreError) throw err;
          fail('delete media files', err);
        }
      }
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        let r;
        try {
          r = await client.send(new ListObjectsV2Command({ Bucket: cfg.bucket, Prefix: `${cfg.prefix}${prefix}`, ...(token ? { ContinuationToken: token } : {}) }));
        } catch (err) {
          return fail(`list ${prefix}`, err);
        }
        for (const o of r.Contents ?? []) if (o.Key) yield { key: o.Key.slice(cfg.prefix.length), modified: o.LastModified ?? new Date() };
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
    },
    localDir: () => null,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: cfg.bucket }));
      } catch (err) {
        fail('be reached', err);
      }
    },
    close: () => client.destroy(),
  };
}

/** Cache-Control of served uploads (the site's answer, and the objects' own for a bucket website or CDN). */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=86400';

/** The store the configuration names. */
export function createMediaStore(cfg: { dataDir: string; media: MediaStorageConfig }): MediaStore {
  return cfg.media.storage === 's3' ? createS3Store(cfg.media.s3) : createLocalStore(cfg.dataDir);
}

export type MediaStorageConfig =
  | { storage: 'local'; publicUrl: string | undefined }
  | { storage: 's3'; publicUrl: string | undefined; s3: S3StoreConfig };
