import type { APIRoute } from 'astro';
import { handleThemeCall } from '../../server/actions/registry.server.ts';
import { actions } from '../../server/actions/index.server.ts';

export const POST: APIRoute = (ctx) => handleThemeCall(ctx, actions);
export const ALL: APIRoute = (ctx) => handleThemeCall(ctx, actions);
