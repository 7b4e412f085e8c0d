/**
 * The parts of a page rendered once per content version (features/navigation/chrome-html.server.tsx,
 * features/home-blocks/html.server.tsx, features/post/article-html.server.tsx): the header, footer, page-wide islands and home blocks of
 * an uncached page (a session cookie bypasses the page cache) follow a content change at once,
 * the header marks each page's own menu entry, and addresses that are not found take no place in
 * the memo. Runs the real server (built site) on a fresh database with the demo content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeBlocksSchema, siteSettingsSchema } from '../../src/features/site/settings.ts';
import { createElement } from 'react';
import { staticHtml } from '../../src/ui/static-html.server.ts';
import { Article } from '../../src/features/post/Article.tsx';
import { articleHtml } from '../../src/features/post/article-html.server.tsx';
import { appliedMarks, markRulesApplied, rewriteFragment, siteTextRules } from '../../src/features/text-rules/rewrite.server.ts';
import { loadSingle, editUrl } from '../../src/features/post/load.server.ts';
import { translator } from '../../src/i18n/index.ts';
import { enabledPlayers } from '../../src/features/media/video.ts';
import { startTestSite, type TestSite } from '../support/site.ts';

let server: TestSite;

beforeAll(async () => {
  server = await startTestSite();
});
afterAll(() => server?.close());

/** an uncached view: a session cookie (unknown here) makes the server render the page */
const uncached = async (p: string, status = 200) => {
  const r = await fetch(server.url + p, { headers: { cookie: 'masthead_session=no-such-session' } });
  expect(r.status).toBe(status);
  expect(r.headers.get('x-cache')).toBeNull();
  return r.text();
};
const header = (html: string) => html.slice(html.indexOf('data-island="header"'), html.indexOf('<main'));
const footer = (html: string) => html.slice(html.indexOf('</main>'), html.indexOf('id="masthead-vars"'));

describe('page parts rendered once per content version', () => {
  it('are the same on every uncached view, and the header marks the page it is on', async () => {
    const home = await uncached('/');
    expect(await uncached('/')).toBe(home);
    expect(header(home)).toMatch(/href="\/" aria-current="page"/);
    const portfolio = await uncached('/portfolio/');
    expect(header(portfolio)).toMatch(/href="\/portfolio\/" aria-current="page"/);
    expect(header(portfolio)).not.toMatch(/href="\/" aria-current="page"/);
    expect(footer(home)).toContain('data-island="back-to-top"');
    expect(footer(home)).toContain('data-island="account-popup"');
  });

  it('follow a content change on the next view', async () => {
    const { repos } = server.runtime;
    const settings = await server.runtime.settings();
    await uncached('/');
    await uncached('/welcome-to-the-new-edition/');
    await repos.settings.set('site', siteSettingsSchema, { ...settings.site, title: 'The Changed Title' });
    const blocks = settings.home.blocks.map((b) => (b.type === 'grid' ? { ...b, title: 'A changed heading' } : b));
    await repos.settings.set('home', homeBlocksSchema, { blocks });
    await server.runtime.contentChanged();
    const home = await uncached('/');
    expect(header(home)).toContain('The Changed Title');
    expect(footer(home)).toContain('The Changed Title');
    expect(home).toContain('A changed heading');
    expect(home).not.toContain('Latest stories');
    expect(header(await uncached('/welcome-to-the-new-edition/'))).toContain('The Changed Title');
  });

  it('keep no header for an address that is not found', async () => {
    const memo = server.runtime.memo as unknown as { size: number };
    await uncached('/no-such-page-0/', 404);
    const before = memo.size;
    for (let i = 1; i <= 5; i++) await uncached(`/no-such-page-${i}/`, 404);
    expect(memo.size).toBe(before);
  });

  it('the article: the same bytes as rendering it whole, with the like count of each request', async () => {
    const { runtime } = server;
    const slug = 'welcome-to-the-new-edition';
    const settings = await runtime.settings();
    const t = translator(settings.site.locale);
    const render = async () => {
      const view = (await loadSingle(runtime, slug))!;
      const players = enabledPlayers(settings.theme);
      const args = [view, t, settings.site.locale, runtime.config.publicUrl, players, editUrl(view.post.id)] as const;
      const rules = await siteTextRules(runtime);
      // the same bytes with the text rules applied, marked for the page's pass to leave alone
      const whole = markRulesApplied(rewriteFragment(staticHtml(createElement(Article, { view, t, locale: args[2], publicUrl: args[3], players, editUrl: args[5], first: true })), rules), appliedMarks(runtime.config.secret));
      return { view, whole, kept: await articleHtml(runtime, ...args) };
    };
    const before = await render();
    expect(before.kept).toBe(before.whole);
    expect(await articleHtml(runtime, before.view, t, settings.site.locale, runtime.config.publicUrl, enabledPlayers(settings.theme), editUrl(before.view.post.id))).toBe(before.whole);
    // a like changes both buttons' count on the next view, without a new content version
    const { count } = await runtime.repos.engagement.toggleLike(before.view.post.id, 'article-html-visitor');
    const after = await render();
    expect(after.view.likes).toBe(count);
    expect(after.kept).toBe(after.whole);
    expect(after.kept).not.toBe(before.kept);
    // (the article carries the demo's text rule applied, teh → the, and the page shows it as it is)
    expect(after.kept).toContain('spot the odd');
    const page = await uncached(`/${slug}/`);
    expect(page).toContain(after.kept);
  });
});
