/**
 * Masthead's HTTP server: our entry around Astro's request handler.
 *   - static assets from memory, precompressed (brotli/gzip), hashed ones cached immutably
 *   - anonymous GET pages from the page cache, compressed once
 *   - security headers and a hash-based CSP on every page
 *   - /healthz, request logging with a request id, graceful shutdown
 * Run with Node 24 (type stripping): `npm run serve` (after `npm run build`) or `npm start`.
 */
import { nodeEnv } from './mode.server.ts';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { randomUUID, createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { brotliCompress, gzip, constants } from 'node:zlib';
import { promisify } from 'node:util';
import { loadConfig, ConfigError, type Config } from '../config.server.ts';
import { createLogger, type Logger } from '../log.server.ts';
import { createRuntime, type Runtime } from '../runtime.server.ts';
import { CapturedResponse } from './capture.server.ts';
import { createStaticFiles, isCompressible, type StaticFile } from './static.server.ts';
import { baseSecurityHeaders, cspFor } from './headers.server.ts';
import { SESSION_COOKIE, parseCookies } from '../session.server.ts';

type AstroHandler = (req: IncomingMessage, res: unknown, next?: unknown, locals?: object) => Promise<void>;

const CSP_EXTRA = {
  frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
  connectSrc: ['https://vimeo.com', 'https://nominatim.openstreetmap.org', 'https://*.google-analytics.com', 'https://www.googletagmanager.com'],
  scriptSrc: ['https://www.googletagmanager.com'],
};

export interface StartedServer {
  server: http.Server;
  runtime: Runtime;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, log: Logger): Promise<StartedServer> {
  const entry = path.join(config.distDir, 'server', 'entry.mjs');
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  // The demo installer (and its content) is loaded only when an empty database needs it.
  const runtime = await createRuntime(config, log, {
    installDemo: async (repos, adminId) => (await import('../db/seed.server.ts')).installDemo(repos, { adminId }),
  });
  const files = createStaticFiles([
    { prefix: '/media/demo/', dir: path.resolve('content/demo/images'), cacheControl: () => 'public, max-age=604800' },
    { prefix: '/media/uploads/', dir: path.join(config.dataDir, 'uploads'), cacheControl: () => 'public, max-age=86400' },
    {
      prefix: '/',
      dir: path.join(config.distDir, 'client'),
      cacheControl: (rel) => (rel.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'),
    },
  ]);
  const secureCookies = config.publicUrl.startsWith('https://');
  let inFlight = 0;
  let closing = false;

  const server = http.createServer(async (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = validRequestId(req.headers['x-request-id']) ?? randomUUID();
    const reqLog = log.child({ reqId: requestId });
    inFlight++;
    res.setHeader('x-request-id', requestId);
    for (const [k, v] of Object.entries(baseSecurityHeaders)) res.setHeader(k, v);
    if (secureCookies) res.setHeader('strict-transport-security', 'max-age=31536000');
    let cacheState = '-';
    res.on('finish', () => {
      inFlight--;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      reqLog.info({ method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms * 10) / 10, cache: cacheState }, 'request');
    });
    try {
      if (closing) res.setHeader('connection', 'close');
      const url = req.url ?? '/';
      const pathname = url.split('?')[0] ?? '/';

      if (pathname === '/healthz') return await health(res, runtime);

      // Contact-form uploads live in DATA_DIR/uploads/cf7 and are never served (features/contact-form).
      if ((req.method === 'GET' || req.method === 'HEAD') && !pathname.endsWith('/') && !privateUpload(pathname)) {
        const file = files.lookup(pathname);
        if (file) return sendStatic(req, res, file);
      }

      const anonymous = !parseCookies(req.headers.cookie)[SESSION_COOKIE];
      const cacheable = (req.method === 'GET' || req.method === 'HEAD') && anonymous;
      const key = runtime.cache.key(req.headers.host ?? '', url);
      if (cacheable) {
        const hit = runtime.cache.get(key);
        if (hit) {
          cacheState = 'hit';
          return sendBody(req, res, hit.status, { ...hit.headers, etag: hit.etag, 'x-cache': 'HIT' }, hit);
        }
      }

      const captured = new CapturedResponse(req);
      await handler(req, captured, undefined, { runtime, requestId, log: reqLog });
      await captured.done;
      const body = captured.body();
      const headers: Record<string, string | string[]> = { ...captured.headers };
      const type = String(headers['content-type'] ?? '');
      const isHtml = type.startsWith('text/html');
      if (isHtml) {
        headers['content-security-policy'] = cspFor(body.toString('utf8'), CSP_EXTRA);
        headers['cache-control'] ??= anonymous ? 'public, max-age=0, must-revalidate' : 'private, no-store';
        if (!anonymous) headers['cache-control'] = 'private, no-store';
      }
      const storable =
        cacheable && isHtml && captured.statusCode === 200 && !headers['set-cookie'] && !/no-store|private/.test(String(headers['cache-control'] ?? ''));
      if (storable) {
        cacheState = 'miss';
        const page = {
          status: captured.statusCode,
          headers: flat(headers),
          raw: body,
          br: await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
          gzip: await gzipAsync(body, { level: 6 }),
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
          storedAt: Date.now(),
        };
        runtime.cache.set(key, page);
        return sendBody(req, res, page.status, { ...page.headers, etag: page.etag, 'x-cache': 'MISS' }, page);
      }
      return await sendDynamic(req, res, captured.statusCode, headers, body);
    } catch (err) {
      reqLog.error({ err }, 'request failed');
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end('Internal Server Error');
      } else res.destroy();
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

function pickEncoding(req: IncomingMessage): 'br' | 'gzip' | null {
  const ae = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(ae)) return 'br';
  if (/\bgzip\b/.test(ae)) return 'gzip';
  return null;
}

function sendStatic(req: IncomingMessage, res: ServerResponse, f: StaticFile): void {
  res.setHeader('etag', f.etag);
  res.setHeader('cache-control', f.cacheControl);
  if (req.headers['if-none-match'] === f.etag) {
    res.writeHead(304);
    res.end();
    return;
  }
  sendBody(req, res, 200, { 'content-type': f.type }, { raw: f.body, br: f.br, gzip: f.gzip });
}

function sendBody(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, b: { raw: Buffer; br?: Buffer | undefined; gzip?: Buffer | undefined }): void {
  if (status === 200 && headers.etag && req.headers['if-none-match'] === headers.etag) {
    res.writeHead(304, { etag: headers.etag, 'cache-control': String(headers['cache-control'] ?? '') });
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

// Compression of rendered pages runs on libuv's thread pool, never on the thread that renders.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function sendDynamic(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer) {
  const type = String(headers['content-type'] ?? '');
  if (body.length > 1024 && isCompressible(type) && !headers['content-encoding']) {
    const enc = pickEncoding(req);
    const compressed = enc === 'br' ? await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : enc === 'gzip' ? await gzipAsync(body, { level: 6 }) : null;
    if (compressed) return sendRaw(req, res, status, { ...headers, 'content-encoding': enc!, vary: 'Accept-Encoding' }, compressed);
  }
  sendRaw(req, res, status, headers, body);
}

function sendRaw(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer) {
  delete headers['transfer-encoding'];
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function flat(h: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
}

/** Contact-form uploads (DATA_DIR/uploads/cf7) are private, however the path is spelled. */
function privateUpload(pathname: string): boolean {
  try {
    return path.posix.normalize(decodeURIComponent(pathname)).toLowerCase().startsWith('/media/uploads/cf7/');
  } catch {
    return true;
  }
}

function validRequestId(v: string | string[] | undefined): string | undefined {
  return typeof v === 'string' && /^[\w-]{8,64}$/.test(v) ? v : undefined;
}

/** Started directly (`node src/server/http/main.server.ts`): read the environment, listen, stop cleanly on signals. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  const started = await startServer(config, log).catch((err: unknown) => {
    log.fatal({ err }, 'Masthead could not start');
    process.exit(1);
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await started.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
