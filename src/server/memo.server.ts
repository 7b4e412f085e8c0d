/**
 * Values computed once per content version (menus, settings, widgets, the published parts of a
 * page). Every write that changes what readers see bumps the version, so a kept value is never
 * stale; values of older versions are simply not used again.
 *
 * Keys can come from addresses (a post's slug, an archive's page), so the store is bounded and
 * least-recently-used keys make room. A computation that fails, or finds nothing (`null`), is not
 * kept: a stream of made-up addresses cannot push real pages out.
 *
 * A value keeps the surrogate keys its computation read (surrogate.server.ts): every request that
 * uses it reports them, as if it had read the content itself.
 */
import { reportKeys, withKeys } from './surrogate.server.ts';

export interface VersionMemo {
  <T>(key: string, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export const MEMO_ENTRIES = 2000;

export function createVersionMemo(version: () => number, maxEntries = MEMO_ENTRIES): VersionMemo {
  const entries = new Map<string, { version: number; value: Promise<unknown>; keys: Set<string>; settled: boolean }>();
  const withItsKeys = <T>(entry: { value: Promise<unknown>; keys: Set<string>; settled: boolean }): Promise<T> => {
    if (entry.settled) {
      reportKeys(entry.keys);
      return entry.value as Promise<T>;
    }
    return entry.value.then((result) => {
      reportKeys(entry.keys);
      return result as T;
    });
  };
  const memo = <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    const v = version();
    const hit = entries.get(key);
    if (hit && hit.version === v) {
      entries.delete(key);
      entries.set(key, hit);
      return withItsKeys<T>(hit);
    }
    const keys = new Set<string>();
    const value = withKeys(keys, compute);
    const entry = { version: v, value: value as Promise<unknown>, keys, settled: false };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    value.then((result) => {
      entry.settled = true;
      if (result === null) forget();
    }, forget);
    return withItsKeys<T>(entry);
  };
  return Object.defineProperty(memo, 'size', { get: () => entries.size }) as VersionMemo;
}
