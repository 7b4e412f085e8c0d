import type { APIRoute } from 'astro';
import { sitemap } from '../features/seo/feeds.server.ts';

export const GET: APIRoute = async ({ locals }) =>
  new Response(await sitemap(locals.runtime), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' } });
