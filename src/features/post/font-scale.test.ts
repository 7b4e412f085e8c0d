import { describe, expect, it } from 'vitest';
import { FONT_COOKIE, FONT_SCALE, clampScale, readScale, scaleCookie, scaleText } from './font-scale.ts';

describe('font scale', () => {
  it('has the NOTES range: 0.5..1.5, step 0.1, default 1, cookie masthead-font-changer', () => {
    expect(FONT_SCALE).toEqual({ min: 0.5, max: 1.5, step: 0.1, default: 1 });
    expect(FONT_COOKIE).toBe('masthead-font-changer');
  });
  it('clamps to 0.5..1.5 on the 0.1 grid', () => {
    expect(clampScale(1.5)).toBe(1.5);
    expect(clampScale(1.51)).toBe(1.5);
    expect(clampScale(9)).toBe(1.5);
    expect(clampScale(-1.5)).toBe(0.5);
    expect(clampScale(0.49)).toBe(0.5);
    expect(clampScale('1.24')).toBe(1.2);
    expect(clampScale(0.7000000001)).toBe(0.7);
  });
  it('turns unreadable values into the default', () => {
    expect(clampScale('big')).toBe(1);
    expect(clampScale(Number.NaN)).toBe(1);
    expect(clampScale(undefined)).toBe(1);
    expect(clampScale(Infinity)).toBe(1);
  });
  it('reads the cookie among others, clamped', () => {
    expect(readScale('a=1; masthead-font-changer=1.3; b=2')).toBe(1.3);
    expect(readScale('masthead-font-changer=7')).toBe(1.5);
    expect(readScale('masthead-font-changer=%E0%A4%A')).toBe(1);
    expect(readScale('x-masthead-font-changer=1.4')).toBe(1);
    expect(readScale('')).toBe(1);
  });
  it('writes a one-year cookie on path /', () => {
    expect(scaleCookie(1.2, false)).toBe('masthead-font-changer=1.2; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(scaleCookie(3, true)).toBe('masthead-font-changer=1.5; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
  });
  it('describes the value as a percentage', () => expect(scaleText('Text size {n}%', 1.3)).toBe('Text size 130%'));
});
