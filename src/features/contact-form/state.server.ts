/**
 * Per-render state of a page's contact forms: the signed render time (minimum fill time) and one
 * quiz question per quiz field with its hashed answers. Computed by the page loader, read by
 * ContactForm.tsx through the render context.
 */
import { randomInt } from 'node:crypto';
import type { FormDefinition } from './definition.ts';
import type { ContactFormState } from './types.ts';
import { quizAnswerHash, signStamp } from './security.server.ts';

/** field → [question, hashed answers] with a randomly picked question, or null without quizzes. */
export function quizRefill(secret: string, def: FormDefinition): Record<string, [string, string]> | null {
  const out: Record<string, [string, string]> = {};
  for (const f of def.fields) {
    if (f.type !== 'quiz') continue;
    const q = f.questions[randomInt(f.questions.length)] ?? f.questions[0]!;
    out[f.name] = [q.question, quizAnswerHash(secret, q.answers)];
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The state the markup of these forms needs, freshly signed. */
export function contactFormState(secret: string, forms: Iterable<FormDefinition>, now = Date.now()): ContactFormState {
  const quizzes: ContactFormState['quizzes'] = {};
  for (const def of forms) {
    for (const [field, entry] of Object.entries(quizRefill(secret, def) ?? {})) quizzes[`${def.id}:${field}`] = entry;
  }
  return { stamp: signStamp(secret, now), quizzes };
}
