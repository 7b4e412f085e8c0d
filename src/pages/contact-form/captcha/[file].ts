import type { APIRoute } from 'astro';
import { captchaPng } from '../../../features/contact-form/captcha.server.ts';

/**
 * GET /contact-form/captcha/{prefix}.png: the picture of a live captcha challenge. Never cached
 * (each challenge is shown once); 404 once it is answered or expired.
 */
export const GET: APIRoute = async ({ locals, params }) => {
  const m = /^(\d{1,40})\.png$/.exec(params.file ?? '');
  const png = m ? await captchaPng(locals.runtime.repos, m[1]!) : null;
  if (!png) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  return new Response(new Uint8Array(png), { status: 200, headers: { 'content-type': 'image/png', 'cache-control': 'no-store' } });
};
