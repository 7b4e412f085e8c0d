import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { canonicalAnswer, postedDataHash, quizAnswerHash, quizAnswerMatches, signStamp, stampAge } from './security.server.ts';

const SECRET = 'unit-secret-unit-secret-unit-secret-00';

describe('render timestamp', () => {
  const t0 = 1_760_000_000_000;

  it('round-trips and reports the age', () => {
    const stamp = signStamp(SECRET, t0);
    expect(stamp).toMatch(/^1760000000000\.[A-Za-z0-9_-]{22}$/);
    expect(stampAge(SECRET, stamp, t0 + 4200)).toBe(4200);
    expect(stampAge(SECRET, stamp, t0)).toBe(0);
  });

  it('rejects forged, foreign, malformed and future stamps', () => {
    const stamp = signStamp(SECRET, t0);
    const [ms, sig] = stamp.split('.') as [string, string];
    expect(stampAge(SECRET, `${Number(ms) - 60_000}.${sig}`, t0)).toBeNull(); // time moved back, same signature
    expect(stampAge('other-secret-other-secret-other-secret', stamp, t0 + 10_000)).toBeNull();
    for (const bad of ['', 'abc', `${ms}.`, `.${sig}`, `${ms}.${sig}x`, `${ms}${sig}`, 42, null, undefined, 'x'.repeat(100)]) {
      expect(stampAge(SECRET, bad, t0 + 10_000)).toBeNull();
    }
    expect(stampAge(SECRET, signStamp(SECRET, t0 + 60_000), t0)).toBeNull(); // from the future
    expect(stampAge(SECRET, signStamp(SECRET, t0 + 2000), t0)).toBe(0); // small clock skew tolerated
  });
});

describe('posted_data_hash', () => {
  const input = { remoteAddr: '203.0.113.9', unitTag: 'wpcf7-f1-p7-o1', posted: { 'your-name': 'Ana', services: ['Design', 'Web'], consent: '1' } };
  const now = 1_760_000_000_000;

  it('is CF7’s HMAC-MD5 of tick, address, unit tag and the posted values joined by ", "', () => {
    const tick = Math.ceil(now / 1000 / 1800);
    const expected = createHmac('md5', SECRET).update(`wpcf7_submission|${tick}, 203.0.113.9, wpcf7-f1-p7-o1, Ana, Design, Web, 1`).digest('hex');
    expect(postedDataHash(SECRET, input, now)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{32}$/);
  });

  it('is stable within a half hour and changes with the data, the address, the instance, the tick and the key', () => {
    const h = postedDataHash(SECRET, input, now);
    const tickStart = Math.floor(now / 1_800_000) * 1_800_000 + 1000;
    expect(postedDataHash(SECRET, input, tickStart)).toBe(postedDataHash(SECRET, input, tickStart + 1_700_000));
    expect(postedDataHash(SECRET, { ...input, posted: { ...input.posted, 'your-name': 'Tom' } }, now)).not.toBe(h);
    expect(postedDataHash(SECRET, { ...input, remoteAddr: '203.0.113.10' }, now)).not.toBe(h);
    expect(postedDataHash(SECRET, { ...input, unitTag: 'wpcf7-f1-p7-o2' }, now)).not.toBe(h);
    expect(postedDataHash(SECRET, input, now + 1_800_000)).not.toBe(h);
    expect(postedDataHash('another-secret-another-secret-0000', input, now)).not.toBe(h);
  });
});

describe('quiz answers', () => {
  it('canonicalises like CF7: trimmed, spaces collapsed, lower case, compatibility forms', () => {
    expect(canonicalAnswer('  The   Moon ')).toBe('the moon');
    expect(canonicalAnswer('ＴＷＯ')).toBe('two');
  });

  it('matches any of the hashed answers and nothing else', () => {
    const hashed = quizAnswerHash(SECRET, ['2', 'Two']);
    expect(hashed.split(',')).toHaveLength(2);
    expect(hashed).not.toContain('two');
    expect(quizAnswerMatches(SECRET, hashed, '2')).toBe(true);
    expect(quizAnswerMatches(SECRET, hashed, ' TWO ')).toBe(true);
    expect(quizAnswerMatches(SECRET, hashed, '3')).toBe(false);
    expect(quizAnswerMatches(SECRET, hashed, '')).toBe(false);
    expect(quizAnswerMatches(SECRET, '', '2')).toBe(false);
    expect(quizAnswerMatches('other-secret-other-secret-other-0000', hashed, '2')).toBe(false);
  });
});
