import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import { createHash } from 'node:crypto';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface StaticFile {
  /** the bytes, or null for a file too large to keep in memory (sent from disk) */
  body: Buffer | null;
  /** absolute path on disk */
  file: string;
  size: number;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  /** extra headers of the mount (e.g. the CSP of user uploads) */
  headers: Record<string, string>;
  /** byte ranges are served (`Accept-Ranges: bytes`; src/server/http/range.ts) */
  ranges: boolean;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  // files of the media library that are not pictures (src/features/media/files.ts FILE_TYPES)
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.odp': 'application/vnd.oasis.opendocument.presentation',
  '.zip': 'application/zip',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.oga': 'audio/ogg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.ogv': 'video/ogg',
  '.mov': 'video/quicktime',
};

/** The Content-Type of a file name by its extension. */
export const typeOfName = (name: string): string => TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

export const isCompressible = (type: string) => /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg)/.test(type);

/**
 * User-supplied files (uploads, and the demo images that stand in for them) are never run as a
 * document: an SVG opened directly gets no script, no plugin, no same-origin access.
 */
export const UPLOAD_HEADERS: Record<string, string> = { 'content-security-policy': "default-src 'none'; sandbox", 'x-content-type-options': 'nosniff' };

/**
 * Whether an uploaded file is shown in the browser's tab (pictures other than SVG, PDF, audio,
 * video) or only downloaded (`Content-Disposition: attachment`): everything else, so that a type
 * a browser could run or render as a page (HTML, SVG, XML, or an unknown one) never opens as a
 * page of this site, whatever the sandbox would allow.
 */
export const inlineUpload = (type: string) => /^(image\/(jpeg|png|gif|webp|avif|x-icon)|application\/pdf|audio\/|video\/)/.test(type);

export interface Mount {
  prefix: string;
  dir: string;
  cacheControl: (rel: string) => string;
  /** files may change or disappear while the process runs (uploads): checked on every request */
  mutable?: boolean;
  headers?: Record<string, string>;
  /** types served inline; any other is sent with `Content-Disposition: attachment` (user uploads) */
  inline?: (type: string) => boolean;
  /**
   * Range requests are answered (206, of the identity bytes, never a compressed variant): every
   * user upload, as audio and video players seek with them and Safari plays no video without.
   */
  ranges?: boolean;
}

export interface StaticLimits {
  /** bytes kept in memory for all files together (raw + compressed), least recently used dropped first */
  maxBytes: number;
  /** a larger file is sent from disk on every request instead of being kept */
  maxFileBytes: number;
  /** remembered misses of immutable mounts */
  maxMisses: number;
}

const DEFAULT_LIMITS: StaticLimits = { maxBytes: 96 * 1024 * 1024, maxFileBytes: 4 * 1024 * 1024, maxMisses: 5000 };

/**
 * The one spelling a static file is served under: every segment percent-decoded and re-encoded
 * with encodeURIComponent, no empty, `.` or `..` segments, no control characters. Null when the
 * path cannot be decoded; the server serves a file only when the request is spelled exactly so,
 * so `/_astro/x/../a.js`, `/_astro//a.js` or `/_astro/%61.js` never reach the cache.
 */
export function canonicalStaticPath(urlPath: string): string | null {
  if (!urlPath.startsWith('/')) return null;
  const segments: string[] = [];
  for (const raw of urlPath.slice(1).split('/')) {
    let s: string;
    try {
      s = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (s === '' || s === '.' || s === '..' || /[\u0000-\u001f\u007f/\\]/.test(s)) return null;
    segments.push(encodeURIComponent(s));
  }
  return `/${segments.join('/')}`;
}

interface Entry {
  file: StaticFile;
  stamp: string;
  bytes: number;
}

/**
 * Serves files from fixed roots. A file is read on first use and kept in memory (bounded by
 * `maxBytes`, least recently used first out); its brotli and gzip forms are made once, on first
 * use, off the event loop (zlib's thread pool), and used from then on. Files of mutable mounts (uploads) are
 * checked against the disk on every request, so a deleted or replaced file is never served from
 * memory. Paths are resolved inside their root only.
 */
export function createStaticFiles(mounts: Mount[], limits: Partial<StaticLimits> = {}) {
  const lim = { ...DEFAULT_LIMITS, ...limits };
  const entries = new Map<string, Entry>();
  const misses = new Set<string>();
  const inFlight = new Map<string, Promise<StaticFile | null>>();
  let bytes = 0;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.bytes;
    entries.delete(key);
  };
  const keep = (key: string, e: Entry) => {
    drop(key);
    entries.set(key, e);
    bytes += e.bytes;
    for (const k of entries.keys()) {
      if (bytes <= lim.maxBytes) break;
      drop(k);
    }
  };

  /** Compresses a new entry's file in zlib's thread pool (the event loop goes on meanwhile). */
  async function compress(key: string, e: Entry): Promise<void> {
    const f = e.file;
    if (!f.body || !isCompressible(f.type) || f.body.length <= 256) return;
    const body = f.body;
    await Promise.all([
      brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipAsync(body, { level: 9 }),
    ])
      .then(([br, gz]) => {
        // Only the entry that asked gets them: a file replaced meanwhile has a new entry.
        if (entries.get(key) !== e) return;
        drop(key);
        f.br = br;
        f.gzip = gz;
        e.bytes += br.length + gz.length;
        keep(key, e);
      })
      .catch(() => undefined);
  }

  const stampOf = (st: Stats) => `${st.ino}:${st.size}:${st.mtimeMs}`;

  async function statFile(full: string): Promise<Stats | null> {
    try {
      const st = await fs.stat(full);
      return st.isFile() ? st : null;
    } catch {
      return null;
    }
  }

  return {
    /** The file for a canonical URL path, or null (then the request goes on to the pages). */
    async lookup(urlPath: string): Promise<StaticFile | null> {
      if (canonicalStaticPath(urlPath) !== urlPath) return null;
      // Requests for a file being read and compressed wait for that one job.
      const loading = inFlight.get(urlPath);
      if (loading) return loading;
      const job = find(urlPath);
      inFlight.set(urlPath, job);
      try {
        return await job;
      } finally {
        inFlight.delete(urlPath);
      }
    },
    /** Bytes held in memory and the number of files (for tests and the bench). */
    stats: () => ({ bytes, files: entries.size, misses: misses.size }),
  };

  async function find(urlPath: string): Promise<StaticFile | null> {
    const mount = mounts.find((m) => urlPath.startsWith(m.prefix));
    if (!mount) return null;
    const hit = entries.get(urlPath);
    if (hit && !mount.mutable) {
      entries.delete(urlPath);
      entries.set(urlPath, hit);
      return hit.file;
    }
    if (!hit && !mount.mutable && misses.has(urlPath)) return null;

    const rel = decodeURIComponent(urlPath.slice(mount.prefix.length));
    const root = path.resolve(mount.dir);
    const full = path.resolve(root, rel);
    if (!rel || !full.startsWith(root + path.sep)) return null;
    const st = await statFile(full);
    if (!st) {
      drop(urlPath);
      if (!mount.mutable && misses.size < lim.maxMisses) misses.add(urlPath);
      return null;
    }
    const stamp = stampOf(st);
    if (hit && hit.stamp === stamp) return hit.file;

    const type = TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
    const headers = mount.inline && !mount.inline(type) ? { ...mount.headers, 'content-disposition': 'attachment' } : (mount.headers ?? {});
    const base = { file: full, size: st.size, type, cacheControl: mount.cacheControl(rel), headers, ranges: mount.ranges === true };
    if (st.size > lim.maxFileBytes) {
      drop(urlPath);
      return { ...base, body: null, etag: `"${createHash('sha1').update(stamp).digest('base64url').slice(0, 16)}"` };
    }
    let body: Buffer;
    try {
      body = await fs.readFile(full);
    } catch {
      drop(urlPath);
      return null;
    }
    const file: StaticFile = { ...base, body, size: body.length, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"` };
    const entry: Entry = { file, stamp, bytes: body.length };
    keep(urlPath, entry);
    await compress(urlPath, entry);
    return file;
  }
}
export type StaticFiles = ReturnType<typeof createStaticFiles>;
