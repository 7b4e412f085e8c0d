import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { Runtime } from '../runtime.server.ts';
import type { Actor } from '../content/actor.ts';
import { ContentError } from '../content/errors.ts';
import { importWxr, ImportInputError, type ImportProgress } from './import.server.ts';
import type { ImportReport } from '../../features/wxr/report.ts';

/**
 * The admin's imports: an uploaded export (and, optionally, a zip of the old uploads folder) is
 * staged under DATA_DIR/imports, then imported in the background by this server process, one at a
 * time. The browser polls the job's progress; closing the tab does not stop it, and the last
 * job's summary stays available until the next one starts (or the process restarts).
 */
export interface ImportJob {
  id: string;
  state: 'running' | 'done' | 'failed';
  fileName: string;
  dryRun: boolean;
  startedAt: string;
  finishedAt: string | null;
  progress: ImportProgress | null;
  report: ImportReport | null;
  error: string | null;
}

export const IMPORT_UPLOAD_LIMIT = 512 * 1024 * 1024;
/** Bounds of a zip of uploads: files, bytes in all once unpacked. */
const ZIP_LIMITS = { files: 50_000, bytes: 4 * 1024 * 1024 * 1024 };

const staged = new Map<string, { file: string; name: string; kind: 'wxr' | 'zip' }>();
let current: ImportJob | null = null;

const dirOf = (runtime: Runtime) => path.join(runtime.config.dataDir, 'imports');

/** Keeps an uploaded file for a coming import; answers its token. */
export async function stageUpload(runtime: Runtime, kind: 'wxr' | 'zip', bytes: Uint8Array, name: string): Promise<{ token: string; name: string; size: number }> {
  if (!bytes.byteLength) throw new ContentError('invalid', 'The file is empty.', { field: kind });
  const head = new TextDecoder().decode(bytes.subarray(0, 2048));
  if (kind === 'wxr' && !/<rss\b/.test(head) && !/^\s*(<\?xml|<!--)/.test(head)) throw new ContentError('unsupported', 'This is not a WordPress export: choose the .xml file of Tools → Export.', { field: kind });
  if (kind === 'zip' && !(bytes[0] === 0x50 && bytes[1] === 0x4b)) throw new ContentError('unsupported', 'This is not a zip file.', { field: kind });
  const token = randomBytes(12).toString('hex');
  await mkdir(dirOf(runtime), { recursive: true });
  const file = path.join(dirOf(runtime), `${token}.${kind === 'wxr' ? 'xml' : 'zip'}`);
  await writeFile(file, bytes);
  staged.set(token, { file, name: name.slice(0, 200), kind });
  return { token, name, size: bytes.byteLength };
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

/** Starts an import in the background (one at a time); answers the job. */
export function startImport(runtime: Runtime, actor: Actor, input: { wxr: string; media: string | null; dryRun: boolean }, authorMap: Record<string, string> = {}): ImportJob {
  if (current?.state === 'running') throw new ContentError('conflict', 'An import is already running: wait for it to finish.');
  const wxr = staged.get(input.wxr);
  if (!wxr || wxr.kind !== 'wxr') throw new ContentError('invalid', 'Upload the export file first.', { field: 'wxr' });
  const media = input.media ? staged.get(input.media) : undefined;
  if (input.media && (!media || media.kind !== 'zip')) throw new ContentError('invalid', 'Upload the zip of the uploads folder again.', { field: 'media' });
  staged.delete(input.wxr);
  if (input.media) staged.delete(input.media);
  const job: ImportJob = { id: randomBytes(8).toString('hex'), state: 'running', fileName: wxr.name, dryRun: input.dryRun, startedAt: new Date().toISOString(), finishedAt: null, progress: null, report: null, error: null };
  current = job;
  const mediaDir = media ? path.join(dirOf(runtime), `${job.id}-media`) : null;
  void (async () => {
    try {
      if (media && mediaDir) {
        await mkdir(mediaDir, { recursive: true });
        await unzip(media.file, mediaDir);
      }
      job.report = await importWxr({
        repos: runtime.repos,
        dataDir: runtime.config.dataDir,
        file: wxr.file,
        mediaDir,
        dryRun: input.dryRun,
        authorMap,
        actorId: actor.id,
        contentChanged: () => runtime.contentChanged(),
        onProgress: (p) => {
          job.progress = p;
        },
      });
      job.state = 'done';
    } catch (err) {
      job.state = 'failed';
      job.error = err instanceof ImportInputError ? err.message : 'The import stopped because of an error on the server; what was imported before it stays, and running it again continues.';
      if (!(err instanceof ImportInputError)) runtime.log.error({ err }, 'import failed');
    } finally {
      job.finishedAt = new Date().toISOString();
      await rm(wxr.file, { force: true });
      if (media) await rm(media.file, { force: true });
      if (mediaDir && (await stat(mediaDir).catch(() => null))) await rm(mediaDir, { recursive: true, force: true });
    }
  })();
  return job;
}

/** The running or last import of this process. */
export const importStatus = (): ImportJob | null => current;
