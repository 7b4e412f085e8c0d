/**
 * Uploaded files of contact-form submissions: a content check (the bytes must look like the type
 * the name claims, for the types we can recognise) and storage in the media store's private area
 * (`private/cf7/` with a random name: DATA_DIR/private/cf7, or the S3 bucket), never served
 * publicly; the submission row records each file's key. Rows stored before the media store say
 * `uploads/cf7/…` (DATA_DIR/uploads/cf7, which src/server/http/main.server.ts keeps out of
 * /media/uploads/): they are read and deleted where they are.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { validKey, type MediaStore } from '../media/storage.server.ts';

export interface StoredUpload {
  field: string;
  /** the visitor's file name (for the mail and the site owner; never used as a path) */
  name: string;
  size: number;
  type: string;
  /** the media store's key (`private/cf7/…`; older rows: `uploads/cf7/…`, relative to DATA_DIR) */
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

/** The store key of a stored attachment, or null when the row names anything else. */
export function attachmentKey(file: string): string | null {
  const parts = file.split('/');
  return parts.length === 3 && (file.startsWith('private/cf7/') || file.startsWith('uploads/cf7/')) && validKey(file) ? file : null;
}

/** Writes the files into the store's `private/cf7/` with random names; returns what was stored. */
export async function storeUploads(store: MediaStore, files: { field: string; file: File }[]): Promise<StoredUpload[]> {
  if (files.length === 0) return [];
  const stored: StoredUpload[] = [];
  try {
    for (const { field, file } of files) {
      const ext = extensionOf(file.name).replace(/[^a-z0-9]/g, '').slice(0, 10);
      const key = path.posix.join('private', 'cf7', `${randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`);
      await store.put(key, Buffer.from(await file.arrayBuffer()), 'application/octet-stream');
      stored.push({ field, name: file.name.slice(0, 200), size: file.size, type: file.type.slice(0, 100), file: key });
    }
  } catch (err) {
    await removeUploads(store, stored).catch(() => undefined);
    throw err;
  }
  return stored;
}

/** Removes stored files (the submission could not be recorded, or was deleted). */
export async function removeUploads(store: MediaStore, stored: readonly Pick<StoredUpload, 'file'>[]): Promise<void> {
  const keys = stored.map((s) => attachmentKey(s.file)).filter((k): k is string => k !== null);
  if (keys.length) await store.remove(keys);
}
