import type { APIRoute } from 'astro';
import { rssFeed } from '../../features/seo/feeds.server.ts';

export const GET: APIRoute = async ({ locals }) =>
  new Response(await rssFeed(locals.runtime), { headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' } });
