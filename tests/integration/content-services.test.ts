/**
 * The write services of src/server/content on both databases: the editorial workflow of posts,
 * pages and portfolio items, revisions and conflicts, slugs and their redirects, scheduling, role
 * rules, media ingest with renditions, and taxonomies. Each refused write is checked to have
 * changed nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { testDatabases, type TestDb } from '../support/db.ts';
import { createContentServices, type ContentServices } from '../../src/server/content/index.server.ts';
import type { Actor } from '../../src/server/content/actor.ts';
import type { ContentError } from '../../src/server/content/errors.ts';
import type { Role } from '../../src/features/accounts/types.ts';

async function refused(p: Promise<unknown>): Promise<ContentError> {
  try {
    await p;
  } catch (err) {
    return err as ContentError;
  }
  throw new Error('expected the write to be refused');
}

const png = (width: number, height: number, color = '#2a6') => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

for (const target of testDatabases()) {
  describe(`content write services on ${target.name}`, () => {
    let t: TestDb;
    let dataDir: string;
    let services: ContentServices;
    let bumps = 0;
    let clock = new Date('2030-06-01T12:00:00.000Z');
    const users: Record<'admin' | 'editor' | 'author' | 'author2' | 'contributor', Actor> = {} as never;

    beforeAll(async () => {
      t = await target.open();
      dataDir = mkdtempSync(path.join(tmpdir(), 'masthead-content-'));
      services = createContentServices({ repos: t.repos, dataDir, contentChanged: async () => void bumps++, now: () => clock });
      const make = async (login: string, role: Role) => ({ id: await t.repos.users.create({ login, email: `${login}@example.com`, displayName: login.toUpperCase(), role, passwordHash: 'x' }), role });
      users.admin = await make('boss', 'administrator');
      users.editor = await make('ed', 'editor');
      users.author = await make('ann', 'author');
      users.author2 = await make('bob', 'author');
      users.contributor = await make('cat', 'contributor');
    });
    afterAll(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    beforeEach(() => {
      clock = new Date('2030-06-01T12:00:00.000Z');
    });

    it('creates a draft with a slug from its title, unique, invisible to readers', async () => {
      const a = await services.items.create(users.author, 'post', { title: 'Harbour at Dawn', blocks: [{ type: 'paragraph', html: 'Hello <b>there</b><script>x</script>' }] });
      expect(a).toMatchObject({ kind: 'post', status: 'draft', revision: 1, url: '/harbour-at-dawn/' });
      expect(a.fields.authorId).toBe(users.author.id);
      expect(a.fields.blocks).toEqual([{ type: 'paragraph', html: 'Hello <b>there</b>x' }]);
      const b = await services.items.create(users.author, 'post', { title: 'Harbour at dawn!' });
      expect(b.fields.slug).toBe('harbour-at-dawn-2');
      expect(await t.repos.posts.bySlug('harbour-at-dawn')).toBeNull();
      const before = bumps;
      await services.items.save(users.author, 'post', a.id, 1, { ...a.fields, title: 'Harbour at dawn, again' });
      expect(bumps).toBe(before); // readers see nothing new: the cache stays
    });

    it('publishes: readers see it, the content version moves, a revision is kept', async () => {
      const d = await services.items.create(users.editor, 'post', { title: 'Published one' });
      const before = bumps;
      const p = await services.items.publish(users.editor, 'post', d.id, d.revision, { ...d.fields, excerpt: 'Short.' });
      expect(p.status).toBe('publish');
      expect(p.revision).toBe(2);
      expect(bumps).toBe(before + 1);
      expect((await t.repos.posts.bySlug('published-one'))?.excerpt).toBe('Short.');
      const revs = await services.items.revisions(users.editor, 'post', d.id);
      expect(revs.map((r) => [r.revision, r.status, r.authorName])).toEqual([
        [2, 'publish', 'ED'],
        [1, 'draft', 'ED'],
      ]);
    });

    it('refuses a save based on an older revision (two tabs) and changes nothing', async () => {
      const d = await services.items.create(users.editor, 'post', { title: 'Two tabs' });
      const first = await services.items.save(users.editor, 'post', d.id, d.revision, { ...d.fields, title: 'Tab one wins' });
      const err = await refused(services.items.save(users.editor, 'post', d.id, d.revision, { ...d.fields, title: 'Tab two' }));
      expect(err.code).toBe('conflict');
      expect(err.details).toEqual({ revision: first.revision });
      expect((await services.items.get(users.editor, 'post', d.id)).item.fields.title).toBe('Tab one wins');
    });

    it('keeps a 301 from the old address when a published slug changes, and frees the new one', async () => {
      const d = await services.items.create(users.editor, 'post', { title: 'Old name' });
      const p = await services.items.publish(users.editor, 'post', d.id, d.revision, null);
      await t.repos.redirects.save({ from: '/new-name/', to: '/somewhere/', source: 'manual' });
      const renamed = await services.items.save(users.editor, 'post', d.id, p.revision, { ...p.fields, slug: 'new-name' });
      expect(renamed.url).toBe('/new-name/');
      expect(await t.repos.redirects.find('/old-name/')).toMatchObject({ to: '/new-name/', status: 301, source: 'slug' });
      expect(await t.repos.redirects.find('/new-name/')).toBeNull();
      // a draft's slug is not public yet: renaming it leaves no redirect
      const draft = await services.items.create(users.editor, 'post', { title: 'Draft name' });
      await services.items.save(users.editor, 'post', draft.id, draft.revision, { ...draft.fields, slug: 'other-draft-name' });
      expect(await t.repos.redirects.find('/draft-name/')).toBeNull();
    });

    it('refuses odd, reserved, numeric and taken slugs with a message for the field', async () => {
      const d = await services.items.create(users.editor, 'post', { title: 'Slug checks' });
      await services.items.create(users.editor, 'page', { title: 'Taken page', slug: 'taken-page' });
      for (const [slug, pattern] of [
        ['Odd Slug!', /lower-case letters, digits and hyphens.*odd-slug/],
        ['admin', /belongs to the site/],
        ['2024', /date archive/],
        ['taken-page', /already used by “Taken page”/],
      ] as const) {
        const err = await refused(services.items.save(users.editor, 'post', d.id, d.revision, { ...d.fields, slug }));
        expect(err.code).toBe('invalid');
        expect(err.field).toBe('slug');
        expect(err.message).toMatch(pattern);
      }
      expect((await services.items.get(users.editor, 'post', d.id)).item.revision).toBe(d.revision);
    });

    it('refuses unknown block types, oversized text and missing images without changing anything', async () => {
      const d = await services.items.create(users.editor, 'post', { title: 'Bad input' });
      const bad = [
        [{ ...d.fields, blocks: [{ type: 'marquee', html: 'x' }] }, 'blocks'],
        [{ ...d.fields, title: 'x'.repeat(301) }, 'title'],
        [{ ...d.fields, blocks: [{ type: 'image', media: 999999 }] }, 'blocks'],
        [{ ...d.fields, featuredMediaId: 999999 }, 'featuredMediaId'],
        [{ ...d.fields, categoryIds: [999999] }, 'categoryIds'],
        [{ ...d.fields, blocks: [{ type: 'contact-form', formId: 999 }] }, 'blocks'],
      ] as const;
      for (const [fields, field] of bad) {
        const err = await refused(services.items.save(users.editor, 'post', d.id, d.revision, fields as never));
        expect([err.code, err.field]).toEqual(['invalid', field]);
      }
      expect((await services.items.get(users.editor, 'post', d.id)).item.revision).toBe(d.revision);
    });

    it('creates tags on the fly and keeps categories in order', async () => {
      const travel = await services.taxonomies.create(users.editor, 'category', { name: 'Journeys' });
      const food = await services.taxonomies.create(users.editor, 'category', { name: 'Kitchen' });
      const d = await services.items.create(users.author, 'post', { title: 'Tagged', categoryIds: [food.id, travel.id], tags: ['Lemons', 'Olive oil', 'lemons'] });
      expect(d.fields.categoryIds).toEqual([food.id, travel.id]);
      expect(d.fields.tags).toEqual(['Lemons', 'Olive oil']);
      expect((await t.repos.terms.byName('tag', 'olive oil'))?.slug).toBe('olive-oil');
      // a second post reuses the tag
      const e = await services.items.create(users.author, 'post', { title: 'Tagged again', tags: ['OLIVE OIL'] });
      expect(e.fields.tags).toEqual(['Olive oil']);
      // readers' counts (archives, sitemap) count published posts only
      const count = async () => (await t.repos.terms.list('category')).find((c) => c.id === food.id)?.count;
      expect(await count()).toBe(0);
      await services.items.publish(users.author, 'post', d.id, d.revision, null);
      expect(await count()).toBe(1);
      expect((await t.repos.terms.listForAdmin('category')).find((c) => c.id === food.id)?.count).toBe(1);
    });

    it('schedules: invisible until its time, then published by publishDue (once, even if asked twice)', async () => {
      const d = await services.items.create(users.author, 'post', { title: 'Tomorrow' });
      const err = await refused(services.items.schedule(users.author, 'post', d.id, d.revision, { ...d.fields, date: '2030-06-01T11:00:00.000Z' }));
      expect([err.code, err.field]).toEqual(['invalid', 'date']);
      const s = await services.items.schedule(users.author, 'post', d.id, d.revision, { ...d.fields, date: '2030-06-02T09:00:00.000Z' });
      expect(s.status).toBe('future');
      expect(await services.items.nextScheduled()).toBe('2030-06-02T09:00:00.000Z');
      expect(await services.items.publishDue()).toBe(0);
      expect(await t.repos.posts.bySlug('tomorrow')).toBeNull();
      clock = new Date('2030-06-02T09:00:01.000Z');
      const before = bumps;
      const [a, b] = await Promise.all([services.items.publishDue(), services.items.publishDue()]);
      expect(a + b).toBe(1);
      expect(bumps).toBe(before + 1);
      const live = await t.repos.posts.bySlug('tomorrow');
      expect(live?.publishedAt).toBe('2030-06-02T09:00:00.000Z');
    });

    it('publishing with a future date is refused (schedule it), a past date backdates', async () => {
      const d = await services.items.create(users.editor, 'post', { title: 'Dated' });
      const err = await refused(services.items.publish(users.editor, 'post', d.id, d.revision, { ...d.fields, date: '2031-01-01T00:00:00.000Z' }));
      expect(err.field).toBe('date');
      const p = await services.items.publish(users.editor, 'post', d.id, d.revision, { ...d.fields, date: '2020-02-02T10:00:00.000Z' });
      expect(p.publishedAt).toBe('2020-02-02T10:00:00.000Z');
    });

    it('unpublishes, trashes and restores (as a draft), each visible to readers at once', async () => {
      const d = await services.items.create(users.editor, 'page', { title: 'Going away' });
      const p = await services.items.publish(users.editor, 'page', d.id, d.revision, null);
      expect(await t.repos.posts.bySlug('going-away', 'page')).not.toBeNull();
      const u = await services.items.unpublish(users.editor, 'page', d.id, p.revision);
      expect(u.status).toBe('draft');
      expect(await t.repos.posts.bySlug('going-away', 'page')).toBeNull();
      const again = await services.items.publish(users.editor, 'page', d.id, u.revision, null);
      const trashed = await services.items.trash(users.editor, 'page', d.id);
      expect(trashed.status).toBe('trash');
      expect(await t.repos.posts.bySlug('going-away', 'page')).toBeNull();
      expect((await t.repos.editorial.list({ kind: 'page', limit: 50 })).items.map((i) => i.id)).not.toContain(d.id);
      expect((await t.repos.editorial.list({ kind: 'page', status: 'trash', limit: 50 })).items.map((i) => i.id)).toContain(d.id);
      const err = await refused(services.items.save(users.editor, 'page', d.id, trashed.revision, trashed.fields));
      expect(err.message).toMatch(/trash/);
      const restored = await services.items.restore(users.editor, 'page', d.id);
      expect(restored.status).toBe('draft');
      expect(restored.revision).toBeGreaterThan(again.revision);
    });

    it('pages sit in a tree: a parent and an order are kept; itself, a sub-page or a post as parent is refused', async () => {
      const top = await services.items.create(users.editor, 'page', { title: 'Harbour office' });
      const mid = await services.items.create(users.editor, 'page', { title: 'Harbour staff', parentId: top.id, menuOrder: 3 });
      const low = await services.items.create(users.editor, 'page', { title: 'Harbour pilots', parentId: mid.id });
      expect([mid.fields.parentId, mid.fields.menuOrder, low.fields.parentId]).toEqual([top.id, 3, mid.id]);
      expect((await t.repos.editorial.pageTree()).find((p) => p.id === mid.id)).toMatchObject({ parentId: top.id, menuOrder: 3 });

      const self = await refused(services.items.save(users.editor, 'page', top.id, top.revision, { ...top.fields, parentId: top.id }));
      expect([self.code, self.field, self.message]).toEqual(['invalid', 'parentId', 'A page cannot be its own parent.']);
      const below = await refused(services.items.save(users.editor, 'page', top.id, top.revision, { ...top.fields, parentId: low.id }));
      expect([below.field, below.message]).toEqual(['parentId', expect.stringMatching(/under its own sub-page/)]);
      const post = await services.items.create(users.editor, 'post', { title: 'Not a page' });
      const notPage = await refused(services.items.save(users.editor, 'page', top.id, top.revision, { ...top.fields, parentId: post.id }));
      expect(notPage.message).toBe('There is no such page to be the parent.');
      // nothing changed by the refused saves
      expect((await services.items.get(users.editor, 'page', top.id)).item.fields.parentId).toBeNull();
      // a post keeps no parent whatever it is sent
      const p = await services.items.save(users.editor, 'post', post.id, post.revision, { ...post.fields, parentId: top.id, menuOrder: 5 });
      expect([p.fields.parentId, p.fields.menuOrder]).toEqual([null, 0]);
    });

    it('compares and restores revisions; the restored version is a new revision', async () => {
      const d = await services.items.create(users.editor, 'post', { title: 'Versions', blocks: [{ type: 'paragraph', html: 'First words.' }] });
      const s2 = await services.items.save(users.editor, 'post', d.id, d.revision, { ...d.fields, blocks: [{ type: 'paragraph', html: 'Second words.' }] });
      const revs = await services.items.revisions(users.editor, 'post', d.id);
      const first = revs.find((r) => r.revision === 1)!;
      expect((await services.items.revision(users.editor, 'post', d.id, first.id)).fields.blocks).toEqual([{ type: 'paragraph', html: 'First words.' }]);
      const r = await services.items.restoreRevision(users.editor, 'post', d.id, first.id, s2.revision);
      expect(r.fields.blocks).toEqual([{ type: 'paragraph', html: 'First words.' }]);
      expect(r.revision).toBe(3);
      expect((await services.items.revisions(users.editor, 'post', d.id))[0]).toMatchObject({ revision: 3, kind: 'restore' });
    });

    it('autosaves a draft into one coalesced revision, and a live post only as a pending copy', async () => {
      const d = await services.items.create(users.author, 'post', { title: 'Autosaved' });
      const a1 = await services.items.autosave(users.author, 'post', d.id, d.revision, { ...d.fields, excerpt: 'one' });
      const a2 = await services.items.autosave(users.author, 'post', d.id, a1.item.revision, { ...d.fields, excerpt: 'two' });
      expect(a2.applied).toBe(true);
      expect(a2.item.fields.excerpt).toBe('two');
      const kinds = (await services.items.revisions(users.author, 'post', d.id)).map((r) => r.kind);
      expect(kinds).toEqual(['autosave', 'save']);

      const live = await services.items.publish(users.author, 'post', d.id, a2.item.revision, null);
      const before = bumps;
      clock = new Date('2030-06-01T12:05:00.000Z');
      const pending = await services.items.autosave(users.author, 'post', d.id, live.revision, { ...live.fields, excerpt: 'work in progress' });
      expect(pending.applied).toBe(false);
      expect(bumps).toBe(before);
      expect((await t.repos.posts.bySlug('autosaved'))?.excerpt).toBe('two');
      const loaded = await services.items.get(users.author, 'post', d.id);
      expect(loaded.pending?.fields.excerpt).toBe('work in progress');
      // saving for real applies it and clears the pending copy
      await services.items.save(users.author, 'post', d.id, live.revision, { ...live.fields, excerpt: 'work in progress' });
      expect((await services.items.get(users.author, 'post', d.id)).pending).toBeNull();
      expect((await t.repos.posts.bySlug('autosaved'))?.excerpt).toBe('work in progress');
    });

    it('contributors write drafts and submit them; they never publish or touch others’ posts', async () => {
      const c = users.contributor;
      const d = await services.items.create(c, 'post', { title: 'From a contributor' });
      for (const attempt of [
        () => services.items.publish(c, 'post', d.id, d.revision, null),
        () => services.items.schedule(c, 'post', d.id, d.revision, { ...d.fields, date: '2031-01-01T00:00:00.000Z' }),
        () => services.items.create(c, 'post', { title: 'Straight out' }, 'publish'),
        () => services.items.create(c, 'page', { title: 'A page' }),
        () => services.items.create(c, 'portfolio', { title: 'A project' }),
      ]) {
        expect((await refused(attempt())).code).toBe('forbidden');
      }
      const pending = await services.items.submitForReview(c, 'post', d.id, d.revision, { ...d.fields, excerpt: 'Please review' });
      expect(pending.status).toBe('pending');
      // an editor publishes it; then the contributor can no longer edit it
      const live = await services.items.publish(users.editor, 'post', d.id, pending.revision, null);
      expect((await refused(services.items.save(c, 'post', d.id, live.revision, live.fields))).code).toBe('forbidden');
      const other = await services.items.create(users.author, 'post', { title: 'Not theirs' });
      expect((await refused(services.items.get(c, 'post', other.id))).code).toBe('forbidden');
      expect((await refused(services.items.trash(c, 'post', other.id))).code).toBe('forbidden');
    });

    it('authors publish their own posts only, and cannot give a post another author', async () => {
      const mine = await services.items.create(users.author, 'post', { title: 'Mine' });
      const p = await services.items.publish(users.author, 'post', mine.id, mine.revision, null);
      expect(p.status).toBe('publish');
      const theirs = await services.items.create(users.author2, 'post', { title: 'Theirs' });
      expect((await refused(services.items.publish(users.author, 'post', theirs.id, theirs.revision, null))).code).toBe('forbidden');
      const err = await refused(services.items.save(users.author, 'post', mine.id, p.revision, { ...p.fields, authorId: users.author2.id }));
      expect([err.code, err.field]).toEqual(['forbidden', 'authorId']);
      // an editor may
      const moved = await services.items.save(users.editor, 'post', mine.id, p.revision, { ...p.fields, authorId: users.author2.id });
      expect(moved.authorName).toBe('BOB');
    });

    it('portfolio items: draft invisible, published listed, with categories and layout', async () => {
      const cat = await services.taxonomies.create(users.editor, 'portfolio_category', { name: 'Print' });
      const d = await services.items.create(users.editor, 'portfolio', { title: 'Poster series', categoryIds: [cat.id], layout: 3, portfolioMeta: { client: 'Harbour Trust' } });
      expect((await t.repos.portfolio.list({ limit: 50 })).items.map((i) => i.slug)).not.toContain('poster-series');
      expect(await t.repos.portfolio.bySlug('poster-series')).toBeNull();
      await services.items.publish(users.editor, 'portfolio', d.id, d.revision, null);
      const item = await t.repos.portfolio.bySlug('poster-series');
      expect(item).toMatchObject({ layout: 3, meta: { client: 'Harbour Trust' } });
      expect(item?.categories.map((c) => c.name)).toEqual(['Print']);
      const err = await refused(services.items.save(users.editor, 'portfolio', d.id, 2, { ...d.fields, categoryIds: [(await t.repos.terms.bySlug('category', 'journeys'))!.id] }));
      expect(err.field).toBe('categoryIds');
    });

    it('taxonomies: create with parents, rename with a redirect, merge, delete; cycles refused', async () => {
      const parent = await services.taxonomies.create(users.editor, 'category', { name: 'Places', description: 'Where we went' });
      const child = await services.taxonomies.create(users.editor, 'category', { name: 'Coasts', parentId: parent.id });
      expect(child.parentId).toBe(parent.id);
      expect((await refused(services.taxonomies.update(users.editor, parent.id, { name: 'Places', parentId: child.id }))).field).toBe('parentId');
      expect((await refused(services.taxonomies.create(users.editor, 'category', { name: 'places' }))).field).toBe('name');
      expect((await refused(services.taxonomies.create(users.author, 'category', { name: 'Nope' }))).code).toBe('forbidden');
      const renamed = await services.taxonomies.update(users.editor, child.id, { name: 'Shores', slug: 'shores', parentId: parent.id });
      expect(renamed.slug).toBe('shores');
      expect(await t.repos.redirects.find('/category/coasts/')).toMatchObject({ to: '/category/shores/' });

      const post = await services.items.create(users.editor, 'post', { title: 'On the shore', categoryIds: [renamed.id] });
      await services.items.publish(users.editor, 'post', post.id, post.revision, null);
      await services.taxonomies.merge(users.editor, renamed.id, parent.id);
      expect((await services.items.get(users.editor, 'post', post.id)).item.fields.categoryIds).toEqual([parent.id]);
      expect(await t.repos.terms.byId(renamed.id)).toBeNull();
      expect(await t.repos.redirects.find('/category/shores/')).toMatchObject({ to: '/category/places/' });
      expect(await t.repos.redirects.find('/category/coasts/')).toMatchObject({ to: '/category/places/' });

      await services.taxonomies.remove(users.editor, parent.id);
      expect((await services.items.get(users.editor, 'post', post.id)).item.fields.categoryIds).toEqual([]);
    });

    it('media: ingests by content with renditions in AVIF, WebP and JPEG, edits, refuses delete while used, replaces', async () => {
      const fake = await refused(services.media.ingest(users.author, { bytes: new TextEncoder().encode('<svg onload="x"/>'), filename: 'photo.jpg' }));
      expect([fake.code, fake.field]).toEqual(['unsupported', 'file']);
      expect((await refused(services.media.ingest(users.contributor, { bytes: await png(10, 10), filename: 'x.png' }))).code).toBe('forbidden');

      const m = await services.media.ingest(users.author, { bytes: await png(1200, 800), filename: 'Harbour Lights.png' }, { alt: 'Lights on the water' });
      expect(m).toMatchObject({ width: 1200, height: 800, mime: 'image/jpeg', alt: 'Lights on the water', title: 'Harbour Lights', originalName: 'Harbour Lights.png', uploadedBy: users.author.id });
      expect(m.file).toMatch(/^\/media\/uploads\/\d{4}\/\d{2}\/harbour-lights-[0-9a-f]{8}-1200\.jpg$/);
      const kinds = m.variants.map((v) => `${v.type ?? 'image/jpeg'}@${v.width}`).sort();
      expect(kinds).toEqual(['image/avif@1200', 'image/avif@480', 'image/avif@960', 'image/jpeg@480', 'image/jpeg@960', 'image/webp@1200', 'image/webp@480', 'image/webp@960']);
      for (const f of [m.file, ...m.variants.map((v) => v.file)]) expect(existsSync(path.join(dataDir, 'uploads', f.slice('/media/uploads/'.length)))).toBe(true);
      expect(m.variants.find((v) => v.width === 480)?.height).toBe(320);

      // someone else's upload: an author may not change it, an editor may
      expect((await refused(services.media.update(users.author2, m.id, { alt: 'x' }))).code).toBe('forbidden');
      const edited = await services.media.update(users.editor, m.id, { alt: 'Harbour lights at night', caption: 'Night', credit: 'Ann' });
      expect(edited).toMatchObject({ alt: 'Harbour lights at night', caption: 'Night', credit: 'Ann' });

      const d = await services.items.create(users.author, 'post', { title: 'Uses the image', blocks: [{ type: 'gallery', style: 'masonry', media: [m.id] }] });
      const inUse = await refused(services.media.remove(users.editor, m.id));
      expect(inUse.code).toBe('in_use');
      expect(inUse.message).toContain('“Uses the image”');

      const replaced = await services.media.replace(users.author, m.id, { bytes: await png(600, 900, '#36c'), filename: 'portrait.png' });
      expect(replaced).toMatchObject({ id: m.id, width: 600, height: 900, alt: 'Harbour lights at night' });
      expect(existsSync(path.join(dataDir, 'uploads', m.file.slice('/media/uploads/'.length)))).toBe(false);

      await services.items.save(users.author, 'post', d.id, d.revision, { ...d.fields, blocks: [] });
      await services.media.remove(users.editor, m.id);
      expect(await t.repos.media.byId(m.id)).toBeNull();
      expect(existsSync(path.join(dataDir, 'uploads', replaced.file.slice('/media/uploads/'.length)))).toBe(false);
    });
  });
}
