/**
 * Values computed once per content version (menus, settings, widgets, the published parts of a
 * page). Every write that changes what readers see bumps the version, so a kept value is never
 * stale; values of older versions are simply not used again.
 *
 * Keys can come from addresses (a post's slug, an archive's page), so the store is bounded and
 * least-recently-used keys make room. A computation that fails, or finds nothing (`null`), is not
 * kept: a stream of made-up addresses cannot push real pages out.
 */
export interface VersionMemo {
  <T>(key: string, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export const MEMO_ENTRIES = 2000;

export function createVersionMemo(version: () => number, maxEntries = MEMO_ENTRIES): VersionMemo {
  const entries = new Map<string, { version: number; value: Promise<unknown> }>();
  const memo = <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    const v = version();
    const hit = entries.get(key);
    if (hit && hit.version === v) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = compute();
    const entry = { version: v, value };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    value.then((result) => result === null && forget(), forget);
    return value;
  };
  return Object.defineProperty(memo, 'size', { get: () => entries.size }) as VersionMemo;
}
