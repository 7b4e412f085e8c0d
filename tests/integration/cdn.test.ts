/**
 * Behind a CDN (issue 14, part 6), against the built site on each test database: Cache-Control
 * and surrogate keys of anonymous pages (collected from what the page read, kept with the page
 * cache entry), private signed-in pages, ETag/304, and the purge webhook a publish calls, against
 * a stub HTTP server started here (answers, failures, a hang).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../src/server/log.server.ts';
import { createPurger } from '../../src/server/purge.server.ts';
import type { Actor } from '../../src/server/content/index.server.ts';
import { testDatabases } from '../support/db.ts';
import { startTestSite, type TestSite } from '../support/site.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A purge endpoint: records every request; `answer` decides each status (or `hang`). */
class PurgeStub {
  received: Received[] = [];
  answer: (n: number) => number | 'hang' = () => 200;
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') });
      const a = this.answer(this.received.length);
      if (a === 'hang') return; // never answers: the client's timeout ends it
      res.writeHead(a, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/purge`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
  reset(answer: (n: number) => number | 'hang' = () => 200) {
    this.received = [];
    this.answer = answer;
  }
}

const keysOf = (h: string | null) => (h ?? '').split(' ').filter(Boolean);

for (const target of testDatabases()) {
  describe(`behind a CDN (${target.name})`, () => {
    let server: TestSite;
    let base: string;
    const stub = new PurgeStub();
    let admin: Actor;
    let article: { id: number; url: string; termIds: number[] };

    beforeAll(async () => {
      await stub.start();
      server = await startTestSite(target, {
        CDN_S_MAXAGE: '600',
        CDN_STALE_WHILE_REVALIDATE: '30',
        CDN_PURGE_URL: stub.url,
        CDN_PURGE_TOKEN: 'purge-secret',
        CDN_PURGE_TIMEOUT_MS: '1500',
        CDN_PURGE_RETRIES: '1',
        CDN_PURGE_REPEAT_MS: '0',
      });
      base = server.url;
      const { repos } = server.runtime;
      admin = { id: (await repos.users.byLoginOrEmail('admin'))!.id, role: 'administrator' };
      const post = (await repos.posts.list({ limit: 1 })).items[0]!;
      const full = (await repos.posts.bySlug(post.slug))!;
      article = { id: post.id, url: new URL(post.url, base).pathname, termIds: [...full.categories, ...full.tags].map((t) => t.id) };
    });
    afterAll(async () => {
      await server?.runtime.purger.idle();
      await server?.close();
      await stub.stop();
    });

    const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { headers, redirect: 'manual' });

    it('an anonymous article is public for shared caches, named by the post, its terms and the site parts it shows; a hit sends the same', async () => {
      const first = await get(article.url);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-cache')).toBe('MISS');
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=600, stale-while-revalidate=30');
      const keys = keysOf(first.headers.get('surrogate-key'));
      expect(keys).toEqual(expect.arrayContaining(['all', 'settings', 'menus', `post-${article.id}`, ...article.termIds.map((t) => `term-${t}`)]));
      expect(first.headers.get('cache-tag')).toBe(keys.join(','));
      expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('vary')).toBe('Accept-Encoding');

      const second = await get(article.url);
      expect(second.headers.get('x-cache')).toBe('HIT');
      for (const h of ['cache-control', 'surrogate-key', 'cache-tag', 'etag']) expect(second.headers.get(h)).toBe(first.headers.get(h));

      // rendered again from values kept per content version (menus, settings, the post's parts): the same keys
      server.runtime.cache.clear();
      const third = await get(article.url);
      expect(third.headers.get('x-cache')).toBe('MISS');
      expect(keysOf(third.headers.get('surrogate-key')).sort()).toEqual([...keys].sort());
    });

    it('the home page is named `home` and `archive`; its article keys come from the lists it shows', async () => {
      const r = await get('/');
      const keys = keysOf(r.headers.get('surrogate-key'));
      expect(keys).toEqual(expect.arrayContaining(['all', 'home', 'archive', 'settings', 'menus', `post-${article.id}`]));
      expect(r.headers.get('cache-control')).toContain('s-maxage=600');
    });

    it('signed-in pages, searches and pages setting a cookie are never offered to a shared cache', async () => {
      const signedIn = await get(article.url, { cookie: 'masthead_session=anything' });
      expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
      expect(signedIn.headers.get('surrogate-key')).toBeNull();
      expect(signedIn.headers.get('cache-tag')).toBeNull();
      const search = await get('/?s=harbour');
      expect(search.headers.get('cache-control')).not.toContain('s-maxage');
      expect(search.headers.get('surrogate-key')).toBeNull();
    });

    it('answers a matching If-None-Match with 304 and no body, on a miss and on a hit; a publish that changes the page gives 200 again', async () => {
      server.runtime.cache.clear();
      const page = await get(article.url);
      const etag = page.headers.get('etag')!;
      await page.arrayBuffer();
      server.runtime.cache.clear();
      const onMiss = await get(article.url, { 'if-none-match': etag });
      expect(onMiss.status).toBe(304);
      expect(await onMiss.text()).toBe('');
      expect(onMiss.headers.get('etag')).toBe(etag);
      expect(onMiss.headers.get('cache-control')).toContain('s-maxage=600');
      const onHit = await get(article.url, { 'if-none-match': `"other", W/${etag}` });
      expect(onHit.status).toBe(304);
      expect(onHit.headers.get('x-cache')).toBeNull();
      expect((await get(article.url, { 'if-none-match': '"stale"' })).status).toBe(200);

      stub.reset();
      const { item } = await server.runtime.content.items.get(admin, 'post', article.id);
      const started = Date.now();
      await server.runtime.content.items.save(admin, 'post', article.id, item.revision, { ...item.fields, title: `${item.fields.title} (updated)` });
      expect(Date.now() - started).toBeLessThan(2000);
      const after = await get(article.url, { 'if-none-match': etag });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(await after.text()).toContain('(updated)');

      // The purge went out with the post, its terms, the home page and the lists, with the token.
      await server.runtime.purger.idle();
      expect(stub.received).toHaveLength(1);
      const call = stub.received[0]!;
      expect(call.headers.authorization).toBe('Bearer purge-secret');
      const purged = (call.body as { keys: string[] }).keys;
      expect(purged).toEqual(expect.arrayContaining([`post-${article.id}`, ...article.termIds.map((t) => `term-${t}`), 'home', 'archive']));
      // every key the purge names for this post is one the article page carries
      expect(keysOf(after.headers.get('surrogate-key'))).toEqual(expect.arrayContaining([`post-${article.id}`, ...article.termIds.map((t) => `term-${t}`)]));
    });

    it('through the admin API: a publish purges the new post, home and the lists; a menu save `menus` (retried after a 500); a settings save `settings`', async () => {
      const { startSession } = await import('../../src/server/session.server.ts');
      const { handleAdminRequest } = await import('../../src/server/admin/index.server.ts');
      const cookie = (await startSession(server.runtime.repos, admin.id, { remember: false, userAgent: 'test', ip: '127.0.0.1', secure: false })).cookie.split(';')[0]!;
      const call = async (action: string, body: unknown) => {
        const res = await handleAdminRequest(
          new Request(`${base}/api/admin/${action}`, { method: 'POST', headers: { origin: base, 'x-masthead-admin': '1', 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }),
          { runtime: server.runtime },
        );
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { id: number; revision: number } }).data;
      };
      const draft = await server.runtime.content.items.create(admin, 'post', { title: 'Fresh from the CDN test', categoryIds: article.termIds.slice(0, 1) });
      stub.reset();
      await server.runtime.purger.idle(); // a draft is not live: nothing was purged
      expect(stub.received).toHaveLength(0);
      const published = await call('items.publish', { kind: 'post', id: draft.id, revision: draft.revision });
      await server.runtime.purger.idle();
      expect(stub.received).toHaveLength(1);
      expect((stub.received[0]!.body as { keys: string[] }).keys).toEqual(expect.arrayContaining([`post-${published.id}`, 'home', 'archive']));

      stub.reset((n) => (n === 1 ? 500 : 200));
      await call('menus.save', { location: 'footer', items: [{ label: 'Home', url: '/', depth: 0 }] });
      await server.runtime.purger.idle();
      expect(stub.received.map((r) => r.body)).toEqual([{ keys: ['menus'] }, { keys: ['menus'] }]);

      stub.reset();
      const notice = (await server.runtime.settings()).cookieNotice;
      await call('settings.save', { key: 'cookieNotice', value: { ...notice, text: 'We bake cookies for the CDN test.' } });
      await server.runtime.contentChanged();
      await server.runtime.purger.idle();
      expect(stub.received.map((r) => r.body)).toEqual([{ keys: ['settings'] }, { keys: ['all'] }]);
    });

    it('a page whose CSP depends on the consent cookie is kept from shared caches, with one ETag per variant', async () => {
      const { repos } = server.runtime;
      const { settingsKeys } = await import('../../src/features/site/settings.ts');
      await repos.settings.set('analytics', settingsKeys.analytics, { key: 'G-CDNTEST' });
      await server.runtime.contentChanged();
      try {
        const without = await get(article.url);
        expect(without.headers.get('cache-control')).toBe('private, no-cache');
        expect(without.headers.get('surrogate-key')).toBeNull();
        const consented = await get(article.url, { cookie: 'cookie_notice_accepted=true' });
        expect(consented.headers.get('x-cache')).toBe('HIT');
        expect(consented.headers.get('cache-control')).toBe('private, no-cache');
        expect(consented.headers.get('etag')).toBe(without.headers.get('etag')!.replace(/"$/, '-c"'));
        // the ETag of one variant does not validate the other
        expect((await get(article.url, { 'if-none-match': without.headers.get('etag')!, cookie: 'cookie_notice_accepted=true' })).status).toBe(200);
        expect((await get(article.url, { 'if-none-match': consented.headers.get('etag')!, cookie: 'cookie_notice_accepted=true' })).status).toBe(304);
      } finally {
        await repos.settings.set('analytics', settingsKeys.analytics, { key: '' });
        await server.runtime.contentChanged();
      }
      expect((await get(article.url)).headers.get('cache-control')).toContain('s-maxage=600');
      await server.runtime.purger.idle();
    });

    it('a hanging webhook blocks no save: the purge times out in the background', async () => {
      stub.reset(() => 'hang');
      const { item } = await server.runtime.content.items.get(admin, 'post', article.id);
      const started = Date.now();
      await server.runtime.content.items.save(admin, 'post', article.id, item.revision, { ...item.fields, title: 'Saved while the CDN hangs' });
      // shorter than a single attempt's timeout: the save did not wait for the CDN
      expect(Date.now() - started).toBeLessThan(1500);
      expect((await get(article.url)).status).toBe(200);
      await server.runtime.purger.idle();
      // one attempt and one retry, each cut by the 1.5 s timeout
      expect(stub.received).toHaveLength(2);
    });
  });
}

describe('purge webhook formats and the final failure', () => {
  const stub = new PurgeStub();
  const logged: { level: string; obj: unknown; msg: string }[] = [];
  const log = {
    error: (obj: unknown, msg: string) => logged.push({ level: 'error', obj, msg }),
    debug: () => undefined,
  } as unknown as Logger;
  const cdn = (over: Partial<Parameters<typeof createPurger>[0]>) => ({
    maxAge: 0,
    sMaxAge: 300,
    staleWhileRevalidate: 60,
    purgeUrl: stub.url,
    purgeToken: 'tok',
    purgeFormat: 'json' as const,
    purgeTimeoutMs: 300,
    purgeRetries: 1,
    purgeRepeatMs: 0,
    ...over,
  });
  beforeAll(() => stub.start());
  afterAll(() => stub.stop());

  it('Fastly gets {surrogate_keys} with Fastly-Key, Cloudflare {tags} with a bearer token, in batches of their API limit', async () => {
    stub.reset();
    const keys = Array.from({ length: 150 }, (_, i) => `post-${i}`);
    const fastly = createPurger(cdn({ purgeFormat: 'fastly' }), log, { retryBaseMs: 10 });
    fastly.purge(keys);
    await fastly.idle();
    expect(stub.received).toHaveLength(1);
    expect(stub.received[0]!.headers['fastly-key']).toBe('tok');
    expect((stub.received[0]!.body as { surrogate_keys: string[] }).surrogate_keys).toHaveLength(150);
    stub.reset();
    const cloudflare = createPurger(cdn({ purgeFormat: 'cloudflare' }), log, { retryBaseMs: 10 });
    cloudflare.purge(keys);
    await cloudflare.idle();
    expect(stub.received.map((r) => (r.body as { tags: string[] }).tags.length).sort()).toEqual([100, 50]);
    expect(stub.received[0]!.headers.authorization).toBe('Bearer tok');
  });

  it('repeats a purge once after CDN_PURGE_REPEAT_MS (other processes have followed the version by then)', async () => {
    stub.reset();
    const p = createPurger(cdn({ purgeRepeatMs: 150 }), log, { retryBaseMs: 10 });
    p.purge(['post-1', 'archive']);
    await p.idle();
    expect(stub.received.map((r) => r.body)).toEqual([{ keys: ['post-1', 'archive'] }]);
    await new Promise((r) => setTimeout(r, 250));
    await p.idle();
    expect(stub.received.map((r) => r.body)).toEqual([{ keys: ['post-1', 'archive'] }, { keys: ['post-1', 'archive'] }]);
    p.purge(['home']);
    p.close();
    await p.idle();
    await new Promise((r) => setTimeout(r, 250));
    expect(stub.received).toHaveLength(3);
  });

  it('gives up after the retries and logs it; a refusal (4xx) is not retried', async () => {
    stub.reset(() => 503);
    logged.length = 0;
    const p = createPurger(cdn({ purgeRetries: 2 }), log, { retryBaseMs: 10 });
    p.purge(['home']);
    await p.idle();
    expect(stub.received).toHaveLength(3);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toMatch(/CDN purge failed/);
    expect(logged[0]!.obj).toMatchObject({ keys: ['home'], error: 'HTTP 503', attempts: 3 });
    stub.reset(() => 403);
    p.purge(['home']);
    await p.idle();
    expect(stub.received).toHaveLength(1);
  });
});
