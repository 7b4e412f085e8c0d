/**
 * In-memory cache of rendered anonymous pages, already compressed. Entries are keyed by the
 * content version, so a publish or edit (which bumps the version) makes every old entry
 * unreachable; they then age out of the LRU.
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  storedAt: number;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  key(host: string, url: string): string;
  setVersion(v: number): void;
  readonly version: number;
  clear(): void;
  readonly size: number;
}

export function createPageCache(opts: { version: number; maxBytes?: number; maxAgeMs?: number }): PageCache {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxAgeMs = opts.maxAgeMs ?? 10 * 60 * 1000;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let version = opts.version;
  const sizeOf = (p: CachedPage) => p.raw.length + p.br.length + p.gzip.length;
  const drop = (k: string) => {
    const p = entries.get(k);
    if (p) {
      bytes -= sizeOf(p);
      entries.delete(k);
    }
  };
  return {
    get(key) {
      const p = entries.get(key);
      if (!p) return undefined;
      if (Date.now() - p.storedAt > maxAgeMs) {
        drop(key);
        return undefined;
      }
      // refresh recency
      entries.delete(key);
      entries.set(key, p);
      return p;
    },
    set(key, page) {
      drop(key);
      entries.set(key, page);
      bytes += sizeOf(page);
      for (const k of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(k);
      }
    },
    key: (host, url) => `${version}|${host}|${url}`,
    setVersion(v) {
      if (v !== version) {
        version = v;
        entries.clear();
        bytes = 0;
      }
    },
    get version() {
      return version;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
