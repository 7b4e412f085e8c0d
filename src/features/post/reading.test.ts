import { describe, expect, it } from 'vitest';
import { INFINITE, addressFor, blockInView, isFocusNavigationKey, pageTitle, shouldLoad, shouldPrefetch, type LoadState } from './reading.ts';

describe('blockInView (the post in view)', () => {
  it('uses the SPEC offset of 60 px', () => expect(INFINITE).toEqual({ debounceMs: 250, inViewOffset: 60, inViewDelayMs: 100 }));
  it('is the last block whose top is above scrollTop + 60', () => {
    expect(blockInView([-2000, -300, 59, 400])).toBe(2);
    expect(blockInView([-2000, -300, 60, 400])).toBe(1);
    expect(blockInView([-5000, -100])).toBe(1);
  });
  it('falls back to the first block', () => {
    expect(blockInView([100, 900])).toBe(0);
    expect(blockInView([])).toBe(0);
  });
  it('accepts another offset', () => expect(blockInView([0, 90], 100)).toBe(1));
});

describe('shouldLoad (when to fetch the previous post)', () => {
  const base: LoadState = { lastBottom: 700, viewportHeight: 800, busy: false, ended: false, failed: false, suppressed: false };
  it('loads once the END of the last block is inside the viewport', () => {
    expect(shouldLoad(base)).toBe(true);
    expect(shouldLoad({ ...base, lastBottom: 800 })).toBe(true);
  });
  it('does not load while only the top (or the middle) of the last block is visible', () => {
    expect(shouldLoad({ ...base, lastBottom: 801 })).toBe(false);
    expect(shouldLoad({ ...base, lastBottom: 3000 })).toBe(false);
  });
  it('runs one request at a time, stops at the end, after a failure and while moving by focus', () => {
    expect(shouldLoad({ ...base, busy: true })).toBe(false);
    expect(shouldLoad({ ...base, ended: true })).toBe(false);
    expect(shouldLoad({ ...base, failed: true })).toBe(false);
    expect(shouldLoad({ ...base, suppressed: true })).toBe(false);
  });
});

describe('shouldPrefetch (when to fetch ahead)', () => {
  const base: LoadState = { lastBottom: 1600, viewportHeight: 800, busy: false, ended: false, failed: false, suppressed: false };
  it('fetches once the end of the last block is within one viewport below the viewport', () => {
    expect(shouldPrefetch(base)).toBe(true);
    expect(shouldPrefetch({ ...base, lastBottom: 700 })).toBe(true);
    expect(shouldPrefetch({ ...base, lastBottom: 1601 })).toBe(false);
  });
  it('has the same gates as loading', () => {
    for (const gate of ['busy', 'ended', 'failed', 'suppressed'] as const) expect(shouldPrefetch({ ...base, [gate]: true })).toBe(false);
  });
});

describe('pageTitle', () => {
  it('is "post – site" like the server', () => expect(pageTitle('Lemon olive oil cake', 'Masthead')).toBe('Lemon olive oil cake – Masthead'));
  it('is the site title alone when they are equal or the post has none', () => {
    expect(pageTitle('Masthead', 'Masthead')).toBe('Masthead');
    expect(pageTitle('', 'Masthead')).toBe('Masthead');
    expect(pageTitle('Post', '')).toBe('Post');
  });
});

describe('addressFor', () => {
  const here = 'https://news.example/welcome-to-the-new-edition/?utm=x#top';
  it('resolves the block URL on the page origin, without the old query and hash', () => {
    expect(addressFor('/lemon-olive-oil-cake/', here)).toBe('https://news.example/lemon-olive-oil-cake/');
  });
  it('restores the address the page was opened with for the first block', () => {
    const initial = { blockUrl: '/welcome-to-the-new-edition/', href: here };
    expect(addressFor('/welcome-to-the-new-edition/', 'https://news.example/lemon-olive-oil-cake/', initial)).toBe(here);
  });
  it('is null when nothing changes, the URL is empty or leaves the origin', () => {
    expect(addressFor('/welcome-to-the-new-edition/', 'https://news.example/welcome-to-the-new-edition/')).toBeNull();
    expect(addressFor('', here)).toBeNull();
    expect(addressFor('https://evil.example/x/', here)).toBeNull();
    expect(addressFor('//evil.example/x/', here)).toBeNull();
  });
});

describe('isFocusNavigationKey', () => {
  it('Tab and End move by focus / to the footer; scrolling keys do not', () => {
    expect(isFocusNavigationKey({ key: 'Tab' })).toBe(true);
    expect(isFocusNavigationKey({ key: 'End' })).toBe(true);
    expect(isFocusNavigationKey({ key: 'PageDown' })).toBe(false);
    expect(isFocusNavigationKey({ key: ' ' })).toBe(false);
  });
});
