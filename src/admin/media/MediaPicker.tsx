import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../features/media/types.ts';
import { api, ApiError } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { useCan } from '../shell/boot.tsx';
import { AdminDialog, Button, Loading, Notice, Pagination, TextField } from '../shell/ui.tsx';
import { MediaGrid, Thumb } from './MediaGrid.tsx';
import { UploadZone } from './UploadZone.tsx';
import { isImage } from '../../features/media/files.ts';

/**
 * Chooses one or several images from the library (or uploads them right here) for the editor:
 * featured image, image and gallery blocks. Every chosen image needs its alt text before it can
 * be inserted; it is written right here and saved to the library with the insert.
 */
export function MediaPicker({ isOpen, onClose, onChoose, multiple = false, title, confirmLabel, initial = [] }: { isOpen: boolean; onClose: () => void; onChoose: (items: MediaItem[]) => void; multiple?: boolean; title: string; confirmLabel: string; initial?: number[] }) {
  return (
    <AdminDialog title={title} isOpen={isOpen} onClose={onClose} wide>
      {isOpen ? <PickerBody onClose={onClose} onChoose={onChoose} multiple={multiple} confirmLabel={confirmLabel} initial={initial} /> : null}
    </AdminDialog>
  );
}

function PickerBody({ onClose, onChoose, multiple, confirmLabel, initial }: { onClose: () => void; onChoose: (items: MediaItem[]) => void; multiple: boolean; confirmLabel: string; initial: number[] }) {
  const t = useT();
  const can = useCan();
  const queryClient = useQueryClient();
  const [words, setWords] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<MediaItem[]>([]);
  const [alts, setAlts] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = { search: words, page, perPage: 24, kind: 'image' as const };
  const list = useQuery({ queryKey: ['media.list', input], queryFn: () => api('media.list', input), placeholderData: keepPreviousData });
  const preset = useQuery({ queryKey: ['media.many', initial], queryFn: () => api('media.many', { ids: initial }), enabled: initial.length > 0 });

  useEffect(() => {
    if (preset.data && !chosen.length) setChosen(initial.flatMap((id) => (preset.data[id] ? [{ title: '', credit: '', originalName: '', size: 0, uploadedBy: null, createdAt: '', updatedAt: '', ...preset.data[id] } as MediaItem] : [])));
    // only once, when the preset arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preset.data]);

  const select = (ids: number[]) => {
    const known = [...chosen, ...(list.data?.items ?? [])];
    setChosen(ids.flatMap((id) => known.find((m) => m.id === id) ?? []));
  };
  const altOf = (m: MediaItem) => alts[m.id] ?? m.alt;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setFailure(null);
    const missing = chosen.filter((m) => !altOf(m).trim());
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((m) => [m.id, t('admin.media.altRequired')])));
      document.querySelector<HTMLInputElement>(`[data-media-alt="${missing[0]!.id}"]`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved: MediaItem[] = [];
      for (const m of chosen) {
        const alt = altOf(m).trim();
        saved.push(alt !== m.alt ? await api('media.update', { id: m.id, alt }) : m);
      }
      void queryClient.invalidateQueries({ queryKey: ['media.list'] });
      onChoose(saved);
      onClose();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="adm-picker">
      {can('media.upload') ? (
        <UploadZone
          imagesOnly
          onUploaded={(item) => {
            // a file that is not a picture goes to the library but cannot be chosen here
            if (!isImage(item)) return;
            setChosen((list) => (multiple ? [...list, item] : [item]));
            void queryClient.invalidateQueries({ queryKey: ['media.list'] });
          }}
        />
      ) : null}
      <form
        role="search"
        className="adm-search"
        onSubmit={(e) => {
          e.preventDefault();
          setWords(typed.trim());
          setPage(1);
        }}
      >
        <label htmlFor="picker-search" className="visually-hidden">
          {t('admin.media.search')}
        </label>
        <input id="picker-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('admin.media.searchPlaceholder')} />
        <Button type="submit">{t('admin.list.search')}</Button>
      </form>
      <div className="adm-picker__body">
        <div className="adm-picker__grid">
          {list.isPending ? <Loading /> : null}
          {list.data ? <MediaGrid items={list.data.items} selected={chosen.map((c) => c.id)} onSelect={select} multiple={multiple} label={t('admin.media.library')} /> : null}
          {list.data ? <Pagination page={list.data.page} pages={list.data.pages} onPage={setPage} label={t('a11y.pagination')} /> : null}
        </div>
        <form className="adm-picker__chosen" onSubmit={(e) => void submit(e)} aria-label={t('admin.media.chosen')} noValidate>
          <h3>{t('admin.media.chosenCount', { n: chosen.length })}</h3>
          {chosen.length ? null : <p className="adm-muted">{t(multiple ? 'admin.media.pickSeveral' : 'admin.media.pickOne')}</p>}
          <ul>
            {chosen.map((m) => (
              <li key={m.id} className="adm-picker__item">
                <Thumb media={m} size={120} />
                <TextField
                  label={t('admin.media.altFor', { name: m.title || m.originalName || `#${m.id}` })}
                  value={altOf(m)}
                  onChange={(e) => setAlts({ ...alts, [m.id]: e.target.value })}
                  error={errors[m.id]}
                  required
                  maxLength={500}
                  {...{ 'data-media-alt': m.id }}
                />
              </li>
            ))}
          </ul>
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <div className="adm-actions">
            <Button type="submit" variant="primary" disabled={!chosen.length || busy}>
              {confirmLabel}
            </Button>
            <Button onClick={onClose}>{t('admin.cancel')}</Button>
          </div>
        </form>
      </div>
    </div>
  );
}
