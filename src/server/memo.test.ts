import { describe, expect, it } from 'vitest';
import { createVersionMemo } from './memo.server.ts';
import { collectKeys, reportKeys } from './surrogate.server.ts';

describe('per-version memo', () => {
  it('computes once per version', async () => {
    let version = 1;
    let calls = 0;
    const memo = createVersionMemo(() => version);
    const load = () => memo('k', async () => ++calls);
    expect(await load()).toBe(1);
    expect(await load()).toBe(1);
    version = 2;
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
  });

  it('keeps neither failures nor nulls', async () => {
    const memo = createVersionMemo(() => 1);
    await expect(memo('bad', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await memo('bad', async () => 'ok')).toBe('ok');
    expect(await memo('missing', async () => null)).toBeNull();
    expect(memo.size).toBe(1);
  });

  it('is bounded, dropping the least recently used key', async () => {
    const memo = createVersionMemo(() => 1, 2);
    let calls = 0;
    const get = (k: string) => memo(k, async () => `${k}${++calls}`);
    await get('a');
    await get('b');
    await get('a'); // a is now the most recent
    await get('c'); // b goes
    expect(memo.size).toBe(2);
    expect(await get('a')).toBe('a1');
    expect(await get('b')).toBe('b4');
  });

  it('reports the surrogate keys its computation read to every request that uses the value', async () => {
    const memo = createVersionMemo(() => 1);
    const load = () =>
      memo('k', async () => {
        reportKeys(['post-1']);
        await new Promise((r) => setTimeout(r, 5));
        reportKeys(['archive']);
        return 'v';
      });
    // two requests at once share one computation; a third comes after it settled
    const [a, b] = await Promise.all([collectKeys(load), collectKeys(load)]);
    const c = await collectKeys(load);
    for (const r of [a, b, c]) {
      expect(r.value).toBe('v');
      expect([...r.keys].sort()).toEqual(['archive', 'post-1']);
    }
  });
});
