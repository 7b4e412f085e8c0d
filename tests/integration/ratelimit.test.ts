/**
 * Rate limits shared through the database (PostgreSQL with several processes): parallel hits
 * cannot all slip under the limit, windows restart, refunds give a hit back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../support/db.ts';
import { createDbRateLimiter, createRateLimiter } from '../../src/server/ratelimit.server.ts';

for (const target of testDatabases()) {
  describe(`database rate limits on ${target.name}`, () => {
    let t: TestDb;
    const clock = { now: Date.now() };
    beforeAll(async () => {
      t = await target.open();
    });
    afterAll(async () => {
      await t.close();
    });

    it('lets exactly `limit` of 40 parallel hits through, across independent limiters on one database', async () => {
      const a = createDbRateLimiter(t.repos.rateLimits, () => clock.now);
      const b = createDbRateLimiter(t.repos.rateLimits, () => clock.now); // another process
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('login:ip:203.0.113.1', 5, 60_000)));
      expect(answers.filter((r) => r.ok).length).toBe(5);
      expect(answers.filter((r) => !r.ok).every((r) => r.retryAfterSeconds > 0 && r.retryAfterSeconds <= 60)).toBe(true);
    });

    it('starts a new window when the old one has ended, and gives refunded hits back', async () => {
      const l = createDbRateLimiter(t.repos.rateLimits, () => clock.now);
      for (let i = 0; i < 3; i++) await l.hit('k', 3, 60_000);
      expect((await l.hit('k', 3, 60_000)).ok).toBe(false);
      await l.refund('k');
      await l.refund('k');
      expect((await l.hit('k', 3, 60_000)).ok).toBe(true);
      clock.now += 60_000;
      expect(await l.hit('k', 3, 60_000)).toMatchObject({ ok: true, count: 1 });
      await l.purge(1);
      clock.now += 10;
      await l.purge(1);
      expect((await l.hit('k', 3, 60_000)).count).toBe(1);
    });
  });
}

describe('in-memory rate limits', () => {
  it('count parallel hits one by one', async () => {
    const l = createRateLimiter();
    const answers = await Promise.all(Array.from({ length: 40 }, () => l.hit('x', 5, 60_000)));
    expect(answers.filter((r) => r.ok).length).toBe(5);
  });
});
