/**
 * The HTTP entry against the built site (npm test builds first): headers, compression, the page
 * cache and its invalidation, static assets, the theme-call endpoint's checks, health and shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestSite, type TestSite } from '../support/site.ts';

let server: TestSite;
let base: string;
/** the platform's encoder, before the server replaced it for long strings (http/utf8.server.ts) */
const nativeEncode = TextEncoder.prototype.encode;

beforeAll(async () => {
  server = await startTestSite('sqlite', { MASTHEAD_RATE_LIMIT: '20' });
  base = server.url;
});
afterAll(() => server?.close());

const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { headers, redirect: 'manual' });

describe('HTTP entry', () => {
  it('answers /healthz while the database is usable', async () => {
    const r = await get('/healthz');
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
  });

  it('sends security headers and a hash-based CSP that covers every inline script', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(r.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline\'; script'); // scripts are never allowed inline wholesale
    const html = await r.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([\s\S]*?)<\/script>/g)].filter((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const m of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  });

  it('compresses pages with brotli or gzip as the client accepts', async () => {
    // fetch() decompresses transparently, so read raw bytes through node:http
    const http = await import('node:http');
    const raw = (enc: string, cookie = '') =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        http.get(base + '/', { headers: { 'accept-encoding': enc, ...(cookie ? { cookie } : {}) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const br = await raw('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('<main id="main"');
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<main id="main"');
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<main id="main"');
    // a page rendered for one answer (a session cookie skips the cache) is compressed for it alone
    const session = 'masthead_session=not-a-real-session';
    const brOnce = await raw('br, gzip', session);
    expect(brOnce.headers['x-cache']).toBeUndefined();
    expect(brOnce.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brOnce.body).toString()).toContain('<main id="main"');
    const gzOnce = await raw('gzip', session);
    expect(gzOnce.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzOnce.body).toString()).toContain('<main id="main"');
  });

  it('encodes a page holding characters beyond Latin-1 through the faster encoder, to the same bytes', async () => {
    // (uncompressed: fetch() hands over the bytes as sent)
    const r = await get('/', { 'accept-encoding': 'identity', cookie: 'masthead_session=not-a-real-session' });
    expect(r.headers.get('content-encoding')).toBeNull();
    const body = Buffer.from(await r.arrayBuffer());
    const html = body.toString('utf8');
    expect(TextEncoder.prototype.encode).not.toBe(nativeEncode);
    expect(html).toMatch(/[^\u0000-\u00ff]/); // (the demo's curly quotes and dashes: a two-byte string in V8)
    expect(Buffer.from(nativeEncode.call(new TextEncoder(), html)).equals(body)).toBe(true);
  });

  it('serves anonymous pages from the cache until content changes', async () => {
    server.runtime.cache.clear(); // (query parameters pages do not read are not part of the key)
    const first = await get('/?cache-test=1');
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await get('/?cache-test=1');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    const etag = second.headers.get('etag')!;
    expect((await get('/?cache-test=1', { 'if-none-match': etag })).status).toBe(304);
    await server.runtime.contentChanged();
    expect((await get('/?cache-test=1')).headers.get('x-cache')).toBe('MISS');
  });

  it('never caches a request that carries a session cookie', async () => {
    const r = await get('/?cache-test=2', { cookie: 'masthead_session=not-a-real-session' });
    expect(r.headers.get('x-cache')).toBeNull();
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect((await get('/?cache-test=2', { cookie: 'masthead_session=x' })).headers.get('x-cache')).toBeNull();
  });

  it('serves hashed assets immutably, precompressed', async () => {
    const assets = readdirSync(path.join(server.runtime.config.distDir, 'client', '_astro'));
    const css = assets.find((a) => a.endsWith('.css') || a.endsWith('.js'));
    expect(css).toBeTruthy();
    const r = await get(`/_astro/${css}`, { 'accept-encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('content-encoding')).toBe('br');
    expect((await get('/_astro/..%2f..%2fpackage.json')).status).toBe(404);
  });

  it('answers unknown addresses with a 404 page', async () => {
    const r = await get('/no-such-page-here/');
    expect(r.status).toBe(404);
    expect(await r.text()).toContain('<main');
  });
});

describe('theme-call endpoint', () => {
  const origin = () => new URL(base).origin;
  async function nonce(): Promise<{ nonce: string; cookie: string }> {
    const r = await get('/api/nonce?visitor=1');
    expect(r.headers.get('cache-control')).toContain('no-store');
    const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^masthead_vid=/);
    return { nonce: ((await r.json()) as { nonce: string }).nonce, cookie };
  }
  const post = (fields: Record<string, string>, headers: Record<string, string>) => fetch(`${base}/api/theme`, { method: 'POST', body: new URLSearchParams(fields), headers });

  it('rejects calls from another origin', async () => {
    const { nonce: n, cookie } = await nonce();
    const r = await post({ action: 'masthead-post-like', nonce: n, post_id: '1' }, { origin: 'https://evil.example', cookie });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ success: false, data: { code: 'bad_origin' } });
  });

  it('rejects a missing or forged nonce', async () => {
    const { cookie } = await nonce();
    const r = await post({ action: 'masthead-post-like', nonce: 'forged', post_id: '1' }, { origin: origin(), cookie });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ data: { code: 'invalid_nonce' } });
    // a nonce belongs to its visitor
    const other = await nonce();
    const r2 = await post({ action: 'masthead-post-like', nonce: other.nonce, post_id: '1' }, { origin: origin(), cookie });
    expect(r2.status).toBe(403);
  });

  it('rejects unknown actions and invalid input with clear messages', async () => {
    const { nonce: n, cookie } = await nonce();
    expect((await post({ action: 'nope', nonce: n }, { origin: origin(), cookie })).status).toBe(400);
    const bad = await post({ action: 'masthead-post-like', nonce: n, post_id: 'abc' }, { origin: origin(), cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, data: { code: 'invalid_input' } });
  });

  it('runs a valid action', async () => {
    const { nonce: n, cookie } = await nonce();
    const post1 = (await server.runtime.repos.posts.list({ limit: 1 })).items[0]!;
    const r = await post({ action: 'masthead-post-like', nonce: n, post_id: String(post1.id) }, { origin: origin(), cookie });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ success: true, data: { liked: true } });
  });

  it('limits the rate of calls per address', async () => {
    server.runtime.limiter.reset('theme:127.0.0.1');
    server.runtime.limiter.reset('theme:::ffff:127.0.0.1');
    const { nonce: n, cookie } = await nonce();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await post({ action: 'nope', nonce: n }, { origin: origin(), cookie })).status);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBe(20);
  });
});
