import type { MediaItem } from '../../features/media/types.ts';
import { pick } from '../../features/media/types.ts';
import { useT } from '../shell/i18n.tsx';

/** Thumbnail of an image: its smallest rendition, box reserved. */
export function Thumb({ media, size = 160 }: { media: { file: string; mime: string; width: number; height: number; variants: MediaItem['variants']; alt: string }; size?: number }) {
  const src = pick({ ...media, id: 0, caption: '' }, size).file;
  return <img className="adm-thumb" src={src} alt="" width={media.width} height={media.height} loading="lazy" decoding="async" />;
}

/**
 * The library as a grid of toggle buttons (each named by the image's title and alt text, pressed
 * when selected): keyboard and screen-reader friendly without a custom grid widget.
 */
export function MediaGrid({ items, selected, onToggle, label }: { items: MediaItem[]; selected: readonly number[]; onToggle: (item: MediaItem) => void; label: string }) {
  const t = useT();
  return (
    <ul className="adm-media-grid" aria-label={label}>
      {items.map((m) => {
        const on = selected.includes(m.id);
        return (
          <li key={m.id}>
            <button type="button" className={`adm-media-tile${on ? ' is-selected' : ''}`} aria-pressed={on} onClick={() => onToggle(m)}>
              <Thumb media={m} />
              <span className="adm-media-tile__name">{m.title || m.originalName || `#${m.id}`}</span>
              {!m.alt ? <span className="adm-media-tile__warn">{t('admin.media.noAlt')}</span> : <span className="visually-hidden">{m.alt}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
