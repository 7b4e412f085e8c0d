// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBED_ALLOWED_EVENT, embedAllowed, requireConsentFor } from './embeds.ts';

const i18n = { embedConsent: 'Video from outside (cookies).', embedLoad: 'Load video' };

beforeEach(() => {
  document.cookie = 'cookie_notice_accepted=; Max-Age=0; Path=/';
  document.body.innerHTML = `<script type="application/json" id="masthead-vars">${JSON.stringify({ i18n, cookieNotice: { cookieName: 'cookie_notice_accepted' } })}</script>
    <div class="video-facade" id="v1" data-provider="youtube"><a class="video-facade__play" href="https://www.youtube.com/watch?v=x">Play</a></div>
    <div class="video-facade" id="v2" data-provider="vimeo"><a class="video-facade__play" href="https://vimeo.com/1">Play</a></div>`;
});

const el = (id: string) => document.getElementById(id)!;
const loadButton = (id: string) => el(id).querySelector<HTMLButtonElement>('.consent-placeholder__load');
const accept = (previous: boolean | null = null) => {
  document.cookie = 'cookie_notice_accepted=true; Path=/';
  document.dispatchEvent(new CustomEvent('setCookieNotice', { detail: { value: true, previous, action: 'accept' } }));
};

describe('requireConsentFor', () => {
  it('runs the loader at once when consent is stored, with no placeholder', () => {
    document.cookie = 'cookie_notice_accepted=true; Path=/';
    const load = vi.fn();
    requireConsentFor(el('v1'), load);
    expect(load).toHaveBeenCalledWith({ userGesture: false });
    expect(loadButton('v1')).toBeNull();
    expect(embedAllowed(el('v1'))).toBe(true);
  });

  it('without consent: a placeholder with the consent text and a "Load video" button, nothing loaded', () => {
    const load = vi.fn();
    requireConsentFor(el('v1'), load);
    expect(load).not.toHaveBeenCalled();
    expect(el('v1').hasAttribute('data-consent-blocked')).toBe(true);
    const btn = loadButton('v1')!;
    expect(btn.textContent).toBe('Load video');
    expect(document.getElementById(btn.getAttribute('aria-describedby')!)!.textContent).toBe(i18n.embedConsent);
    expect(embedAllowed(el('v1'))).toBe(false);
  });

  it('a click on "Load video" loads that embed only (userGesture), stores nothing, keeps the others blocked', () => {
    const one = vi.fn();
    const two = vi.fn();
    const allowed = vi.fn();
    requireConsentFor(el('v1'), one);
    requireConsentFor(el('v2'), two);
    el('v1').addEventListener(EMBED_ALLOWED_EVENT, (e) => allowed((e as CustomEvent).detail));
    loadButton('v1')!.focus();
    loadButton('v1')!.click();
    expect(one).toHaveBeenCalledWith({ userGesture: true });
    expect(allowed).toHaveBeenCalledWith({ userGesture: true });
    expect(two).not.toHaveBeenCalled();
    expect(loadButton('v1')).toBeNull();
    expect(el('v1').hasAttribute('data-consent-blocked')).toBe(false);
    expect(loadButton('v2')).not.toBeNull();
    expect(document.cookie).not.toContain('cookie_notice_accepted');
    // focus is not lost with the button: it goes to the embed's own control
    expect(document.activeElement).toBe(el('v1').querySelector('.video-facade__play'));
  });

  it('accepting cookies releases every waiting embed; later loaders run at once', () => {
    const a = vi.fn();
    const b = vi.fn();
    requireConsentFor(el('v1'));
    requireConsentFor(el('v1'), a); // a second call adds a loader to the same gate
    requireConsentFor(el('v2'), b);
    expect(el('v1').querySelectorAll('.consent-placeholder')).toHaveLength(1);
    accept();
    expect(a).toHaveBeenCalledWith({ userGesture: false });
    expect(b).toHaveBeenCalledWith({ userGesture: false });
    expect(document.querySelectorAll('.consent-placeholder')).toHaveLength(0);
    const c = vi.fn();
    requireConsentFor(el('v1'), c);
    expect(c).toHaveBeenCalledTimes(1);
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('a rejection keeps the placeholders', () => {
    const load = vi.fn();
    requireConsentFor(el('v2'), load);
    document.cookie = 'cookie_notice_accepted=false; Path=/';
    document.dispatchEvent(new CustomEvent('setCookieNotice', { detail: { value: false, previous: null, action: 'reject' } }));
    expect(load).not.toHaveBeenCalled();
    expect(loadButton('v2')).not.toBeNull();
  });
});
