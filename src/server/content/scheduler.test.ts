import { describe, expect, it, vi } from 'vitest';
import { createScheduler } from './scheduler.server.ts';
import { createLogger } from '../log.server.ts';

describe('scheduler', () => {
  it('catches up at start, arms a timer for the next item, and publishes on a read past its time', async () => {
    vi.useFakeTimers();
    try {
      let clock = Date.parse('2030-01-01T10:00:00Z');
      const queue = ['2030-01-01T10:00:30.000Z', '2030-01-01T10:05:00.000Z'];
      const published: string[] = [];
      const publishDue = vi.fn(async () => {
        let n = 0;
        while (queue[0] && Date.parse(queue[0]) <= clock) {
          published.push(queue.shift()!);
          n++;
        }
        return n;
      });
      const s = createScheduler({ publishDue, nextScheduled: async () => queue[0] ?? null, log: createLogger('silent'), refreshMs: 60_000, now: () => clock });
      await s.start();
      expect(publishDue).toHaveBeenCalledTimes(1);
      expect(s.nextDue).toBe(Date.parse('2030-01-01T10:00:30Z'));

      // a read before the time does nothing
      await s.tick();
      expect(publishDue).toHaveBeenCalledTimes(1);

      // the timer fires at the due time
      clock += 30_000;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(published).toEqual(['2030-01-01T10:00:30.000Z']);
      expect(s.nextDue).toBe(Date.parse('2030-01-01T10:05:00Z'));

      // a read after the second due time publishes even though no timer ran (clock jumped)
      clock += 10 * 60_000;
      await s.tick();
      expect(published).toHaveLength(2);
      expect(s.nextDue).toBeNull();
      s.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failure is logged and retried later, never thrown at a reader', async () => {
    let fail = true;
    const s = createScheduler({
      publishDue: async () => {
        if (fail) throw new Error('database down');
        return 0;
      },
      nextScheduled: async () => '2000-01-01T00:00:00.000Z',
      log: createLogger('silent'),
    });
    await s.start();
    // nothing read yet (the failure happened first): reads stay quiet
    await expect(s.tick()).resolves.toBeUndefined();
    fail = false;
    await s.refresh();
    await expect(s.tick()).resolves.toBeUndefined();
    s.stop();
  });
});
