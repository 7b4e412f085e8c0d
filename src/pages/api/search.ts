import type { APIRoute } from 'astro';
import { MAX_QUERY_LENGTH, SUGGEST_LIMIT, type Suggestion } from '../../features/search/query.ts';
import { canSuggest } from '../../features/search/suggest-state.ts';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex', ...headers } });

/**
 * `GET /api/search?s=words`: the header search's live suggestions, `{ query, suggestions }` (the
 * best few published posts: id, address, title in highlighted segments). Never cached (the page
 * cache skips /api/, and the answer says no-store); rate limited per address at twice the theme
 * calls' limit, since typing asks once per pause.
 */
export const GET: APIRoute = async (ctx) => {
  const { runtime } = ctx.locals;
  const query = (ctx.url.searchParams.get('s') ?? '').slice(0, MAX_QUERY_LENGTH);
  if (!canSuggest(query)) return json({ query, suggestions: [] satisfies Suggestion[] });
  const limit = await runtime.limiter.hit(`search:${ctx.locals.clientAddress ?? 'unknown'}`, runtime.config.rateLimitPerMinute * 2, 60_000);
  if (!limit.ok) return json({ query, suggestions: [], code: 'rate_limited' }, 429, { 'retry-after': String(limit.retryAfterSeconds) });
  const suggestions = await runtime.repos.posts.suggest(query, SUGGEST_LIMIT);
  return json({ query, suggestions });
};
