/**
 * Uploaded files of contact-form submissions: a content check (the bytes must look like the type
 * the name claims, for the types we can recognise) and storage under DATA_DIR/uploads/cf7 with a
 * random name. That folder is never served (src/server/http/main.server.ts keeps it out of
 * /media/uploads/); the submission row records where each file went.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface StoredUpload {
  field: string;
  /** the visitor's file name (for the mail and the site owner; never used as a path) */
  name: string;
  size: number;
  type: string;
  /** path relative to DATA_DIR */
  file: string;
}

const SIGNATURES: Readonly<Record<string, (b: Uint8Array) => boolean>> = {
  pdf: (b) => ascii(b, 0, 5) === '%PDF-',
  png: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  jpe: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => ascii(b, 0, 4) === 'GIF8',
  webp: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  zip: (b) => b[0] === 0x50 && b[1] === 0x4b,
  docx: (b) => b[0] === 0x50 && b[1] === 0x4b,
  xlsx: (b) => b[0] === 0x50 && b[1] === 0x4b,
  pptx: (b) => b[0] === 0x50 && b[1] === 0x4b,
  odt: (b) => b[0] === 0x50 && b[1] === 0x4b,
};

function ascii(b: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...b.subarray(from, to));
}

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * Whether the content agrees with the extension. Types we have no signature for pass (the
 * accept list already limited the extension); a `.pdf` that is really an HTML page does not.
 */
export function contentMatchesName(name: string, head: Uint8Array): boolean {
  const check = SIGNATURES[extensionOf(name)];
  return check ? check(head) : true;
}

/** Writes the files under `{dataDir}/uploads/cf7/` with random names; returns what was stored. */
export async function storeUploads(dataDir: string, files: { field: string; file: File }[]): Promise<StoredUpload[]> {
  if (files.length === 0) return [];
  const dir = path.join(dataDir, 'uploads', 'cf7');
  await mkdir(dir, { recursive: true, mode: 0o750 });
  const stored: StoredUpload[] = [];
  try {
    for (const { field, file } of files) {
      const ext = extensionOf(file.name).replace(/[^a-z0-9]/g, '').slice(0, 10);
      const name = `${randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`;
      await writeFile(path.join(dir, name), new Uint8Array(await file.arrayBuffer()), { mode: 0o640, flag: 'wx' });
      stored.push({ field, name: file.name.slice(0, 200), size: file.size, type: file.type.slice(0, 100), file: path.posix.join('uploads', 'cf7', name) });
    }
  } catch (err) {
    await removeUploads(dataDir, stored);
    throw err;
  }
  return stored;
}

/** Removes stored files (used when the submission could not be recorded). */
export async function removeUploads(dataDir: string, stored: readonly StoredUpload[]): Promise<void> {
  await Promise.all(stored.map((s) => rm(path.join(dataDir, s.file), { force: true })));
}
