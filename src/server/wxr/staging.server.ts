import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaArea, MediaStore } from '../../features/media/storage.server.ts';

/**
 * The admin's staged WordPress imports, kept in the media store's private area so that every
 * process on every machine finds them: the export (and the optional zip of the old uploads
 * folder) at `private/imports/<token>.xml|zip`, with a small description beside it
 * (`<token>.json`: the file's name and kind). With the local store that is
 * DATA_DIR/private/imports; with MEDIA_STORAGE=s3 the bucket. Written after its file and
 * removed before it, a description always names a file that was fully stored.
 *
 * The machine that runs the job reads the staged file where it lies (local store) or first
 * streams it into a work copy in its own DATA_DIR/uploads-tmp (a remote store: the importer reads
 * the export twice and unzips with random access; a download that can pause for minutes while
 * items are written would outlive the store's connection). Memory stays flat either way.
 */
export const STAGING_PREFIX = 'private/imports/';
/** Stagings (and local leftovers) older than this, of imports never started, are removed. */
export const STAGING_MAX_AGE_MS = 24 * 3600_000;

export type StagedKind = 'wxr' | 'zip';

export interface Staged {
  token: string;
  /** the staged file's key in the store */
  key: string;
  name: string;
  kind: StagedKind;
}

/** The staged file could not be kept or read: its message says so to the owner; the store's own error is its cause (for the log). */
export class StagingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StagingError';
  }
}

const extOf = (kind: StagedKind) => (kind === 'wxr' ? 'xml' : 'zip');
const fileKey = (token: string, kind: StagedKind) => `${STAGING_PREFIX}${token}.${extOf(kind)}`;
const metaKey = (token: string) => `${STAGING_PREFIX}${token}.json`;
export const validToken = (token: string) => /^[0-9a-f]{24}$/.test(token);

/** Where this machine keeps its temporary files: the admin's uploads while their request runs, an import's work copies. */
export const localTempDir = (dataDir: string) => path.join(dataDir, 'uploads-tmp');

/** The file behind a key on this machine's disk (the local store), or null (a remote store). */
export function localPathOf(store: MediaStore, key: string): string | null {
  const [area, ...rest] = key.split('/');
  const dir = store.localDir(area as MediaArea);
  return dir ? path.join(dir, ...rest) : null;
}

/**
 * Stores a file of this machine's disk as a staged upload (streamed: the local store moves it,
 * a bucket reads it as it sends); answers its token. Throws StagingError when the store fails.
 */
export async function stageFile(store: MediaStore, kind: StagedKind, source: string, name: string): Promise<string> {
  const token = randomBytes(12).toString('hex');
  try {
    await store.putFile(fileKey(token, kind), source, kind === 'wxr' ? 'application/xml' : 'application/zip', { move: true });
    await store.put(metaKey(token), Buffer.from(JSON.stringify({ name: name.slice(0, 200), kind })), 'application/json');
  } catch (err) {
    // nothing half-kept: a file without its description would only wait for the sweep
    await store.remove([fileKey(token, kind)]).catch(() => undefined);
    throw new StagingError('The media storage cannot be reached, so the file was not kept and nothing was imported. Try again in a moment; if it keeps failing, check the storage settings (MEDIA_STORAGE) and the server log.', { cause: err });
  }
  return token;
}

/** A staged upload by its token (whichever process or machine staged it), or null. Throws StagingError when the store fails. */
export async function findStaged(store: MediaStore, token: string): Promise<Staged | null> {
  if (!validToken(token)) return null;
  let text: string;
  try {
    const got = await store.get(metaKey(token));
    if (!got || got === 'not-modified') return null;
    const chunks: Buffer[] = [];
    for await (const c of got.body) chunks.push(Buffer.from(c as Uint8Array));
    text = Buffer.concat(chunks).toString('utf8');
  } catch (err) {
    throw new StagingError('The media storage cannot be reached, so the import did not start and nothing was imported. Try again in a moment.', { cause: err });
  }
  try {
    const meta = JSON.parse(text) as { name?: unknown; kind?: unknown };
    if (meta.kind !== 'wxr' && meta.kind !== 'zip') return null;
    return { token, key: fileKey(token, meta.kind), name: typeof meta.name === 'string' ? meta.name : 'upload', kind: meta.kind };
  } catch {
    return null;
  }
}

/**
 * A staged file as a path on this machine: where it lies (local store), or a work copy streamed
 * into DATA_DIR/uploads-tmp (`done` removes it). Throws StagingError when it cannot be read.
 */
export async function openStaged(store: MediaStore, s: Staged, dataDir: string, label: string): Promise<{ file: string; done(): Promise<void> }> {
  const what = s.kind === 'wxr' ? 'export' : 'zip of uploads';
  const gone = () => new StagingError(`The uploaded ${what} (${s.name}) is no longer in the media storage: upload it again. Nothing was imported.`);
  const local = localPathOf(store, s.key);
  if (local) {
    if (!(await stat(local).catch(() => null))?.isFile()) throw gone();
    return { file: local, done: async () => undefined };
  }
  const dir = localTempDir(dataDir);
  const file = path.join(dir, `.import-${label}.${extOf(s.kind)}`);
  try {
    const got = await store.get(s.key);
    if (!got || got === 'not-modified') throw gone();
    await mkdir(dir, { recursive: true });
    await pipeline(got.body, createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await rm(file, { force: true });
    if (err instanceof StagingError) throw err;
    throw new StagingError(`The uploaded ${what} (${s.name}) could not be read from the media storage or copied to this server's disk, so nothing was imported. Upload it and start again in a moment; if it keeps failing, see the server log.`, { cause: err });
  }
  return { file, done: () => rm(file, { force: true }) };
}

/** Forgets a staged upload: its description first (a half-removed one is never found again), then its file. */
export async function unstage(store: MediaStore, s: Staged): Promise<void> {
  await store.remove([metaKey(s.token)]);
  await store.remove([s.key]);
}

/**
 * Removes stagings of imports never started once they are a day old, from the store, and this
 * machine's leftovers of the same age in DATA_DIR/uploads-tmp (an upload or a work copy whose
 * process stopped) and in the DATA_DIR/imports of older versions. Nothing while an import runs
 * (it may still read its staging). Runs at every staging (any process) and in `npm run media:sweep`.
 * Answers the removed store keys and local paths.
 */
export async function sweepStagings(opts: { store: MediaStore; dataDir: string; running: boolean; now?: Date; dryRun?: boolean }): Promise<{ keys: string[]; files: string[] }> {
  const removed = { keys: [] as string[], files: [] as string[] };
  if (opts.running) return removed;
  const cutoff = (opts.now ?? new Date()).getTime() - STAGING_MAX_AGE_MS;
  for await (const { key, modified } of opts.store.list(STAGING_PREFIX)) if (modified.getTime() < cutoff) removed.keys.push(key);
  // descriptions first: a staging is never found half-removed
  removed.keys.sort((a, b) => Number(b.endsWith('.json')) - Number(a.endsWith('.json')));
  if (!opts.dryRun && removed.keys.length) await opts.store.remove(removed.keys);
  for (const dir of [localTempDir(opts.dataDir), path.join(opts.dataDir, 'imports')]) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtimeMs >= cutoff) continue;
      removed.files.push(file);
      if (!opts.dryRun) await rm(file, { recursive: true, force: true });
    }
  }
  return removed;
}
