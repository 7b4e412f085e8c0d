import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../server/ratelimit.server.ts';
import { demoForms, fillMailTags, formDefinitionSchema } from './definition.ts';
import { accepted, collectPosted, MIN_FILL_MS, rateLimitFor, spamReasons, validateSubmission } from './submission.server.ts';
import { quizAnswerHash, signStamp } from './security.server.ts';

const SECRET = 'unit-secret-unit-secret-unit-secret-00';
const [contact, quote] = demoForms as [(typeof demoForms)[number], (typeof demoForms)[number]];

const fd = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) data.append(k, x);
  return data;
};

describe('collectPosted', () => {
  it('takes the form’s own fields in definition order, lists for checkboxes, line breaks as \\n, no hidden or unknown fields', () => {
    const posted = collectPosted(
      quote,
      fd({ _wpcf7: '2', _wpcf7_hp: '', evil: 'x', brief: 'Line 1\r\nLine 2\0', 'services[]': ['Design', '', 'Web'], 'your-name': 'Ana', terms: '1' }),
    );
    expect(Object.keys(posted)).toEqual(['your-name', 'your-email', 'your-website', 'your-phone', 'budget', 'start-date', 'call-time', 'services', 'brief', 'terms', 'newsletter']);
    expect(posted).toMatchObject({ 'your-name': 'Ana', 'your-email': '', services: ['Design', 'Web'], brief: 'Line 1\nLine 2', terms: '1', newsletter: '' });
  });
});

describe('acceptance', () => {
  const form = formDefinitionSchema.parse({
    id: 9,
    title: 'A',
    fields: [
      { type: 'acceptance', name: 'must', label: 'Must' },
      { type: 'acceptance', name: 'never', label: 'Never', invert: true },
      { type: 'acceptance', name: 'maybe', label: 'Maybe', optional: true },
    ],
    mail: { to: 'a@example.com', subject: 's', body: 'b' },
  });

  it('needs every required box checked, inverted ones unchecked, and ignores optional ones', () => {
    expect(accepted(form, fd({ must: '1' }))).toBe(true);
    expect(accepted(form, fd({ must: '1', maybe: '1' }))).toBe(true);
    expect(accepted(form, fd({}))).toBe(false);
    expect(accepted(form, fd({ must: '1', never: '1' }))).toBe(false);
    expect(accepted(form, fd({ must: '' }))).toBe(false);
    expect(accepted(contact, fd({ consent: '1' }))).toBe(true);
    expect(accepted(quote, fd({ newsletter: '1' }))).toBe(false);
  });
});

describe('spam checks', () => {
  const now = 1_760_000_000_000;
  const config = { secret: SECRET, rateLimitPerMinute: 60 };
  const human = () => fd({ _wpcf7_ts: signStamp(SECRET, now - 8000), _wpcf7_hp: '' });
  const meta = (over: Partial<{ userAgent: string; remoteAddr: string }> = {}) => ({ remoteAddr: '192.0.2.1', userAgent: 'Mozilla/5.0', now, ...over });

  it('passes a human post', async () => {
    expect(await spamReasons({ config, limiter: createRateLimiter(() => now) }, human(), meta())).toEqual([]);
  });

  it('names each reason', async () => {
    const limiter = createRateLimiter(() => now);
    const rt = { config, limiter };
    expect(await spamReasons(rt, fd({ _wpcf7_ts: signStamp(SECRET, now - 8000), _wpcf7_hp: 'spam' }), meta())).toEqual(['honeypot field filled in']);
    expect(await spamReasons(rt, fd({ _wpcf7_ts: signStamp(SECRET, now - MIN_FILL_MS + 1) }), meta())).toEqual([`form sent ${MIN_FILL_MS - 1} ms after it was rendered`]);
    expect(await spamReasons(rt, fd({ _wpcf7_ts: signStamp(SECRET, now - MIN_FILL_MS) }), meta())).toEqual([]);
    expect(await spamReasons(rt, fd({}), meta())).toEqual(['missing or invalid form timestamp']);
    expect(await spamReasons(rt, human(), meta({ userAgent: 'a' }))).toEqual(['user agent string is unnaturally short']);
    expect(await spamReasons(rt, human(), meta({ userAgent: 'ab' }))).toEqual([]);
  });

  it('rate-limits accepted posts per address: a twelfth of the per-minute budget per 10 minutes', async () => {
    expect(rateLimitFor({ rateLimitPerMinute: 60 })).toBe(5);
    expect(rateLimitFor({ rateLimitPerMinute: 5 })).toBe(1);
    let t = now;
    const rt = { config, limiter: createRateLimiter(() => t) };
    const results: number[] = [];
    for (let i = 0; i < 6; i++) results.push((await spamReasons(rt, human(), { ...meta(), now: t })).length);
    expect(results).toEqual([0, 0, 0, 0, 0, 1]);
    // spam for other reasons does not use up the budget of an address
    expect(await spamReasons(rt, fd({ _wpcf7_hp: 'x', _wpcf7_ts: signStamp(SECRET, now - 8000) }), meta({ remoteAddr: '192.0.2.2' }))).toHaveLength(1);
    expect(await spamReasons(rt, human(), meta({ remoteAddr: '192.0.2.2' }))).toEqual([]);
    t += 10 * 60_000;
    expect(await spamReasons(rt, fd({ _wpcf7_ts: signStamp(SECRET, now) }), { ...meta(), now: t })).toEqual([]);
  });
});

describe('validateSubmission', () => {
  const quiz = formDefinitionSchema.parse({
    id: 5,
    title: 'Q',
    fields: [
      { type: 'email', name: 'mail', required: true },
      { type: 'quiz', name: 'q', questions: [{ question: 'Capital of France?', answers: ['Paris'] }, { question: '2+2?', answers: ['4', 'four'] }] },
    ],
    mail: { to: 'a@example.com', subject: 's', body: 'b' },
  });
  const paris = quizAnswerHash(SECRET, ['Paris']);

  it('runs the shared schema first, then the quiz', () => {
    expect([...validateSubmission(SECRET, quiz, fd({ mail: 'x', q: 'paris', _wpcf7_quiz_answer_q: paris }))]).toEqual([['mail', 'Please enter an email address.']]);
    expect([...validateSubmission(SECRET, quiz, fd({ mail: 'ana@example.com', q: ' PARIS ', _wpcf7_quiz_answer_q: paris }))]).toEqual([]);
    expect([...validateSubmission(SECRET, quiz, fd({ mail: 'ana@example.com', q: 'four', _wpcf7_quiz_answer_q: quizAnswerHash(SECRET, ['4', 'four']) }))]).toEqual([]);
    for (const [answer, hash] of [
      ['Lyon', paris],
      ['', paris],
      ['Paris', ''],
      ['Paris', quizAnswerHash('some-other-secret-some-other-secret', ['Paris'])],
      ['Rome', quizAnswerHash(SECRET, ['Rome'])],
    ] as const) {
      expect([...validateSubmission(SECRET, quiz, fd({ mail: 'ana@example.com', q: answer, _wpcf7_quiz_answer_q: hash }))]).toEqual([['q', 'The answer to the quiz is incorrect.']]);
    }
  });

  it('agrees with the browser’s verdicts on the demo forms (same engine)', () => {
    const errors = validateSubmission(SECRET, quote, fd({ 'your-name': 'Ana', 'your-email': 'ana@example.com', budget: '100025', 'start-date': '2019-12-31', 'your-website': 'example.com', brief: 'x'.repeat(2001) }));
    expect(Object.fromEntries(errors)).toEqual({
      budget: 'This field has a too large number.',
      'start-date': 'This field has a too early date.',
      'your-website': 'Please enter a URL.',
      services: 'Please select more options.',
      brief: 'This field has a too long input.',
    });
  });
});

describe('mail tags', () => {
  it('fills field and special tags and keeps header values on one line', () => {
    const values = { 'your-name': 'Ana\r\nBcc: x@example.com', _site_title: 'Masthead', _site_admin_email: 'desk@example.com' };
    expect(fillMailTags('[_site_title] from [your-name]', values, true)).toBe('Masthead from Ana Bcc: x@example.com');
    expect(fillMailTags('[_site_admin_email]', values, true)).toBe('desk@example.com');
    expect(fillMailTags('Hi [your-name] [_unknown] [nope]', values)).toBe('Hi Ana\r\nBcc: x@example.com [_unknown] [nope]');
  });
});
