/**
 * Account rules the server enforces: user names, e-mail addresses and password strength.
 * Pure (no DOM, no Node) and not imported by browser code (the common-password list stays on the
 * server); unit-tested on its own.
 */

export const PASSWORD_MIN = 8;
/** Argon2 accepts long inputs, but hashing megabytes is a denial-of-service lever. */
export const PASSWORD_MAX = 200;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 60;
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

/**
 * A small list of the passwords most often seen in breaches (8 characters or longer, since
 * shorter ones fail the length rule anyway). Compared case-insensitively.
 */
const COMMON_PASSWORDS = new Set(
  [
    '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888', '11223344', '12341234',
    '123123123', '1q2w3e4r', '1q2w3e4r5t', 'qwertyuiop', 'qwerty123', 'qwerty12', 'qwertyui', '1qaz2wsx', 'zaq12wsx', 'asdfghjkl',
    'asdfasdf', 'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'iloveyou', 'iloveyou1',
    'sunshine', 'princess', 'football', 'baseball', 'welcome1', 'welcome123', 'letmein1', 'trustno1', 'superman', 'starwars',
    'whatever', 'computer', 'michelle', 'jennifer', 'corvette', 'mercedes', 'danielle', 'mustang1', 'charlie1', 'abcd1234',
    'abc12345', 'abcdefgh', 'aa123456', 'a1b2c3d4', 'admin123', 'administrator', 'changeme', 'changeme1', 'monkey12', 'dragon12',
    'football1', 'master12', 'shadow12', 'qazwsxedc', 'q1w2e3r4', 'q1w2e3r4t5', 'secret12', 'secret123', 'test1234', 'testtest',
    'internet', 'samsung1', 'liverpool', 'chelsea1', 'arsenal1', 'pokemon1', 'minecraft', 'blink182', 'butterfly', 'sunshine1',
    'qwerty1234', 'default1', 'masthead', 'masthead1', 'masthead123', 'wordpress', 'azertyuiop', 'loveme12', 'freedom1', 'hello123',
  ],
);

export type PasswordProblem = 'empty' | 'short' | 'long' | 'same' | 'common';

/**
 * Why a new password is too weak, or null: at least 8 characters, at most 200, not the user name
 * or e-mail address (or its local part), not one of the most common passwords.
 */
export function passwordProblem(password: string, ctx: { username?: string; email?: string } = {}): PasswordProblem | null {
  if (password.trim() === '') return 'empty';
  if ([...password].length < PASSWORD_MIN) return 'short';
  if (password.length > PASSWORD_MAX) return 'long';
  const p = password.trim().toLowerCase();
  const same = [ctx.username, ctx.email, ctx.email?.split('@')[0]].some((v) => v && v.trim().length > 0 && v.trim().toLowerCase() === p);
  if (same) return 'same';
  if (COMMON_PASSWORDS.has(p)) return 'common';
  return null;
}

/** User names: 3–60 letters, digits, '.', '_' or '-' (no '@', so a name never looks like an e-mail). */
export function validUsername(name: string): boolean {
  return name.length >= USERNAME_MIN && name.length <= USERNAME_MAX && /^[\p{L}\p{N}._-]+$/u.test(name) && /[\p{L}\p{N}]/u.test(name);
}

/**
 * E-mail addresses: one '@', a local part without spaces, a domain of at least two dot-separated
 * labels of letters, digits and hyphens (no leading/trailing hyphen), at most 254 characters.
 */
export function validEmail(email: string): boolean {
  if (email.length < 6 || email.length > EMAIL_MAX) return false;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u.test(l));
}

/** A URL slug for a new author page from the user name. */
export const slugFromUsername = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'user';
