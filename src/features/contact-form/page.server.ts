/**
 * Contact forms without JavaScript: the form posts (multipart) to its own page, and the page
 * route calls `handlePagePost` before rendering. The same pipeline as the REST endpoint runs, and
 * the answer is rendered into the form instance it came from (ContactForm.tsx reads it from the
 * render context): response message, invalid tips, the visitor's values kept unless the message
 * was sent. The page route marks the response `no-store`; the server caches GET only.
 */
import type { FormDefinition } from './definition.ts';
import { STAMP_FIELD, sanitizeUnitTag, type FormPostResult } from './types.ts';
import { stampAge } from './security.server.ts';
import { collectPosted, submitForm, failureAnswer, type FormRuntime } from './submission.server.ts';
import { bodyLimit, clientMeta, foreignOrigin, multipartPrefixField, parseForm, readBody, tooLargeAnswer } from './rest.server.ts';

/**
 * Handles a POST of a page that shows contact forms. Returns null when the post is not for one of
 * the page's forms (the page is then rendered as for a GET).
 */
export async function handlePagePost(
  rt: FormRuntime,
  request: Request,
  remoteAddr: string | undefined,
  forms: Readonly<Record<number, FormDefinition>>,
): Promise<FormPostResult | null> {
  if (request.method !== 'POST' || Object.keys(forms).length === 0) return null;
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) return null;
  const read = await readBody(request, bodyLimit(Object.values(forms)));
  if (!read.ok) {
    const def = forms[Number(multipartPrefixField(read.prefix, '_wpcf7'))];
    const unitTag = sanitizeUnitTag(multipartPrefixField(read.prefix, '_wpcf7_unit_tag'));
    return def && unitTag ? { unitTag, answer: tooLargeAnswer(def, unitTag), values: {} } : null;
  }
  const data = await parseForm(read.body, contentType);
  if (!data) return null;
  const def = forms[Number(data.get('_wpcf7'))];
  const unitTag = sanitizeUnitTag(data.get('_wpcf7_unit_tag'));
  if (!def || !unitTag) return null;
  if (foreignOrigin(request, rt.config.publicUrl)) return { unitTag, answer: failureAnswer(def, unitTag, 'spam'), values: {} };
  try {
    const outcome = await submitForm(rt, def, data, unitTag, clientMeta(request, remoteAddr));
    if (outcome.answer.status === 'mail_sent') return { unitTag, answer: outcome.answer, values: {} };
    // not sent: the form comes back with the visitor's values and the render time it had
    const stamp = data.get(STAMP_FIELD);
    const valid = typeof stamp === 'string' && stampAge(rt.config.secret, stamp) !== null;
    return { unitTag, answer: outcome.answer, values: outcome.posted, ...(valid ? { stamp } : {}) };
  } catch (err) {
    rt.log.error({ err, formId: def.id }, 'contact form page post failed');
    const answer = { ...failureAnswer(def, unitTag, 'validation_failed'), status: 'mail_failed', message: def.messages.mail_sent_ng };
    return { unitTag, answer, values: collectPosted(def, data) };
  }
}
