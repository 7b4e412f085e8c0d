import type { APIRoute } from 'astro';
import { confirmEmailChange } from '../../server/admin/confirm-email.server.ts';

/** The link of an e-mail change (profile screen): every check lives in src/server/admin/confirm-email.server.ts. */
export const GET: APIRoute = ({ request, locals }) => confirmEmailChange(request, locals.runtime);
