/**
 * Password-protected posts (features/post/password.server.ts) through the HTTP entry, on both
 * databases: the form instead of the body, a wrong and a right password, the cookie and the page
 * cache, a new password locking readers out again, nothing of the body or excerpt in the home
 * page, archives, the feed or search, and the rate limit on attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/content/index.server.ts';
import { PASSWORD_ATTEMPTS } from '../../src/features/post/password.server.ts';
import { testDatabases } from '../support/db.ts';
import { startTestSite, type TestSite } from '../support/site.ts';

const BODY = 'Secret body xylophone';
const EXCERPT = 'Hidden excerpt zebra';

for (const target of testDatabases()) {
  describe(`password-protected posts on ${target.name}`, () => {
    let server: TestSite;
    let base: string;
    let admin: Actor;
    let post: { id: number; url: string };
    let cookie = '';

    beforeAll(async () => {
      server = await startTestSite(target);
      base = server.url;
      admin = { id: (await server.runtime.repos.users.byLoginOrEmail('admin'))!.id, role: 'administrator' };
      const created = await server.runtime.content.items.create(
        admin,
        'post',
        { title: 'Behind the quokka door', excerpt: EXCERPT, blocks: [{ type: 'paragraph', html: BODY }], password: 'open sesame' },
        'publish',
      );
      await server.runtime.contentChanged();
      post = { id: created.id, url: created.url };
    });
    afterAll(() => server?.close());

    const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { headers, redirect: 'manual' });
    const attempt = (password: string, headers: Record<string, string> = {}) =>
      fetch(base + post.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, ...headers }, body: new URLSearchParams({ post_password: password }) });

    it('shows the title and the password form instead of the body; the form page may be cached', async () => {
      server.runtime.cache.clear();
      const first = await get(post.url);
      expect(first.status).toBe(200);
      const html = await first.text();
      expect(html).toContain('Behind the quokka door');
      expect(html).toContain('This content is password protected.');
      const form = /<form class="post-password-form"[^>]*>/.exec(html)?.[0] ?? '';
      expect(form).toContain(`action="${post.url}"`);
      expect(form).toContain('method="post"');
      expect(html).toMatch(/<label for="pwbox-\d+">Password<\/label>/);
      expect(html).not.toContain(BODY);
      expect(html).not.toContain(EXCERPT);
      expect(first.headers.get('x-cache')).toBe('MISS');
      expect((await get(post.url)).headers.get('x-cache')).toBe('HIT');
    });

    it('keeps the body and the excerpt out of the home page, archives, the feed and search', async () => {
      for (const p of ['/', '/feed/', '/author/admin/', '/?s=xylophone', '/api/search?s=xylophone', `/${new Date().getUTCFullYear()}/`]) {
        const r = await get(p);
        const text = await r.text();
        expect(text, p).not.toContain(BODY);
        expect(text, p).not.toContain('Secret body');
        expect(text, p).not.toContain(EXCERPT);
      }
      expect(await (await get('/feed/')).text()).toContain('Behind the quokka door');
      // the search finds it by its title, and says it has no excerpt
      const search = await (await get('/?s=quokka')).text();
      expect(search).toContain('There is no excerpt because this is a protected post.');
    });

    it('a wrong password shows the form again with an error, never cached', async () => {
      const r = await attempt('wrong one');
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toMatch(/no-store/);
      expect(r.headers.get('set-cookie')).toBeNull();
      const html = await r.text();
      expect(html).toContain('The password you entered is not right.');
      expect(html).toContain('aria-invalid="true"');
      expect(html).not.toContain(BODY);
    });

    it('the right password sets a signed cookie and redirects back; the body is then private', async () => {
      const r = await attempt('open sesame');
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(post.url);
      const set = r.headers.get('set-cookie') ?? '';
      expect(set).toMatch(/^masthead_postpass=[\w-]+; Path=\/; SameSite=Lax; Max-Age=864000; HttpOnly$/);
      expect(set).not.toContain('sesame');
      cookie = set.split(';')[0]!;
      const page = await get(post.url, { cookie });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(page.headers.get('x-cache')).toBeNull();
      const html = await page.text();
      expect(html).toContain(BODY);
      expect(html).not.toContain('post-password-form');
      // a made-up cookie opens nothing
      expect(await (await get(post.url, { cookie: 'masthead_postpass=forged' })).text()).not.toContain(BODY);
      // the anonymous cached page is still the form
      expect(await (await get(post.url)).text()).not.toContain(BODY);
    });

    it('a new password locks readers out again', async () => {
      const { item } = await server.runtime.content.items.get(admin, 'post', post.id);
      expect(item.fields.password).toBe('open sesame');
      await server.runtime.content.items.save(admin, 'post', post.id, item.revision, { ...item.fields, password: 'new door' });
      await server.runtime.contentChanged();
      const html = await (await get(post.url, { cookie })).text();
      expect(html).toContain('post-password-form');
      expect(html).not.toContain(BODY);
    });

    it('limits password attempts per client address', async () => {
      let limited: Response | null = null;
      for (let i = 0; i < PASSWORD_ATTEMPTS + 2 && !limited; i++) {
        const r = await attempt(`guess ${i}`);
        if (r.status === 429) limited = r;
        else await r.body?.cancel();
      }
      expect(limited?.status).toBe(429);
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited!.text()).toContain('Too many attempts.');
      // even the right password waits
      expect((await attempt('new door')).status).toBe(429);
    });
  });
}
