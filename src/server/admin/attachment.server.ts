import { Readable } from 'node:stream';
import type { Runtime } from '../runtime.server.ts';
import { parseCookies, readSession, SESSION_COOKIE } from '../session.server.ts';
import { can } from '../../features/accounts/permissions.ts';
import { attachmentKey } from '../../features/contact-form/uploads.server.ts';
import { createLocalStore } from '../../features/media/storage.server.ts';

/**
 * A contact-form attachment, downloaded from the inbox: `GET /api/submission-file/{id}/{n}`. Only
 * for a signed-in user who may read submissions; the file comes from the media store's private
 * area (`private/cf7/`, or `uploads/cf7/` for rows stored before the store; never served
 * publicly) as a download (`attachment`, `nosniff`), so a visitor's file never runs as a page of
 * this site. Framework-free: src/pages/api/submission-file/[...path].ts only delegates.
 */
const answer = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });

export async function handleSubmissionFile(request: Request, runtime: Runtime): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Use GET.');
  const session = await readSession(runtime.repos, parseCookies(request.headers.get('cookie'))[SESSION_COOKIE]);
  if (!session) return answer(401, 'Sign in to download this file.');
  if (!can(session.user, 'submissions.read')) return answer(403, 'Your role does not allow this.');
  const m = /\/api\/submission-file\/(\d+)\/(\d+)\/?$/.exec(new URL(request.url).pathname);
  if (!m) return answer(404, 'No such file.');
  const submission = await runtime.repos.inbox.byId(Number(m[1]));
  const stored = submission?.files[Number(m[2])];
  if (!stored) return answer(404, 'No such file.');
  const key = attachmentKey(stored.file);
  if (!key) return answer(404, 'No such file.');
  let found: Awaited<ReturnType<Runtime['mediaStore']['get']>>;
  try {
    found = await (runtime.mediaStore ?? createLocalStore(runtime.config.dataDir)).get(key);
  } catch {
    return answer(503, 'The file storage cannot be reached; try again in a moment.');
  }
  if (!found || found === 'not-modified') return answer(404, 'The file is no longer stored.');
  const ascii = stored.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (request.method === 'HEAD') found.body.destroy();
  return new Response(request.method === 'HEAD' ? null : (Readable.toWeb(found.body) as ReadableStream<Uint8Array>), {
    status: 200,
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(found.size),
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(stored.name)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
