import type { Runtime } from '../../server/runtime.server.ts';
import { isWpQueryLink, lookupKey } from './paths.ts';

/**
 * Old addresses answer with a redirect to their new one. WordPress's query links (`/?p=12`) are
 * looked up before routing (the front page would otherwise answer them); any other address only
 * when nothing lives there (404), so a page always wins over a stale redirect.
 */
export async function redirectFor(runtime: Runtime, url: URL, stage: 'before' | 'missing'): Promise<Response | null> {
  if (stage === 'before' && !isWpQueryLink(url)) return null;
  const key = lookupKey(url);
  if (!key) return null;
  const r = await runtime.repos.redirects.find(key);
  if (!r) return null;
  void runtime.repos.redirects.hit(r.id).catch(() => undefined);
  return new Response(null, { status: r.status, headers: { location: r.to, 'cache-control': 'public, max-age=300' } });
}
