import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { Runtime } from '../runtime.server.ts';
import type { Actor } from '../content/actor.ts';
import { ContentError } from '../content/errors.ts';
import { importWxr, ImportInputError, type ImportProgress } from './import.server.ts';
import type { ImportReport } from '../../features/wxr/report.ts';
import type { ImportJobRow } from '../db/repositories/imports.server.ts';
import { findStaged, localTempDir, openStaged, stageFile, sweepStagings, unstage, type StagingError } from './staging.server.ts';

/**
 * The admin's imports: an uploaded export (and, optionally, a zip of the old uploads folder),
 * streamed to disk by the admin endpoint (`upload: 'disk'`, never held in memory), is staged in
 * the media store's private area (staging.server.ts: DATA_DIR/private/imports, or the bucket with
 * MEDIA_STORAGE=s3), then imported in the background by the server process that was asked to
 * start it, one at a time. The job's state, progress and summary live in the database
 * (`import_jobs`), so with several processes (MASTHEAD_WORKERS) or several machines sharing the
 * database and the bucket, the upload, the start and each poll of the Import screen may be
 * answered by different ones. Closing the tab does not stop the job; the last job's summary stays
 * until the next one starts. A running job whose process stopped (no heartbeat for a minute)
 * reads as failed. A staging is removed when its import ends (done or failed); one never
 * started is swept after a day.
 */
export type ImportJob = Omit<ImportJobRow, 'updatedAt' | 'progress' | 'report'> & { progress: ImportProgress | null; report: ImportReport | null };

export const IMPORT_UPLOAD_LIMIT = 512 * 1024 * 1024;
/** Bounds of a zip of uploads: files, bytes in all once unpacked. */
const ZIP_LIMITS = { files: 50_000, bytes: 4 * 1024 * 1024 * 1024 };

/** A running job writes its progress at most this often, and at least this often as a heartbeat. */
const PROGRESS_WRITE_MS = 1000;
const HEARTBEAT_MS = 10_000;
/** A running job not heard of for this long was lost with its process. */
const LOST_AFTER_MS = 60_000;
const LOST = 'The server process running this import stopped; what was imported before it stays, and running it again continues.';

/** A StagingError, by name (the built server may hold two copies of a module). */
const isStagingError = (err: unknown): err is StagingError => err instanceof Error && err.name === 'StagingError';

/**
 * Keeps an uploaded file for a coming import; answers its token. The admin's upload arrives as a
 * file already on disk (`upload: 'disk'`), which is moved into the store; bytes (tests, small
 * files) are written to a temporary file first. A file that is not what it claims to be is
 * refused (and the admin endpoint removes its temporary file); a store that fails answers a
 * clear 'unavailable' error and keeps nothing.
 */
export async function stageUpload(runtime: Runtime, kind: 'wxr' | 'zip', upload: Uint8Array | { path: string; size: number }, name: string): Promise<{ token: string; name: string; size: number }> {
  const size = upload instanceof Uint8Array ? upload.byteLength : upload.size;
  if (!size) throw new ContentError('invalid', 'The file is empty.', { field: kind });
  const bytes = upload instanceof Uint8Array ? upload.subarray(0, 2048) : await readHead(upload.path, 2048);
  const head = new TextDecoder().decode(bytes);
  if (kind === 'wxr' && !/<rss\b/.test(head) && !/^\s*(<\?xml|<!--)/.test(head)) throw new ContentError('unsupported', 'This is not a WordPress export: choose the .xml file of Tools → Export.', { field: kind });
  if (kind === 'zip' && !(bytes[0] === 0x50 && bytes[1] === 0x4b)) throw new ContentError('unsupported', 'This is not a zip file.', { field: kind });
  const store = runtime.mediaStore;
  // stagings never started, and this machine's leftovers: a failing sweep never stops an upload
  await sweepStagings({ store, dataDir: runtime.config.dataDir, running: await importRunning(runtime) }).catch((err: unknown) => runtime.log.warn({ err }, 'could not sweep old import stagings'));
  let source = upload instanceof Uint8Array ? null : upload.path;
  let written: string | null = null;
  try {
    if (upload instanceof Uint8Array) {
      const dir = localTempDir(runtime.config.dataDir);
      await mkdir(dir, { recursive: true });
      source = written = path.join(dir, `.upload-${randomBytes(12).toString('hex')}`);
      await writeFile(written, upload, { flag: 'wx' });
    }
    const token = await stageFile(store, kind, source!, name);
    return { token, name, size };
  } catch (err) {
    if (isStagingError(err)) throw new ContentError('unavailable', err.message, { field: kind, cause: err.cause });
    throw err;
  } finally {
    if (written) await rm(written, { force: true });
  }
}

/** The first `bytes` bytes of a file. */
async function readHead(file: string, bytes: number): Promise<Uint8Array> {
  const fh = await open(file, 'r');
  try {
    const buf = new Uint8Array(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Whether an import is running now, in any process (one not heard of for a minute is not). */
export async function importRunning(runtime: Pick<Runtime, 'repos'>): Promise<boolean> {
  const row = await runtime.repos.importJobs.latest();
  return row?.state === 'running' && Date.now() - Date.parse(row.updatedAt) <= LOST_AFTER_MS;
}

/** Unpacks a zip of uploads into `dir` (no path leaves it; sizes bounded). */
async function unzip(zipFile: string, dir: string): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(zipFile, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  let files = 0;
  let bytes = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const target = path.resolve(dir, entry.fileName);
      if (/\/$/.test(entry.fileName) || !target.startsWith(path.resolve(dir) + path.sep)) {
        zip.readEntry();
        return;
      }
      files++;
      bytes += entry.uncompressedSize;
      if (files > ZIP_LIMITS.files || bytes > ZIP_LIMITS.bytes) {
        zip.close();
        reject(new ImportInputError('The zip of uploads is too large to unpack.'));
        return;
      }
      void (async () => {
        await mkdir(path.dirname(target), { recursive: true });
        const stream = await zip.openReadStreamPromise(entry);
        await pipeline(stream, createWriteStream(target));
        zip.readEntry();
      })().catch(reject);
    });
    zip.readEntry();
  });
}

/** Starts an import in the background (one at a time, over every process); answers the job. */
export async function startImport(runtime: Runtime, actor: Actor, input: { wxr: string; media: string | null; dryRun: boolean }, authorMap: Record<string, string> = {}): Promise<ImportJob> {
  const store = runtime.mediaStore;
  const find = (token: string) =>
    findStaged(store, token).catch((err: unknown) => {
      throw isStagingError(err) ? new ContentError('unavailable', err.message, { cause: err.cause }) : err;
    });
  const wxr = await find(input.wxr);
  if (!wxr || wxr.kind !== 'wxr') throw new ContentError('invalid', 'Upload the export file first.', { field: 'wxr' });
  const media = input.media ? await find(input.media) : null;
  if (input.media && (!media || media.kind !== 'zip')) throw new ContentError('invalid', 'Upload the zip of the uploads folder again.', { field: 'media' });
  const job: ImportJob = { id: randomBytes(8).toString('hex'), state: 'running', fileName: wxr.name, dryRun: input.dryRun, startedAt: new Date().toISOString(), finishedAt: null, progress: null, report: null, error: null };
  const jobs = runtime.repos.importJobs;
  if (!(await jobs.create(job, new Date(Date.now() - LOST_AFTER_MS).toISOString(), LOST))) throw new ContentError('conflict', 'An import is already running: wait for it to finish.');
  const dataDir = runtime.config.dataDir;
  const mediaDir = media ? path.join(localTempDir(dataDir), `.import-${job.id}-media`) : null;
  let written = 0;
  const save = (patch: Parameters<typeof jobs.update>[1]) => jobs.update(job.id, patch).catch((err: unknown) => runtime.log.warn({ err }, 'could not record the import progress'));
  const heartbeat = setInterval(() => void save({ progress: job.progress }), HEARTBEAT_MS);
  heartbeat.unref();
  void (async () => {
    const copies: { done(): Promise<void> }[] = [];
    try {
      // the staged files on this machine (where they lie, or streamed from the bucket) before anything is written
      const wxrCopy = await openStaged(store, wxr, dataDir, job.id);
      copies.push(wxrCopy);
      if (media && mediaDir) {
        const zipCopy = await openStaged(store, media, dataDir, `${job.id}-uploads`);
        copies.push(zipCopy);
        await mkdir(mediaDir, { recursive: true });
        await unzip(zipCopy.file, mediaDir);
      }
      job.report = await importWxr({
        repos: runtime.repos,
        dataDir,
        mediaStore: store,
        mediaPublicUrl: runtime.config.media?.publicUrl,
        file: wxrCopy.file,
        mediaDir,
        dryRun: input.dryRun,
        authorMap,
        actorId: actor.id,
        contentChanged: () => runtime.contentChanged(),
        onProgress: (p) => {
          job.progress = p;
          if (Date.now() - written < PROGRESS_WRITE_MS) return;
          written = Date.now();
          void save({ progress: p });
        },
      });
      job.state = 'done';
    } catch (err) {
      job.state = 'failed';
      job.error = err instanceof ImportInputError || isStagingError(err) ? err.message : 'The import stopped because of an error on the server; what was imported before it stays, and running it again continues.';
      if (isStagingError(err)) runtime.log.error({ err: err.cause ?? err }, 'import failed: its staged upload could not be read');
      else if (!(err instanceof ImportInputError)) runtime.log.error({ err }, 'import failed');
    } finally {
      clearInterval(heartbeat);
      job.finishedAt = new Date().toISOString();
      for (const c of copies) await c.done().catch(() => undefined);
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true }).catch(() => undefined);
      // used up, done or failed; one the store cannot remove now is swept after a day
      for (const s of media ? [wxr, media] : [wxr]) await unstage(store, s).catch((err: unknown) => runtime.log.warn({ err, key: s.key }, 'could not remove a staged import upload; it is swept after a day'));
      await save({ state: job.state, finishedAt: job.finishedAt, progress: job.progress, report: job.report, error: job.error });
    }
  })();
  return job;
}

/** The running or last import, whichever process runs or ran it. */
export async function importStatus(runtime: Runtime): Promise<ImportJob | null> {
  const row = await runtime.repos.importJobs.latest();
  if (!row) return null;
  const { updatedAt, ...rest } = row;
  const job = rest as ImportJob;
  if (job.state === 'running' && Date.now() - Date.parse(updatedAt) > LOST_AFTER_MS) {
    return { ...job, state: 'failed', error: LOST };
  }
  return job;
}
