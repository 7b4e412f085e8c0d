/**
 * Every indexable page has a meta description (its own, or a generated one), and no link names
 * itself only "Read more". Pages are read from the sitemap plus every archive the demo links to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../support/site.ts';

let server: TestSite;
beforeAll(async () => {
  server = await startTestSite();
});
afterAll(() => server?.close());

const html = async (p: string) => {
  const r = await fetch(server.url + p);
  expect(r.status, p).toBe(200);
  return r.text();
};
const metaDescription = (page: string) => /<meta name="description" content="([^"]*)"/.exec(page)?.[1] ?? null;
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('meta descriptions', () => {
  it('every page of the sitemap and every linked archive has one', async () => {
    const sitemap = await html('/sitemap.xml');
    const fromSitemap = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const home = await html('/');
    const archives = [...new Set([...home.matchAll(/href="(\/(?:category|tag|author)\/[^"]+\/)"/g)].map((m) => m[1]!))];
    const tags = [...new Set([...(await html('/first-light/')).matchAll(/href="(\/tag\/[^"]+\/)"/g), ...(await html('/welcome-to-the-new-edition/')).matchAll(/href="(\/tag\/[^"]+\/)"/g)].map((m) => m[1]!))];
    expect(tags.length).toBeGreaterThan(0);
    const pages = [...new Set(['/', '/portfolio/', ...fromSitemap, ...archives, ...tags])];
    expect(pages.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const p of pages) {
      const page = await html(p);
      if (/<meta name="robots" content="noindex/.test(page)) continue;
      if (!metaDescription(page)?.trim()) missing.push(p);
    }
    expect(missing).toEqual([]);
  });

  it('generates one for a tag without a description and for the portfolio index', async () => {
    const tag = (await server.runtime.repos.terms.list('tag')).find((t) => !t.description && (t.count ?? 0) > 0);
    expect(tag, 'the demo has a tag without a description').toBeDefined();
    expect(decode(metaDescription(await html(`/tag/${tag!.slug}/`)) ?? '')).toMatch(new RegExp(`tagged “${tag!.name}” on Masthead: ${tag!.count} so far`));
    expect(decode(metaDescription(await html('/portfolio/')) ?? '')).toMatch(/^Selected work from Masthead: \d+ projects in .*Branding/);
  });
});

describe('link names', () => {
  it('no link on the home page reads only "Read more"', async () => {
    const home = await html('/');
    const texts = [...home.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim());
    expect(texts.some((t) => /^Read more/.test(t))).toBe(true);
    expect(texts.filter((t) => /^read more$/i.test(t))).toEqual([]);
  });
});

describe('archives that name nothing', () => {
  it('answer 404 with the not-found page, for categories, tags and authors', async () => {
    for (const p of ['/category/no-such-category/', '/tag/no-such-tag/', '/author/no-such-author/']) {
      const r = await fetch(server.url + p);
      expect(r.status, p).toBe(404);
      expect(await r.text(), p).toContain('<meta name="robots" content="noindex');
    }
  });
});
