import type { Runtime } from '../runtime.server.ts';
import { hashToken } from '../session.server.ts';
import { EMAIL_PURPOSE } from './actions/users.server.ts';

/**
 * `GET /api/confirm-email?token=…`: the link mailed to a new address from the profile screen.
 * The token is used once; the waiting address becomes the account's own unless another account
 * took it meanwhile. Answers a redirect to the profile screen that says what happened.
 */
export async function confirmEmailChange(request: Request, runtime: Runtime): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const go = (result: 'confirmed' | 'invalid' | 'taken') => new Response(null, { status: 303, headers: { location: `/admin/profile/?email=${result}`, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return go('invalid');
  const { repos } = runtime;
  const outcome = await repos.transaction(async (tx) => {
    const userId = await tx.tokens.consume(hashToken(token), EMAIL_PURPOSE);
    if (userId === null) return 'invalid' as const;
    const p = await tx.people.byId(userId);
    if (!p?.pendingEmail) return 'invalid' as const;
    const other = await tx.users.byLoginOrEmail(p.pendingEmail);
    if (other && other.id !== userId) {
      await tx.people.setPendingEmail(userId, null);
      return 'taken' as const;
    }
    await tx.people.confirmEmail(userId);
    return 'confirmed' as const;
  });
  runtime.log.info({ outcome }, 'e-mail change link used');
  return go(outcome);
}
