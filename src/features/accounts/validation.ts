/**
 * Pure account-form logic shared by the form components and the server: required fields, the
 * password confirmation, the sign-in flag added to the reload address and safe redirect targets.
 * No DOM, no Node: unit-tested on its own.
 */

export type AccountFormKind = 'login' | 'register' | 'reset';

/** The captcha value sent when the form has no captcha (the reference's wire value). */
export const NO_CAPTCHA = 'noexists';

/** Query parameter added to the reloaded address after signing in or registering. */
export const SIGNED_IN_FLAG = 'loggedin';

/** Required fields per form, with the wire names. */
export const requiredFields: Record<AccountFormKind, readonly string[]> = {
  login: ['username', 'password'],
  register: ['username', 'email', 'password', 'confirmPass'],
  reset: ['username'],
};

export interface FormCheck {
  /** names of the fields to mark invalid, in form order */
  invalid: string[];
  /** why: some required field is empty, or the password confirmation differs */
  reason: 'required' | 'mismatch' | null;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/**
 * The checks the browser runs before sending (and the server repeats): required fields must be
 * non-blank; for registration the password and its confirmation must be equal (both are marked).
 * Passwords are compared exactly (no trimming), but a password of spaces only counts as empty.
 */
export function checkAccountForm(kind: AccountFormKind, input: object): FormCheck {
  const fields = input as Record<string, unknown>;
  const invalid = requiredFields[kind].filter((name) => blank(fields[name]));
  if (invalid.length) return { invalid, reason: 'required' };
  if (kind === 'register' && fields.password !== fields.confirmPass) return { invalid: ['password', 'confirmPass'], reason: 'mismatch' };
  return { invalid: [], reason: null };
}

/** The new-password form of a reset link: both fields required, and equal (both marked otherwise). */
export function checkNewPasswordForm(input: object): FormCheck {
  const fields = input as Record<string, unknown>;
  const invalid = ['password', 'confirmPass'].filter((name) => blank(fields[name]));
  if (invalid.length) return { invalid, reason: 'required' };
  if (fields.password !== fields.confirmPass) return { invalid: ['password', 'confirmPass'], reason: 'mismatch' };
  return { invalid: [], reason: null };
}

/** The remember-me field as browsers and the reference send it ('1', 'true', 'on', 'forever'). */
export const isRemember = (v: unknown) => typeof v === 'string' && ['1', 'true', 'on', 'yes', 'forever'].includes(v.trim().toLowerCase());

/**
 * The address to load after signing in: the same address with `loggedin=1` set in its query,
 * keeping the other parameters (in order) and the hash; an existing flag is not repeated.
 */
export function withSignedInFlag(href: string): string {
  const url = new URL(href);
  url.searchParams.set(SIGNED_IN_FLAG, '1');
  return url.href;
}

/**
 * Where the browser goes after signing in from a form at `current` (the page's address): the
 * form's redirect target (a path on this site) or the page itself, with the sign-in flag.
 */
export function signedInTarget(current: string, redirectTo?: string): string {
  const here = new URL(current);
  const base = redirectTo ? new URL(safeRedirect(redirectTo, here.pathname + here.search), here.href).href : here.href;
  return withSignedInFlag(base);
}

/**
 * A redirect target taken from a form or a query: only a path on this site ('/…', not '//…',
 * no backslashes or control characters), before and after normalisation; anything else gives
 * `fallback`.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://masthead.invalid');
    if (url.origin !== 'http://masthead.invalid') return fallback;
    // Checked again after normalisation: `/.//evil.example` and `/%2e//evil.example` become
    // `//evil.example`, which a browser reads as another host.
    const target = url.pathname + url.search + url.hash;
    return /^\/(?![\/\\])/.test(target) ? target : fallback;
  } catch {
    return fallback;
  }
}
