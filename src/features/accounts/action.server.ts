import { z } from 'zod';
import { defineAction, type ActionContext, type ActionResult } from '../../server/actions/registry.server.ts';
import { login, register, requestReset, type AccountEnv, type Outcome } from './service.server.ts';
import { isRemember } from './validation.ts';

/**
 * Theme actions of the login, registration and lost-password forms. The registry has already
 * checked Origin, the address rate limit and the nonce (`security`); answers are
 * `{ success, data }` where data is an HTML message (everything escaped) for the form's message
 * area. Its `data-fields` lists the fields the browser marks invalid.
 */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function messageHtml(o: Pick<Outcome, 'success' | 'message' | 'fields'>): string {
  const fields = o.fields.length ? ` data-fields="${escapeHtml(o.fields.join(' '))}"` : '';
  return `<p class="account-message account-message--${o.success ? 'success' : 'error'}"${fields}>${escapeHtml(o.message)}</p>`;
}

export const envOf = (ctx: ActionContext): AccountEnv => ({
  runtime: ctx.runtime,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  secure: ctx.secure,
  sessionId: ctx.sessionId,
  user: ctx.user,
});

const answer = (o: Outcome): ActionResult => ({
  success: o.success,
  data: messageHtml(o),
  status: o.status,
  ...(o.cookie ? { setCookies: [o.cookie] } : {}),
});

/** Text fields: missing means empty; over-long input is cut off by the schema, not trusted. */
const text = (max: number) => z.string().max(max).optional().default('');

export const loginAction = defineAction({
  name: 'masthead_login_ajax',
  schema: z.object({
    username: text(1000),
    password: text(1000),
    captcha: z.string().max(200).optional(),
    remember: z.string().max(20).optional(),
  }),
  async handler(input, ctx) {
    return answer(await login(envOf(ctx), { username: input.username, password: input.password, remember: isRemember(input.remember) }));
  },
});

export const registerAction = defineAction({
  name: 'masthead_register_ajax',
  schema: z.object({
    fistName: text(1000),
    lastName: text(1000),
    username: text(1000),
    password: text(1000),
    confirmPass: text(1000),
    email: text(1000),
    captcha: z.string().max(200).optional(),
  }),
  async handler(input, ctx) {
    return answer(await register(envOf(ctx), input));
  },
});

export const resetPasswordAction = defineAction({
  name: 'masthead_resetpass_ajax',
  schema: z.object({
    username: text(1000),
    captcha: z.string().max(200).optional(),
  }),
  async handler(input, ctx) {
    const outcome = await requestReset(envOf(ctx), { username: input.username });
    return answer(outcome);
  },
});
