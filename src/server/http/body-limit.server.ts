import type { IncomingMessage } from 'node:http';
import { MEDIA_LIMITS } from '../content/media.server.ts';
import { IMPORT_UPLOAD_LIMIT } from '../wxr/jobs.server.ts';

/**
 * Request bodies are bounded before anything reads them. The limits, by route:
 *   - admin uploads (`/api/admin/media.upload`, `/api/admin/media.replace`): the media limit
 *     (64 MB, the largest file that is not a picture; pictures stop at 20 MB) plus room for the request's envelope;
 *   - the WordPress import's upload (`/api/admin/import.upload`, administrators only): the import
 *     limit (an export or a zip of its uploads, 512 MB) plus the envelope;
 *   - contact-form posts (the REST feedback call, and a page's plain multipart post): FORM_BODY_MAX;
 *     the form's own, smaller limits (each file field's `limit`) are applied by its handler;
 *   - everything else (theme calls, account forms, admin JSON, any other POST): JSON_BODY_MAX.
 * A declared Content-Length past the limit is refused at once; a body without one (chunked) is
 * counted as it streams in and cut off at the limit. Either way the answer is 413.
 */
export const JSON_BODY_MAX = 1024 * 1024;
export const UPLOAD_BODY_MAX = MEDIA_LIMITS.maxBytes + 64 * 1024;
export const FORM_BODY_MAX = 16 * 1024 * 1024;
export const IMPORT_BODY_MAX = IMPORT_UPLOAD_LIMIT + 64 * 1024;
/** The largest of the limits above: the adapter's own limit (astro.config.mjs) must not be lower. */
export const LARGEST_BODY_MAX = IMPORT_BODY_MAX;

export function bodyLimitFor(pathname: string, contentType: string): number {
  if (pathname === '/api/admin/media.upload' || pathname === '/api/admin/media.replace') return UPLOAD_BODY_MAX;
  if (pathname === '/api/admin/import.upload') return IMPORT_BODY_MAX;
  const multipart = contentType.toLowerCase().startsWith('multipart/form-data');
  if (multipart && /^\/wp-json\/contact-form-7\/v1\/contact-forms\/\d{1,9}\/feedback\/?$/.test(pathname)) return FORM_BODY_MAX;
  // A page with a contact form accepts its plain (no JavaScript) multipart post.
  if (multipart && !pathname.startsWith('/api/') && !pathname.startsWith('/wp-json/')) return FORM_BODY_MAX;
  return JSON_BODY_MAX;
}

export class BodyTooLarge extends Error {
  readonly code = 'body_too_large';
}

export interface LimitedBody {
  limit: number;
  exceeded(): boolean;
}

/**
 * Hands Astro's adapter the request body through a counting iterable (the adapter reads
 * `req.body` when it is set): past `limit` bytes it stops reading and fails the body stream, and
 * the server entry answers 413 whatever the route made of the failure.
 */
export function limitBody(req: IncomingMessage, limit: number): LimitedBody {
  let exceeded = false;
  async function* counted(): AsyncGenerator<Buffer> {
    let received = 0;
    // Not destroyed on the way out: the socket must stay open for the 413 answer.
    for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      received += chunk.byteLength;
      if (received > limit) {
        exceeded = true;
        throw new BodyTooLarge(`body larger than ${limit} bytes`);
      }
      yield chunk;
    }
  }
  Reflect.set(req, 'body', counted());
  return { limit, exceeded: () => exceeded };
}
