import type { APIRoute } from 'astro';
import { handleSubmissionFile } from '../../../server/admin/attachment.server.ts';

/** A submission's attachment for the inbox: every check lives in src/server/admin/attachment.server.ts. */
export const GET: APIRoute = ({ request, locals }) => handleSubmissionFile(request, locals.runtime);
