// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { embedGate, subscribeConsent } from './embeds.ts';

const set = (value: boolean, previous: boolean | null) => {
  document.cookie = `cookie_notice_accepted=${value}; Path=/`;
  document.dispatchEvent(new CustomEvent('setCookieNotice', { detail: { value, previous, action: value ? 'accept' : 'reject' } }));
};

beforeEach(() => {
  document.cookie = 'cookie_notice_accepted=; Max-Age=0; Path=/';
});

describe('embed gate', () => {
  it('open for what loads nothing from outside, with consent, or after "Load video"; pending while unknown; blocked otherwise', () => {
    expect(embedGate(false, false, false)).toBe('open');
    expect(embedGate(false, null, false)).toBe('open');
    expect(embedGate(true, true, false)).toBe('open');
    expect(embedGate(true, false, true)).toBe('open');
    expect(embedGate(true, null, false)).toBe('pending');
    expect(embedGate(true, false, false)).toBe('blocked');
  });

  it('the consent store tells its subscribers about an acceptance and a withdrawal, not a plain rejection', () => {
    const cb = vi.fn();
    const off = subscribeConsent(cb);
    set(false, null);
    expect(cb).not.toHaveBeenCalled();
    set(true, false);
    expect(cb).toHaveBeenCalledTimes(1);
    set(false, true);
    expect(cb).toHaveBeenCalledTimes(2);
    off();
    set(true, false);
    expect(cb).toHaveBeenCalledTimes(2);
  });
});
