import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fieldsAsText, type ContentFields, type EditableItem } from '../../features/content/fields.ts';
import type { ContentKind } from '../../features/content/status.ts';
import { api, ApiError } from '../shell/api.ts';
import { useT, formatDateTime } from '../shell/i18n.tsx';
import { AdminDialog, Button, Loading, Notice } from '../shell/ui.tsx';
import { DiffView } from './Diff.tsx';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * Every saved revision with who saved it and when; choosing one shows what restoring it would
 * change in the editor now, and restores it as a new revision (nothing is ever overwritten).
 */
export function RevisionsDialog({ isOpen, onClose, kind, id, revision, current, dirty, onRestored }: { isOpen: boolean; onClose: () => void; kind: ContentKind; id: number; revision: number; current: () => ContentFields; dirty: boolean; onRestored: (item: EditableItem) => void }) {
  const t = useT();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = useQuery({ queryKey: ['items.revisions', kind, id, revision], queryFn: () => api('items.revisions', { kind, id }), enabled: isOpen });
  const detail = useQuery({ queryKey: ['items.revision', id, chosen], queryFn: () => api('items.revision', { kind, id, revisionId: chosen! }), enabled: isOpen && chosen !== null });
  const restore = useMutation({
    mutationFn: () => api('items.restoreRevision', { kind, id, revisionId: chosen!, revision }),
    onSuccess: (item) => {
      onRestored(item);
      setChosen(null);
      onClose();
    },
  });
  const when = (r: { createdAt: string; authorName: string; kind: string }) => `${formatDateTime(r.createdAt)} · ${r.authorName || t('admin.revisions.system')} · ${t(`admin.revisions.kind.${r.kind}` as MessageKey)}`;
  return (
    <AdminDialog title={t('admin.revisions.title')} isOpen={isOpen} onClose={onClose} wide>
      <div className="adm-revisions">
        <div className="adm-revisions__list">
          {list.isPending ? <Loading /> : null}
          {list.error ? <Notice tone="error">{list.error.message}</Notice> : null}
          <ul aria-label={t('admin.revisions.list')}>
            {(list.data ?? []).map((r, i) => (
              <li key={r.id}>
                <button type="button" className={`adm-revision${chosen === r.id ? ' is-selected' : ''}`} aria-pressed={chosen === r.id} onClick={() => setChosen(r.id)}>
                  <span className="adm-revision__n">{t('admin.revisions.n', { n: r.revision })}</span>
                  {i === 0 ? <span className="adm-badge">{t('admin.revisions.latest')}</span> : null}
                  <span className="adm-revision__meta">{when(r)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="adm-revisions__view">
          {chosen === null ? <p className="adm-muted">{t('admin.revisions.choose')}</p> : null}
          {detail.isPending && chosen !== null ? <Loading /> : null}
          {detail.data ? (
            <>
              <h3>{t('admin.revisions.compareTitle', { when: when(detail.data) })}</h3>
              <DiffView before={fieldsAsText(current())} after={fieldsAsText(detail.data.fields)} beforeLabel={t('admin.revisions.now')} afterLabel={t('admin.revisions.thatOne')} />
              {dirty ? <Notice tone="warning">{t('admin.revisions.saveFirst')}</Notice> : null}
              {restore.error ? <Notice tone="error">{(restore.error as ApiError).message}</Notice> : null}
              <div className="adm-actions">
                <Button variant="primary" onClick={() => restore.mutate()} disabled={dirty || restore.isPending}>
                  {t('admin.revisions.restore')}
                </Button>
              </div>
            </>
          ) : null}
        </div>
      </div>
      <div className="adm-actions">
        <Button onClick={onClose}>{t('admin.close')}</Button>
      </div>
    </AdminDialog>
  );
}
