import { defineMiddleware } from 'astro:middleware';
import { readSession, sessionCookieName } from './server/session.server.ts';
import { translator } from './i18n/index.ts';
import { redirectFor } from './features/redirects/serve.server.ts';

/**
 * Runs before every route: resolves the signed-in user from the session cookie, loads the
 * site settings (memoised per content version) and the translator; answers old addresses from
 * the redirect table. (The text rules are applied to the rendered HTML by the server entry,
 * src/server/http/main.server.ts, on the page's bytes.) Signed-in responses are marked
 * private so neither the page cache nor a CDN keeps them.
 */
export const onRequest = defineMiddleware(async (ctx, next) => {
  const { runtime } = ctx.locals;
  if (!runtime) throw new Error('Masthead must be served through its server entry (npm start): the runtime is missing.');
  // A scheduled post whose time has come is published before any page is answered.
  await runtime.scheduler.tick();
  const token = ctx.cookies.get(sessionCookieName(runtime.config.publicUrl.startsWith('https://')))?.value;
  const session = token ? await readSession(runtime.repos, token) : null;
  ctx.locals.user = session?.user ?? null;
  ctx.locals.sessionId = session?.sessionId ?? null;
  ctx.locals.settings = await runtime.settings();
  ctx.locals.t = translator(ctx.locals.settings.site.locale);
  const readOnly = ctx.request.method === 'GET' || ctx.request.method === 'HEAD';
  const early = readOnly ? await redirectFor(runtime, ctx.url, 'before') : null;
  if (early) return early;
  const response = await next();
  if (readOnly && response.status === 404) {
    const moved = await redirectFor(runtime, ctx.url, 'missing');
    if (moved) return moved;
  }
  if (session) response.headers.set('cache-control', 'private, no-store');
  return response;
});
