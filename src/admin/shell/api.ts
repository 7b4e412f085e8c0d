import type { z } from 'zod';
import type { AdminActions, AdminActionName } from '../../server/admin/index.server.ts';

/**
 * The admin's only way to the server: `POST /api/admin/{name}` with JSON, the CSRF header and the
 * session cookie. Inputs and results are typed from the server's action table (a type-only
 * import: no server code reaches the browser).
 */
export type ActionInput<N extends AdminActionName> = z.input<AdminActions[N]['input']>;
export type ActionResult<N extends AdminActionName> = Awaited<ReturnType<AdminActions[N]['handler']>>;

export interface ApiErrorBody {
  code: string;
  message: string;
  field?: string;
  fields?: Record<string, string>;
  details?: unknown;
}

/** A refused or failed call: its HTTP status, the server's code and message, the field concerned. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly fields: Record<string, string>;
  readonly details: unknown;
  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.field = body.field;
    this.fields = body.fields ?? (body.field ? { [body.field]: body.message } : {});
    this.details = body.details;
  }
}

export const ADMIN_HEADERS = { 'x-masthead-admin': '1' } as const;
export const apiUrl = (name: string, query?: Record<string, string>) => `/api/admin/${name}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;

/** Turns a fetch answer into data or an ApiError (offline and broken answers included). */
export async function readAnswer<T>(res: Response): Promise<T> {
  type Answer = { ok: boolean; data?: T; error?: ApiErrorBody };
  let body: Answer | null = null;
  try {
    body = (await res.json()) as Answer;
  } catch {
    body = null;
  }
  if (body?.ok) return body.data as T;
  throw new ApiError(res.status, body?.error ?? { code: 'bad_answer', message: `The server answered ${res.status}. Try again in a moment.` });
}

export async function api<N extends AdminActionName>(name: N, input: ActionInput<N>, init: { signal?: AbortSignal; keepalive?: boolean } = {}): Promise<ActionResult<N>> {
  let res: Response;
  try {
    res = await fetch(apiUrl(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
      body: JSON.stringify(input),
      credentials: 'same-origin',
      ...(init.signal ? { signal: init.signal } : {}),
      ...(init.keepalive ? { keepalive: true } : {}),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, { code: 'offline', message: 'The server cannot be reached. Your work is kept on this device; it is sent when you are back online.' });
  }
  return readAnswer<ActionResult<N>>(res);
}
