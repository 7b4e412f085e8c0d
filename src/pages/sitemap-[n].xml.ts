import type { APIRoute } from 'astro';
import { sitemapFile } from '../features/seo/feeds.server.ts';

/** One file of a sitemap too long for one (`/sitemap.xml` is then the index naming these). */
export const GET: APIRoute = async ({ locals, params }) => {
  const n = /^[1-9]\d{0,5}$/.test(params.n ?? '') ? Number(params.n) : 0;
  const body = n ? await sitemapFile(locals.runtime, n) : null;
  return body === null
    ? new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    : new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' } });
};
