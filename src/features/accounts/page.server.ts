import { sameOrigin } from '../../server/actions/registry.server.ts';
import { sessionNonceSubject, verifyNonce } from '../../server/nonce.server.ts';
import type { FormState } from './AccountForms.tsx';
import { completeReset, login, register, requestReset, resetTokenUsable, signOut, type AccountEnv, type Outcome } from './service.server.ts';
import { isRemember, safeRedirect, SIGNED_IN_FLAG, withSignedInFlag, type AccountFormKind } from './validation.ts';

/**
 * The plain (no-JavaScript) side of the account forms: /account/ answers POSTs of the login,
 * registration, lost-password and sign-out forms, and /account/reset/ shows and answers the
 * new-password form of a reset link.
 *
 * Cross-site request forgery: these posts carry no nonce (the /account/ page is served from the
 * page cache like any anonymous page, and cached pages carry no nonces); instead the Origin
 * header (or the Referer) must be this site, which browsers always send with a form POST, plus
 * the SameSite=Lax session cookie. Sign-out forms are only on signed-in (never cached) pages, so
 * they carry a nonce as well.
 */

export interface PageRequest {
  request: Request;
  url: URL;
  locals: App.Locals;
  clientAddress: string;
}

export type AccountPageResult =
  | { response: Response }
  | {
      state: FormState | null;
      status: number;
      /** a message for the signed-in view (e.g. a refused sign-out) */
      notice?: string;
      redirectTo?: string;
    };

const MAX_BODY = 64 * 1024;
const kinds: readonly AccountFormKind[] = ['login', 'register', 'reset'];
const keptValues: Record<AccountFormKind, readonly string[]> = {
  login: ['username', 'remember'],
  register: ['fistName', 'lastName', 'username', 'email'],
  reset: ['username'],
};

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, 1000) : '';
};

export function envOf(req: PageRequest): AccountEnv {
  const { runtime, user, sessionId } = req.locals;
  return {
    runtime,
    ip: req.clientAddress || 'unknown',
    userAgent: req.request.headers.get('user-agent') ?? '',
    secure: runtime.config.publicUrl.startsWith('https://'),
    sessionId,
    user,
  };
}

/** The page to return to after signing out, without a sign-in flag it may carry. */
export function withoutSignedInFlag(path: string): string {
  const u = new URL(path, 'http://masthead.invalid');
  u.searchParams.delete(SIGNED_IN_FLAG);
  return u.pathname + u.search + u.hash;
}

/** Path plus query and hash of `path` with the sign-in flag added. */
export function flaggedPath(path: string): string {
  const u = new URL(withSignedInFlag(new URL(path, 'http://masthead.invalid').href));
  return u.pathname + u.search + u.hash;
}

const seeOther = (location: string, cookie?: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', ...(cookie ? { 'set-cookie': cookie } : {}) } });

/** Where a sign-in on /account/ goes: `redirect_to` from the query (a path on this site) or nowhere. */
export function redirectFromQuery(url: URL): string | undefined {
  const v = url.searchParams.get('redirect_to');
  return v ? safeRedirect(v, '') || undefined : undefined;
}

export async function handleAccountPage(req: PageRequest): Promise<AccountPageResult> {
  const { request, locals } = req;
  const { t, runtime, user } = locals;
  if (request.method !== 'POST') return { state: null, status: 200, redirectTo: redirectFromQuery(req.url) };

  const stateOf = (kind: AccountFormKind, o: Pick<Outcome, 'success' | 'message' | 'fields'>, form: FormData | null): FormState => ({
    form: kind,
    success: o.success,
    message: o.message,
    fields: o.fields,
    values: form ? Object.fromEntries(keptValues[kind].map((n) => [n, str(form, n)])) : {},
  });
  const failed = (kind: AccountFormKind, message: string, status: number, form: FormData | null = null) => ({
    state: stateOf(kind, { success: false, message, fields: [] }, form),
    status,
  });

  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) return failed('login', t('account.failed'), 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failed('login', t('account.failed'), 400);
  }
  const which = str(form, 'form');
  const kind: AccountFormKind = (kinds as readonly string[]).includes(which) ? (which as AccountFormKind) : 'login';
  const redirectTo = safeRedirect(str(form, 'redirect_to'), '') || undefined;
  if (!sameOrigin(request, runtime.config.publicUrl)) return { ...failed(kind, t('account.badOrigin'), 403, form), ...(redirectTo ? { redirectTo } : {}) };
  const env = envOf(req);

  switch (which) {
    case 'logout': {
      if (!user) return { response: seeOther(redirectTo ?? '/') };
      if (!verifyNonce(runtime.config.secret, sessionNonceSubject(locals.sessionId ?? ''), str(form, 'security'))) return { state: null, status: 403, notice: t('account.badOrigin') };
      return { response: seeOther(withoutSignedInFlag(redirectTo ?? '/'), await signOut(env)) };
    }
    case 'login': {
      const o = await login(env, { username: str(form, 'username'), password: str(form, 'password'), remember: isRemember(str(form, 'remember')) });
      if (o.success) return { response: seeOther(flaggedPath(redirectTo ?? '/account/'), o.cookie) };
      return { state: stateOf('login', o, form), status: o.status, ...(redirectTo ? { redirectTo } : {}) };
    }
    case 'register': {
      const o = await register(env, {
        fistName: str(form, 'fistName'),
        lastName: str(form, 'lastName'),
        username: str(form, 'username'),
        email: str(form, 'email'),
        password: str(form, 'password'),
        confirmPass: str(form, 'confirmPass'),
      });
      if (o.success) return { response: seeOther(flaggedPath('/account/'), o.cookie) };
      return { state: stateOf('register', o, form), status: o.status };
    }
    case 'reset': {
      const o = await requestReset(env, { username: str(form, 'username') });
      return { state: stateOf('reset', o, form), status: o.status };
    }
    default:
      return failed('login', t('account.failed'), 400, form);
  }
}

export interface ResetPageResult {
  view: 'form' | 'invalid' | 'done';
  token: string;
  state: FormState | null;
  status: number;
}

/** /account/reset/?token=…: GET shows the new-password form (or why the link no longer works), POST sets it. */
export async function handleResetPage(req: PageRequest): Promise<ResetPageResult> {
  const { request, locals } = req;
  const { t, runtime } = locals;
  if (request.method !== 'POST') {
    const token = req.url.searchParams.get('token') ?? '';
    const usable = await resetTokenUsable(runtime, token);
    return { view: usable ? 'form' : 'invalid', token: usable ? token : '', state: null, status: 200 };
  }
  let form: FormData;
  try {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) throw new Error('too large');
    form = await request.formData();
  } catch {
    return { view: 'invalid', token: '', state: null, status: 400 };
  }
  const token = str(form, 'token');
  const answer = (o: Pick<Outcome, 'success' | 'message' | 'fields'>): FormState => ({ form: 'reset', success: o.success, message: o.message, fields: o.fields, values: {} });
  if (!sameOrigin(request, runtime.config.publicUrl)) return { view: 'form', token, state: answer({ success: false, message: t('account.badOrigin'), fields: [] }), status: 403 };
  const o = await completeReset(envOf(req), { token, password: str(form, 'password'), confirmPass: str(form, 'confirmPass') });
  if (o.success) return { view: 'done', token: '', state: answer(o), status: 200 };
  if (o.tokenInvalid) return { view: 'invalid', token: '', state: null, status: o.status };
  return { view: 'form', token, state: answer(o), status: o.status };
}
