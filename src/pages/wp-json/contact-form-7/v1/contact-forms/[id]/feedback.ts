import type { APIRoute } from 'astro';
import { handleFeedback, noRoute } from '../../../../../../features/contact-form/rest.server.ts';

/** POST /wp-json/contact-form-7/v1/contact-forms/{id}/feedback (Contact Form 7 REST API). */
export const POST: APIRoute = ({ locals, request, params }) => handleFeedback(locals.runtime, request, params.id, locals.clientAddress);
export const ALL: APIRoute = () => noRoute();
