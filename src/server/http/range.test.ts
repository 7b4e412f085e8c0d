import { describe, expect, it } from 'vitest';
import { contentRange, ifRangeAllows, parseRange, requestedRange, resolveRange, unsatisfiedRange } from './range.ts';

describe('parseRange', () => {
  it('reads the three forms of one byte range', () => {
    expect(parseRange('bytes=0-499')).toEqual({ first: 0, last: 499 });
    expect(parseRange('bytes=500-')).toEqual({ first: 500 });
    expect(parseRange('bytes=-200')).toEqual({ suffix: 200 });
    expect(parseRange('bytes=7-7')).toEqual({ first: 7, last: 7 });
  });

  it('takes the unit in any case and spaces around the range', () => {
    expect(parseRange('Bytes=0-1')).toEqual({ first: 0, last: 1 });
    expect(parseRange('bytes= 0-1 ')).toEqual({ first: 0, last: 1 });
    // an empty list element is no range (the list syntax allows it)
    expect(parseRange('bytes=0-1,')).toEqual({ first: 0, last: 1 });
  });

  it('ignores (null: the whole file) what is not one well-formed byte range', () => {
    for (const h of [
      undefined,
      '',
      'bytes',
      'bytes=',
      'bytes=-',
      'items=0-1',
      'bytes=a-b',
      'bytes=1-0', // last before first
      'bytes=0-1-2',
      'bytes=+1-2',
      'bytes=0x1-2',
      'bytes=1.5-2',
      'bytes=0 -1',
      'bytes=0-1, 4-5', // several ranges: served whole, as RFC 9110 §14.2 allows
      'bytes=0-0,-1',
      'bytes=99999999999999999-',
    ])
      expect([h, parseRange(h)]).toEqual([h, null]);
    expect(parseRange(['bytes=0-1', 'bytes=2-3'])).toBeNull();
  });
});

describe('resolveRange', () => {
  it('gives inclusive positions, cut to the end of the file', () => {
    expect(resolveRange({ first: 0, last: 499 }, 1000)).toEqual({ start: 0, end: 499 });
    expect(resolveRange({ first: 500 }, 1000)).toEqual({ start: 500, end: 999 });
    expect(resolveRange({ first: 900, last: 5000 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange({ suffix: 200 }, 1000)).toEqual({ start: 800, end: 999 });
    expect(resolveRange({ suffix: 5000 }, 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange({ first: 999 }, 1000)).toEqual({ start: 999, end: 999 });
  });

  it('is unsatisfiable past the end, for a zero suffix and on an empty file', () => {
    expect(resolveRange({ first: 1000 }, 1000)).toBe('unsatisfiable');
    expect(resolveRange({ first: 1000, last: 2000 }, 1000)).toBe('unsatisfiable');
    expect(resolveRange({ suffix: 0 }, 1000)).toBe('unsatisfiable');
    expect(resolveRange({ first: 0 }, 0)).toBe('unsatisfiable');
  });
});

describe('If-Range and requestedRange', () => {
  const etag = '"abc123"';
  it('serves the range only to a strongly equal entity tag', () => {
    expect(ifRangeAllows(undefined, etag)).toBe(true);
    expect(ifRangeAllows('"abc123"', etag)).toBe(true);
    expect(ifRangeAllows(' "abc123" ', etag)).toBe(true);
    expect(ifRangeAllows('"other"', etag)).toBe(false);
    expect(ifRangeAllows('W/"abc123"', etag)).toBe(false);
    expect(ifRangeAllows('"abc123"', 'W/"abc123"')).toBe(false);
    // a date: we send no Last-Modified, so none is ours
    expect(ifRangeAllows('Wed, 21 Oct 2026 07:28:00 GMT', etag)).toBe(false);
  });

  it('answers GET only, never ranges an empty file, and falls back to the whole file', () => {
    const get = (headers: Record<string, string>) => ({ method: 'GET', headers });
    expect(requestedRange(get({ range: 'bytes=0-9' }), etag, 100)).toEqual({ start: 0, end: 9 });
    expect(requestedRange(get({ range: 'bytes=100-' }), etag, 100)).toBe('unsatisfiable');
    expect(requestedRange(get({ range: 'bytes=0-9', 'if-range': etag }), etag, 100)).toEqual({ start: 0, end: 9 });
    expect(requestedRange(get({ range: 'bytes=0-9', 'if-range': '"old"' }), etag, 100)).toBeNull();
    expect(requestedRange(get({ range: 'bytes=100-', 'if-range': '"old"' }), etag, 100)).toBeNull();
    expect(requestedRange(get({}), etag, 100)).toBeNull();
    expect(requestedRange(get({ range: 'bytes=0-9' }), etag, 0)).toBeNull();
    expect(requestedRange({ method: 'HEAD', headers: { range: 'bytes=0-9' } }, etag, 100)).toBeNull();
  });

  it('spells Content-Range', () => {
    expect(contentRange({ start: 0, end: 9 }, 100)).toBe('bytes 0-9/100');
    expect(unsatisfiedRange(100)).toBe('bytes */100');
  });
});
