/**
 * Per-render state of a page's contact forms: the signed render time (minimum fill time), one
 * quiz question per quiz field with its hashed answers, and a new captcha challenge per captcha. Computed by the page loader, read by
 * ContactForm.tsx through the render context.
 */
import { randomInt } from 'node:crypto';
import type { FormDefinition } from './definition.ts';
import type { ContactFormState } from './types.ts';
import { quizAnswerHash, signStamp } from './security.server.ts';
import { newChallenge, type CaptchaChallenge } from './captcha.server.ts';
import type { Repositories } from '../../server/db/repositories/index.server.ts';

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

/** field → a new challenge per captcha field, or null without captchas. */
export async function captchaChallenges(repos: Pick<Repositories, 'captcha'>, def: FormDefinition): Promise<Record<string, CaptchaChallenge> | null> {
  const out: Record<string, CaptchaChallenge> = {};
  for (const f of def.fields) {
    if (f.type !== 'captcha') continue;
    out[f.name] = await newChallenge(repos, { size: f.size, ...(f.fg ? { fg: f.fg } : {}), ...(f.bg ? { bg: f.bg } : {}) });
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** CF7's captcha refill: field → the new picture's address, or null without captchas. */
export async function captchaRefill(repos: Pick<Repositories, 'captcha'>, def: FormDefinition): Promise<Record<string, string> | null> {
  const challenges = await captchaChallenges(repos, def);
  return challenges ? Object.fromEntries(Object.entries(challenges).map(([name, c]) => [name, c.url])) : null;
}

export const hasCaptcha = (forms: Iterable<FormDefinition>) => [...forms].some((def) => def.fields.some((f) => f.type === 'captcha'));

/** The full per-render state, with captcha challenges stored for the forms that have them. */
export async function renderState(secret: string, repos: Pick<Repositories, 'captcha'>, forms: readonly FormDefinition[], now = Date.now()): Promise<ContactFormState> {
  const state = contactFormState(secret, forms, now);
  if (!hasCaptcha(forms)) return state;
  const captchas: NonNullable<ContactFormState['captchas']> = {};
  for (const def of forms) {
    for (const [field, c] of Object.entries((await captchaChallenges(repos, def)) ?? {})) captchas[`${def.id}:${field}`] = c;
  }
  return { ...state, captchas };
}
