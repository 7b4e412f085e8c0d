import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { createHash } from 'node:crypto';

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
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
};

export const isCompressible = (type: string) => /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg)/.test(type);

/**
 * Serves files from fixed roots, read once and kept in memory with their brotli and gzip
 * forms (compressed once, at best quality). Paths are resolved inside the root only.
 */
export function createStaticFiles(mounts: { prefix: string; dir: string; cacheControl: (rel: string) => string }[]) {
  const memo = new Map<string, StaticFile | null>();
  return {
    lookup(urlPath: string): StaticFile | null {
      const hit = memo.get(urlPath);
      if (hit !== undefined) return hit;
      const file = load(urlPath);
      // Only remember misses for bounded, well-formed paths, so random URLs cannot grow the map.
      if (file || memo.size < 5000) memo.set(urlPath, file);
      return file;
    },
  };

  function load(urlPath: string): StaticFile | null {
    for (const m of mounts) {
      if (!urlPath.startsWith(m.prefix)) continue;
      let rel: string;
      try {
        rel = decodeURIComponent(urlPath.slice(m.prefix.length));
      } catch {
        return null;
      }
      if (!rel || rel.includes('\0')) return null;
      const root = path.resolve(m.dir);
      const full = path.resolve(root, rel);
      if (!full.startsWith(root + path.sep)) return null;
      try {
        if (!statSync(full).isFile()) continue;
      } catch {
        continue;
      }
      const body = readFileSync(full);
      const type = TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
      const f: StaticFile = { body, type, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`, cacheControl: m.cacheControl(rel) };
      if (isCompressible(type) && body.length > 256) {
        f.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
        f.gzip = gzipSync(body, { level: 9 });
      }
      return f;
    }
    return null;
  }
}
export type StaticFiles = ReturnType<typeof createStaticFiles>;
