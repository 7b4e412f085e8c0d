/**
 * Masthead's HTTP server: our entry around Astro's request handler.
 *   - static assets from memory, precompressed (brotli/gzip), hashed ones cached immutably
 *   - anonymous GET pages from the page cache, compressed once
 *   - security headers and a hash-based CSP on every page
 *   - /healthz (liveness) and /readyz (readiness), request logging with a request id
 *   - graceful shutdown: stop accepting, drain in-flight requests (10 s at most), close the database
 * Run with Node 24 (type stripping): `npm run serve` (after `npm run build`) or `npm start`.
 */
import { nodeEnv } from './mode.server.ts';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { randomUUID, createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants } from 'node:zlib';
import { promisify } from 'node:util';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.server.ts';
import type { Logger } from '../log.server.ts';
import { createRuntime, type Runtime, type RuntimeOptions } from '../runtime.server.ts';
import { runFromCommandLine } from './cluster.server.ts';
import { CapturedResponse } from './capture.server.ts';
import { canonicalStaticPath, createStaticFiles, inlineUpload, isCompressible, typeOfName, UPLOAD_HEADERS, type StaticFile, type StaticFiles } from './static.server.ts';
import { SITE_UPLOADS_PATH, UPLOAD_CACHE_CONTROL, validKey, type MediaStore } from '../../features/media/storage.server.ts';
import { clientAddress } from './client-address.server.ts';
import { contentRange, ifRangeAllows, parseRange, requestedRange, unsatisfiedRange, type ByteRange } from './range.ts';
import { bodyLimitFor, limitBody, type LimitedBody } from './body-limit.server.ts';
import { canonicalPageUrl, pageCacheable } from './cache.server.ts';
import { baseSecurityHeaders, cspFor } from './headers.server.ts';
import { buildScriptHashes } from './csp.server.ts';
import { installFastUtf8 } from './utf8.server.ts';
import type { Settings } from '../../features/site/settings.ts';
import { imageHostLines, tileSource } from '../../features/site/image-hosts.ts';
import { enabledPlayers, playerSources } from '../../features/media/video.ts';
import { parseCookies, sessionCookieName } from '../session.server.ts';
import { postpassCookieName } from '../../features/post/password-cookie.ts';
import { cspPerVisitor, etagFor, etagMatches, hasConsent, storedPageHeaders } from './cdn.server.ts';
import { withKeys } from '../surrogate.server.ts';
import { appliedMarks, rewriteHtmlBytes, siteTextRules } from '../../features/text-rules/rewrite.server.ts';

type AstroHandler = (req: IncomingMessage, res: unknown, next?: unknown, locals?: object) => Promise<void>;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The CSP's outside sources, from the settings: the geocoder's origin (maps by address), the map
 * tile servers of every map type, the players the video blocks support and their thumbnails, and
 * the owner's outside image hosts; the analytics hosts only when analytics is configured AND the
 * request carries the visitor's consent (the notice's cookie): a page sent before consent cannot
 * load the tag, and the analytics client starts with the next page (consent/analytics.ts).
 */
function cspSources(settings: Settings, consented: boolean, mediaOrigin: string | null) {
  const analytics = settings.analytics.key && consented ? ['https://www.googletagmanager.com'] : [];
  const geocoder = originOf(settings.theme.geocoderUrl);
  const { theme } = settings;
  const tiles = [theme.mapTileUrl, theme.mapSatelliteTileUrl, theme.mapHybridTileUrl, theme.mapHybridLabelsUrl, theme.mapTerrainTileUrl].map(tileSource);
  const players = playerSources(enabledPlayers(theme));
  const images = [...tiles.filter((t): t is string => t !== null), ...players.images, ...imageHostLines(theme.imageHosts)];
  return {
    frameSrc: ["'self'", ...players.frames],
    connectSrc: [...players.connect, ...(geocoder ? [geocoder] : []), ...(analytics.length ? ['https://*.google-analytics.com', ...analytics] : [])],
    scriptSrc: analytics,
    // media linked at MEDIA_PUBLIC_URL (bucket website or CDN)
    imgSrc: [...new Set([...images, ...(mediaOrigin ? [mediaOrigin] : [])])],
  };
}

/**
 * A page's Content-Security-Policy for this request: two policies per settings object (one per
 * content version), with and without the visitor's consent, computed once each. Cached pages get
 * it when they are sent, as the stored bytes are the same for every visitor.
 */
function pagePolicies(scriptHashes: readonly string[], mediaOrigin: string | null) {
  const memo = new WeakMap<Settings, { consented: string; not: string }>();
  return (settings: Settings, cookieHeader: string | undefined): string => {
    let p = memo.get(settings);
    if (!p) memo.set(settings, (p = { consented: cspFor(scriptHashes, cspSources(settings, true, mediaOrigin)), not: cspFor(scriptHashes, cspSources(settings, false, mediaOrigin)) }));
    return hasConsent(settings, cookieHeader) ? p.consented : p.not;
  };
}

function originOf(url: string): string | null {
  try {
    const u = new URL(url.replace(/\{[^}]*\}/g, 'x'));
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

export interface StartedServer {
  server: http.Server;
  runtime: Runtime;
  url: string;
  static: StaticFiles;
  close(): Promise<void>;
}

export async function startServer(config: Config, log: Logger, opts: Pick<RuntimeOptions, 'reconcile'> = {}): Promise<StartedServer> {
  // every rendered page is encoded by Astro's TextEncoder: long strings the faster way (utf8.server.ts)
  installFastUtf8();
  const entry = path.join(config.distDir, 'server', 'entry.mjs');
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const scriptHashes = await buildScriptHashes(config.distDir);
  // Media linked at MEDIA_PUBLIC_URL (bucket website or CDN) is an image source of every page.
  const pagePolicy = pagePolicies(scriptHashes, config.media?.publicUrl ? originOf(config.media.publicUrl) : null);
  // The demo installer (and its content) is loaded only when an empty database needs it.
  const runtime = await createRuntime(config, log, {
    ...opts,
    installDemo: async (repos, adminId) => (await import('../db/seed.server.ts')).installDemo(repos, { adminId }),
  });
  // Uploads in DATA_DIR are served by the static file server (kept in memory, checked against the
  // disk on every request); uploads in object storage are streamed from the store (sendStored).
  const media = runtime.mediaStore;
  const uploadsDir = media.localDir('uploads');
  const files = createStaticFiles([
    { prefix: '/media/demo/', dir: path.resolve('content/demo/images'), cacheControl: () => 'public, max-age=604800', headers: UPLOAD_HEADERS },
    ...(uploadsDir ? [{ prefix: SITE_UPLOADS_PATH, dir: uploadsDir, cacheControl: () => UPLOAD_CACHE_CONTROL, mutable: true, headers: UPLOAD_HEADERS, inline: inlineUpload, ranges: true }] : []),
    {
      prefix: '/',
      dir: path.join(config.distDir, 'client'),
      cacheControl: (rel) => (rel.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'),
    },
  ]);
  const secureCookies = config.publicUrl.startsWith('https://');
  const sessionCookie = sessionCookieName(secureCookies);
  const postpassCookie = postpassCookieName(secureCookies);
  const publicOrigin = new URL(config.publicUrl).origin;
  let inFlight = 0;
  let closing = false;

  const server = http.createServer(async (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = validRequestId(req.headers['x-request-id']) ?? randomUUID();
    const ip = clientAddress(req.socket.remoteAddress, req.headers, config.trustedProxies);
    const reqLog = log.child({ reqId: requestId });
    inFlight++;
    res.setHeader('x-request-id', requestId);
    for (const [k, v] of Object.entries(baseSecurityHeaders)) res.setHeader(k, v);
    if (secureCookies) res.setHeader('strict-transport-security', 'max-age=31536000');
    let cacheState = '-';
    res.on('finish', () => {
      inFlight--;
      // Draining: a keep-alive connection whose last answer went out is closed at once.
      if (closing) setImmediate(() => server.closeIdleConnections());
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      reqLog.info({ method: req.method, url: redactUrl(req.url ?? ''), ip, status: res.statusCode, ms: Math.round(ms * 10) / 10, cache: cacheState }, 'request');
    });
    try {
      if (closing) res.setHeader('connection', 'close');
      const url = req.url ?? '/';
      const pathname = url.split('?')[0] ?? '/';
      const readOnly = req.method === 'GET' || req.method === 'HEAD';

      if (pathname === '/healthz') return await health(res, runtime);
      if (pathname === '/readyz') return await readiness(res, runtime, closing);

      // Dot segments (`/a/../b`, `/%2e/b`) are never a file's or a page's own spelling: one
      // redirect to the resolved path, instead of a second name for the same thing.
      const resolved = withoutDotSegments(pathname);
      if (resolved !== null) {
        res.writeHead(301, { location: resolved + url.slice(pathname.length), 'cache-control': 'public, max-age=3600', 'content-length': '0' });
        return void res.end();
      }

      // Contact-form attachments stored before the media store live in DATA_DIR/uploads/cf7 and are
      // never served (features/contact-form); newer ones are in the store's private area, never served either.
      if (readOnly && !pathname.endsWith('/') && !privateUpload(pathname)) {
        if (!uploadsDir && pathname.startsWith(SITE_UPLOADS_PATH) && (await sendStored(req, res, media, pathname))) return;
        const file = await files.lookup(pathname);
        if (file) return await sendStatic(req, res, file);
      }

      // Bodies are bounded before anything reads them (413 past the limit, declared or not).
      let body: LimitedBody | null = null;
      if (!readOnly) {
        const limit = bodyLimitFor(pathname, String(req.headers['content-type'] ?? ''));
        const declared = Number(req.headers['content-length'] ?? '');
        if (Number.isFinite(declared) && declared > limit) return tooLarge(res, limit);
        body = limitBody(req, limit);
      }

      const cookies = parseCookies(req.headers.cookie);
      const anonymous = !cookies[sessionCookie];
      // A reader who gave a protected post's password (features/post/password.server.ts) may see its
      // body where the cache holds the password form: such requests skip the page cache.
      const cacheable = readOnly && anonymous && !cookies[postpassCookie] && pageCacheable(pathname);
      let key = '';
      let storeInCache = false;
      if (cacheable) {
        // The key is the public origin plus the path and only the query parameters pages read,
        // in one order; the page is rendered from that same URL, so what is stored is what the key says.
        const canonical = canonicalPageUrl(url);
        req.url = canonical.url;
        key = runtime.cache.key(publicOrigin, canonical.url);
        storeInCache = !canonical.search;
        const hit = runtime.cache.get(key);
        if (hit) {
          cacheState = 'hit';
          const settings = await runtime.settings();
          const etag = etagFor(hit.etag, cspPerVisitor(settings) && hasConsent(settings, req.headers.cookie));
          const headers: Record<string, string | string[]> = { ...hit.headers, etag, 'x-cache': 'HIT' };
          if (headers['content-security-policy'] !== undefined) headers['content-security-policy'] = pagePolicy(settings, req.headers.cookie);
          return sendBody(req, res, hit.status, headers, hit);
        }
      }

      const captured = new CapturedResponse(req);
      // What a cacheable page reads names it for a CDN (Surrogate-Key / Cache-Tag, surrogate.server.ts).
      const surrogateKeys = new Set<string>();
      const render = async () => {
        await handler(req, captured, undefined, { runtime, requestId, log: reqLog, clientAddress: ip });
        await captured.done;
      };
      await (cacheable ? withKeys(surrogateKeys, render) : render());
      if (body?.exceeded()) return tooLarge(res, body.limit);
      if (captured.failed) {
        // The render broke after it had started: never cache it, never send it as a success.
        reqLog.error({ url }, 'response failed while rendering');
        return sendError(res);
      }
      let rendered = captured.body();
      const headers: Record<string, string | string[]> = { ...captured.headers };
      const type = String(headers['content-type'] ?? '');
      const isHtml = type.startsWith('text/html');
      // Text rules (NOTES "Text replacement"): HTML pages leave with the rules already applied,
      // on the rendered bytes (a page no rule changes keeps them as they are).
      if (type.toLowerCase().startsWith('text/html') && !headers['content-encoding']) {
        const rules = await siteTextRules(runtime);
        const before = rendered;
        rendered = rewriteHtmlBytes(rendered, rules, appliedMarks(runtime.config.secret));
        if (rendered !== before) delete headers['content-length'];
      }
      if (isHtml) {
        const settings = await runtime.settings();
        headers['content-security-policy'] = pagePolicy(settings, req.headers.cookie);
        headers['cache-control'] ??= anonymous ? 'public, max-age=0, must-revalidate' : 'private, no-store';
        if (!anonymous) headers['cache-control'] = 'private, no-store';
        // A cookie set for one visitor is never handed to the next by a shared cache.
        else if (headers['set-cookie'] && !/private|no-store/.test(String(headers['cache-control']))) headers['cache-control'] = 'private, no-store';
      }
      const storable =
        cacheable && storeInCache && isHtml && captured.statusCode === 200 && !headers['set-cookie'] && !/no-store|private/.test(String(headers['cache-control'] ?? ''));
      if (storable) {
        cacheState = 'miss';
        const settings = await runtime.settings();
        Object.assign(headers, storedPageHeaders(runtime.config.cdn, surrogateKeys, cspPerVisitor(settings)));
        // Compressed in zlib's thread pool: a miss does not hold up other requests.
        const [br, gz] = await Promise.all([brotliAsync(rendered, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), gzipAsync(rendered, { level: 6 })]);
        const page = {
          status: captured.statusCode,
          headers: flat(headers),
          raw: rendered,
          br,
          gzip: gz,
          etag: `"${createHash('sha1').update(rendered).digest('base64url').slice(0, 20)}"`,
          storedAt: Date.now(),
        };
        runtime.cache.set(key, page);
        const etag = etagFor(page.etag, cspPerVisitor(settings) && hasConsent(settings, req.headers.cookie));
        return sendBody(req, res, page.status, { ...page.headers, etag, 'x-cache': 'MISS' }, page);
      }
      return await sendDynamic(req, res, captured.statusCode, headers, rendered);
    } catch (err) {
      reqLog.error({ err }, 'request failed');
      sendError(res);
    }
  });
  server.keepAliveTimeout = 5000;
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  log.info({ url, publicUrl: config.publicUrl, database: runtime.db.dialect, nodeEnv }, 'Masthead is listening');

  return {
    server,
    runtime,
    url,
    static: files,
    async close() {
      closing = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests still running after 10 s are cut so the process can exit.
        setTimeout(() => {
          if (inFlight > 0) log.warn({ inFlight }, 'closing remaining connections');
          server.closeAllConnections();
          resolve();
        }, 10_000).unref();
      });
      await runtime.close();
    },
  };
}

async function health(res: ServerResponse, runtime: Runtime) {
  try {
    await runtime.repos.ping();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ status: 'ok', database: runtime.db.dialect }));
  } catch {
    res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ status: 'unavailable' }));
  }
}

/** Ready for traffic: database reachable, migrations done, and not draining for a shutdown. */
async function readiness(res: ServerResponse, runtime: Runtime, closing: boolean) {
  const ready = !closing && (await runtime.ready());
  res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ status: ready ? 'ready' : closing ? 'stopping' : 'unavailable' }));
}

function pickEncoding(req: IncomingMessage): 'br' | 'gzip' | null {
  const ae = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(ae)) return 'br';
  if (/\bgzip\b/.test(ae)) return 'gzip';
  return null;
}

async function sendStatic(req: IncomingMessage, res: ServerResponse, f: StaticFile): Promise<void> {
  res.setHeader('etag', f.etag);
  res.setHeader('cache-control', f.cacheControl);
  for (const [k, v] of Object.entries(f.headers)) res.setHeader(k, v);
  if (f.ranges) res.setHeader('accept-ranges', 'bytes');
  if (req.headers['if-none-match'] === f.etag) {
    res.writeHead(304);
    res.end();
    return;
  }
  // A range is of the file's own bytes, never of a compressed variant (RFC 9110 §14).
  const range = f.ranges ? requestedRange(req, f.etag, f.size) : null;
  if (range === 'unsatisfiable') return notSatisfiable(res, f.size);
  if (range) {
    sendRangeHead(res, f.type, range, f.size);
    if (f.body) return void res.end(f.body.subarray(range.start, range.end + 1));
    return void (await pipeline(createReadStream(f.file, range), res).catch(() => res.destroy()));
  }
  if (f.body) return sendBody(req, res, 200, { 'content-type': f.type }, { raw: f.body, br: f.br, gzip: f.gzip });
  // Too large to keep in memory: streamed from disk.
  res.writeHead(200, { 'content-type': f.type, 'content-length': String(f.size) });
  if (req.method === 'HEAD') return void res.end();
  await pipeline(createReadStream(f.file), res).catch(() => res.destroy());
}

/**
 * An upload kept in object storage, streamed from the store with the headers a local upload gets
 * (the store's ETag, the same Cache-Control, the sandboxing CSP; nosniff is on every answer).
 * False when there is no such file (the request goes on to the pages: a 404 page).
 */
async function sendStored(req: IncomingMessage, res: ServerResponse, store: MediaStore, pathname: string): Promise<boolean> {
  if (canonicalStaticPath(pathname) !== pathname) return false;
  const key = `uploads/${decodeURIComponent(pathname.slice(SITE_UPLOADS_PATH.length))}`;
  if (!validKey(key)) return false;
  const inm = req.headers['if-none-match'];
  const ifNoneMatch = typeof inm === 'string' && /^"[^"]*"$/.test(inm) ? inm : undefined;
  // Only GET takes a range (HEAD answers the whole file's headers, see range.ts); an If-Range
  // that is not a strong entity tag can never match, so such a request is not even asked as one.
  const ifRange = req.headers['if-range'];
  const spec = req.method === 'GET' && (ifRange === undefined || (typeof ifRange === 'string' && ifRange.trim().startsWith('"'))) ? parseRange(req.headers.range) : null;
  let found: Awaited<ReturnType<MediaStore['get']>>;
  try {
    found = await store.get(key, ifNoneMatch, spec ?? undefined);
    // The range was of another version than the visitor's (If-Range): the whole file instead.
    if (found && found !== 'not-modified' && found.range && !ifRangeAllows(ifRange, found.etag)) {
      found.body.destroy();
      found = await store.get(key, ifNoneMatch);
    }
  } catch {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' });
    res.end('The media storage cannot be reached; try again in a moment.');
    return true;
  }
  if (found === null) return false;
  const headers = { 'cache-control': UPLOAD_CACHE_CONTROL, ...UPLOAD_HEADERS, 'accept-ranges': 'bytes' };
  if (found === 'not-modified') {
    res.writeHead(304, { ...headers, etag: String(inm) });
    res.end();
    return true;
  }
  const type = typeOfName(key);
  // as from DATA_DIR: a type a browser could run or show as a page is downloaded, never shown
  for (const [k, v] of Object.entries({ ...headers, ...(inlineUpload(type) ? {} : { 'content-disposition': 'attachment' }), etag: found.etag })) res.setHeader(k, v);
  if (found.range === 'unsatisfiable') {
    found.body.destroy();
    notSatisfiable(res, found.size);
    return true;
  }
  if (found.range) sendRangeHead(res, type, found.range, found.size);
  else res.writeHead(200, { 'content-type': type, 'content-length': String(found.size) });
  if (req.method === 'HEAD') {
    found.body.destroy();
    res.end();
    return true;
  }
  await pipeline(found.body, res).catch(() => res.destroy());
  return true;
}

/** The head of a 206 answer (the other headers are already set on `res`). */
function sendRangeHead(res: ServerResponse, type: string, range: ByteRange, size: number) {
  res.writeHead(206, { 'content-type': type, 'content-length': String(range.end - range.start + 1), 'content-range': contentRange(range, size) });
}

/**
 * 416 to a range past the file's end, with the file's size. Not stored by any cache (a cache that
 * keys on the address alone would answer the next visitor with it).
 */
function notSatisfiable(res: ServerResponse, size: number) {
  res.writeHead(416, { 'content-range': unsatisfiedRange(size), 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8', 'content-length': '0' });
  res.end();
}

function sendBody(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, b: { raw: Buffer; br?: Buffer | undefined; gzip?: Buffer | undefined }): void {
  if (status === 200 && headers.etag && etagMatches(req.headers['if-none-match'], String(headers.etag))) {
    // The validators and cache headers of the full answer, no body (RFC 9110 15.4.5).
    const kept = ['etag', 'cache-control', 'surrogate-key', 'cache-tag'].filter((k) => headers[k] !== undefined);
    res.writeHead(304, { ...Object.fromEntries(kept.map((k) => [k, headers[k]!])), ...(b.br || b.gzip ? { vary: 'Accept-Encoding' } : {}) });
    res.end();
    return;
  }
  const enc = b.br || b.gzip ? pickEncoding(req) : null;
  const body = enc === 'br' && b.br ? b.br : enc === 'gzip' && b.gzip ? b.gzip : b.raw;
  const out: Record<string, string | string[]> = { ...headers, 'content-length': String(body.length) };
  if (body !== b.raw) {
    out['content-encoding'] = enc!;
    out.vary = 'Accept-Encoding';
  } else if (b.br || b.gzip) out.vary = 'Accept-Encoding';
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Up to this size a response sent once is compressed on the main thread, at the fastest level:
 * handing a 65 KB page to zlib's thread pool costs more CPU than compressing it (brotli quality 1
 * alone: ~0.2 ms inline, ~0.6 ms through the pool; an uncached home page took ~0.3 ms less CPU
 * per request inline, at the same throughput). Larger bodies (a sitemap file) go to the pool so
 * that one of them does not hold up the other requests.
 */
const COMPRESS_INLINE_LIMIT = 256 * 1024;

async function sendDynamic(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer) {
  const type = String(headers['content-type'] ?? '');
  if (body.length > 1024 && isCompressible(type) && !headers['content-encoding']) {
    const enc = pickEncoding(req);
    if (enc) return sendRaw(req, res, status, { ...headers, 'content-encoding': enc, vary: 'Accept-Encoding' }, await compressOnce(body, enc));
  }
  sendRaw(req, res, status, headers, body);
}

/**
 * A body sent once and not kept, with the fastest settings (a 55 KB article: brotli quality 1
 * takes about a third of quality 4's time for 15 % more bytes; gzip level 1 half of level 6's).
 */
async function compressOnce(body: Buffer, enc: 'br' | 'gzip'): Promise<Buffer> {
  const inline = body.length <= COMPRESS_INLINE_LIMIT;
  if (enc === 'gzip') return inline ? gzipSync(body, { level: 1 }) : gzipAsync(body, { level: 1 });
  const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
  return inline ? brotliCompressSync(body, brotli) : brotliAsync(body, brotli);
}

function sendError(res: ServerResponse) {
  if (!res.headersSent) {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Internal Server Error');
  } else res.destroy();
}

function tooLarge(res: ServerResponse, limit: number) {
  if (res.headersSent) return void res.destroy();
  // The rest of the body is not read: the connection closes after this answer.
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  res.end(JSON.stringify({ code: 'request_too_large', message: `The request body is larger than ${limit} bytes.`, data: { status: 413 } }));
}

function sendRaw(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer) {
  delete headers['transfer-encoding'];
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function flat(h: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
}

/** Contact-form uploads (DATA_DIR/uploads/cf7, older rows) are private, however the path is spelled. */
function privateUpload(pathname: string): boolean {
  try {
    return path.posix.normalize(decodeURIComponent(pathname)).toLowerCase().startsWith('/media/uploads/cf7/');
  } catch {
    return true;
  }
}

/** The path with `.` and `..` segments resolved (never starting with `//`), or null when it has none. */
export function withoutDotSegments(pathname: string): string | null {
  const segments = pathname.split('/').slice(1);
  const dot = (seg: string) => {
    const d = seg.replace(/%2e/gi, '.');
    return d === '.' || d === '..' ? d : null;
  };
  if (!segments.some((seg) => dot(seg) !== null)) return null;
  const out: string[] = [];
  let trailing = false;
  for (const seg of segments) {
    const d = dot(seg);
    trailing = d !== null;
    if (d === '.') continue;
    if (d === '..') out.pop();
    else out.push(seg);
  }
  const joined = `/${out.join('/')}${trailing && out.length ? '/' : ''}`;
  return joined.replace(/^\/+/, '/');
}

/** A request's URL for the log: one-time tokens (password-reset links) never reach it. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|key)=)[^&#]*/gi, '$1[redacted]');
}

function validRequestId(v: string | string[] | undefined): string | undefined {
  return typeof v === 'string' && /^[\w-]{8,64}$/.test(v) ? v : undefined;
}

/**
 * Started directly (`node src/server/http/main.server.ts`, `npm start`): one process, or a
 * primary with MASTHEAD_WORKERS processes (cluster.server.ts); stops cleanly on signals.
 */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runFromCommandLine(startServer);
