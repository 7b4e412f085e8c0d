import type { Action } from './registry.server.ts';
import { likeAction } from '../../features/likes/action.server.ts';

/** The one table of theme-call actions. A feature adds its action module here. */
export const actions: readonly Action[] = [likeAction as Action];
