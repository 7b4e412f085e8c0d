import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { MediaItem } from '../../features/media/types.ts';
import { useT } from '../shell/i18n.tsx';
import { announce } from '../shell/announce.tsx';
import { Button } from '../shell/ui.tsx';
import { useUploads } from './upload.ts';
import { ACCEPT_ALL, ACCEPT_IMAGES } from '../../features/media/files.ts';

/**
 * Upload by the "Upload" button (pictures, and in the library other files: documents, audio, video) (file picker, several at once), by dropping files on the zone, or
 * by pasting images anywhere in it; each file gets its own progress bar and, if refused, the
 * server's reason (type checked by content, size limit).
 */
export function UploadZone({ onUploaded, children, pasteTarget = 'zone', imagesOnly = false }: { onUploaded: (item: MediaItem) => void; children?: React.ReactNode; pasteTarget?: 'zone' | 'document'; imagesOnly?: boolean }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const zone = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const { uploads, add, busy } = useUploads((item) => {
    announce(t('admin.media.uploaded', { name: item.originalName || item.title }));
    onUploaded(item);
  });

  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
      if (!files.length) return;
      if (pasteTarget === 'zone' && !zone.current?.contains(document.activeElement)) return;
      e.preventDefault();
      add(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [add, pasteTarget]);

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add([...e.dataTransfer.files]);
  };

  return (
    <div
      ref={zone}
      className={`adm-upload${over ? ' is-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <div className="adm-upload__bar">
        <Button variant="primary" onClick={() => input.current?.click()}>
          {t('admin.media.upload')}
        </Button>
        <span className="adm-muted">{t(imagesOnly ? 'admin.media.dropHint' : 'admin.media.dropHintFiles')}</span>
        <input
          ref={input}
          type="file"
          multiple
          accept={imagesOnly ? ACCEPT_IMAGES : ACCEPT_ALL}
          hidden
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {uploads.length ? (
        <ul className="adm-upload__list" aria-label={t('admin.media.uploads')} aria-busy={busy}>
          {uploads.map((u) => (
            <li key={u.key} className={`adm-upload__item is-${u.status}`}>
              <span className="adm-upload__name">{u.name}</span>
              <progress max={1} value={u.progress} aria-label={t('admin.media.progress', { name: u.name })} />
              <span className="adm-upload__state">
                {u.status === 'failed' ? u.error : t(`admin.media.state.${u.status}` as 'admin.media.state.done', { percent: Math.round(u.progress * 100) })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
