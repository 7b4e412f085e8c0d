import { describe, expect, it } from 'vitest';
import { passwordProblem, slugFromUsername, validEmail, validUsername } from './policy.ts';

describe('passwordProblem', () => {
  it('needs at least 8 characters', () => {
    expect(passwordProblem('Xy7!abc')).toBe('short');
    expect(passwordProblem('Xy7!abcd')).toBeNull();
    expect(passwordProblem('        ')).toBe('empty');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀😀😀😀😀😀😀')).toBe('short');
    expect(passwordProblem('😀😀😀😀😀😀😀😀')).toBeNull();
  });

  it('refuses very long passwords', () => {
    expect(passwordProblem('a'.repeat(201) + 'Q7')).toBe('long');
  });

  it('refuses the user name, the e-mail and its local part, in any case', () => {
    expect(passwordProblem('AnaRuiz2024', { username: 'anaruiz2024' })).toBe('same');
    expect(passwordProblem('ana.ruiz@example.com', { email: 'Ana.Ruiz@example.com' })).toBe('same');
    expect(passwordProblem('ana.ruiz.writer', { email: 'ana.ruiz.writer@example.com' })).toBe('same');
    expect(passwordProblem('something-else', { username: 'ana', email: 'ana@example.com' })).toBeNull();
  });

  it('refuses common passwords, in any case', () => {
    expect(passwordProblem('password123')).toBe('common');
    expect(passwordProblem('PassWord1')).toBe('common');
    expect(passwordProblem('qwertyuiop')).toBe('common');
    expect(passwordProblem('correct horse battery')).toBeNull();
  });
});

describe('validUsername', () => {
  it('accepts letters, digits, dots, hyphens and underscores, 3 to 60', () => {
    for (const ok of ['ana', 'ana.ruiz', 'tom_becker-2', 'José', 'a'.repeat(60)]) expect(validUsername(ok)).toBe(true);
    for (const bad of ['an', 'a'.repeat(61), 'ana ruiz', 'ana@example.com', '<b>', '...', '']) expect(validUsername(bad)).toBe(false);
  });
});

describe('validEmail', () => {
  it('follows the contact-form rules', () => {
    for (const ok of ['a@b.co', 'ana.ruiz+news@example.com', 'x@mail.example.org']) expect(validEmail(ok)).toBe(true);
    for (const bad of ['a@b', 'ab.co', 'a@@b.co', 'a@b..co', 'a@-b.co', 'a@b-.co', '.a@b.co', 'a b@c.co', 'a@b.co ', 'a@.b.co']) expect(validEmail(bad)).toBe(false);
  });
});

describe('slugFromUsername', () => {
  it('makes a URL slug', () => {
    expect(slugFromUsername('José.Ruiz')).toBe('jose-ruiz');
    expect(slugFromUsername('__')).toBe('user');
  });
});
