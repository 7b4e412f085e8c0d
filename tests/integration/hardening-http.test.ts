/**
 * Black-box attacks on the HTTP entry (issue 13), against the built site: static path spellings,
 * upload headers, request bodies with and without Content-Length, forged forwarding headers with
 * and without a trusted proxy, cache-flooding query strings and Host headers, open redirects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { readdirSync, mkdirSync, writeFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { checkRanges, patterned } from '../support/ranges.ts';
import { startTestSite, type TestSite } from '../support/site.ts';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request sent exactly as written (fetch would normalise the path and the Host). */
function raw(base: string, opts: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | Buffer[] }): Promise<RawAnswer> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // The server may close the connection after refusing a body it did not read: that is the point.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    const parts = opts.body === undefined ? [] : Array.isArray(opts.body) ? opts.body : [opts.body];
    for (const p of parts) req.write(p);
    req.end();
  });
}

const start = (env: Record<string, string> = {}) => startTestSite('sqlite', { MASTHEAD_RATE_LIMIT: '6', ...env });

let server: TestSite;
let base: string;
let dataDir: string;

beforeAll(async () => {
  server = await start();
  ({ url: base, dataDir } = server);
});
afterAll(() => server?.close());

describe('static files', () => {
  const asset = () => readdirSync(path.join(server.runtime.config.distDir, 'client', '_astro')).find((f) => f.endsWith('.js'))!;

  it('serve a file under its one canonical spelling only; other spellings are not files and add no cache entries', async () => {
    const file = asset();
    const ok = await raw(base, { path: `/_astro/${file}` });
    expect(ok.status).toBe(200);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    const before = server.static.stats();
    const spellings = [
      `/_astro/x/../${file}`,
      `/_astro/./${file}`,
      `/_astro//${file}`,
      `//_astro/${file}`,
      `/%5Fastro/${file}`,
      `/_astro/${file.replace('.js', '%2Ejs')}`,
      `/_astro/${file}%00`,
      `/_astro/%2e%2e/_astro/${file}`,
    ];
    for (const p of spellings) {
      const r = await raw(base, { path: p });
      expect([301, 404]).toContain(r.status);
      expect(r.headers['content-type'] ?? '').not.toMatch(/javascript/);
    }
    expect(server.static.stats().files).toBe(before.files);
  });

  it('send user uploads and demo media with nosniff and a CSP that runs nothing', async () => {
    const dir = path.join(dataDir, 'uploads', 'hardening');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svg = await raw(base, { path: '/media/uploads/hardening/x.svg' });
    expect(svg.status).toBe(200);
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const demo = readdirSync(path.resolve('content/demo/images'))[0]!;
    const img = await raw(base, { path: `/media/demo/${demo}` });
    expect(img.status).toBe(200);
    expect(img.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('send uploaded files with their type: pictures, PDF, audio and video inline, anything else (HTML, SVG, XML, documents) as a download', async () => {
    const dir = path.join(dataDir, 'uploads', 'files');
    mkdirSync(dir, { recursive: true });
    const files: [string, string, string | undefined][] = [
      ['guide.pdf', 'application/pdf', undefined],
      ['song.mp3', 'audio/mpeg', undefined],
      ['clip.mp4', 'video/mp4', undefined],
      ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'attachment'],
      ['bundle.zip', 'application/zip', 'attachment'],
      ['page.html', 'text/html; charset=utf-8', 'attachment'],
      ['logo.svg', 'image/svg+xml', 'attachment'],
      ['feed.xml', 'application/xml; charset=utf-8', 'attachment'],
      ['unknown.bin', 'application/octet-stream', 'attachment'],
    ];
    for (const [name, type, disposition] of files) {
      writeFileSync(path.join(dir, name), `bytes of ${name}`);
      const r = await raw(base, { path: `/media/uploads/files/${name}` });
      expect([name, r.status, r.headers['content-type'], r.headers['content-disposition']]).toEqual([name, 200, type, disposition]);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
  });

  it('answer Range requests on uploads (206, 416, whole file otherwise), from memory and from disk, never from a compressed variant', async () => {
    const dir = path.join(dataDir, 'uploads', 'ranges');
    mkdirSync(dir, { recursive: true });
    // kept in memory; larger than the 4 MB a file may take there (streamed from disk); compressible (brotli and gzip kept beside it)
    const files: [string, Buffer, string, string | undefined][] = [
      ['clip.mp4', patterned(3000), 'video/mp4', undefined],
      ['long.webm', patterned(5 * 1024 * 1024 + 123), 'video/webm', undefined],
      ['notes.txt', Buffer.from('a line of notes, said again and again. '.repeat(100)), 'text/plain; charset=utf-8', 'attachment'],
    ];
    for (const [name, bytes, type, disposition] of files) {
      writeFileSync(path.join(dir, name), bytes);
      await checkRanges(base, `/media/uploads/ranges/${name}`, bytes, { type, disposition });
    }
    expect(server.static.stats().files).toBeGreaterThan(0);
  });

  it('never serve a deleted or replaced upload from memory', async () => {
    const dir = path.join(dataDir, 'uploads', 'hardening');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'note.txt');
    writeFileSync(file, 'first version');
    expect((await raw(base, { path: '/media/uploads/hardening/note.txt' })).body).toBe('first version');
    writeFileSync(file, 'second, longer version');
    expect((await raw(base, { path: '/media/uploads/hardening/note.txt' })).body).toBe('second, longer version');
    unlinkSync(file);
    expect((await raw(base, { path: '/media/uploads/hardening/note.txt' })).status).toBe(404);
    // and a file that appears after a miss is found
    writeFileSync(file, 'back again');
    expect((await raw(base, { path: '/media/uploads/hardening/note.txt' })).body).toBe('back again');
  });
});

describe('request bodies', () => {
  const form = (bytes: number) => Buffer.from(`action=masthead-post-like&pad=${'a'.repeat(bytes)}`);

  it('refuse a declared body over 1 MB on the theme endpoint before reading it', async () => {
    const body = form(1024 * 1024 + 10);
    const r = await raw(base, { method: 'POST', path: '/api/theme', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length), origin: base }, body });
    expect(r.status).toBe(413);
  });

  it('cut off a chunked body at the limit with 413, on the theme endpoint and the account form', async () => {
    const chunks = Array.from({ length: 24 }, () => Buffer.alloc(64 * 1024, 'a'));
    for (const p of ['/api/theme', '/account/']) {
      const r = await raw(base, { method: 'POST', path: p, headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked', origin: base }, body: chunks });
      expect(r.status).toBe(413);
    }
  });

  it('cut off a chunked contact-form post past its ceiling', async () => {
    const boundary = 'x-hardening';
    const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="attachment"; filename="a.pdf"\r\ncontent-type: application/pdf\r\n\r\n`);
    const chunks = [head, ...Array.from({ length: 18 }, () => Buffer.alloc(1024 * 1024, 'a'))];
    const r = await raw(base, {
      method: 'POST',
      path: '/wp-json/contact-form-7/v1/contact-forms/2/feedback',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', origin: base },
      body: chunks,
    });
    expect(r.status).toBe(413);
  });

  it('let the admin upload route take bodies past 1 MB (it answers for itself)', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 1);
    const r = await raw(base, { method: 'POST', path: '/api/admin/media.upload', headers: { 'content-type': 'image/png', 'content-length': String(body.length), origin: base }, body });
    expect(r.status).not.toBe(413);
    expect(r.status).toBe(403); // no admin header: refused by the admin API itself
  });
});

describe('client address', () => {
  const likeCall = (srv: TestSite, headers: Record<string, string>) =>
    raw(srv.url, { method: 'POST', path: '/api/theme', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: srv.url, ...headers }, body: Buffer.from('action=nope') });

  it('ignores X-Forwarded-For and Forwarded when no proxy is trusted: forged addresses share the socket budget', async () => {
    server.runtime.limiter.reset('theme:127.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await likeCall(server, { 'x-forwarded-for': `203.0.113.${i}`, forwarded: `for=198.51.100.${i}` })).status);
    expect(statuses.filter((s) => s === 429).length).toBe(2);
  });

  it('behind a trusted proxy, limits each client by the right-most untrusted hop', async () => {
    const proxied = await start({ TRUSTED_PROXIES: 'loopback' });
    try {
      // a client that forges the left part of the header still lands on its own address
      const a: number[] = [];
      for (let i = 0; i < 8; i++) a.push((await likeCall(proxied, { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.7` })).status);
      expect(a.filter((s) => s === 429).length).toBe(2);
      // another client behind the same proxy has its own budget
      expect((await likeCall(proxied, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});

describe('page cache', () => {
  it('keys pages by the public origin and the parameters pages read, so junk query strings and Host headers add no entries', async () => {
    await raw(base, { path: '/about/' });
    const size = server.runtime.cache.size;
    for (let i = 0; i < 15; i++) {
      const r = await raw(base, { path: `/about/?utm_source=x${i}&cb=${i}`, headers: { host: `evil${i}.example` } });
      expect(r.status).toBe(200);
      expect(r.headers['x-cache']).toBe('HIT');
    }
    expect(server.runtime.cache.size).toBe(size);
  });

  it('stores the same page for the same parameters in any order', async () => {
    await raw(base, { path: '/category/food/?orderby=date&page=1' });
    const r = await raw(base, { path: '/category/food/?page=1&junk=1&orderby=date' });
    expect(r.headers['x-cache']).toBe('HIT');
  });

  it('never stores search results', async () => {
    const size = server.runtime.cache.size;
    for (const words of ['lemon', 'walks', 'camera']) {
      const r = await raw(base, { path: `/?s=${words}` });
      expect(r.status).toBe(200);
      expect(r.headers['x-cache']).toBeUndefined();
    }
    expect(server.runtime.cache.size).toBe(size);
  });
});

describe('a render that fails midway', () => {
  it('is answered as an error, not a 200 with half a page, and is never stored', async () => {
    // The page has started (head and header are written) when the footer meets data it cannot
    // render: here a footer menu that is not a list, as corrupted data would be.
    const runtime = server.runtime as unknown as { memo: (key: string, compute: () => Promise<unknown>) => Promise<unknown> };
    const real = runtime.memo;
    // (the page parts kept as HTML per content version are rendered afresh from that data)
    runtime.memo = async (key, compute) => (key === 'chrome' ? { ...((await real(key, compute)) as object), footerMenu: null } : key.startsWith('html:') ? compute() : real(key, compute));
    const size = server.runtime.cache.size;
    try {
      const broken = await raw(base, { path: '/contact/?midway=1' });
      expect(broken.status).toBe(500);
      expect(broken.body).not.toContain('<header');
      expect(broken.headers['x-cache']).toBeUndefined();
      expect(server.runtime.cache.size).toBe(size);
    } finally {
      runtime.memo = real;
    }
    // once the data is sound again, the same address renders whole and is stored
    const whole = await raw(base, { path: '/contact/?midway=1' });
    expect(whole.status).toBe(200);
    expect(whole.body).toContain('</footer>');
  });
});

describe('redirects taken from a request', () => {
  it('never send the browser to another host from the sign-out form', async () => {
    for (const target of ['/.//evil.example', '/%2e//evil.example', '//evil.example', '/\\evil.example']) {
      const body = Buffer.from(new URLSearchParams({ form: 'logout', redirect_to: target }).toString());
      const r = await raw(base, { method: 'POST', path: '/account/', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base }, body });
      expect(r.status).toBe(303);
      expect(r.headers.location).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe('visitor id and nonces', () => {
  const post = (fields: Record<string, string>, cookie = '') =>
    fetch(`${base}/api/theme`, { method: 'POST', body: new URLSearchParams(fields), headers: { origin: base, ...(cookie ? { cookie } : {}) } });

  it('sets no visitor cookie on a page view or a plain nonce; only a like or a vote asks for it', async () => {
    server.runtime.limiter.reset('theme:127.0.0.1');
    const page = await fetch(`${base}/welcome-to-the-new-edition/`);
    expect(page.headers.get('set-cookie')).toBeNull();
    const plain = await fetch(`${base}/api/nonce`);
    expect(plain.headers.get('set-cookie')).toBeNull();
    const { nonce } = (await plain.json()) as { nonce: string };
    const post1 = (await server.runtime.repos.posts.bySlug('welcome-to-the-new-edition'))!;
    const likeCount = async () => (await server.runtime.repos.engagement.likeCounts([post1.id])).get(post1.id) ?? 0;
    const likes = await likeCount();
    // a like without the visitor id is refused and stores nothing
    const refused = await post({ action: 'masthead-post-like', nonce, post_id: String(post1.id) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ data: { code: 'visitor_required' } });
    expect(await likeCount()).toBe(likes);
    // the browser asks for the id when the visitor likes
    const asked = await fetch(`${base}/api/nonce?visitor=1`);
    const cookie = (asked.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^masthead_vid=/);
    const liked = await post({ action: 'masthead-post-like', nonce: ((await asked.json()) as { nonce: string }).nonce, post_id: String(post1.id) }, cookie);
    expect(liked.status).toBe(200);
    expect(await likeCount()).toBe(likes + 1);
  });
});

describe('content security policy', () => {
  it("lists the hashes of the build's scripts, the same for every page, covering each inline script a page has", async () => {
    const { createHash } = await import('node:crypto');
    const home = await raw(base, { path: '/' });
    const article = await raw(base, { path: '/lemon-olive-oil-cake/' });
    const csp = article.headers['content-security-policy'] ?? '';
    // not read from the page: two different pages get one policy
    expect(home.headers['content-security-policy']).toBe(csp);
    const inlineOf = (html: string) => [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter(Boolean);
    // the admin is an island (Astro's island runtime and its client:only directive, inline)
    const { startSession } = await import('../../src/server/session.server.ts');
    const admin = (await server.runtime.repos.users.byLoginOrEmail('admin'))!;
    const { cookie } = await startSession(server.runtime.repos, admin.id, { remember: false, userAgent: 'x', ip: '127.0.0.1', secure: false });
    const adminPage = await raw(base, { path: '/admin/', headers: { cookie: cookie.split(';')[0]! } });
    expect(adminPage.status).toBe(200);
    const inline = [...inlineOf(article.body), ...inlineOf(adminPage.body)];
    expect(inlineOf(adminPage.body).some((sc) => sc.includes('astro-island'))).toBe(true);
    for (const script of inline) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
      expect(adminPage.headers['content-security-policy']).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    // a script that is not the build's is not allowed
    expect(csp).not.toContain(`'sha256-${createHash('sha256').update('alert(1)').digest('base64')}'`);
  });

  it('lets pictures come only from the site, the map tile servers, video thumbnails and the listed outside hosts', async () => {
    const { repos } = server.runtime;
    const { settingsKeys } = await import('../../src/features/site/settings.ts');
    const imgSrc = async () => /img-src ([^;]*)/.exec(String((await raw(base, { path: '/about/' })).headers['content-security-policy'] ?? ''))?.[1]?.split(' ') ?? [];
    const before = await imgSrc();
    expect(before).not.toContain('https:');
    expect(before).toEqual(expect.arrayContaining(["'self'", 'data:', 'https://tile.openstreetmap.org', 'https://server.arcgisonline.com', 'https://*.tile.opentopomap.org', 'https://i.ytimg.com', 'https://i.vimeocdn.com']));
    const theme = await repos.settings.get('theme', settingsKeys.theme);
    await repos.settings.set('theme', settingsKeys.theme, { ...theme, imageHosts: 'https://images.example.org\nhttps://*.cdn.example', mapTerrainTileUrl: 'https://tiles.example.net/{z}/{x}/{y}.png' });
    await server.runtime.contentChanged();
    try {
      const after = await imgSrc();
      expect(after).toEqual(expect.arrayContaining(['https://images.example.org', 'https://*.cdn.example', 'https://tiles.example.net']));
      expect(after).not.toContain('https://*.tile.opentopomap.org');
    } finally {
      await repos.settings.set('theme', settingsKeys.theme, theme);
      await server.runtime.contentChanged();
    }
  });

  it('frames only the video players the settings turn on; the videos of a player turned off are links to their pages', async () => {
    const { repos } = server.runtime;
    const { settingsKeys } = await import('../../src/features/site/settings.ts');
    const page = async () => {
      const r = await raw(base, { path: '/studio-sessions/' });
      const csp = String(r.headers['content-security-policy'] ?? '');
      const list = (d: string) => new RegExp(`${d} ([^;]*)`).exec(csp)?.[1]?.split(' ') ?? [];
      return { body: r.body, frames: list('frame-src'), images: list('img-src'), connect: list('connect-src') };
    };
    const on = await page();
    expect(on.frames).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(on.images).toEqual(expect.arrayContaining(['https://i.ytimg.com', 'https://i.vimeocdn.com']));
    expect(on.connect).toContain('https://vimeo.com');
    expect(on.body).toContain('data-provider="youtube"');
    const theme = await repos.settings.get('theme', settingsKeys.theme);
    await repos.settings.set('theme', settingsKeys.theme, { ...theme, embedYouTube: false, embedVimeo: false });
    await server.runtime.contentChanged();
    try {
      const off = await page();
      expect(off.frames).toEqual(["'self'"]);
      expect(off.images).not.toContain('https://i.ytimg.com');
      expect(off.images).not.toContain('https://i.vimeocdn.com');
      expect(off.connect).not.toContain('https://vimeo.com');
      // the page names no player: each video is a link to its page on YouTube
      expect(off.body).not.toContain('youtube-nocookie');
      expect(off.body).not.toContain('data-provider="youtube"');
      expect(off.body).toMatch(/data-provider="link"[\s\S]*?href="https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}"/);
      await repos.settings.set('theme', settingsKeys.theme, { ...theme, embedVimeo: false });
      await server.runtime.contentChanged();
      const youtubeOnly = await page();
      expect(youtubeOnly.frames).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
      expect(youtubeOnly.body).toContain('data-provider="youtube"');
    } finally {
      await repos.settings.set('theme', settingsKeys.theme, theme);
      await server.runtime.contentChanged();
    }
  });

  it('allows the analytics host only when analytics is configured and the visitor has consented (cached page or not), and the configured geocoder', async () => {
    const { repos } = server.runtime;
    const { settingsKeys } = await import('../../src/features/site/settings.ts');
    const csp = async (cookie?: string) => String((await raw(base, { path: '/about/', ...(cookie ? { headers: { cookie } } : {}) })).headers['content-security-policy'] ?? '');
    const off = await csp();
    expect(off).not.toContain('googletagmanager');
    expect(off).toContain("base-uri 'none'");
    expect(off).toContain("object-src 'none'");
    expect(off).toMatch(/connect-src [^;]*https:\/\/nominatim\.openstreetmap\.org/);
    const theme = await repos.settings.get('theme', settingsKeys.theme);
    await repos.settings.set('analytics', settingsKeys.analytics, { key: 'G-HARDENING' });
    await repos.settings.set('theme', settingsKeys.theme, { ...theme, geocoderUrl: 'https://geo.example/search?q={query}' });
    await server.runtime.contentChanged();
    try {
      // no consent: the page (rendered, then from the cache) cannot load the tag
      for (let i = 0; i < 2; i++) {
        const none = await csp();
        expect(none).not.toContain('googletagmanager');
        expect(none).toMatch(/connect-src [^;]*https:\/\/geo\.example/);
        expect(none).not.toContain('nominatim');
        expect(await csp('cookie_notice_accepted=false')).not.toContain('googletagmanager');
      }
      // with the visitor's consent (the same cached page): it can
      const on = await csp('other=1; cookie_notice_accepted=true');
      expect(on).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
      expect(on).toMatch(/connect-src [^;]*https:\/\/geo\.example/);
      expect((await raw(base, { path: '/about/', headers: { cookie: 'cookie_notice_accepted=true' } })).headers['x-cache']).toBe('HIT');
    } finally {
      await repos.settings.set('analytics', settingsKeys.analytics, { key: '' });
      await repos.settings.set('theme', settingsKeys.theme, theme);
      await server.runtime.contentChanged();
    }
  });
});
