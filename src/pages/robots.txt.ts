import type { APIRoute } from 'astro';
import { robots } from '../features/seo/feeds.server.ts';

export const GET: APIRoute = ({ locals }) => new Response(robots(locals.runtime.config.publicUrl), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
