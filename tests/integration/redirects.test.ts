/**
 * The redirect table on both databases: chains are flattened, loops removed; and the server
 * answers old addresses with the stored redirect while a page that lives there always wins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../support/db.ts';
import { startTestSite, type TestSite } from '../support/site.ts';

for (const target of testDatabases()) {
  describe(`redirects on ${target.name}`, () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await target.open();
    });
    afterAll(async () => t.close());

    it('stores, finds, lists and removes redirects', async () => {
      const id = await t.repos.redirects.save({ from: '/old-name/', to: '/new-name/', source: 'slug' });
      expect(await t.repos.redirects.find('/old-name/')).toMatchObject({ id, to: '/new-name/', status: 301, source: 'slug', hits: 0 });
      await t.repos.redirects.hit(id);
      expect((await t.repos.redirects.byId(id))?.hits).toBe(1);
      await t.repos.redirects.save({ from: '/?p=42', to: '/new-name/', status: 302, source: 'import' });
      const listed = await t.repos.redirects.list({ limit: 10 });
      expect(listed.total).toBe(2);
      expect((await t.repos.redirects.list({ source: 'import', limit: 10 })).items.map((r) => r.from)).toEqual(['/?p=42']);
      expect((await t.repos.redirects.list({ search: 'OLD', limit: 10 })).items.map((r) => r.from)).toEqual(['/old-name/']);
      expect(await t.repos.redirects.remove(id)).toBe(true);
      expect(await t.repos.redirects.find('/old-name/')).toBeNull();
    });

    it('never keeps a chain or a loop', async () => {
      await t.repos.redirects.save({ from: '/a/', to: '/b/', source: 'slug' });
      await t.repos.redirects.save({ from: '/b/', to: '/c/', source: 'slug' });
      expect((await t.repos.redirects.find('/a/'))?.to).toBe('/c/');
      // renamed back: /c/ → /a/ means the page lives at /a/ again
      await t.repos.redirects.save({ from: '/c/', to: '/a/', source: 'slug' });
      expect(await t.repos.redirects.find('/a/')).toBeNull();
      expect((await t.repos.redirects.find('/b/'))?.to).toBe('/a/');
      expect((await t.repos.redirects.find('/c/'))?.to).toBe('/a/');
      await expect(t.repos.redirects.save({ from: '/x/', to: '/x/', source: 'manual' })).rejects.toThrow();
    });
  });
}

describe('served redirects', () => {
  let server: TestSite;
  beforeAll(async () => {
    server = await startTestSite();
  });
  afterAll(() => server?.close());
  const get = (p: string) => fetch(server.url + p, { redirect: 'manual' });

  it('answers an old address with its redirect, however it is spelled', async () => {
    await server.runtime.repos.redirects.save({ from: '/2019/05/04/first-light/', to: '/first-light/', source: 'import' });
    for (const spelling of ['/2019/05/04/first-light/', '/2019/05/04/first-light', '/2019//05/04/first-light/']) {
      const r = await get(spelling);
      expect(r.status, spelling).toBe(301);
      expect(r.headers.get('location')).toBe('/first-light/');
    }
    expect((await server.runtime.repos.redirects.find('/2019/05/04/first-light/'))?.hits).toBeGreaterThanOrEqual(1);
  });

  it('answers WordPress query links before the front page does', async () => {
    await server.runtime.repos.redirects.save({ from: '/?p=77', to: '/the-editors-letter/', status: 302, source: 'import' });
    const r = await get('/?p=77&utm_source=mail');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/the-editors-letter/');
    // an unknown id is simply the front page
    expect((await get('/?p=78')).status).toBe(200);
  });

  it('lets a page that lives at the old address win', async () => {
    await server.runtime.repos.redirects.save({ from: '/about/', to: '/first-light/', source: 'manual' });
    expect((await get('/about/')).status).toBe(200);
    expect((await get('/no-such-page/')).status).toBe(404);
  });
});
