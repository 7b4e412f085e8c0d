import { ListBox, ListBoxItem, type Selection } from 'react-aria-components';
import type { MediaItem } from '../../features/media/types.ts';
import { pick } from '../../features/media/types.ts';
import { useT } from '../shell/i18n.tsx';

/** Thumbnail of an image: its smallest rendition, box reserved. */
export function Thumb({ media, size = 160 }: { media: { file: string; mime: string; width: number; height: number; variants: MediaItem['variants']; alt: string }; size?: number }) {
  const src = pick({ ...media, id: 0, caption: '' }, size).file;
  return <img className="adm-thumb" src={src} alt="" width={media.width} height={media.height} loading="lazy" decoding="async" />;
}

export const mediaName = (m: Pick<MediaItem, 'id' | 'title' | 'alt' | 'originalName'>) => m.title || m.alt || m.originalName || `#${m.id}`;

/**
 * The library as a selectable grid (react-aria ListBox in grid layout): arrow keys move in two
 * dimensions, Space or Enter selects, each option is named by the image's title and alt text.
 */
export function MediaGrid({ items, selected, onSelect, label, multiple = false }: { items: MediaItem[]; selected: readonly number[]; onSelect: (ids: number[]) => void; label: string; multiple?: boolean }) {
  const t = useT();
  const change = (keys: Selection) => onSelect(keys === 'all' ? items.map((m) => m.id) : [...keys].map(Number));
  return (
    <ListBox aria-label={label} layout="grid" className="adm-media-grid" items={items} selectionMode={multiple ? 'multiple' : 'single'} selectedKeys={new Set(selected)} onSelectionChange={change}>
      {(m) => {
        const name = `${mediaName(m)}${m.title && m.alt && m.title !== m.alt ? `, ${m.alt}` : ''}`;
        return (
        <ListBoxItem id={m.id} textValue={name} aria-label={name} className="adm-media-tile">
          <Thumb media={m} />
          <span className="adm-media-tile__name">{mediaName(m)}</span>
          {!m.alt ? <span className="adm-media-tile__warn">{t('admin.media.noAlt')}</span> : null}
        </ListBoxItem>
        );
      }}
    </ListBox>
  );
}
