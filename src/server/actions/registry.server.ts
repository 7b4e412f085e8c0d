import type { APIContext, AstroCookies } from 'astro';
import type { z } from 'zod';
import type { Runtime } from '../runtime.server.ts';
import type { User } from '../../features/accounts/types.ts';
import { verifyNonce, createNonce, sessionNonceSubject } from '../nonce.server.ts';
import { VISITOR_COOKIE, newToken } from '../session.server.ts';

/** What an action handler gets besides its validated input. */
export interface ActionContext {
  runtime: Runtime;
  user: User | null;
  sessionId: string | null;
  /** 'u:{id}' for a signed-in user, 'v:{cookie}' for an anonymous visitor, ANONYMOUS ('anon') for one without the cookie */
  visitor: string;
  ip: string;
  userAgent: string;
  cookies: AstroCookies;
  /** the page the call came from (Referer), for reload targets */
  url: URL;
  secure: boolean;
}

/** WordPress-style answer: `{ success, data }`. */
export interface ActionResult {
  success: boolean;
  data: unknown;
  status?: number;
  /** serialized Set-Cookie values (e.g. the session cookie of a sign-in) */
  setCookies?: string[];
}

export interface Action<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /**
   * The action keeps something per visitor (a like, a vote): an anonymous caller must hold the
   * visitor-id cookie, which the browser asks for (`/api/nonce?visitor=1`) only when the visitor
   * likes or rates. Without it the call is refused with `visitor_required`.
   */
  needsVisitor?: boolean;
  handler(input: z.output<S>, ctx: ActionContext): Promise<ActionResult>;
}

export const defineAction = <S extends z.ZodType>(a: Action<S>): Action<S> => a;

const MAX_BODY = 64 * 1024;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } });

const fail = (status: number, code: string, message: string, headers?: Record<string, string>) => json({ success: false, data: { code, message } }, status, headers);

/** Same-origin check: the Origin header (or, failing that, the Referer) must be this site. */
export function sameOrigin(request: Request, publicUrl: string): boolean {
  const allowed = new Set([new URL(publicUrl).origin, new URL(request.url).origin]);
  const origin = request.headers.get('origin');
  if (origin) return allowed.has(origin);
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      return allowed.has(new URL(referer).origin);
    } catch {
      return false;
    }
  }
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

/**
 * Turns form fields into an object; bracketed names (`datafilter[count]`, `ids[]`) become nested
 * objects and arrays, as jQuery serialises them.
 */
export function fieldsToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const parts = name.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    for (let i = 0; i < parts.length; i++) {
      const key = parts[i]!;
      const last = i === parts.length - 1;
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') break;
      if (last) {
        if (key === '') {
          // `name[]` → array value handled by parent
          break;
        }
        const next = parts[i + 1];
        if (next === '') {
          const arr = (node[key] ??= []) as unknown[];
          if (Array.isArray(arr)) arr.push(value);
        } else node[key] = value;
      } else {
        if (parts[i + 1] === '' && i + 1 === parts.length - 1) {
          const arr = Array.isArray(node[key]) ? (node[key] as unknown[]) : (node[key] = []);
          (arr as unknown[]).push(value);
          break;
        }
        const child = node[key];
        node = (typeof child === 'object' && child !== null && !Array.isArray(child) ? child : (node[key] = {})) as Record<string, unknown>;
      }
    }
  }
  return out;
}

/** Who an anonymous caller without the visitor-id cookie is: nothing is ever stored for them. */
export const ANONYMOUS = 'anon';

/** The visitor whose data an action reads and writes: the signed-in user, or the anonymous visitor cookie. */
export function visitorOf(ctx: APIContext): string | null {
  if (ctx.locals.user) return `u:${ctx.locals.user.id}`;
  const v = ctx.cookies.get(VISITOR_COOKIE)?.value;
  return v && /^[\w-]{16,64}$/.test(v) ? `v:${v}` : null;
}

/**
 * What a theme-call nonce is bound to: a signed-in caller's session (a nonce leaked from one
 * session is useless in another, and dies with it), an anonymous visitor's id cookie, or, for a
 * visitor without one, the anonymous subject (Origin and SameSite still guard those calls).
 */
function nonceSubject(ctx: APIContext, visitor: string | null): string {
  if (ctx.locals.user && ctx.locals.sessionId) return sessionNonceSubject(ctx.locals.sessionId);
  return visitor ?? ANONYMOUS;
}

/**
 * GET nonce endpoint, uncached. The visitor-id cookie is set only when the browser asks for it
 * (`?visitor=1`, sent when the visitor likes or rates), never on a plain page view.
 */
export function nonceResponse(ctx: APIContext): Response {
  const { runtime } = ctx.locals;
  let visitor = visitorOf(ctx);
  if (!visitor && ctx.url.searchParams.get('visitor') === '1') {
    const id = newToken().slice(0, 32);
    ctx.cookies.set(VISITOR_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure: runtime.config.publicUrl.startsWith('https://'), maxAge: 365 * 24 * 3600 });
    visitor = `v:${id}`;
  }
  return json({ nonce: createNonce(runtime.config.secret, nonceSubject(ctx, visitor)) });
}

/** The theme-call endpoint: Origin, rate limit, nonce and schema checked once for every action. */
export async function handleThemeCall(ctx: APIContext, actions: readonly Action[]): Promise<Response> {
  const { runtime } = ctx.locals;
  const { request } = ctx;
  if (request.method !== 'POST') return fail(405, 'method_not_allowed', 'Use POST.', { allow: 'POST' });
  if (!sameOrigin(request, runtime.config.publicUrl)) return fail(403, 'bad_origin', 'This request did not come from this site.');
  const ip = ctx.locals.clientAddress ?? 'unknown';
  const limit = await runtime.limiter.hit(`theme:${ip}`, runtime.config.rateLimitPerMinute, 60_000);
  if (!limit.ok) return fail(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) return fail(413, 'too_large', 'The request is too large.');

  let fields: Record<string, unknown>;
  try {
    fields = fieldsToObject(await request.formData());
  } catch {
    return fail(415, 'bad_body', 'Send the fields as form data.');
  }
  const name = typeof fields.action === 'string' ? fields.action : '';
  const action = actions.find((a) => a.name === name);
  if (!action) return fail(400, 'unknown_action', 'Unknown action.');

  const visitor = visitorOf(ctx);
  const nonce = typeof fields.nonce === 'string' ? fields.nonce : typeof fields.security === 'string' ? fields.security : '';
  if (!verifyNonce(runtime.config.secret, nonceSubject(ctx, visitor), nonce)) {
    return fail(403, 'invalid_nonce', 'Your session has expired. Please reload the page and try again.');
  }
  if (!visitor && action.needsVisitor) return fail(403, 'visitor_required', 'Reload the page and try again.');
  const parsed = action.schema.safeParse(fields);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return fail(400, 'invalid_input', first ? `${first.path.join('.') || 'input'}: ${first.message}` : 'Invalid input.');
  }
  try {
    const result = await action.handler(parsed.data, {
      runtime,
      user: ctx.locals.user,
      sessionId: ctx.locals.sessionId,
      visitor: visitor ?? ANONYMOUS,
      ip,
      userAgent: request.headers.get('user-agent') ?? '',
      cookies: ctx.cookies,
      url: refererUrl(request) ?? new URL(runtime.config.publicUrl),
      secure: runtime.config.publicUrl.startsWith('https://'),
    });
    const res = json({ success: result.success, data: result.data }, result.status ?? 200);
    for (const c of result.setCookies ?? []) res.headers.append('set-cookie', c);
    return res;
  } catch (err) {
    ctx.locals.log.error({ err, action: name }, 'theme call failed');
    return fail(500, 'server_error', 'Something went wrong. Please try again.');
  }
}

function refererUrl(request: Request): URL | null {
  try {
    const r = request.headers.get('referer');
    return r ? new URL(r) : null;
  } catch {
    return null;
  }
}
