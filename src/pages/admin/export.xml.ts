import type { APIRoute } from 'astro';
import { handleExportRequest } from '../../server/wxr/download.server.ts';

/** The admin's Export button: the whole site as a WordPress export (administrators only). */
export const GET: APIRoute = ({ locals }) => handleExportRequest(locals.runtime, locals.user ?? null, locals.settings.site.title);
