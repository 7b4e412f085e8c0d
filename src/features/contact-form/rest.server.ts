/**
 * Contact Form 7 REST API (namespace `contact-form-7/v1`), as CF7 6.x answers it:
 *
 *   POST contact-forms/{id}/feedback         multipart only → the feedback answer
 *   GET  contact-forms/{id}/feedback/schema  → { version, locale, rules }
 *   GET  contact-forms/{id}/refill           → [] or { captcha, quiz }
 *
 * Errors are WordPress REST errors `{ code, message, data: { status } }`. Answers are never cached
 * and never set cookies. The Astro endpoints in src/pages/wp-json/… only call these handlers.
 */
import { formDefinitionSchema, schemaFor, type FormDefinition } from './definition.ts';
import { SCHEMA_VERSION, sanitizeUnitTag, type RefillAnswer, type RestError } from './types.ts';
import { failureAnswer, invalidField, submitForm, type FormRuntime } from './submission.server.ts';
import { captchaRefill, quizRefill } from './state.server.ts';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=UTF-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
};

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });

export const restError = (status: number, code: string, message: string) => json({ code, message, data: { status } } satisfies RestError, status);

const notFound = () => restError(404, 'wpcf7_not_found', 'The requested contact form was not found.');

/** A stored, valid form definition by the id in the URL, or null. */
export async function loadForm(rt: Pick<FormRuntime, 'repos' | 'log'>, idParam: string | undefined): Promise<FormDefinition | null> {
  if (!idParam || !/^[0-9]{1,9}$/.test(idParam)) return null;
  const stored = await rt.repos.forms.byId(Number(idParam));
  if (!stored) return null;
  const parsed = formDefinitionSchema.safeParse({ ...(stored.definition as object), id: stored.id });
  if (!parsed.success) {
    rt.log.error({ formId: stored.id, issues: parsed.error.issues.slice(0, 5) }, 'stored contact form definition is invalid');
    return null;
  }
  return parsed.data;
}

/** Whether a request carries an Origin (or Referer) of another site: cross-site posts are refused. */
export function foreignOrigin(request: Request, publicUrl: string): boolean {
  const allowed = new Set([new URL(publicUrl).origin, new URL(request.url).origin]);
  const origin = request.headers.get('origin');
  if (origin) return !allowed.has(origin);
  const referer = request.headers.get('referer');
  if (!referer) return false;
  try {
    return !allowed.has(new URL(referer).origin);
  } catch {
    return true;
  }
}

/** Largest body accepted for a set of forms: their file limits plus room for the text fields. */
export function bodyLimit(forms: Iterable<FormDefinition>): number {
  let files = 0;
  for (const def of forms) for (const f of def.fields) if (f.type === 'file') files += f.limit;
  return files + 512 * 1024;
}

/** Past this a body is not even drained: the connection is cut. */
const HARD_LIMIT = 64 * 1024 * 1024;

export type ReadBody = { ok: true; body: Uint8Array } | { ok: false; prefix: string };

/**
 * Reads a request body up to `limit` bytes. A larger body is drained (up to a hard limit) so the
 * browser gets the answer, and only its beginning is kept: the hidden fields come first in a
 * multipart body, so the form instance can still be told about the file that was too large.
 */
export async function readBody(request: Request, limit: number): Promise<ReadBody> {
  if (!request.body) return { ok: true, body: new Uint8Array() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (!over && total <= limit) chunks.push(value);
    else if (!over) {
      over = true;
      chunks.push(value.subarray(0, Math.max(0, value.byteLength - (total - limit))));
    }
    if (total > HARD_LIMIT) {
      await reader.cancel().catch(() => {});
      break;
    }
  }
  const body = Buffer.concat(chunks);
  return over ? { ok: false, prefix: body.subarray(0, 64 * 1024).toString('latin1') } : { ok: true, body };
}

/** A hidden field's value from the start of a multipart body (for over-large posts). */
export function multipartPrefixField(prefix: string, name: string): string {
  const re = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r\\n]{0,200})\\r\\n`);
  return re.exec(prefix)?.[1] ?? '';
}

/** Parses a buffered body as form data (multipart or urlencoded); null when it is malformed. */
export async function parseForm(body: Uint8Array, contentType: string): Promise<FormData | null> {
  try {
    return await new Response(body as BodyInit, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
}

/** The answer to an over-large post: every file field of the form is flagged as too large. */
export function tooLargeAnswer(def: FormDefinition, unitTag: string) {
  const invalid = def.fields.flatMap((f) => (f.type === 'file' ? [invalidField(def, unitTag, f.name, def.messages.upload_file_too_large)] : []));
  return failureAnswer(def, unitTag, 'validation_failed', invalid);
}

export const clientMeta = (request: Request, remoteAddr: string | undefined) => ({
  remoteAddr: remoteAddr ?? 'unknown',
  userAgent: request.headers.get('user-agent') ?? '',
  url: request.headers.get('referer') ?? '',
});

/** POST contact-forms/{id}/feedback */
export async function handleFeedback(rt: FormRuntime, request: Request, idParam: string | undefined, remoteAddr: string | undefined): Promise<Response> {
  try {
    const contentType = request.headers.get('content-type') ?? '';
    if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
      return restError(415, 'wpcf7_unsupported_media_type', 'The request payload format is not supported.');
    }
    const def = await loadForm(rt, idParam);
    if (!def) return notFound();
    if (foreignOrigin(request, rt.config.publicUrl)) {
      return restError(403, 'wpcf7_forbidden', 'This form can only be sent from this site.');
    }
    const read = await readBody(request, bodyLimit([def]));
    if (!read.ok) {
      const unitTag = sanitizeUnitTag(multipartPrefixField(read.prefix, '_wpcf7_unit_tag'));
      if (!unitTag) return restError(413, 'wpcf7_request_too_large', def.messages.upload_file_too_large);
      return json(tooLargeAnswer(def, unitTag));
    }
    const data = await parseForm(read.body, contentType);
    if (!data) return restError(400, 'wpcf7_invalid_body', 'The request body could not be read.');
    const unitTag = sanitizeUnitTag(data.get('_wpcf7_unit_tag'));
    if (!unitTag) return restError(400, 'wpcf7_unit_tag_not_found', 'There is no valid unit tag.');
    const outcome = await submitForm(rt, def, data, unitTag, clientMeta(request, remoteAddr));
    return json(outcome.answer);
  } catch (err) {
    rt.log.error({ err, formId: idParam }, 'contact form feedback failed');
    return restError(500, 'wpcf7_server_error', 'There was an error trying to send your message. Please try again later.');
  }
}

/** GET contact-forms/{id}/feedback/schema */
export async function handleSchema(rt: Pick<FormRuntime, 'repos' | 'log'>, idParam: string | undefined): Promise<Response> {
  const def = await loadForm(rt, idParam);
  if (!def) return notFound();
  return json(schemaFor(def, SCHEMA_VERSION, def.locale));
}

/** GET contact-forms/{id}/refill */
export async function handleRefill(rt: Pick<FormRuntime, 'repos' | 'log' | 'config'>, idParam: string | undefined): Promise<Response> {
  const def = await loadForm(rt, idParam);
  if (!def) return notFound();
  const quiz = quizRefill(rt.config.secret, def);
  const captcha = await captchaRefill(rt.repos, def);
  const answer: RefillAnswer = quiz || captcha ? { ...(captcha ? { captcha } : {}), ...(quiz ? { quiz } : {}) } : [];
  return json(answer);
}

/** Any other method on these routes: WordPress's answer for a route without that method. */
export const noRoute = () => restError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
