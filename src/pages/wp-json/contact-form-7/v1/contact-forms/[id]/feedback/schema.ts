import type { APIRoute } from 'astro';
import { handleSchema, noRoute } from '../../../../../../../features/contact-form/rest.server.ts';

/** GET /wp-json/contact-form-7/v1/contact-forms/{id}/feedback/schema: the validation rules. */
export const GET: APIRoute = ({ locals, params }) => handleSchema(locals.runtime, params.id);
export const ALL: APIRoute = () => noRoute();
