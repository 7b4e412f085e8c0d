import type { Runtime } from '../../server/runtime.server.ts';
import { blocksText } from '../post/blocks.ts';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** RSS 2.0 feed of the latest posts, built once per content version. */
export function rssFeed(runtime: Runtime): Promise<string> {
  return runtime.memo('feed', () => buildFeed(runtime));
}

async function buildFeed(runtime: Runtime): Promise<string> {
  const { repos, config } = runtime;
  const settings = await runtime.settings();
  const base = config.publicUrl;
  const { items } = await repos.posts.list({ limit: 20, count: false });
  // A password-protected post's body stays out of the feed (its excerpt is already empty).
  const full = await Promise.all(items.map((p) => (p.protected ? null : repos.posts.bySlug(p.slug, 'post'))));
  const entries = items.map((p, i) => {
    const body = full[i] ? blocksText(full[i]!.blocks) : p.excerpt;
    const link = new URL(p.url, base).href;
    return `    <item>
      <title>${xml(p.title)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="true">${xml(link)}</guid>
      <pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>
      <dc:creator>${xml(p.author.displayName)}</dc:creator>
${p.categories.map((c) => `      <category>${xml(c.name)}</category>`).join('\n')}
      <description>${xml(p.excerpt)}</description>
      <content:encoded>${xml(body.split('\n').map((l) => `<p>${xml(l)}</p>`).join(''))}</content:encoded>
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(settings.site.title)}</title>
    <link>${xml(new URL('/', base).href)}</link>
    <atom:link href="${xml(new URL('/feed/', base).href)}" rel="self" type="application/rss+xml" />
    <description>${xml(settings.site.tagline)}</description>
    <language>${xml(settings.site.locale)}</language>
    <lastBuildDate>${new Date(items[0]?.publishedAt ?? Date.now()).toUTCString()}</lastBuildDate>
${entries.join('\n')}
  </channel>
</rss>
`;
}

/** URLs per sitemap file: the protocol's limit (sitemaps.org: at most 50,000 URLs in one file). */
export const SITEMAP_MAX_URLS = 50_000;

interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

/**
 * What the sitemap lists, in one order: home and the portfolio index, every published post and
 * page (by id, so a new post lands in the last file and the others stay where they were), then
 * portfolio items and the categories and tags that have posts. Only the count of posts is read
 * here; their addresses are read file by file.
 */
function sitemapPlan(runtime: Runtime): Promise<{ head: SitemapUrl[]; posts: number; tail: SitemapUrl[] }> {
  return runtime.memo('sitemap-plan', async () => {
    const { repos } = runtime;
    const [posts, portfolio, categories, tags] = await Promise.all([repos.posts.publishedCount(), repos.portfolio.allSlugs(), repos.terms.list('category'), repos.terms.list('tag')]);
    const tail: SitemapUrl[] = [];
    for (const p of portfolio) tail.push({ loc: `/portfolio/${p.slug}/`, lastmod: p.updatedAt });
    for (const c of categories) if (c.count) tail.push({ loc: `/category/${c.slug}/` });
    for (const t of tags) if (t.count) tail.push({ loc: `/tag/${t.slug}/` });
    return { head: [{ loc: '/' }, { loc: '/portfolio/' }], posts, tail };
  });
}

/** The URLs from position `from` (inclusive) to `to` (exclusive) of the sitemap's order. */
async function sitemapUrls(runtime: Runtime, from: number, to: number): Promise<SitemapUrl[]> {
  const { head, posts, tail } = await sitemapPlan(runtime);
  const out: SitemapUrl[] = head.slice(from, to);
  const pFrom = Math.max(0, from - head.length);
  const pTo = Math.min(posts, to - head.length);
  for (const p of await runtime.repos.posts.publishedSlice(pFrom, pTo - pFrom)) out.push({ loc: `/${p.slug}/`, lastmod: p.updatedAt });
  const tFrom = Math.max(0, from - head.length - posts);
  const tTo = Math.max(0, to - head.length - posts);
  return out.concat(tail.slice(tFrom, tTo));
}

function urlset(base: string, urls: SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${xml(new URL(u.loc, base).href)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
}

/** How many files the sitemap needs at `max` URLs per file. */
async function sitemapFiles(runtime: Runtime, max: number): Promise<number> {
  const { head, posts, tail } = await sitemapPlan(runtime);
  return Math.max(1, Math.ceil((head.length + posts + tail.length) / max));
}

/**
 * `/sitemap.xml`: home, posts, pages, archives and portfolio in one file while they fit in `max`
 * URLs; past that, a sitemap index naming `/sitemap-1.xml`, `/sitemap-2.xml`… (sitemapFile).
 * Kept per content version.
 */
export function sitemap(runtime: Runtime, max = SITEMAP_MAX_URLS): Promise<string> {
  return runtime.memo(`sitemap:${max}`, async () => {
    const base = runtime.config.publicUrl;
    const files = await sitemapFiles(runtime, max);
    if (files === 1) return urlset(base, await sitemapUrls(runtime, 0, max));
    return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${Array.from({ length: files }, (_, i) => `  <sitemap><loc>${xml(new URL(`/sitemap-${i + 1}.xml`, base).href)}</loc></sitemap>`).join('\n')}
</sitemapindex>
`;
  });
}

/** `/sitemap-N.xml` (N from 1) of a sitemap that needs an index; null when there is no such file. */
export async function sitemapFile(runtime: Runtime, n: number, max = SITEMAP_MAX_URLS): Promise<string | null> {
  if (!Number.isInteger(n) || n < 1) return null;
  const files = await sitemapFiles(runtime, max);
  if (files === 1 || n > files) return null;
  return runtime.memo(`sitemap:${max}:${n}`, async () => urlset(runtime.config.publicUrl, await sitemapUrls(runtime, (n - 1) * max, n * max)));
}

export function robots(publicUrl: string): string {
  return `User-agent: *
Disallow: /api/
Disallow: /admin/
Allow: /

Sitemap: ${new URL('/sitemap.xml', publicUrl).href}
`;
}
