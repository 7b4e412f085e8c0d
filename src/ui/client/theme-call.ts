import { pageVars } from '../page-vars.ts';

/**
 * Theme calls from the browser: one POST endpoint, an `action` field and a nonce fetched once
 * from the uncached nonce URL (cached pages carry no nonce). A stale nonce is refreshed and the
 * call retried once.
 */
let noncePromise: Promise<string> | null = null;
/** Bumped when the page's identity changes (a sign-in): a nonce fetched before belongs to the old one. */
let identity = 0;

/**
 * The visitor signed in (or out) in this page: nonces are bound to the session, so the cached one
 * is dropped, and a call that fetched its nonce before the change fetches a new one before sending.
 */
export function identityChanged(): void {
  identity += 1;
  noncePromise = null;
}

/**
 * A nonce for theme calls. `visitor`: the call keeps something per visitor (a like, a vote), so
 * the server may set the visitor-id cookie now; it is never set for a plain page view.
 */
export function getNonce(fresh = false, visitor = false): Promise<string> {
  if (fresh || visitor || !noncePromise) {
    const url = visitor ? `${pageVars().nonceUrl}${pageVars().nonceUrl.includes('?') ? '&' : '?'}visitor=1` : pageVars().nonceUrl;
    noncePromise = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' }, cache: 'no-store' })
      .then((r) => {
        if (!r.ok) throw new Error(`nonce request failed: ${r.status}`);
        return r.json() as Promise<{ nonce: string }>;
      })
      .then((j) => j.nonce);
    noncePromise.catch(() => (noncePromise = null));
  }
  return noncePromise;
}

export interface ThemeAnswer<T = unknown> {
  success: boolean;
  data: T;
}

export class ThemeCallError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, status: number, code: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

let visitorKnown = false;

export async function themeCall<T = unknown>(action: string, fields: Record<string, string | Blob> | FormData = {}, opts: { visitor?: boolean } = {}): Promise<ThemeAnswer<T>> {
  const send = async (nonce: string) => {
    const body = fields instanceof FormData ? fields : new FormData();
    if (!(fields instanceof FormData)) for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.set('action', action);
    if (!body.has('nonce')) body.set('nonce', nonce);
    if (body.has('security')) body.set('security', nonce);
    const res = await fetch(pageVars().ajaxUrl, { method: 'POST', body, credentials: 'same-origin', headers: { accept: 'application/json' } });
    let json: ThemeAnswer<T> | null = null;
    try {
      json = (await res.json()) as ThemeAnswer<T>;
    } catch {
      json = null;
    }
    return { res, json };
  };
  // The first call that needs the visitor id asks for it (and the cookie); later calls reuse it.
  const askVisitor = opts.visitor === true && !visitorKnown;
  const first = async () => {
    const at = identity;
    const nonce = await getNonce(false, askVisitor);
    return at === identity ? nonce : getNonce(true);
  };
  let { res, json } = await send(await first());
  if (askVisitor && res.ok) visitorKnown = true;
  const code = (json?.data as { code?: string } | undefined)?.code;
  if (res.status === 403 && code === 'invalid_nonce') {
    const body = fields instanceof FormData ? fields : undefined;
    body?.delete('nonce');
    ({ res, json } = await send(await getNonce(true)));
  }
  if (!json) throw new ThemeCallError('The response is not a valid JSON response.', res.status, 'invalid_json');
  if (!res.ok && !('success' in json)) throw new ThemeCallError(`HTTP ${res.status}`, res.status, 'http_error');
  return json;
}

/**
 * A read-only call (GET, no nonce: it changes nothing and is never cached), for example the header
 * search's suggestions (`/api/search`). Throws ThemeCallError on an HTTP error (429 when rate limited).
 */
export async function themeGet<T>(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<T> {
  const res = await fetch(`${path}?${new URLSearchParams(params)}`, { credentials: 'same-origin', headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) });
  if (!res.ok) throw new ThemeCallError(`HTTP ${res.status}`, res.status, 'http_error');
  return (await res.json()) as T;
}
