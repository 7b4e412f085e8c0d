/**
 * The Range checks (RFC 9110 §14) every upload answers the same, whichever store holds it:
 * used by tests/integration/hardening-http.test.ts (DATA_DIR, from memory and from disk) and
 * tests/integration/media-storage.test.ts (DATA_DIR and the S3 bucket).
 */
import http from 'node:http';
import { expect } from 'vitest';

export interface BinaryAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add Accept-Encoding and decode). */
export function get(base: string, urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<BinaryAnswer> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, method, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Bytes that differ at every position (a shifted range would show). */
export function patterned(size: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 7 + (i >> 8)) % 256;
  return b;
}

/**
 * Asks for `urlPath` (a file whose bytes are `bytes`) in every way a player or a cache does, and
 * checks the status, the headers and the bytes; `upload` headers (nosniff, the sandbox CSP, and
 * `disposition`) on every answer with a body.
 */
export async function checkRanges(base: string, urlPath: string, bytes: Buffer, opts: { type: string; disposition?: string | undefined }) {
  const size = bytes.length;
  const whole = await get(base, urlPath);
  expect(whole.status).toBe(200);
  expect(whole.headers['accept-ranges']).toBe('bytes');
  expect(whole.body.equals(bytes)).toBe(true);
  const etag = String(whole.headers.etag);
  expect(etag).toMatch(/^"[^"]+"$/);

  const expectUploadHeaders = (r: BinaryAnswer) => {
    expect(r.headers['content-type']).toBe(opts.type);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(r.headers['content-disposition']).toBe(opts.disposition);
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.headers.etag).toBe(etag);
    expect(r.headers['content-encoding']).toBeUndefined();
  };
  expectUploadHeaders(whole);

  const cases: [string, number, number][] = [
    ['bytes=0-1', 0, 1], // what Safari asks first
    ['bytes=100-199', 100, 199],
    [`bytes=${size - 10}-`, size - 10, size - 1],
    ['bytes=-300', size - 300, size - 1],
    [`bytes=${size - 5}-${size + 1000}`, size - 5, size - 1], // cut to the end
    ['bytes=0-', 0, size - 1],
  ];
  for (const [range, start, end] of cases) {
    // Accept-Encoding too: a range is of the identity bytes, never of a compressed variant
    const r = await get(base, urlPath, { range, 'accept-encoding': 'br, gzip' });
    expect([range, r.status, r.headers['content-range'], r.headers['content-length']]).toEqual([range, 206, `bytes ${start}-${end}/${size}`, String(end - start + 1)]);
    expectUploadHeaders(r);
    expect(r.body.equals(bytes.subarray(start, end + 1))).toBe(true);
  }

  // past the end: 416 with the size
  for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
    const r = await get(base, urlPath, { range });
    expect([range, r.status, r.headers['content-range']]).toEqual([range, 416, `bytes */${size}`]);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body.length).toBe(0);
  }

  // not one well-formed byte range (several, reversed, another unit): the whole file, 200
  for (const range of ['bytes=0-1, 5-6', 'bytes=9-3', 'items=0-1', 'bytes=x-']) {
    const r = await get(base, urlPath, { range });
    expect([range, r.status, r.headers['content-range']]).toEqual([range, 200, undefined]);
    expect(r.body.equals(bytes)).toBe(true);
  }

  // If-Range: the range only for this version's ETag
  const same = await get(base, urlPath, { range: 'bytes=10-19', 'if-range': etag });
  expect(same.status).toBe(206);
  expect(same.body.equals(bytes.subarray(10, 20))).toBe(true);
  for (const ifRange of ['"another-version"', `W/${etag}`, 'Wed, 21 Oct 2015 07:28:00 GMT']) {
    const other = await get(base, urlPath, { range: 'bytes=10-19', 'if-range': ifRange });
    expect([ifRange, other.status, other.headers['content-range']]).toEqual([ifRange, 200, undefined]);
    expect(other.body.equals(bytes)).toBe(true);
  }

  // If-None-Match first: 304 even with a Range
  expect((await get(base, urlPath, { range: 'bytes=0-1', 'if-none-match': etag })).status).toBe(304);
  expect((await get(base, urlPath, { range: `bytes=${size}-`, 'if-none-match': etag })).status).toBe(304);

  // HEAD: Range is for GET only (RFC 9110 §14.2), the whole file's headers, no body
  const head = await get(base, urlPath, { range: 'bytes=0-1' }, 'HEAD');
  expect(head.status).toBe(200);
  expect(head.headers['content-length']).toBe(String(size));
  expect(head.headers['accept-ranges']).toBe('bytes');
  expect(head.body.length).toBe(0);
}
