import type { Repositories } from '../../server/db/repositories/index.server.ts';
import { attachmentKey } from '../contact-form/uploads.server.ts';
import { MEDIA_AREAS, uploadKeyOf, type MediaStore } from './storage.server.ts';
import { STAGING_PREFIX } from '../../server/wxr/staging.server.ts';

export interface SweepResult {
  /** files some row names, or too recent to judge */
  kept: number;
  /** keys of the files no row names (removed unless a dry run) */
  orphans: string[];
}

/**
 * Removes the files of the media store that no row names: what a delete or replace left behind
 * when the store could not be reached, or an upload cut off between its files and its row.
 * Files younger than `olderThanMs` are kept, whoever they belong to: an upload in progress writes
 * its files before its row. The admin's staged imports (`private/imports/`) are no library files:
 * they are left to their own rule (sweepStagings, src/server/wxr/staging.server.ts: a day, and
 * never while an import runs), which `npm run media:sweep` (scripts/media-sweep.ts) runs beside
 * this one.
 */
export async function sweepMedia(opts: { store: MediaStore; repos: Pick<Repositories, 'media' | 'inbox'>; olderThanMs: number; dryRun?: boolean; now?: Date }): Promise<SweepResult> {
  const named = new Set<string>();
  for (const m of await opts.repos.media.allFiles()) {
    for (const f of [m.file, ...m.variants.map((v) => v.file)]) {
      const k = uploadKeyOf(f);
      if (k) named.add(k);
    }
    if (m.originalFile) named.add(`originals/${m.originalFile}`);
  }
  for (const f of await opts.repos.inbox.allFiles()) {
    const k = attachmentKey(f);
    if (k) named.add(k);
  }
  const cutoff = (opts.now ?? new Date()).getTime() - opts.olderThanMs;
  const orphans: string[] = [];
  let kept = 0;
  for (const area of MEDIA_AREAS) {
    for await (const { key, modified } of opts.store.list(`${area}/`)) {
      if (key.startsWith(STAGING_PREFIX)) continue;
      if (named.has(key) || modified.getTime() > cutoff) kept++;
      else orphans.push(key);
    }
  }
  if (!opts.dryRun && orphans.length) await opts.store.remove(orphans);
  return { kept, orphans };
}
