import { describe, expect, it } from 'vitest';
import { issueResetToken, resetLink, resetTokenId, RESET_TTL_MS } from './tokens.server.ts';
import { hashToken } from '../../server/session.server.ts';

describe('reset tokens', () => {
  it('are random, stored only as their hash, valid for one hour', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    const a = issueResetToken(now);
    const b = issueResetToken(now);
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.id).toBe(hashToken(a.token));
    expect(a.id).not.toContain(a.token);
    expect(new Date(a.expiresAt).getTime() - now).toBe(RESET_TTL_MS);
    expect(RESET_TTL_MS).toBe(3600_000);
  });

  it('map a presented token to its stored id, refusing anything that is not one', () => {
    const { token, id } = issueResetToken();
    expect(resetTokenId(token)).toBe(id);
    for (const bad of ['', 'short', `${token}x`, token.slice(1), `${token.slice(0, 42)}=`, null, undefined, 42]) expect(resetTokenId(bad)).toBeNull();
  });

  it('build the link on the public address', () => {
    expect(resetLink('https://mag.example.com', 'abc_-9')).toBe('https://mag.example.com/account/reset/?token=abc_-9');
    expect(resetLink('http://127.0.0.1:4321', 'T')).toBe('http://127.0.0.1:4321/account/reset/?token=T');
  });
});
