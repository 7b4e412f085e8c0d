import type { Runtime } from '../runtime.server.ts';
import type { Logger } from '../log.server.ts';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AdminContext, AdminFile, AnyAdminAction } from './registry.server.ts';
import { sameOrigin } from '../actions/registry.server.ts';
import { parseCookies, readSession, sessionCookieName } from '../session.server.ts';
import { can } from '../../features/accounts/permissions.ts';
import { isContentError, type ContentErrorCode } from '../content/errors.ts';
import { MEDIA_LIMITS } from '../content/media.server.ts';
import { localTempDir } from '../wxr/staging.server.ts';

/**
 * The admin API endpoint, framework-free: a Request in, a Response out (tested with Vitest alone;
 * src/pages/api/admin/[...action].ts only delegates). `POST /api/admin/{action}` with a JSON body,
 * or with the raw file for upload actions. Every call passes, in this order:
 *   1. POST only;
 *   2. the `x-masthead-admin: 1` header: a custom header forces a CORS preflight, so another
 *      site's page cannot send it (CSRF defence, beside SameSite cookies), and
 *   3. the same origin (Origin, else Referer);
 *   4. a session of a user whose role may use the admin, then the action's permission;
 *   5. a bounded body: 1 MB of JSON, or the media limit for an upload;
 *   6. the action's zod schema.
 * Answers `{ ok: true, data }` or `{ ok: false, error: { code, message, field?, fields?, details? } }`,
 * never cached. Refusals change nothing.
 */
export const ADMIN_HEADER = 'x-masthead-admin';
export const MAX_JSON_BYTES = 1024 * 1024;

/** Where `upload: 'disk'` bodies are written while their action runs (this machine only: the action moves them to the media store or they are removed). */
export const uploadTmpDir = (runtime: Runtime) => localTempDir(runtime.config.dataDir);

export interface AdminDeps {
  runtime: Runtime;
  log?: Logger;
}

const respond = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });

const fail = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => respond(status, { ok: false, error: { code, message, ...extra } });

const statusOf: Record<ContentErrorCode, number> = { invalid: 422, not_found: 404, forbidden: 403, conflict: 409, in_use: 409, too_large: 413, unsupported: 415, unavailable: 503 };

class TooLarge extends Error {}

/** A body's chunks, at most `limit` bytes in all: past it the rest is refused unread (TooLarge). */
async function* boundedBody(request: Request, limit: number): AsyncGenerator<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) throw new TooLarge();
  if (!request.body) return;
  const reader = request.body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    yield value;
  }
}

/** Reads at most `limit` bytes of a body into memory. */
async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const c of boundedBody(request, limit)) chunks.push(c);
  return Buffer.concat(chunks);
}

/**
 * Streams a body into a new temporary file under `dir`, at most `limit` bytes (more is refused
 * and the file removed). Answers the file and its size.
 */
async function bodyToFile(request: Request, limit: number, dir: string): Promise<{ path: string; size: number }> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `.upload-${randomBytes(12).toString('hex')}`);
  const out = await open(file, 'wx');
  let size = 0;
  try {
    for await (const c of boundedBody(request, limit)) {
      size += c.byteLength;
      await out.write(c);
    }
    await out.close();
    return { path: file, size };
  } catch (err) {
    await out.close().catch(() => undefined);
    await rm(file, { force: true });
    throw err;
  }
}

export function createAdminHandler(actions: Readonly<Record<string, AnyAdminAction>>) {
  return async function handleAdminRequest(request: Request, deps: AdminDeps): Promise<Response> {
    const { runtime } = deps;
    const log = deps.log ?? runtime.log;
    if (request.method !== 'POST') return fail(405, 'method_not_allowed', 'Use POST.');
    if (request.headers.get(ADMIN_HEADER) !== '1') return fail(403, 'csrf', 'This request did not come from the admin.');
    if (!sameOrigin(request, runtime.config.publicUrl)) return fail(403, 'bad_origin', 'This request did not come from this site.');

    const session = await readSession(runtime.repos, parseCookies(request.headers.get('cookie'))[sessionCookieName(runtime.config.publicUrl.startsWith('https://'))]);
    if (!session) return fail(401, 'signed_out', 'You are signed out. Sign in again to continue; your unsaved work is kept on this device.');
    const { user } = session;
    if (!can(user, 'admin.access')) return fail(403, 'forbidden', 'Your account cannot use the admin.');

    const url = new URL(request.url);
    const name = decodeURIComponent(url.pathname.replace(/^.*\/api\/admin\/?/, '').replace(/\/+$/, ''));
    const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
    if (!action) return fail(404, 'unknown_action', 'Unknown admin action.');
    if (!can(user, action.permission)) return fail(403, 'forbidden', 'Your role does not allow this.');

    let raw: unknown;
    let file: AdminFile | null = null;
    try {
      if (action.upload) {
        let filename = 'upload';
        try {
          filename = decodeURIComponent(request.headers.get('x-filename') ?? 'upload').slice(0, 255);
        } catch {
          /* keep the default */
        }
        raw = Object.fromEntries(url.searchParams);
        // a file on disk is written only for an input that passes the schema
        if (action.upload === 'disk' && !action.input.safeParse(raw).success) file = null;
        else if (action.upload === 'disk') file = { filename, type: request.headers.get('content-type') ?? '', ...(await bodyToFile(request, action.maxBytes ?? MEDIA_LIMITS.maxBytes, uploadTmpDir(runtime))) };
        else file = { bytes: await readBody(request, action.maxBytes ?? MEDIA_LIMITS.maxBytes), filename, type: request.headers.get('content-type') ?? '' };
      } else {
        const type = request.headers.get('content-type') ?? '';
        if (!/^application\/json\b/i.test(type)) return fail(415, 'bad_body', 'Send the input as JSON.');
        const bytes = await readBody(request, MAX_JSON_BYTES);
        try {
          raw = bytes.byteLength ? JSON.parse(new TextDecoder().decode(bytes)) : {};
        } catch {
          return fail(400, 'bad_json', 'The request is not valid JSON.');
        }
      }
    } catch (err) {
      if (err instanceof TooLarge) {
        return action.upload
          ? fail(413, 'too_large', `The file is larger than ${(action.maxBytes ?? MEDIA_LIMITS.maxBytes) / 1048576} MB.`, { field: 'file' })
          : fail(413, 'too_large', 'This is more than 1 MB of text: split it into several posts.');
      }
      throw err;
    }

    try {
      return await runAction(action, name, raw, file, { user, actor: { id: user.id, role: user.role }, runtime, log, sessionId: session.sessionId });
    } finally {
      // a temporary upload that the action did not take away
      if (file?.path) await rm(file.path, { force: true });
    }
  };
}

/** Checks the input against the action's schema and runs it; answers the JSON envelope. */
async function runAction(action: AnyAdminAction, name: string, raw: unknown, file: AdminFile | null, ctx: AdminContext): Promise<Response> {
  const parsed = action.input.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || 'input';
      fields[key] ??= issue.message;
    }
    const first = parsed.error.issues[0];
    const where = first?.path.map(String).join('.');
    return fail(422, 'invalid', first ? `${where ? `${where}: ` : ''}${first.message}` : 'Invalid input.', { field: first ? String(first.path[first.path[0] === 'fields' ? 1 : 0] ?? '') : undefined, fields });
  }
  try {
    const data = await action.handler(parsed.data, ctx, file);
    return respond(200, { ok: true, data: data ?? null });
  } catch (err) {
    if (isContentError(err)) {
      if (err.code === 'unavailable') ctx.log.error({ err: err.cause ?? err, action: name }, 'admin action failed: a service it needs is unavailable');
      return fail(statusOf[err.code], err.code, err.message, { ...(err.field ? { field: err.field } : {}), ...(err.details !== undefined ? { details: err.details } : {}) });
    }
    ctx.log.error({ err, action: name }, 'admin action failed');
    return fail(500, 'server_error', 'Something went wrong on the server. Try again in a moment; your work is still in the editor.');
  }
}
