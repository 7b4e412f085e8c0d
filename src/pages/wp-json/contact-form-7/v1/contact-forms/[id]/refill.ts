import type { APIRoute } from 'astro';
import { handleRefill, noRoute } from '../../../../../../features/contact-form/rest.server.ts';

/** GET /wp-json/contact-form-7/v1/contact-forms/{id}/refill: quiz refill data, `[]` when none. */
export const GET: APIRoute = ({ locals, params }) => handleRefill(locals.runtime, params.id);
export const ALL: APIRoute = () => noRoute();
