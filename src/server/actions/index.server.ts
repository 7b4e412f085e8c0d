import type { Action } from './registry.server.ts';
import { likeAction } from '../../features/likes/action.server.ts';
import { rateAction } from '../../features/rating/action.server.ts';
import { postStateAction } from '../../features/engagement/action.server.ts';
import { loginAction, registerAction, resetPasswordAction } from '../../features/accounts/action.server.ts';
import { countViewAction } from '../../features/consent/action.server.ts';
import { portfolioMoreAction } from '../../features/portfolio/action.server.ts';

/** The one table of theme-call actions. A feature adds its action module here. */
export const actions: readonly Action[] = [likeAction as Action, loginAction as Action, registerAction as Action, resetPasswordAction as Action, countViewAction as Action, rateAction as Action, postStateAction as Action, portfolioMoreAction as Action];
