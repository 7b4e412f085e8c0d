import { PassThrough, Readable } from 'node:stream';
import type { Runtime } from '../runtime.server.ts';
import type { User } from '../../features/accounts/types.ts';
import { can } from '../../features/accounts/permissions.ts';
import { exportWxr } from './export.server.ts';

/**
 * `GET /admin/export.xml`: streams the site as WXR 1.2 to an administrator's browser as a file to
 * save. A read only (no state changes), so a plain link works; the session decides who may.
 */
export function handleExportRequest(runtime: Runtime, user: User | null, siteTitle: string): Response {
  const headers = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' };
  if (!user) return new Response(null, { status: 303, headers: { ...headers, location: '/account/?redirect_to=%2Fadmin%2Fimport%2F' } });
  if (!can(user, 'import.run')) return new Response('Your role does not allow exporting the site.', { status: 403, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
  const out = new PassThrough();
  exportWxr({ repos: runtime.repos, siteUrl: runtime.config.publicUrl, siteTitle, out })
    .then(() => out.end())
    .catch((err: unknown) => {
      runtime.log.error({ err }, 'export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: { ...headers, 'content-type': 'application/xml; charset=utf-8', 'content-disposition': `attachment; filename="masthead-${day}.wordpress.xml"` },
  });
}
