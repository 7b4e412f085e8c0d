import { describe, expect, it } from 'vitest';
import { checkAccountForm, isRemember, safeRedirect, withSignedInFlag } from './validation.ts';

describe('checkAccountForm', () => {
  it('login needs a user name and a password; blank counts as empty', () => {
    expect(checkAccountForm('login', { username: '', password: '' })).toEqual({ invalid: ['username', 'password'], reason: 'required' });
    expect(checkAccountForm('login', { username: '  ', password: 'x' })).toEqual({ invalid: ['username'], reason: 'required' });
    expect(checkAccountForm('login', { username: 'ana' })).toEqual({ invalid: ['password'], reason: 'required' });
    expect(checkAccountForm('login', { username: 'ana', password: 'secret' })).toEqual({ invalid: [], reason: null });
  });

  it('registration requires user name, e-mail, password and confirmation, not the names', () => {
    const r = checkAccountForm('register', { fistName: '', lastName: '', username: '', email: '', password: '', confirmPass: '' });
    expect(r).toEqual({ invalid: ['username', 'email', 'password', 'confirmPass'], reason: 'required' });
    expect(checkAccountForm('register', { username: 'ana', email: 'a@b.co', password: 'long enough', confirmPass: 'long enough' }).reason).toBeNull();
  });

  it('a confirmation that differs marks both password fields', () => {
    expect(checkAccountForm('register', { username: 'ana', email: 'a@b.co', password: 'one password', confirmPass: 'one passwor' })).toEqual({
      invalid: ['password', 'confirmPass'],
      reason: 'mismatch',
    });
    // compared exactly: a trailing space is a different password
    expect(checkAccountForm('register', { username: 'ana', email: 'a@b.co', password: 'abcdefgh ', confirmPass: 'abcdefgh' }).reason).toBe('mismatch');
  });

  it('required fields come before the mismatch', () => {
    expect(checkAccountForm('register', { username: '', email: 'a@b.co', password: 'a', confirmPass: 'b' }).reason).toBe('required');
  });

  it('reset needs the user name or e-mail', () => {
    expect(checkAccountForm('reset', {}).invalid).toEqual(['username']);
    expect(checkAccountForm('reset', { username: 'a@b.co' }).invalid).toEqual([]);
  });
});

describe('withSignedInFlag', () => {
  it('adds the flag to the query, keeping other parameters and the hash', () => {
    expect(withSignedInFlag('https://example.com/a-post/')).toBe('https://example.com/a-post/?loggedin=1');
    expect(withSignedInFlag('https://example.com/?s=cake&page=2#results')).toBe('https://example.com/?s=cake&page=2&loggedin=1#results');
    expect(withSignedInFlag('https://example.com/a/#top')).toBe('https://example.com/a/?loggedin=1#top');
  });

  it('does not repeat an existing flag', () => {
    expect(withSignedInFlag('https://example.com/a/?loggedin=1&x=2')).toBe('https://example.com/a/?loggedin=1&x=2');
    expect(withSignedInFlag('https://example.com/a/?loggedin=0')).toBe('https://example.com/a/?loggedin=1');
  });

  it('keeps encoded parameters intact', () => {
    expect(withSignedInFlag('https://example.com/?s=caf%C3%A9+au+lait')).toBe('https://example.com/?s=caf%C3%A9+au+lait&loggedin=1');
  });
});

describe('safeRedirect', () => {
  it('accepts paths on this site', () => {
    expect(safeRedirect('/admin/')).toBe('/admin/');
    expect(safeRedirect('/a/?b=1#c')).toBe('/a/?b=1#c');
  });

  it('refuses spellings that become another host once normalised', () => {
    for (const bad of ['/.//evil.example', '/%2e//evil.example', '/./\\evil.example', '/a/..//evil.example/x', '/%2E%2E//evil.example']) {
      expect(safeRedirect(bad, '/fallback/')).toBe('/fallback/');
    }
  });

  it('refuses other sites and tricks', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/\tx', '', 'admin/', null, 42]) {
      expect(safeRedirect(bad, '/fallback/')).toBe('/fallback/');
    }
  });
});

describe('isRemember', () => {
  it('understands the values browsers and the reference send', () => {
    for (const yes of ['1', 'true', 'on', 'forever', 'TRUE']) expect(isRemember(yes)).toBe(true);
    for (const no of ['', '0', 'false', 'off', undefined, null]) expect(isRemember(no)).toBe(false);
  });
});
