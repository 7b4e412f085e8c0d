import type { APIRoute } from 'astro';
import { nonceResponse } from '../../server/actions/registry.server.ts';

export const GET: APIRoute = (ctx) => nonceResponse(ctx);
