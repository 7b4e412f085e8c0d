/**
 * Files other than pictures that the media library accepts, by the type their content shows
 * (src/server/content/sniff.ts `sniffFile`): documents, spreadsheets, slides, archives, audio and
 * video. Nothing a browser runs or renders as a page (HTML, SVG, XML, scripts) is among them, and
 * plain text (no signature to check) is not accepted. `ext` is the extension the stored file
 * gets, so the type it is served with (src/server/http/static.server.ts) follows from it; `icon`
 * is the family the admin's file icon shows.
 */
export const FILE_TYPES = {
  'application/pdf': { ext: 'pdf', icon: 'document' },
  'application/msword': { ext: 'doc', icon: 'document' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: 'docx', icon: 'document' },
  'application/vnd.ms-excel': { ext: 'xls', icon: 'spreadsheet' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: 'xlsx', icon: 'spreadsheet' },
  'application/vnd.ms-powerpoint': { ext: 'ppt', icon: 'slides' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { ext: 'pptx', icon: 'slides' },
  'application/vnd.oasis.opendocument.text': { ext: 'odt', icon: 'document' },
  'application/vnd.oasis.opendocument.spreadsheet': { ext: 'ods', icon: 'spreadsheet' },
  'application/vnd.oasis.opendocument.presentation': { ext: 'odp', icon: 'slides' },
  'application/zip': { ext: 'zip', icon: 'archive' },
  'audio/mpeg': { ext: 'mp3', icon: 'audio' },
  'audio/mp4': { ext: 'm4a', icon: 'audio' },
  'audio/ogg': { ext: 'oga', icon: 'audio' },
  'audio/wav': { ext: 'wav', icon: 'audio' },
  'audio/flac': { ext: 'flac', icon: 'audio' },
  'video/mp4': { ext: 'mp4', icon: 'video' },
  'video/webm': { ext: 'webm', icon: 'video' },
  'video/ogg': { ext: 'ogv', icon: 'video' },
  'video/quicktime': { ext: 'mov', icon: 'video' },
} as const satisfies Record<string, { ext: string; icon: FileIcon }>;
export type FileType = keyof typeof FILE_TYPES;
export type FileIcon = 'document' | 'spreadsheet' | 'slides' | 'archive' | 'audio' | 'video' | 'file';

/** Whether a media item is a picture (renditions, alt text) rather than a file. */
export const isImage = (m: { mime: string }) => m.mime.startsWith('image/');

/** The family of a file's icon. */
export const fileIcon = (mime: string): FileIcon => (Object.hasOwn(FILE_TYPES, mime) ? FILE_TYPES[mime as FileType].icon : 'file');

/** A short name of a file's type: its extension in capitals (PDF, DOCX, MP3). */
export const fileTypeName = (mime: string, file = ''): string =>
  (Object.hasOwn(FILE_TYPES, mime) ? FILE_TYPES[mime as FileType].ext : (/\.([a-z0-9]{1,5})$/i.exec(file)?.[1] ?? mime.split('/')[1] ?? '')).toUpperCase();

/** The `accept` list of a file picker that takes everything the library does. */
export const ACCEPT_ALL = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', ...Object.keys(FILE_TYPES), ...Object.values(FILE_TYPES).map((t) => `.${t.ext}`)].join(',');
export const ACCEPT_IMAGES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** A file's size for people: "840 KB", "3.4 MB" (the locale's digits and unit names). */
export function formatSize(bytes: number, locale = 'en'): string {
  const mb = bytes >= 1024 * 1024;
  const value = mb ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024));
  return new Intl.NumberFormat(locale, { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: mb ? 1 : 0 }).format(value);
}
