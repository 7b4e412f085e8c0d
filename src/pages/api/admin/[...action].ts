import type { APIRoute } from 'astro';
import { handleAdminRequest } from '../../../server/admin/index.server.ts';

/** The admin API: every check and every action lives in src/server/admin (framework-free). */
export const ALL: APIRoute = ({ request, locals }) => handleAdminRequest(request, { runtime: locals.runtime, log: locals.log });
