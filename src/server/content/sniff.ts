import { fileTypeFromBuffer } from 'file-type';
import { FILE_TYPES, type FileType } from '../../features/media/files.ts';

/**
 * What an uploaded file really is, from its first bytes (never from its name or the type the
 * browser claims). Only raster formats the media pipeline can render are recognised; SVG, HTML,
 * PDF and everything else answer null.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/avif';

export function sniffImage(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, text: string) => [...text].every((c, i) => at(from + i) === c.charCodeAt(0));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'image/png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  // ISO-BMFF: [size]['ftyp'][major brand]…[compatible brands]
  if (ascii(4, 'ftyp')) {
    const size = ((at(0) << 24) | (at(1) << 16) | (at(2) << 8) | at(3)) >>> 0;
    const end = Math.min(size >= 16 ? size : 32, bytes.length, 256);
    for (let i = 8; i + 4 <= end; i += 4) {
      if (i === 12) continue; // minor version
      if (ascii(i, 'avif') || ascii(i, 'avis')) return 'image/avif';
    }
  }
  return null;
}

/** The file name's extension for a type. */
export const extensionOf = (type: ImageType) => ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/avif': 'avif' })[type];

/** file-type's names → ours (it has several spellings for some). */
const ALIASES: Record<string, FileType> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/vnd.wave': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/opus': 'audio/ogg',
  'video/x-m4v': 'video/mp4',
};
/** Old Office files share one container (CFB): its name tells which of the three it is. */
const CFB_BY_EXTENSION: Record<string, FileType> = { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' };

/** What an upload that is not a picture really is, when the library accepts it; null otherwise. */
export async function sniffFile(bytes: Uint8Array, filename: string): Promise<FileType | null> {
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!found) return null;
  if (found.ext === 'cfb') return CFB_BY_EXTENSION[/\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? ''] ?? null;
  const mime = ALIASES[found.mime] ?? found.mime;
  return Object.hasOwn(FILE_TYPES, mime) ? (mime as FileType) : null;
}
