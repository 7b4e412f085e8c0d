import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../features/media/types.ts';
import { api, ApiError } from '../shell/api.ts';
import { useT, formatDateTime } from '../shell/i18n.tsx';
import { useBoot, useCan } from '../shell/boot.tsx';
import { announce } from '../shell/announce.tsx';
import { AdminDialog, Button, Notice, TextArea, TextField } from '../shell/ui.tsx';
import { Link } from '../shell/router.tsx';
import { fileFacts, Thumb } from './MediaGrid.tsx';
import { uploadFile } from './upload.ts';
import { ACCEPT_ALL, ACCEPT_IMAGES, isImage } from '../../features/media/files.ts';

interface Usage {
  items: { kind: string; id: number; title: string; url: string }[];
  authors: { id: number; displayName: string }[];
  homePage: boolean;
}

/**
 * One image's details: alt text (required before it can be inserted), caption, credit and title;
 * replace its file (same id, every use shows the new picture); delete it (refused, with the list
 * of places, while something uses it). A file that is not a picture: its type, size and address
 * (shown, copied, opened), title and caption; no alt text; in use while content links to it.
 */
export function MediaDetails({ item, onChanged, onDeleted }: { item: MediaItem; onChanged: (m: MediaItem) => void; onDeleted: (id: number) => void }) {
  const t = useT();
  const can = useCan();
  const { user } = useBoot();
  const queryClient = useQueryClient();
  const mayEdit = can('media.editOthers') || (can('media.upload') && item.uploadedBy === user.id);
  const [form, setForm] = useState({ alt: item.alt, caption: item.caption, credit: item.credit, title: item.title });
  const [replacing, setReplacing] = useState<number | null>(null);
  const [confirm, setConfirm] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const image = isImage(item);
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const address = typeof window === 'undefined' ? item.file : new URL(item.file, window.location.origin).href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied('ok');
      announce(t('admin.media.copied'));
    } catch {
      setCopied('failed');
    }
  };
  useEffect(() => setForm({ alt: item.alt, caption: item.caption, credit: item.credit, title: item.title }), [item]);

  const save = useMutation({
    mutationFn: () => api('media.update', { id: item.id, ...form }),
    onSuccess: (m) => {
      announce(t(image ? 'admin.media.saved' : 'admin.media.fileSaved'));
      onChanged(m);
      void queryClient.invalidateQueries({ queryKey: ['media.list'] });
    },
  });
  const remove = useMutation({
    mutationFn: () => api('media.delete', { id: item.id }),
    onSuccess: () => {
      setConfirm(false);
      announce(t(image ? 'admin.media.deleted' : 'admin.media.fileDeleted'));
      onDeleted(item.id);
      void queryClient.invalidateQueries({ queryKey: ['media.list'] });
    },
    onError: () => setConfirm(false),
  });
  const [replaceError, setReplaceError] = useState<string | null>(null);
  const replace = async (file: File) => {
    setReplaceError(null);
    setReplacing(0);
    try {
      const m = await uploadFile(file, (p) => setReplacing(p), { id: String(item.id) });
      announce(t(image ? 'admin.media.replaced' : 'admin.media.fileReplaced'));
      onChanged(m);
      void queryClient.invalidateQueries({ queryKey: ['media.list'] });
    } catch (err) {
      setReplaceError(err instanceof Error ? err.message : String(err));
    } finally {
      setReplacing(null);
    }
  };

  const err = save.error instanceof ApiError ? save.error : null;
  const usage = remove.error instanceof ApiError && remove.error.code === 'in_use' ? (remove.error.details as Usage) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  return (
    <section className="adm-media-details" aria-labelledby={`media-${item.id}-title`}>
      <h2 id={`media-${item.id}-title`}>{item.title || item.originalName || t(image ? 'admin.media.image' : 'admin.media.file')}</h2>
      <div className="adm-media-details__preview">
        <Thumb media={item} size={480} />
      </div>
      <p className="adm-muted">
        {image
          ? t('admin.media.facts', { width: item.width, height: item.height, size: (item.size / 1024).toFixed(0), date: formatDateTime(item.createdAt) })
          : t('admin.media.fileFacts', { ...fileFacts(item), date: formatDateTime(item.createdAt) })}
        {item.originalName ? ` · ${item.originalName}` : ''}
      </p>
      {!image ? (
        <div className="adm-media-address">
          <TextField label={t('admin.media.address')} value={address} readOnly onFocus={(e) => e.currentTarget.select()} error={copied === 'failed' ? t('admin.media.copyFailed') : undefined} />
          <Button onClick={() => void copy()}>{t('admin.media.copyAddress')}</Button>
          <a className="adm-btn" href={item.file} target="_blank" rel="noopener">
            {t('admin.media.open')}
          </a>
        </div>
      ) : null}
      <form onSubmit={submit} className="adm-form">
        {image ? (
          <TextField label={t('admin.media.alt')} hint={t('admin.media.altHint')} value={form.alt} onChange={(e) => setForm({ ...form, alt: e.target.value })} error={err?.fields.alt} disabled={!mayEdit} maxLength={500} />
        ) : null}
        <TextField label={t('admin.media.caption')} value={form.caption} onChange={(e) => setForm({ ...form, caption: e.target.value })} error={err?.fields.caption} disabled={!mayEdit} />
        {image ? <TextField label={t('admin.media.credit')} value={form.credit} onChange={(e) => setForm({ ...form, credit: e.target.value })} error={err?.fields.credit} disabled={!mayEdit} /> : null}
        <TextArea label={t('admin.media.title')} rows={2} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} error={err?.fields.title} disabled={!mayEdit} />
        {err && !Object.keys(err.fields).length ? <Notice tone="error">{err.message}</Notice> : null}
        {mayEdit ? (
          <div className="adm-actions">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {t('admin.media.saveDetails')}
            </Button>
            <Button onClick={() => fileInput.current?.click()} disabled={replacing !== null}>
              {t('admin.media.replace')}
            </Button>
            <Button variant="danger" onClick={() => setConfirm(true)}>
              {t(image ? 'admin.media.delete' : 'admin.media.deleteFile')}
            </Button>
            <input ref={fileInput} type="file" hidden accept={image ? ACCEPT_IMAGES : ACCEPT_ALL} onChange={(e) => e.target.files?.[0] && void replace(e.target.files[0])} />
          </div>
        ) : (
          <p className="adm-muted">{t(image ? 'admin.media.notYours' : 'admin.media.fileNotYours')}</p>
        )}
        {replacing !== null ? <progress max={1} value={replacing} aria-label={t('admin.media.progress', { name: item.originalName })} /> : null}
        {replaceError ? <Notice tone="error">{replaceError}</Notice> : null}
      </form>
      {remove.error ? (
        <Notice tone="error">
          {remove.error.message}
          {usage?.items.length ? (
            <ul>
              {usage.items.map((u) => (
                <li key={`${u.kind}-${u.id}`}>
                  <Link to={u.url}>{u.title || `#${u.id}`}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
      <AdminDialog title={t(image ? 'admin.media.deleteTitle' : 'admin.media.deleteFileTitle')} isOpen={confirm} onClose={() => setConfirm(false)}>
        <p>{t(image ? 'admin.media.deleteText' : 'admin.media.deleteFileText')}</p>
        <div className="adm-actions">
          <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t('admin.media.deleteConfirm')}
          </Button>
          <Button onClick={() => setConfirm(false)}>{t('admin.cancel')}</Button>
        </div>
      </AdminDialog>
    </section>
  );
}
