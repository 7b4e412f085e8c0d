import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../features/media/types.ts';
import { api } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { useCan } from '../shell/boot.tsx';
import { setQuery, useLocation } from '../shell/router.tsx';
import { Button, CheckboxField, Loading, Notice, Pagination } from '../shell/ui.tsx';
import { MediaGrid } from './MediaGrid.tsx';
import { MediaDetails } from './MediaDetails.tsx';
import { UploadZone } from './UploadZone.tsx';

/** The media library screen: upload, find, filter, edit texts, replace and delete. */
export default function MediaLibrary() {
  const t = useT();
  const can = useCan();
  const { search } = useLocation();
  const words = search.get('s') ?? '';
  const page = Math.max(1, Number(search.get('page') ?? 1) || 1);
  const mine = search.get('mine') === '1';
  const [typed, setTyped] = useState(words);
  useEffect(() => setTyped(words), [words]);
  const [selected, setSelected] = useState<MediaItem | null>(null);
  const queryClient = useQueryClient();
  const input = { search: words, page, mine };
  const list = useQuery({ queryKey: ['media.list', input], queryFn: () => api('media.list', input), placeholderData: keepPreviousData });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ s: typed.trim(), page: null });
  };

  return (
    <div className="adm-screen">
      <h1 tabIndex={-1}>{t('admin.nav.media')}</h1>
      {can('media.upload') ? (
        <UploadZone
          pasteTarget="document"
          onUploaded={(item) => {
            setSelected(item);
            void queryClient.invalidateQueries({ queryKey: ['media.list'] });
          }}
        />
      ) : (
        <Notice>{t('admin.media.cannotUpload')}</Notice>
      )}
      <div className="adm-filters">
        <form role="search" onSubmit={submit} className="adm-search">
          <label htmlFor="media-search" className="visually-hidden">
            {t('admin.media.search')}
          </label>
          <input id="media-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('admin.media.searchPlaceholder')} />
          <Button type="submit">{t('admin.list.search')}</Button>
        </form>
        <CheckboxField label={t('admin.media.mine')} checked={mine} onChange={(e) => setQuery({ mine: e.target.checked ? '1' : null, page: null })} />
      </div>
      <div className="adm-media-layout">
        <div className="adm-media-layout__grid">
          {list.isPending ? <Loading /> : null}
          {list.error ? <Notice tone="error">{list.error.message}</Notice> : null}
          {list.data ? (
            list.data.items.length ? (
              <MediaGrid items={list.data.items} selected={selected ? [selected.id] : []} onSelect={(ids) => setSelected(list.data.items.find((m) => m.id === ids[0]) ?? null)} label={t('admin.media.library')} />
            ) : (
              <p className="adm-empty">{words ? t('admin.list.noMatch') : t('admin.media.empty')}</p>
            )
          ) : null}
          {list.data ? <Pagination page={list.data.page} pages={list.data.pages} onPage={(p) => setQuery({ page: p === 1 ? null : p })} label={t('a11y.pagination')} /> : null}
        </div>
        {selected ? (
          <div className="adm-media-layout__details">
            <MediaDetails key={selected.id} item={selected} onChanged={setSelected} onDeleted={() => setSelected(null)} />
            <Button variant="ghost" onClick={() => setSelected(null)}>
              {t('admin.close')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
