/**
 * `masthead_pfl_more_post_ajax` against real databases (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set): the registry's field parsing + the action's schema + its handler, as
 * the theme-call endpoint runs them after its nonce and Origin checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AstroCookies } from 'astro';
import { testDatabases, type TestDb } from '../support/db.ts';
import { fieldsToObject, type ActionContext, type ActionResult } from '../../src/server/actions/registry.server.ts';
import type { Runtime } from '../../src/server/runtime.server.ts';
import { actions } from '../../src/server/actions/index.server.ts';
import { portfolioMoreAction } from '../../src/features/portfolio/action.server.ts';
import { textRulesSchema } from '../../src/features/site/settings.ts';

interface Answer {
  items: string;
  list: { id: number; title: string; url: string; categories: { slug: string }[] }[];
  more: boolean;
}

const idsIn = (html: string) => [...html.matchAll(/<article class="portfolio-item" data-id="(\d+)"/g)].map((m) => Number(m[1]));

for (const target of testDatabases()) {
  describe(`portfolio load-more action on ${target.name}`, () => {
    let t: TestDb;
    /** newest first */
    const branding: number[] = [];
    const web: number[] = [];
    let all: number[] = [];

    const runtime = () => ({ repos: t.repos, settings: async () => ({ textRules: textRulesSchema.parse({ rules: [{ find: '\\bteh\\b', replace: 'the' }] }) }) }) as unknown as Runtime;
    const ctx = (): ActionContext => ({ runtime: runtime(), user: null, sessionId: null, visitor: 'v:test', ip: '127.0.0.1', userAgent: 'vitest', cookies: {} as AstroCookies, url: new URL('http://127.0.0.1/portfolio/'), secure: false });

    /** What the endpoint does with a form body: nest bracket fields, validate, run. */
    const post = async (form: FormData): Promise<ActionResult & { data: Answer }> => {
      const parsed = portfolioMoreAction.schema.safeParse(fieldsToObject(form));
      if (!parsed.success) return { success: false, status: 400, data: { items: '', more: false, issue: parsed.error.issues[0]?.message } as unknown as Answer };
      return (await portfolioMoreAction.handler(parsed.data, ctx())) as ActionResult & { data: Answer };
    };
    const postJson = (datafilter: unknown) => {
      const form = new FormData();
      form.set('action', 'masthead_pfl_more_post_ajax');
      form.set('nonce', 'checked-by-the-endpoint');
      form.set('datafilter', typeof datafilter === 'string' ? datafilter : JSON.stringify(datafilter));
      return post(form);
    };

    beforeAll(async () => {
      t = await target.open();
      const brand = await t.repos.terms.create('portfolio_category', 'branding', 'Branding');
      const webTerm = await t.repos.terms.create('portfolio_category', 'web', 'Web');
      // 8 items, one a day, alternating categories: 5 branding, 3 web
      const cats = [brand, webTerm, brand, webTerm, brand, webTerm, brand, brand];
      for (const [i, cat] of cats.entries()) {
        const id = await t.repos.portfolio.create({
          slug: `item-${i}`,
          title: i === 7 ? 'teh newest <item>' : `Item ${i}`,
          excerpt: '',
          blocks: [],
          featuredMediaId: null,
          layout: 1,
          meta: {},
          publishedAt: `2026-01-0${i + 1}T00:00:00.000Z`,
          categoryIds: [cat],
        });
        (cat === brand ? branding : web).unshift(id);
        all.unshift(id);
      }
      all = [...all];
    });
    afterAll(async () => t?.close());

    it('is registered under its wire name', () => {
      expect(actions.map((a) => a.name)).toContain('masthead_pfl_more_post_ajax');
    });

    it('answers the next `count` items as grid HTML, leaving out the shown ids', async () => {
      const answer = await postJson({ instanceId: 'pfl-1', currentTerm: '*', countByTerms: { '*': 8 }, count: 3, pflShowIds: all.slice(0, 3) });
      expect(answer.success).toBe(true);
      expect(idsIn(answer.data.items)).toEqual(all.slice(3, 6));
      expect(answer.data.more).toBe(true);
      // the same component as the grid: link, title, categories
      expect(answer.data.items).toContain('<a href="/portfolio/item-4/" class="portfolio-item__link">');
      expect(answer.data.items).toContain('data-terms="branding"');
      expect(answer.data.items).toContain('<span class="portfolio-item__title">Item 4</span>');
      // the same items as data, which the grid island renders from
      expect(answer.data.list.map((i) => i.id)).toEqual(all.slice(3, 6));
      expect(answer.data.list[0]).toMatchObject({ title: 'Item 4', url: '/portfolio/item-4/', categories: [{ slug: 'branding' }] });
    });

    it('filters by term unless *, and says when nothing is left', async () => {
      const first = await postJson({ currentTerm: 'web', count: 2, pflShowIds: [branding[0]] });
      expect(idsIn(first.data.items)).toEqual(web.slice(0, 2));
      expect(first.data.more).toBe(true);
      const last = await postJson({ currentTerm: 'web', count: 2, pflShowIds: [branding[0], ...web.slice(0, 2)] });
      expect(idsIn(last.data.items)).toEqual([web[2]]);
      expect(last.data.more).toBe(false);
      const none = await postJson({ currentTerm: 'web', count: 2, pflShowIds: web });
      expect(none).toEqual({ success: true, data: { items: '', list: [], more: false } });
      const unknown = await postJson({ currentTerm: 'no-such-term', count: 6, pflShowIds: [] });
      expect(unknown.data.items).toBe('');
    });

    it('accepts jQuery-style bracket fields', async () => {
      const form = new FormData();
      form.set('action', 'masthead_pfl_more_post_ajax');
      form.set('nonce', 'x');
      form.set('datafilter[instanceId]', 'pfl-1');
      form.set('datafilter[currentTerm]', 'branding');
      form.set('datafilter[countByTerms][*]', '8');
      form.set('datafilter[countByTerms][branding]', '5');
      form.set('datafilter[count]', '2');
      for (const id of branding.slice(0, 2)) form.append('datafilter[pflShowIds][]', String(id));
      const answer = await post(form);
      expect(answer.success).toBe(true);
      expect(idsIn(answer.data.items)).toEqual(branding.slice(2, 4));
      // an empty shown list is simply left out by jQuery
      const none = new FormData();
      none.set('datafilter[currentTerm]', '*');
      none.set('datafilter[count]', '1');
      expect(idsIn((await post(none)).data.items)).toEqual([all[0]]);
    });

    it('escapes titles and applies the site text rules to the item HTML', async () => {
      const answer = await postJson({ currentTerm: '*', count: 1, pflShowIds: [] });
      expect(idsIn(answer.data.items)).toEqual([all[0]]);
      expect(answer.data.items).toContain('the newest &lt;item&gt;');
      expect(answer.data.items).not.toContain('<item>');
      // the data too (React escapes it when it renders)
      expect(answer.data.list[0]!.title).toBe('the newest <item>');
    });

    it('rejects malformed filter data with a clear error instead of guessing', async () => {
      for (const bad of ['{not json', { currentTerm: '../etc', count: 6 }, { currentTerm: '*', count: 1000 }, { currentTerm: '*', pflShowIds: ['x'] }, { currentTerm: '*', pflShowIds: [-4] }]) {
        const answer = await postJson(bad);
        expect(answer.success).toBe(false);
        expect(answer.status).toBe(400);
      }
      // missing datafilter altogether
      expect((await post(new FormData())).success).toBe(false);
    });
  });
}
