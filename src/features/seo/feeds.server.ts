import type { Runtime } from '../../server/runtime.server.ts';
import { blocksText } from '../post/blocks.ts';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** RSS 2.0 feed of the latest posts. */
export async function rssFeed(runtime: Runtime): Promise<string> {
  const { repos, config } = runtime;
  const settings = await runtime.settings();
  const base = config.publicUrl;
  const { items } = await repos.posts.list({ limit: 20 });
  const full = await Promise.all(items.map((p) => repos.posts.bySlug(p.slug, 'post')));
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

/** sitemap.xml of home, posts, pages, archives and portfolio. */
export async function sitemap(runtime: Runtime): Promise<string> {
  const { repos, config } = runtime;
  const base = config.publicUrl;
  const [published, portfolio, categories, tags] = await Promise.all([repos.posts.allPublished(), repos.portfolio.allSlugs(), repos.terms.list('category'), repos.terms.list('tag')]);
  const urls: { loc: string; lastmod?: string }[] = [{ loc: '/' }, { loc: '/portfolio/' }];
  for (const p of published) urls.push({ loc: `/${p.slug}/`, lastmod: p.updatedAt });
  for (const p of portfolio) urls.push({ loc: `/portfolio/${p.slug}/`, lastmod: p.updatedAt });
  for (const c of categories) if (c.count) urls.push({ loc: `/category/${c.slug}/` });
  for (const t of tags) if (t.count) urls.push({ loc: `/tag/${t.slug}/` });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${xml(new URL(u.loc, base).href)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
}

export function robots(publicUrl: string): string {
  return `User-agent: *
Disallow: /api/
Disallow: /admin/
Allow: /

Sitemap: ${new URL('/sitemap.xml', publicUrl).href}
`;
}
