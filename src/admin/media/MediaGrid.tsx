import { ListBox, ListBoxItem, type Selection } from 'react-aria-components';
import type { MediaItem } from '../../features/media/types.ts';
import { pick } from '../../features/media/types.ts';
import { useT } from '../shell/i18n.tsx';
import { fileIcon, fileTypeName, formatSize, isImage, type FileIcon } from '../../features/media/files.ts';

/** The marks drawn on a file's icon, by family (a sheet with a folded corner underneath). */
const ICON_MARKS: Record<FileIcon, string> = {
  document: 'M14 20h20M14 26h20M14 32h14',
  spreadsheet: 'M13 19h22v16H13zM13 27h22M24 19v16',
  slides: 'M13 19h22v13H13zM24 32v4M19 36h10',
  archive: 'M24 8v4M24 14v4M24 20v4M21 26h6v6h-6z',
  audio: 'M20 34a3 3 0 1 1 0-.1V20l10-3v13a3 3 0 1 1 0-.1',
  video: 'M14 20h14v12H14zM28 24l6-4v12l-6-4',
  file: 'M14 22h20M14 28h20',
};

/** A file's icon (its family) with its type (PDF, DOCX, MP3) under it; decorative, the name says the rest. */
export function FileThumb({ media }: { media: { file: string; mime: string } }) {
  const icon = fileIcon(media.mime);
  return (
    <span className={`adm-thumb adm-file-icon is-${icon}`} aria-hidden="true">
      <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
        <path d="M10 4h20l8 8v32H10z" fill="currentColor" opacity="0.14" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M30 4v8h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d={ICON_MARKS[icon]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="adm-file-icon__type">{fileTypeName(media.mime, media.file)}</span>
    </span>
  );
}

/** Thumbnail of an image: its smallest rendition, box reserved (a file that is not a picture: its icon). */
export function Thumb({ media, size = 160 }: { media: { file: string; mime: string; width: number; height: number; variants: MediaItem['variants']; alt: string }; size?: number }) {
  if (!isImage(media)) return <FileThumb media={media} />;
  const src = pick({ ...media, id: 0, caption: '' }, size).file;
  return <img className="adm-thumb" src={src} alt="" width={media.width} height={media.height} loading="lazy" decoding="async" />;
}

export const mediaName = (m: Pick<MediaItem, 'id' | 'title' | 'alt' | 'originalName'>) => m.title || m.alt || m.originalName || `#${m.id}`;

/** Type and size of a file that is not a picture ("PDF, 840 KB"). */
export const fileFacts = (m: Pick<MediaItem, 'mime' | 'file' | 'size'>, locale = 'en') => ({ type: fileTypeName(m.mime, m.file), size: formatSize(m.size, locale) });

/**
 * The library as a selectable grid (react-aria ListBox in grid layout): arrow keys move in two
 * dimensions, Space or Enter selects, each option is named by the image's title and alt text
 * (a file that is not a picture: its title, type and size, shown under its icon).
 */
export function MediaGrid({ items, selected, onSelect, label, multiple = false }: { items: MediaItem[]; selected: readonly number[]; onSelect: (ids: number[]) => void; label: string; multiple?: boolean }) {
  const t = useT();
  const change = (keys: Selection) => onSelect(keys === 'all' ? items.map((m) => m.id) : [...keys].map(Number));
  return (
    <ListBox aria-label={label} layout="grid" className="adm-media-grid" items={items} selectionMode={multiple ? 'multiple' : 'single'} selectedKeys={new Set(selected)} onSelectionChange={change}>
      {(m) => {
        const image = isImage(m);
        const facts = image ? '' : t('admin.media.fileTile', fileFacts(m));
        const name = image ? `${mediaName(m)}${m.title && m.alt && m.title !== m.alt ? `, ${m.alt}` : ''}` : `${mediaName(m)}, ${facts}`;
        return (
        <ListBoxItem id={m.id} textValue={name} aria-label={name} className={`adm-media-tile${image ? '' : ' is-file'}`}>
          <Thumb media={m} />
          <span className="adm-media-tile__name">{mediaName(m)}</span>
          {image && !m.alt ? <span className="adm-media-tile__warn">{t('admin.media.noAlt')}</span> : null}
          {!image ? <span className="adm-media-tile__facts">{facts}</span> : null}
        </ListBoxItem>
        );
      }}
    </ListBox>
  );
}
