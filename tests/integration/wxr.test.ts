/**
 * WordPress import and export on both databases, with generated exports (tests/support/wxr.ts):
 * what comes in (counts, statuses, terms, media, forms, menus, conversion, redirects), that a
 * second run changes nothing, that a newer export updates what changed and reports a conflict
 * for what was edited here, WXR 1.0 and WordPress.com flavours, --author-map, dry runs, and the
 * round trip export → import into an empty site → the same content (passwords included); attachments that are not
 * pictures (a PDF, audio, video, a missing one) into the media library, links to them rewritten.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { testDatabases } from '../support/db.ts';
import { fileAttachments, filesSite, richImages, richSite, testFiles, wxr, writeImage, type FxSite } from '../support/wxr.ts';
import { importWxr, ImportInputError } from '../../src/server/wxr/import.server.ts';
import { exportWxr } from '../../src/server/wxr/export.server.ts';
import { createContentServices } from '../../src/server/content/index.server.ts';
import type { Repositories } from '../../src/server/db/repositories/index.server.ts';
import type { ImportReport } from '../../src/features/wxr/report.ts';
import type { ContentKind } from '../../src/features/content/status.ts';
import type { MenuItem } from '../../src/features/navigation/types.ts';

const work = mkdtempSync(path.join(tmpdir(), 'masthead-wxr-'));
const media = path.join(work, 'uploads');
const comMedia = path.join(work, 'com');

beforeAll(async () => {
  mkdirSync(path.join(media, '2024/03'), { recursive: true });
  mkdirSync(path.join(comMedia, '2024/03'), { recursive: true });
  for (const [n, f] of richImages.entries()) {
    await writeImage(path.join(media, '2024/03', f), { r: 40 * n, g: 120, b: 200 });
    await writeImage(path.join(comMedia, '2024/03', f), { r: 40 * n, g: 120, b: 200 });
  }
  // files that are not pictures (filesSite); fileAttachments.missing is left out on purpose
  mkdirSync(path.join(media, '2024/04'), { recursive: true });
  writeFileSync(path.join(media, fileAttachments.pdf), testFiles.pdf());
  writeFileSync(path.join(media, fileAttachments.mp3), testFiles.mp3());
  writeFileSync(path.join(media, fileAttachments.mp4), testFiles.mp4());
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function file(name: string, site: FxSite): string {
  const f = path.join(work, name);
  writeFileSync(f, wxr(site));
  return f;
}

async function site(target: (typeof targets)[number]) {
  const t = await target.open();
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const adminId = await t.repos.users.create({ login: 'admin', email: 'admin@example.com', displayName: 'Admin', role: 'administrator', passwordHash: '' });
  const run = (f: string, extra: Partial<Parameters<typeof importWxr>[0]> = {}) => importWxr({ repos: t.repos, dataDir, file: f, mediaDir: media, contentChanged: async () => undefined, ...extra });
  return { t, dataDir, adminId, run };
}

async function counts(repos: Repositories) {
  const [posts, pages, portfolio, media, redirects] = await Promise.all([
    repos.editorial.list({ kind: 'post', status: 'all', limit: 1 }),
    repos.editorial.list({ kind: 'page', status: 'all', limit: 1 }),
    repos.editorial.list({ kind: 'portfolio', status: 'all', limit: 1 }),
    repos.media.list({ limit: 1 }),
    repos.redirects.list({ limit: 1 }),
  ]);
  const cats = await repos.terms.listForAdmin('category');
  return { posts: posts.total, pages: pages.total, portfolio: portfolio.total, media: media.total, redirects: redirects.total, categories: cats.length };
}

async function bySlug(repos: Repositories, kind: ContentKind, slug: string) {
  const holder = await repos.editorial.slugHolder(kind, slug);
  if (!holder) throw new Error(`no ${kind} at ${slug}`);
  return (await repos.editorial.get(kind, holder.id))!;
}

const created = (r: ImportReport) => Object.values(r.counts).reduce((n, c) => n + c.created + c.updated, 0);
const labels = (tree: MenuItem[]): unknown => tree.map((m) => [m.label, m.url, labels(m.children)]);

const targets = testDatabases();
for (const target of targets) {
  describe(`WordPress import on ${target.name}`, () => {
    let s: Awaited<ReturnType<typeof site>>;
    let first: ImportReport;
    beforeAll(async () => {
      s = await site(target);
      first = await s.run(file(`rich-${target.name}.xml`, richSite()));
    });
    afterAll(() => s.t.close());

    it('brings everything in and counts it, reporting the missing file as a failure', () => {
      expect(first.counts.posts).toEqual({ created: 13, updated: 0, skipped: 1, failed: 0 });
      expect(first.counts.pages.created).toBe(4);
      expect(first.counts.portfolio.created).toBe(1);
      expect(first.counts.authors.created).toBe(2);
      expect(first.counts.categories.created).toBe(23);
      expect(first.counts.tags.created).toBe(2);
      expect(first.counts.portfolioCategories.created).toBe(1);
      expect(first.counts.media).toEqual({ created: 3, updated: 0, skipped: 0, failed: 1 });
      expect(first.counts.forms.created).toBe(1);
      expect(first.counts.menus.created).toBe(2);
      expect(first.counts.comments.skipped).toBe(4);
      expect(first.failed[0]).toMatchObject({ kind: 'media', name: 'Missing' });
      expect(first.ok).toBe(false);
      expect(first.skipReasons).toContainEqual({ kind: 'posts', reason: 'in WordPress’s trash', count: 1 });
    });

    it('keeps statuses, dates, authors, sticky, format, featured image and terms', async () => {
      const r = s.t.repos;
      const status = async (slug: string) => (await bySlug(r, 'post', slug)).status;
      expect(await status('second-light')).toBe('publish');
      expect(await status('a-draft')).toBe('draft');
      expect(await status('pending-one')).toBe('pending');
      expect(await status('private-notes')).toBe('private');
      expect(await status('coming-soon')).toBe('future');
      // password-protected: published with its password (features/post/password.server.ts), no note about it
      const members = await bySlug(r, 'post', 'members-only');
      expect(members.status).toBe('publish');
      expect(members.password).toBe('letmein');
      expect(first.notes.join('\n')).not.toContain('password-protected');
      expect((await bySlug(r, 'post', 'second-light')).password).toBe('');
      const firstLight = await bySlug(r, 'post', 'first-light-old');
      expect(firstLight.publishedAt).toBe('2024-03-01T08:00:00.000Z');
      expect(firstLight.sticky).toBe(true);
      expect(firstLight.format).toBe('video');
      expect(firstLight.featuredMediaId).not.toBeNull();
      expect((await r.users.byId(firstLight.authorId!))?.login).toBe('anna');
      const [cat] = await r.terms.byIds(firstLight.categoryIds);
      expect(cat?.slug).toBe('harbour-news');
      const local = (await r.terms.byId(cat!.parentId!))!;
      expect(local.slug).toBe('local');
      expect((await r.terms.byId(local.parentId!))?.slug).toBe('news');
      expect((await r.terms.byIds(firstLight.tagIds)).map((t) => t.name)).toEqual(['Boats']);
      expect((await bySlug(r, 'post', 'twenty')).categoryIds).toHaveLength(20);
      const portfolio = await bySlug(r, 'portfolio', 'harbour-identity');
      expect((await r.terms.byIds(portfolio.categoryIds)).map((t) => t.slug)).toEqual(['branding']);
      expect(portfolio.featuredMediaId).not.toBeNull();
    });

    it('keeps the page tree: parents three deep and the order among siblings', async () => {
      const r = s.t.repos;
      const [about, team, captains] = await Promise.all(['about', 'team', 'captains'].map((slug) => bySlug(r, 'page', slug)));
      expect(about!.parentId).toBeNull();
      expect(team!.parentId).toBe(about!.id);
      expect(captains!.parentId).toBe(team!.id);
      expect([team!.menuOrder, captains!.menuOrder]).toEqual([1, 2]);
    });

    it('handles odd titles and slugs: unicode and emoji, very long, empty, duplicates', async () => {
      const r = s.t.repos;
      const unicode = await bySlug(r, 'post', 'unicode-voyage');
      expect(unicode.title).toBe('Ünïcödé 🚢 voyage — ça va');
      const long = await bySlug(r, 'post', 'long-title');
      expect(long.title).toHaveLength(300);
      const drafts = await r.editorial.list({ kind: 'post', status: 'draft', limit: 50 });
      expect(drafts.items.some((i) => i.title === '' && i.slug === 'post-14')).toBe(true);
      expect((await bySlug(r, 'post', 'duplicate')).blocks).toEqual([{ type: 'paragraph', html: 'One.' }]);
      expect((await bySlug(r, 'post', 'duplicate-2')).blocks).toEqual([{ type: 'paragraph', html: 'Two.' }]);
    });

    it('converts Gutenberg and classic content to typed blocks, rewriting links to the new addresses', async () => {
      const r = s.t.repos;
      const g = await bySlug(r, 'post', 'first-light-old');
      expect(g.blocks.map((b) => b.type)).toEqual(['paragraph', 'heading', 'list', 'quote', 'image', 'gallery', 'embed', 'html', 'html', 'paragraph', 'paragraph', 'paragraph', 'html', 'gallery']);
      expect(g.blocks[0]).toMatchObject({ html: expect.stringContaining('href="/second-light/"') });
      expect(g.blocks[0]).toMatchObject({ html: expect.stringContaining('href="/about/"') });
      expect(g.blocks[1]).toEqual({ type: 'heading', level: 3, text: 'The boats', anchor: 'the-boats' });
      expect(g.blocks[2]).toEqual({ type: 'list', ordered: false, items: ['Trawlers', 'Ferries'] });
      expect(g.blocks[3]).toEqual({ type: 'quote', html: 'The sea is calm tonight.', cite: 'Matthew Arnold' });
      expect(g.blocks[4]).toMatchObject({ type: 'image', caption: 'The harbour at dawn' });
      expect(g.blocks[6]).toMatchObject({ type: 'embed', video: { provider: 'youtube', id: 'aqz-KE-bpKQ' } });
      expect(g.blocks[12]).toMatchObject({ type: 'html', html: expect.not.stringContaining('<script') });
      expect(g.blocks[11]).toEqual({ type: 'paragraph', html: '<a href="/contact/">Write to us</a>' });
      const c = await bySlug(r, 'post', 'second-light');
      expect(c.blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'image', 'embed', 'video', 'html', 'paragraph', 'html', 'paragraph', 'paragraph', 'html']);
      expect(c.blocks[0]).toMatchObject({ html: expect.stringContaining('href="/second-light/"') });
      expect(c.blocks[2]).toMatchObject({ type: 'image', caption: 'The old lighthouse' });
      expect(c.blocks[6]).toMatchObject({ html: expect.stringContaining('[fancy_box') });
      expect(first.fallbacks.map((f) => f.construct)).toEqual(expect.arrayContaining(['wp:table', 'wp:separator', 'wp:html', '[fancy_box]', '<pre>', 'image (file not imported)']));
    });

    it('lets pages show the pictures that stayed on the old site: its host joins the outside image hosts, once', async () => {
      const { settingsKeys } = await import('../../src/features/site/settings.ts');
      expect(JSON.stringify((await bySlug(s.t.repos, 'post', 'second-light')).blocks)).toContain('https://old.example.org/wp-content/uploads/2024/03/missing.jpg');
      expect((await s.t.repos.settings.get('theme', settingsKeys.theme)).imageHosts).toBe('https://old.example.org');
      expect(first.notes).toContainEqual(expect.stringContaining('Outside image hosts'));
    });

    it('brings Contact Form 7 forms in with their ids, so the shortcode keeps working', async () => {
      const form = await s.t.repos.forms.byId<{ fields: { type: string; name?: string }[]; mail: { to: string; headers?: string }; mail2?: unknown; additionalSettings?: string; messages: Record<string, string> }>(42);
      expect(form?.title).toBe('Harbour contact');
      expect(form?.definition.fields.map((f) => f.type)).toEqual(['text', 'email', 'select', 'textarea', 'acceptance', 'submit']);
      expect(form?.definition.mail).toMatchObject({ to: 'editor@old.example.org', headers: 'Reply-To: [your-email]\nCc: archive@old.example.org' });
      expect(form?.definition.messages.mail_sent_ok).toBe('Thanks, we read every message.');
      expect(form?.definition.mail2).toEqual({ active: true, to: '[your-email]', from: 'Old Site <wordpress@old.example.org>', subject: 'We got your message', body: 'Thank you, [your-name].', headers: 'Reply-To: editor@old.example.org' });
      expect(form?.definition.additionalSettings).toBe('skip_mail: off\nacceptance_as_validation: on');
      // the template as written, its markup kept (drawn on the site: contact-form/template.ts)
      expect((form?.definition as { template?: string }).template).toContain('<div class="row"><label> Topic\n    [select topic "Boats" "Harbour"] </label></div>');
      const contact = await bySlug(s.t.repos, 'page', 'contact');
      expect(contact.blocks).toContainEqual({ type: 'contact-form', formId: 42 });
    });

    it('builds the menus with their nesting and targets', async () => {
      expect(labels(await s.t.repos.menus.tree('main'))).toEqual([
        ['About', '/about/', [['Our team', '/team/', []]]],
        ['News', '/category/news/', []],
        ['Contact us', '/contact/', []],
      ]);
      expect(labels(await s.t.repos.menus.tree('footer'))).toEqual([['Elsewhere', 'https://wordpress.org/', []]]);
    });

    it('answers every old address with a redirect to the new one', async () => {
      const to = async (from: string) => (await s.t.repos.redirects.find(from))?.to;
      expect(await to('/?p=10')).toBe('/first-light-old/');
      expect(await to('/2024/03/01/first-light-old/')).toBe('/first-light-old/');
      expect(await to('/2024/03/first-light-old/')).toBe('/first-light-old/');
      expect(await to('/?page_id=32')).toBe('/captains/');
      expect(await to('/about/team/captains/')).toBe('/captains/');
      expect(await to('/category/news/local/')).toBe('/category/local/');
      expect(await to('/?cat=2')).toBe('/category/news/');
      expect(await to('/?tag=boats')).toBe('/tag/boats/');
      expect(await to('/%C3%BCn%C3%AFc%C3%B6d%C3%A9-%F0%9F%9A%A2-voyage/')).toBe('/unicode-voyage/');
      expect(await to('/?attachment_id=501')).toMatch(/^\/media\//);
      expect(await to('/wp-content/uploads/2024/03/harbour.jpg')).toMatch(/^\/media\//);
      // Drafts have no public address, so no redirect to one.
      expect(await to('/?p=18')).toBeUndefined();
      // The first of two duplicates keeps its address; no redirect claims it for the second.
      expect(await to('/duplicate/')).toBeUndefined();
    });

    it('changes nothing when the same file is imported again', async () => {
      const before = await counts(s.t.repos);
      const again = await s.run(file(`rich-${target.name}.xml`, richSite()));
      expect(created(again)).toBe(0);
      expect(again.counts.posts.skipped).toBe(14);
      expect(await counts(s.t.repos)).toEqual(before);
    });

    it('updates what changed in a newer export, and keeps what was edited here (a conflict)', async () => {
      const services = createContentServices({ repos: s.t.repos, dataDir: s.dataDir, contentChanged: async () => undefined });
      const admin = { id: s.adminId, role: 'administrator' as const };
      const second = await bySlug(s.t.repos, 'post', 'second-light');
      await services.items.save(admin, 'post', second.id, second.revision, { title: 'Second light, edited here', slug: 'second-light', blocks: [{ type: 'paragraph', html: 'Mine.' }] });
      const newer = await s.run(file(`rich-newer-${target.name}.xml`, richSite({ edit: true })));
      expect(newer.counts.posts.updated).toBe(1);
      expect(newer.skipReasons).toContainEqual({ kind: 'posts', reason: 'conflict: changed in WordPress and edited here since the last import (kept as edited here)', count: 1 });
      expect((await bySlug(s.t.repos, 'post', 'first-light-old')).title).toBe('First light, revised');
      expect((await bySlug(s.t.repos, 'post', 'second-light')).title).toBe('Second light, edited here');
      expect((await counts(s.t.repos)).posts).toBe(13);
    });

    it('exports a WXR that imports into an empty site as the same content', async () => {
      const out = path.join(work, `export-${target.name}.xml`);
      const stream = createWriteStream(out);
      await exportWxr({ repos: s.t.repos, siteUrl: 'https://new.example.com', siteTitle: 'Harbour', out: stream });
      stream.end();
      await finished(stream);
      const b = await site(target);
      try {
        const report = await b.run(out, { mediaDir: s.dataDir });
        expect(report.ok).toBe(true);
        for (const kind of ['post', 'page', 'portfolio'] as const) {
          const list = async (repos: Repositories) => {
            const { items } = await repos.editorial.list({ kind, status: 'all', limit: 100 });
            const full = await Promise.all(items.map((i) => repos.editorial.get(kind, i.id)));
            const terms = async (ids: number[]) => (await repos.terms.byIds(ids)).map((t) => t.slug).sort();
            return Promise.all(
              full
                .map((i) => i!)
                .sort((x, y) => x.slug.localeCompare(y.slug))
                .map(async (i) => ({
                  title: i.title,
                  slug: i.slug,
                  status: i.status,
                  publishedAt: i.publishedAt,
                  sticky: i.sticky,
                  password: i.password,
                  parent: i.parentId ? (await repos.editorial.get('page', i.parentId))?.slug : null,
                  menuOrder: i.menuOrder,
                  format: i.format,
                  excerpt: i.excerpt,
                  featured: i.featuredMediaId !== null,
                  blocks: i.blocks.map((bl) => (bl.type === 'image' || bl.type === 'gallery' ? bl.type : bl)),
                  categories: await terms(i.categoryIds),
                  tags: await terms(i.tagIds),
                })),
            );
          };
          expect(await list(b.t.repos)).toEqual(await list(s.t.repos));
        }
        expect(labels(await b.t.repos.menus.tree('main'))).toEqual(labels(await s.t.repos.menus.tree('main')));
        const forms = await b.t.repos.editorial.forms();
        const form = await b.t.repos.forms.byId<{ fields: unknown[]; mail: unknown; mail2?: unknown; additionalSettings?: string }>(forms.find((f) => f.title === 'Harbour contact')!.id);
        const original = await s.t.repos.forms.byId<{ fields: unknown[]; mail: unknown; mail2?: unknown; additionalSettings?: string }>(42);
        expect(form?.definition.fields).toEqual(original?.definition.fields);
        // the additional headers (Reply-To and Cc) go out in the export and come back
        expect(original?.definition.mail).toMatchObject({ headers: 'Reply-To: [your-email]\nCc: archive@old.example.org' });
        expect(form?.definition.mail).toEqual(original?.definition.mail);
        expect(original?.definition.mail2).toMatchObject({ active: true, to: '[your-email]' });
        expect(form?.definition.mail2).toEqual(original?.definition.mail2);
        expect(form?.definition.additionalSettings).toBe(original?.definition.additionalSettings);
        // the export writes the template as written, and it comes back exactly
        expect((form?.definition as { template?: string }).template).toBe((original?.definition as { template?: string }).template);
        expect((original?.definition as { template?: string }).template).toContain('<div class="row">');
      } finally {
        await b.t.close();
      }
    });
  });

  describe(`WordPress import flavours on ${target.name}`, () => {
    it('reads WXR 1.0 (no author list, categories named on the items)', async () => {
      const s = await site(target);
      try {
        const report = await s.run(file(`v10-${target.name}.xml`, richSite({ version: '1.0' })));
        expect(report.wxrVersion).toBe('1.0');
        expect(report.counts.posts.created).toBe(13);
        expect((await s.t.repos.users.byLoginOrEmail('anna'))?.role).toBe('author');
        const firstLight = await bySlug(s.t.repos, 'post', 'first-light-old');
        expect((await s.t.repos.terms.byIds(firstLight.categoryIds)).map((t) => t.slug)).toEqual(['harbour-news']);
      } finally {
        await s.t.close();
      }
    });

    it('reads WordPress.com exports (uploads on files.wordpress.com, drafts without a GMT date)', async () => {
      const s = await site(target);
      try {
        const report = await s.run(file(`com-${target.name}.xml`, richSite({ wordpressCom: true })), { mediaDir: comMedia });
        expect(report.counts.media.created).toBe(3);
        const c = await bySlug(s.t.repos, 'post', 'second-light');
        expect(c.blocks[2]).toMatchObject({ type: 'image' });
        expect((await bySlug(s.t.repos, 'post', 'a-draft')).status).toBe('draft');
      } finally {
        await s.t.close();
      }
    });

    it('maps authors to existing accounts with --author-map, and refuses a map to nobody', async () => {
      const s = await site(target);
      try {
        await expect(s.run(file(`map-${target.name}.xml`, richSite()), { authorMap: { anna: 'nobody' } })).rejects.toBeInstanceOf(ImportInputError);
        expect((await counts(s.t.repos)).posts).toBe(0);
        await s.run(file(`map-${target.name}.xml`, richSite()), { authorMap: { anna: 'admin' } });
        expect((await bySlug(s.t.repos, 'post', 'first-light-old')).authorId).toBe(s.adminId);
        expect(await s.t.repos.users.byLoginOrEmail('anna')).toBeNull();
      } finally {
        await s.t.close();
      }
    });

    it('changes nothing in a dry run, and says what it would do', async () => {
      const s = await site(target);
      try {
        const before = await counts(s.t.repos);
        const report = await s.run(file(`dry-${target.name}.xml`, richSite()), { dryRun: true });
        expect(report.dryRun).toBe(true);
        expect(report.counts.posts.created).toBe(13);
        expect(await counts(s.t.repos)).toEqual(before);
        expect(await s.t.repos.users.byLoginOrEmail('anna')).toBeNull();
      } finally {
        await s.t.close();
      }
    });

    it('places a page under a parent that comes later in the file, and breaks a loop where it closes', async () => {
      const s = await site(target);
      try {
        const page = (id: number, slug: string, parent: number) => ({ id, type: 'page' as const, title: slug, slug, parent, content: `<p>${slug}</p>`, creator: 'anna' });
        const report = await s.run(file(`tree-${target.name}.xml`, { authors: [{ id: 1, login: 'anna' }], items: [page(71, 'crew', 72), page(72, 'fleet', 0), page(73, 'loop-a', 74), page(74, 'loop-b', 73), page(75, 'lost', 99)] }));
        expect(report.counts.pages.created).toBe(5);
        const [crew, fleet, a, b, lost] = await Promise.all(['crew', 'fleet', 'loop-a', 'loop-b', 'lost'].map((slug) => bySlug(s.t.repos, 'page', slug)));
        expect(crew!.parentId).toBe(fleet!.id);
        // loop-b (later in the file) found loop-a already there; loop-a's parent came later and would close the loop
        expect(b!.parentId).toBe(a!.id);
        expect(a!.parentId).toBeNull();
        expect(lost!.parentId).toBeNull();
        expect(report.notes.join('\n')).toMatch(/“loop-a”: its parent page \(#74\) is below it/);
        expect(report.notes.join('\n')).toMatch(/“lost”: its parent page \(#99\) is not in the file/);
      } finally {
        await s.t.close();
      }
    });

    it('refuses a file that is not a WordPress export, changing nothing', async () => {
      const s = await site(target);
      try {
        const f = path.join(work, 'not-wxr.xml');
        writeFileSync(f, '<?xml version="1.0"?><html><body>nope</body></html>');
        await expect(s.run(f)).rejects.toThrow(/not a WordPress export/);
        expect((await counts(s.t.repos)).posts).toBe(0);
      } finally {
        await s.t.close();
      }
    });
  });
  describe(`WordPress attachments that are not pictures on ${target.name}`, () => {
    let s: Awaited<ReturnType<typeof site>>;
    let first: ImportReport;
    const local = (f: string) => path.join(s.dataDir, 'uploads', f.slice('/media/uploads/'.length));
    beforeAll(async () => {
      s = await site(target);
      first = await s.run(file(`files-${target.name}.xml`, filesSite()));
    });
    afterAll(() => s.t.close());

    it('copies the PDF, audio and video into the media library as files, and reports the missing one', async () => {
      expect(first.counts.media).toEqual({ created: 3, updated: 0, skipped: 0, failed: 1 });
      expect(first.failed).toContainEqual(expect.objectContaining({ kind: 'media', name: 'Timetable' }));
      expect(first.counts.posts.created).toBe(2);
      const { items } = await s.t.repos.media.list({ limit: 10 });
      const byTitle = Object.fromEntries(items.map((m) => [m.title, m]));
      expect(byTitle.Programme).toMatchObject({ mime: 'application/pdf', width: 0, height: 0, variants: [], caption: 'The festival programme', originalName: 'programme.pdf' });
      expect(byTitle['Sea shanty']?.mime).toBe('audio/mpeg');
      expect(byTitle.Tide?.mime).toBe('video/mp4');
      expect(byTitle.Programme!.file).toMatch(/^\/media\/uploads\/\d{4}\/\d{2}\/programme-[0-9a-f]{8}\.pdf$/);
      expect(readFileSync(local(byTitle.Programme!.file))).toEqual(testFiles.pdf());
      expect((await s.t.repos.media.list({ kind: 'image', limit: 10 })).total).toBe(0);
      expect((await s.t.repos.media.list({ kind: 'file', limit: 10 })).total).toBe(3);
    });

    it('points links, file blocks, audio and video at the copies; the missing file keeps its old address', async () => {
      const { items } = await s.t.repos.media.list({ limit: 10 });
      const fileOf = (title: string) => items.find((m) => m.title === title)!.file;
      const festival = await bySlug(s.t.repos, 'post', 'festival');
      expect(festival.blocks).toEqual([
        { type: 'paragraph', html: `Read <a href="${fileOf('Programme')}">the programme</a> or <a href="https://files.example.org/wp-content/uploads/${fileAttachments.missing}" rel="noopener">the timetable</a>.` },
        { type: 'paragraph', html: `<a href="${fileOf('Programme')}">Programme 2024</a>` },
        { type: 'html', html: `<figure><audio src="${fileOf('Sea shanty')}" controls preload="none"></audio><figcaption><a href="${fileOf('Sea shanty')}">${fileOf('Sea shanty').split('/').pop()}</a></figcaption></figure>` },
        { type: 'video', video: { provider: 'local', id: '', src: fileOf('Tide'), title: 'High tide', duration: '' } },
      ]);
      const notes = JSON.stringify((await bySlug(s.t.repos, 'post', 'festival-notes')).blocks);
      for (const t of ['Programme', 'Sea shanty', 'Tide']) expect(notes).toContain(fileOf(t));
      expect(notes).not.toContain('files.example.org');
    });

    it('answers the old attachment and upload addresses with a redirect to the file', async () => {
      const pdf = (await s.t.repos.media.list({ search: 'Programme', limit: 1 })).items[0]!;
      expect((await s.t.repos.redirects.find('/?attachment_id=801'))?.to).toBe(pdf.file);
      expect((await s.t.repos.redirects.find(`/wp-content/uploads/${fileAttachments.pdf}`))?.to).toBe(pdf.file);
      expect(await s.t.repos.redirects.find('/?attachment_id=804')).toBeNull();
    });

    it('refuses to delete a file that content links to, and names where', async () => {
      const services = createContentServices({ repos: s.t.repos, dataDir: s.dataDir, contentChanged: async () => undefined });
      const pdf = (await s.t.repos.media.list({ search: 'Programme', limit: 1 })).items[0]!;
      const err = await services.media.remove({ id: s.adminId, role: 'administrator' }, pdf.id).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'in_use' });
      expect((err as { details: { items: { title: string }[] } }).details.items.map((i) => i.title).sort()).toEqual(['Festival', 'Festival notes']);
    });

    it('changes nothing when the same file is imported again', async () => {
      const before = await counts(s.t.repos);
      const again = await s.run(file(`files-${target.name}.xml`, filesSite()));
      expect(created(again)).toBe(0);
      expect(again.counts.media.skipped).toBe(3);
      expect(await counts(s.t.repos)).toEqual(before);
    });

    it('exports them as attachments that import into an empty site as the same files', async () => {
      const out = path.join(work, `files-export-${target.name}.xml`);
      const stream = createWriteStream(out);
      await exportWxr({ repos: s.t.repos, siteUrl: 'https://new.example.com', siteTitle: 'Files', out: stream });
      stream.end();
      await finished(stream);
      const xml = readFileSync(out, 'utf8');
      const pdf = (await s.t.repos.media.list({ search: 'Programme', limit: 1 })).items[0]!;
      expect(xml).toContain(`<wp:attachment_url><![CDATA[https://new.example.com${pdf.file}]]></wp:attachment_url>`);
      const b = await site(target);
      try {
        const report = await b.run(out, { mediaDir: s.dataDir });
        expect(report.ok).toBe(true);
        const { items } = await b.t.repos.media.list({ limit: 10 });
        expect(items.map((m) => [m.title, m.mime]).sort()).toEqual([['Programme', 'application/pdf'], ['Sea shanty', 'audio/mpeg'], ['Tide', 'video/mp4']]);
        const copy = items.find((m) => m.title === 'Programme')!;
        expect(readFileSync(path.join(b.dataDir, 'uploads', copy.file.slice('/media/uploads/'.length)))).toEqual(testFiles.pdf());
        expect(JSON.stringify((await bySlug(b.t.repos, 'post', 'festival')).blocks)).toContain(copy.file);
      } finally {
        await b.t.close();
      }
    });
  });
}
