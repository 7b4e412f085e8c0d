import { describe, expect, it } from 'vitest';
import { handlePasswordPost, passwordToken, samePassword, unlocked, PASSWORD_ATTEMPTS } from './password.server.ts';
import { createRateLimiter } from '../../server/ratelimit.server.ts';

const SECRET = 'a-site-secret';
const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request('http://site.test/behind/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body) });
const rt = (publicUrl = 'http://site.test') => ({ config: { secret: SECRET, publicUrl }, limiter: createRateLimiter() });

describe('password-protected posts', () => {
  it('keys the cookie to the secret and the password, never the password itself', () => {
    const token = passwordToken(SECRET, 'open sesame');
    expect(token).not.toContain('sesame');
    expect(token).toBe(passwordToken(SECRET, 'open sesame'));
    expect(token).not.toBe(passwordToken('another-secret', 'open sesame'));
    expect(token).not.toBe(passwordToken(SECRET, 'open sesame!'));
  });

  it('unlocks only with the hash of the current password', () => {
    const cookie = `other=1; masthead_postpass=${passwordToken(SECRET, 'door')}`;
    expect(unlocked(SECRET, 'door', cookie, false)).toBe(true);
    expect(unlocked(SECRET, 'new door', cookie, false)).toBe(false);
    expect(unlocked(SECRET, 'door', 'masthead_postpass=forged', false)).toBe(false);
    expect(unlocked(SECRET, 'door', null, false)).toBe(false);
    // on https the cookie is __Host- prefixed
    expect(unlocked(SECRET, 'door', cookie, true)).toBe(false);
    expect(unlocked(SECRET, 'door', `__Host-masthead_postpass=${passwordToken(SECRET, 'door')}`, true)).toBe(true);
    // not protected: always open
    expect(unlocked(SECRET, '', null, false)).toBe(true);
  });

  it('compares passwords exactly', () => {
    expect(samePassword('door', 'door')).toBe(true);
    expect(samePassword('Door', 'door')).toBe(false);
    expect(samePassword('', '')).toBe(false);
  });

  it('answers the form: right, wrong, not the password form', async () => {
    const r = rt();
    expect(await handlePasswordPost(r, form({ post_password: 'nope' }), '10.0.0.1', 'door')).toEqual({ kind: 'wrong' });
    const right = await handlePasswordPost(r, form({ post_password: 'door' }), '10.0.0.1', 'door');
    expect(right?.kind).toBe('unlocked');
    expect(right && right.kind === 'unlocked' ? right.cookie : '').toBe(`masthead_postpass=${passwordToken(SECRET, 'door')}; Path=/; SameSite=Lax; Max-Age=864000; HttpOnly`);
    expect(await handlePasswordPost(r, form({ 'your-name': 'x' }), '10.0.0.1', 'door')).toBeNull();
    expect(await handlePasswordPost(r, form({ post_password: 'door' }), '10.0.0.1', '')).toBeNull();
    // a post from another site's page never sets the cookie
    expect(await handlePasswordPost(r, form({ post_password: 'door' }, { origin: 'https://evil.test' }), '10.0.0.1', 'door')).toEqual({ kind: 'wrong' });
    const secure = await handlePasswordPost(rt('https://site.test'), form({ post_password: 'door' }), '10.0.0.1', 'door');
    expect(secure && secure.kind === 'unlocked' ? secure.cookie : '').toMatch(/^__Host-masthead_postpass=.*; Secure$/);
  });

  it('limits attempts per client address', async () => {
    const r = rt();
    for (let i = 0; i < PASSWORD_ATTEMPTS; i++) expect(await handlePasswordPost(r, form({ post_password: 'x' }), '10.0.0.2', 'door')).toEqual({ kind: 'wrong' });
    expect((await handlePasswordPost(r, form({ post_password: 'door' }), '10.0.0.2', 'door'))?.kind).toBe('limited');
    // another address is not held up
    expect((await handlePasswordPost(r, form({ post_password: 'door' }), '10.0.0.3', 'door'))?.kind).toBe('unlocked');
  });
});
