/**
 * Menus through the admin endpoint on SQLite and PostgreSQL: a saved menu comes back as it was
 * (order, nesting, mega-menu category and post count) and bumps the content version; bad links,
 * impossible nesting and mega menus outside the header's top level are refused by field with
 * nothing stored; the link sources list published content and terms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabases, type TestDb } from '../support/db.ts';
import { handleAdminRequest } from '../../src/server/admin/index.server.ts';
import { createLogger } from '../../src/server/log.server.ts';
import { startSession } from '../../src/server/session.server.ts';
import { CONTENT_VERSION, type Runtime } from '../../src/server/runtime.server.ts';
import { createContentServices } from '../../src/server/content/index.server.ts';
import { validMenuUrl } from '../../src/server/admin/actions/menus.server.ts';

const ORIGIN = 'http://admin.test';

for (const target of testDatabases()) {
  describe(`menus actions on ${target.name}`, () => {
    let t: TestDb;
    let runtime: Runtime;
    let cookie: string;
    let travel: number;
    let dataDir: string;

    beforeAll(async () => {
      t = await target.open();
      dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-menus-'));
      const contentChanged = async () => void (await t.repos.counters.increment(CONTENT_VERSION));
      const content = createContentServices({ repos: t.repos, dataDir, contentChanged });
      runtime = { config: { publicUrl: ORIGIN }, log: createLogger('silent'), repos: t.repos, contentChanged, content } as unknown as Runtime;
      const id = await t.repos.users.create({ login: 'menu-admin', email: 'menu-admin@example.com', displayName: 'Menu Admin', role: 'administrator', passwordHash: 'x' });
      cookie = (await startSession(t.repos, id, { remember: false, userAgent: 'test', ip: '127.0.0.1', secure: false })).cookie.split(';')[0]!;
      const actor = { id, role: 'administrator' as const };
      travel = (await content.taxonomies.create(actor, 'category', { name: 'Travel' })).id;
      await content.taxonomies.create(actor, 'tag', { name: 'Islands' });
      const page = await content.items.create(actor, 'page', { title: 'About us', slug: 'about-us' });
      await content.items.publish(actor, 'page', page.id, page.revision, null);
    });
    afterAll(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const call = async (action: string, body: unknown) => {
      const res = await handleAdminRequest(
        new Request(`${ORIGIN}/api/admin/${action}`, { method: 'POST', headers: { origin: ORIGIN, 'x-masthead-admin': '1', 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }),
        { runtime },
      );
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
      return { status: res.status, body: (await res.json()) as { ok: boolean; data?: any; error?: { code: string; field?: string; fields?: Record<string, string> } } };
    };

    const good = () => [
      { label: 'Home', url: '/', depth: 0 },
      { label: 'Travel', url: '/category/travel/', depth: 0, megaTermId: travel, megaCount: 6 },
      { label: 'Contact', url: '/contact/', depth: 0 },
      { label: 'Write to us', url: 'mailto:desk@example.com', depth: 1 },
    ];

    it('stores a header menu with nesting and a mega menu, and bumps the content version', async () => {
      const before = await t.repos.counters.get(CONTENT_VERSION);
      const r = await call('menus.save', { location: 'main', items: good() });
      expect(r.status).toBe(200);
      expect(r.body.data.items).toEqual([
        { label: 'Home', url: '/', depth: 0, megaTermId: null, megaCount: null },
        { label: 'Travel', url: '/category/travel/', depth: 0, megaTermId: travel, megaCount: 6 },
        { label: 'Contact', url: '/contact/', depth: 0, megaTermId: null, megaCount: null },
        { label: 'Write to us', url: 'mailto:desk@example.com', depth: 1, megaTermId: null, megaCount: null },
      ]);
      const tree = await t.repos.menus.tree('main');
      expect(tree.map((m) => m.label)).toEqual(['Home', 'Travel', 'Contact']);
      expect(tree[2]!.children.map((m) => m.label)).toEqual(['Write to us']);
      expect(await t.repos.counters.get(CONTENT_VERSION)).toBe(before + 1);
      expect((await call('menus.get', { location: 'main' })).body.data.items).toEqual(r.body.data.items);
    });

    it('refuses bad links, impossible nesting and misplaced mega menus by field, storing nothing', async () => {
      const cases: [unknown[], string, string][] = [
        [[{ label: 'Evil', url: 'javascript:alert(1)', depth: 0 }], 'main', 'items.0.url'],
        [[{ label: '', url: '/', depth: 0 }], 'main', 'items.0.label'],
        [[{ label: 'Orphan', url: '/', depth: 1 }], 'main', 'items.0.depth'],
        [[{ label: 'A', url: '/', depth: 0 }, { label: 'Too deep', url: '/', depth: 2 }], 'main', 'items.1.depth'],
        [[{ label: 'A', url: '/', depth: 0 }, { label: 'Sub', url: '/', depth: 1 }], 'footer', 'items.1.depth'],
        [[{ label: 'Mega', url: '/', depth: 0, megaTermId: travel, megaCount: 4 }], 'footer', 'items.0.megaTermId'],
        [[{ label: 'Mega', url: '/', depth: 0, megaTermId: 99999, megaCount: 4 }], 'main', 'items.0.megaTermId'],
        [[{ label: 'Mega', url: '/', depth: 0, megaTermId: travel, megaCount: 40 }], 'main', 'items.0.megaCount'],
      ];
      for (const [items, location, field] of cases) {
        const r = await call('menus.save', { location, items });
        expect(r.status, field).toBe(422);
        expect({ ...r.body.error!.fields, ...(r.body.error!.field ? { [r.body.error!.field]: 'x' } : {}) }, JSON.stringify(items)).toHaveProperty([field]);
      }
      expect((await t.repos.menus.tree('main')).map((m) => m.label)).toEqual(['Home', 'Travel', 'Contact']);
      expect(validMenuUrl('//evil.example/')).toBe(false);
      expect(validMenuUrl('#top')).toBe(true);
      expect(validMenuUrl('tel:+442079460000')).toBe(true);
    });

    it('previews a draft as the header takes it, storing nothing; an author is refused', async () => {
      const version = await t.repos.counters.get(CONTENT_VERSION);
      const r = await call('menus.preview', {
        location: 'main',
        items: [
          { label: 'Travel', url: '/category/travel/', depth: 0, megaTermId: travel, megaCount: 2 },
          { label: 'Unfinished', url: 'javascript:alert(1)', depth: 3 },
          { label: 'Draft', url: '/draft/', depth: 0 },
        ],
      });
      expect(r.status).toBe(200);
      // a draft is drawn, not refused: a bad address points nowhere, a depth is clamped
      expect(r.body.data.items.map((i: { label: string; url: string; children: { label: string; url: string }[] }) => [i.label, i.url, i.children.map((c) => [c.label, c.url])])).toEqual([
        ['Travel', '/category/travel/', [['Unfinished', '#']]],
        ['Draft', '/draft/', []],
      ]);
      expect(Object.keys(r.body.data.mega)).toEqual([String(travel)]);
      expect((await t.repos.menus.tree('main')).map((m) => m.label)).toEqual(['Home', 'Travel', 'Contact']);
      expect(await t.repos.counters.get(CONTENT_VERSION)).toBe(version);
      const authorId = await t.repos.users.create({ login: 'menu-author', email: 'menu-author@example.com', displayName: 'Menu Author', role: 'author', passwordHash: 'x' });
      const authorCookie = (await startSession(t.repos, authorId, { remember: false, userAgent: 'test', ip: '127.0.0.1', secure: false })).cookie.split(';')[0]!;
      const refused = await handleAdminRequest(
        new Request(`${ORIGIN}/api/admin/menus.preview`, { method: 'POST', headers: { origin: ORIGIN, 'x-masthead-admin': '1', 'content-type': 'application/json', cookie: authorCookie }, body: JSON.stringify({ location: 'main', items: [] }) }),
        { runtime },
      );
      expect(refused.status).toBe(403);
    });

    it('lists published pages, categories and tags to link to', async () => {
      expect((await call('menus.sources', { kind: 'page' })).body.data).toEqual([{ id: expect.any(Number), label: 'About us', url: '/about-us/' }]);
      expect((await call('menus.sources', { kind: 'category', search: 'trav' })).body.data).toEqual([{ id: travel, label: 'Travel', url: '/category/travel/' }]);
      expect((await call('menus.sources', { kind: 'tag' })).body.data.map((x: { url: string }) => x.url)).toEqual(['/tag/islands/']);
      expect((await call('menus.sources', { kind: 'portfolio' })).body.data[0]).toMatchObject({ url: '/portfolio/' });
    });
  });
}
