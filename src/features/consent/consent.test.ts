// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { consentChoice, hasConsent, onConsent, onConsentWithdrawn, withConsent, type SetCookieNoticeDetail } from './consent.ts';

const set = (value: boolean, previous: boolean | null) => {
  document.cookie = `cookie_notice_accepted=${value}; Path=/`;
  document.dispatchEvent(new CustomEvent<SetCookieNoticeDetail>('setCookieNotice', { detail: { value, previous, action: value ? 'accept' : 'reject' } }));
};

beforeEach(() => {
  document.cookie = 'cookie_notice_accepted=; Max-Age=0; Path=/';
  document.body.innerHTML = '';
});

describe('consent API', () => {
  it('reads the consent cookie: none, accepted, rejected', () => {
    expect(consentChoice()).toBeNull();
    expect(hasConsent()).toBe(false);
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    expect(hasConsent()).toBe(true);
    document.cookie = 'cookie_notice_accepted=false; Path=/';
    expect(consentChoice()).toBe(false);
    expect(hasConsent()).toBe(false);
  });

  it('onConsent fires on every acceptance, not on rejection, and can be removed', () => {
    const cb = vi.fn();
    const off = onConsent(cb);
    set(false, null);
    expect(cb).not.toHaveBeenCalled();
    set(true, false);
    expect(cb).toHaveBeenCalledTimes(1);
    off();
    set(true, true);
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('withConsent runs once: now when consent is stored, else at the first acceptance', () => {
    const now = vi.fn();
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    withConsent(now);
    expect(now).toHaveBeenCalledTimes(1);
    document.cookie = 'cookie_notice_accepted=false; Path=/';
    const later = vi.fn();
    withConsent(later);
    expect(later).not.toHaveBeenCalled();
    set(true, false);
    set(false, true);
    set(true, false);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('onConsentWithdrawn fires when an acceptance is replaced by a rejection', () => {
    const cb = vi.fn();
    onConsentWithdrawn(cb);
    set(false, null);
    expect(cb).not.toHaveBeenCalled();
    set(false, true);
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('uses the cookie name from the settings', () => {
    document.body.innerHTML = `<script type="application/json" id="masthead-vars">${JSON.stringify({ cookieNotice: { cookieName: 'site_consent' } })}</script>`;
    // page variables are memoised per document: use a fresh one
    const doc = document.implementation.createHTMLDocument('x');
    doc.body.innerHTML = document.body.innerHTML;
    Object.defineProperty(doc, 'cookie', { get: () => 'cookie_notice_accepted=false; site_consent=true' });
    expect(hasConsent(doc)).toBe(true);
  });
});
