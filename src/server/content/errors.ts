/**
 * What a write service answers when it refuses: a code the admin API maps to an HTTP status, a
 * message for people, and the field it concerns (shown next to that field). Nothing is changed
 * when one is thrown.
 */
export type ContentErrorCode = 'invalid' | 'not_found' | 'forbidden' | 'conflict' | 'in_use' | 'too_large' | 'unsupported' | 'unavailable';

const BRAND = Symbol.for('masthead.ContentError');

export class ContentError extends Error {
  readonly [BRAND] = true;
  readonly code: ContentErrorCode;
  readonly field: string | undefined;
  readonly details: unknown;
  /** `cause`: what failed underneath (an `unavailable` store's error), for the log, never sent. */
  constructor(code: ContentErrorCode, message: string, opts: { field?: string; details?: unknown; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ContentError';
    this.code = code;
    this.field = opts.field;
    this.details = opts.details;
  }
}

/**
 * Recognises a ContentError by its brand, not `instanceof`: the built server bundles its own copy
 * of this module beside the one the runtime loads, and both must agree.
 */
export const isContentError = (e: unknown): e is ContentError => typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[BRAND] === true;

/** A unique-constraint violation from either database (two saves raced for one slug). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e.message ?? ''));
}
