import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../tests/support/db.ts';
import { installDemo } from './seed.server.ts';
import { blockMediaIds, blocksText, tableOfContents, type Block } from '../../features/post/blocks.ts';
import { settingsKeys } from '../../features/site/settings.ts';
import type { Post } from '../../features/post/types.ts';
import { demoPostSlugs } from '../../../tests/support/demo.ts';

const expectedOrder = demoPostSlugs;
const pageSlugs = ['about', 'contact', 'request-a-quote', 'account', 'privacy-policy'];

const blocksOf = <T extends Block['type']>(post: Post, type: T) => post.blocks.filter((b): b is Extract<Block, { type: T }> => b.type === type);

for (const target of testDatabases()) {
  describe(`demo content (${target.name})`, () => {
    let t: TestDb;
    let adminId: number;
    const posts = new Map<string, Post>();

    beforeAll(async () => {
      t = await target.open();
      adminId = await t.repos.users.create({ login: 'admin', slug: 'admin', email: 'admin@example.com', displayName: 'Editorial Team', role: 'administrator', passwordHash: 'x' });
      await installDemo(t.repos, { adminId });
      for (const slug of [...expectedOrder, ...pageSlugs]) {
        const post = await t.repos.posts.bySlug(slug);
        if (post) posts.set(slug, post);
      }
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    const post = (slug: string): Post => {
      const p = posts.get(slug);
      if (!p) throw new Error(`${slug} was not installed`);
      return p;
    };

    it('installs the twelve posts newest first, each chained to the next older one', async () => {
      const { items, total } = await t.repos.posts.list({ limit: 50 });
      expect(total).toBe(12);
      expect(items.map((p) => p.slug)).toEqual(expectedOrder);
      expect(new Set(items.map((p) => p.publishedAt)).size).toBe(12);
      for (const [i, item] of items.entries()) {
        const prev = await t.repos.posts.previous(item);
        const older = items[i + 1];
        if (older) expect(prev?.id).toBe(older.id);
        else expect(prev).toBeNull();
      }
      expect(items.at(-1)?.slug).toBe('first-light');
    });

    it('gives every post a featured image, an author, a category and an excerpt', async () => {
      const { items } = await t.repos.posts.list({ limit: 50 });
      for (const p of items) {
        expect(p.featured?.file, p.slug).toMatch(/^\/media\/demo\/.+\.webp$/);
        expect(p.featured?.variants.length, p.slug).toBeGreaterThan(0);
        expect(p.author.slug, p.slug).toMatch(/^(admin|ana-ruiz|tom-becker)$/);
        expect(p.categories.length, p.slug).toBeGreaterThan(0);
        expect(p.excerpt.length, p.slug).toBeGreaterThan(20);
      }
      expect(new Set(items.map((p) => p.author.slug))).toEqual(new Set(['admin', 'ana-ruiz', 'tom-becker']));
    });

    it('creates the five categories, each with posts', async () => {
      const cats = await t.repos.terms.list('category');
      expect(cats.map((c) => c.slug).sort()).toEqual(['culture', 'food', 'photography', 'reviews', 'travel']);
      for (const c of cats) expect(c.count, c.slug).toBeGreaterThan(0);
    });

    it('shows the admin as "Editorial Team" with a bio and avatar, and the two demo authors', async () => {
      const { items } = await t.repos.posts.list({ author: 'admin', limit: 50 });
      expect(items[0]?.author).toMatchObject({ displayName: 'Editorial Team' });
      expect(items[0]?.author.bio).not.toBe('');
      expect(items[0]?.author.avatar?.file).toMatch(/avatar-admin/);
      for (const slug of ['ana-ruiz', 'tom-becker']) {
        const u = await t.repos.users.bySlug(slug);
        expect(u?.role).toBe('author');
        expect(u?.avatarMediaId).not.toBeNull();
        const withHash = await t.repos.users.byLoginOrEmail(slug);
        expect(withHash?.passwordHash.startsWith('$argon2')).toBe(false);
      }
    });

    it('has the word "teh" exactly once, in the welcome article body', () => {
      const count = (s: string) => (s.match(/\bteh\b/g) ?? []).length;
      const all = [...posts.values()];
      expect(all.reduce((n, p) => n + count(blocksText(p.blocks)) + count(p.title) + count(p.excerpt), 0)).toBe(1);
      expect(count(blocksText(post('welcome-to-the-new-edition').blocks))).toBe(1);
    });

    it('welcome article: related-posts popup flag and block, likes seeded', async () => {
      const p = post('welcome-to-the-new-edition');
      expect(p.meta.relatedPopup).toBe(true);
      const at = p.blocks.findIndex((b) => b.type === 'related-popup');
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThan(p.blocks.length - 1);
      expect(await t.repos.engagement.likeCount(p.id)).toBeGreaterThan(0);
    });

    it('recipe post: recipe card, open rating with seeded votes', async () => {
      const p = post('lemon-olive-oil-cake');
      expect(p.allowRating).toBe(true);
      const [recipe] = blocksOf(p, 'recipe');
      expect(recipe?.ingredients.length).toBeGreaterThan(3);
      expect(recipe?.steps.length).toBeGreaterThan(3);
      const rating = await t.repos.engagement.rating(p.id);
      expect(rating.people).toBeGreaterThan(0);
      expect(rating.average).toBeGreaterThanOrEqual(1);
      expect(rating.average).toBeLessThanOrEqual(5);
    });

    it('review post: at least 4 scores and counters', () => {
      const [review] = blocksOf(post('mirrorless-camera-review'), 'review');
      expect(review?.scores.length).toBeGreaterThanOrEqual(4);
      expect(review?.counters.length).toBeGreaterThan(0);
    });

    it('smart list: 12 items with unique anchors', () => {
      const [list] = blocksOf(post('twelve-coastal-walks'), 'smartlist');
      expect(list?.items).toHaveLength(12);
      expect(new Set(list?.items.map((i) => i.anchor)).size).toBe(12);
    });

    it('gallery post: justified, masonry and slider galleries over at least 8 images', () => {
      const p = post('streets-after-rain');
      expect(p.format).toBe('gallery');
      const galleries = blocksOf(p, 'gallery');
      expect(galleries.map((g) => g.style).sort()).toEqual(['justified', 'masonry', 'slider']);
      expect(new Set(galleries.flatMap((g) => g.media)).size).toBeGreaterThanOrEqual(8);
    });

    it('video post: playlist of at least 3 YouTube videos and a click-to-play video', () => {
      const p = post('studio-sessions');
      expect(p.format).toBe('video');
      const [playlist] = blocksOf(p, 'playlist');
      expect(playlist?.videos.length).toBeGreaterThanOrEqual(3);
      for (const v of playlist?.videos ?? []) {
        expect(v.provider).toBe('youtube');
        expect(v.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
        expect(v.title).not.toBe('');
      }
      expect(blocksOf(p, 'video')).toHaveLength(1);
    });

    it('harbour guide: one map by coordinates, one by address only', () => {
      const maps = blocksOf(post('harbour-district-guide'), 'map').map((m) => m.options);
      expect(maps).toHaveLength(2);
      const byCoords = maps.find((m) => m.map_using === 'coordinates');
      expect(Number(byCoords?.latitude)).not.toBeNaN();
      expect(Number(byCoords?.longtitude)).not.toBeNaN();
      expect(byCoords?.latitude).not.toBe('');
      const byAddress = maps.find((m) => m.map_using === 'address');
      expect(byAddress?.address).not.toBe('');
      expect(byAddress?.latitude).toBe('');
      expect(byAddress?.longtitude).toBe('');
    });

    it('harbour guide: ends with a cover linking to the night pictures', () => {
      const [cover] = blocksOf(post('harbour-district-guide'), 'cover');
      expect(cover).toMatchObject({ heading: 'The harbour after dark', link: '/streets-after-rain/' });
    });

    it('quiet mornings: video format with an embed and a parallax section', () => {
      const p = post('quiet-mornings');
      expect(p.format).toBe('video');
      expect(blocksOf(p, 'embed')).toHaveLength(1);
      expect(blocksOf(p, 'parallax')).toHaveLength(1);
    });

    it('slow reading: a table of contents, at least 6 anchored headings, in-page links that resolve', () => {
      const p = post('on-slow-reading');
      expect(blocksOf(p, 'toc')).toHaveLength(1);
      const anchors = new Set(tableOfContents(p.blocks).map((h) => h.anchor));
      expect(anchors.size).toBeGreaterThanOrEqual(6);
      const links = p.blocks.flatMap((b) => (b.type === 'paragraph' ? [...b.html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!) : []));
      expect(links.length).toBeGreaterThanOrEqual(3);
      for (const l of links) expect(anchors.has(l), l).toBe(true);
    });

    it('resolves every image a post or page body uses', () => {
      for (const p of posts.values()) {
        for (const id of blockMediaIds(p.blocks)) expect(p.media[id], `${p.slug} media ${id}`).toBeDefined();
      }
    });

    it('installs the pages, with the contact forms in place', () => {
      for (const slug of pageSlugs) expect(post(slug).type).toBe('page');
      expect(blocksOf(post('contact'), 'contact-form').map((b) => b.formId)).toEqual([1]);
      expect(blocksOf(post('request-a-quote'), 'contact-form').map((b) => b.formId)).toEqual([2]);
      const policy = blocksText(post('privacy-policy').blocks);
      for (const cookie of ['cookie_notice_accepted', 'masthead_law_footer_new', 'masthead-font-changer']) expect(policy).toContain(cookie);
    });

    it('installs at least 10 portfolio items across branding, photography and web', async () => {
      const all = await t.repos.portfolio.list({ limit: 100 });
      expect(all.total).toBeGreaterThanOrEqual(10);
      for (const term of ['branding', 'photography', 'web']) {
        const some = await t.repos.portfolio.list({ term, limit: 100 });
        expect(some.total, term).toBeGreaterThan(0);
      }
      const layouts = new Set<number>();
      for (const s of all.items) {
        const item = await t.repos.portfolio.bySlug(s.slug);
        expect(item?.featured, s.slug).not.toBeNull();
        expect(item?.meta.client, s.slug).toBeTruthy();
        layouts.add(item!.layout);
      }
      expect([...layouts].sort()).toEqual([1, 2, 3]);
    });

    it('stores the settings the contract asks for', async () => {
      const rules = await t.repos.settings.get('textRules', settingsKeys.textRules);
      expect(rules.rules).toEqual([{ find: '\\bteh\\b', replace: 'the' }]);
      expect('teh teh'.replace(new RegExp(rules.rules[0]!.find, 'g'), rules.rules[0]!.replace)).toBe('the the');
      const cookie = await t.repos.settings.get('cookieNotice', settingsKeys.cookieNotice);
      expect(cookie).toMatchObject({ enabled: true, revoke: 'automatic', redirection: false });
      expect((await t.repos.settings.get('gdprNotice', settingsKeys.gdprNotice)).enabled).toBe(true);
      expect((await t.repos.settings.get('theme', settingsKeys.theme)).headerSearch).toBe('overlay');
      expect((await t.repos.settings.get('site', settingsKeys.site)).title).toBe('Masthead');
      const home = await t.repos.settings.get('home', settingsKeys.home);
      expect(home.blocks.map((b) => b.type)).toEqual(['featured-slider', 'carousel', 'category-tabs', 'grid', 'masonry', 'parallax']);
      const tabs = home.blocks.find((b) => b.type === 'category-tabs');
      expect(tabs?.type === 'category-tabs' && [...tabs.categories].sort()).toEqual(['culture', 'food', 'photography', 'reviews', 'travel']);
    });

    it('builds the menus: a mega menu on a category and a contact submenu', async () => {
      const main = await t.repos.menus.tree('main');
      const mega = main.find((i) => i.megaTermId !== null);
      expect(mega).toBeDefined();
      expect((await t.repos.terms.byId(mega!.megaTermId!))?.taxonomy).toBe('category');
      const contact = main.find((i) => i.url === '/contact/');
      expect(contact?.children.map((c) => c.url)).toContain('/request-a-quote/');
      expect((await t.repos.menus.tree('footer')).length).toBeGreaterThan(0);
      expect((await t.repos.menus.tree('side')).length).toBeGreaterThan(0);
    });

    it('refers only to image files that ship with the project', async () => {
      const { items } = await t.repos.posts.list({ limit: 50 });
      const files = items.flatMap((p) => (p.featured ? [p.featured.file, ...p.featured.variants.map((v) => v.file)] : []));
      for (const f of files) expect(existsSync(path.resolve('content/demo/images', f.replace('/media/demo/', ''))), f).toBe(true);
    });
  });
}
