import { fieldsAsText, type ContentFields, type EditableItem } from '../../features/content/fields.ts';
import { useT, formatDateTime } from '../shell/i18n.tsx';
import { AdminDialog, Button } from '../shell/ui.tsx';
import { DiffView } from './Diff.tsx';

/**
 * Two people (or two tabs) edited the same item: the save was refused because the item changed
 * since this editor loaded it. Nothing was overwritten. Choose: keep this version (saved over
 * theirs, which stays in the revisions), or load theirs (this version stays on this device until
 * the next change). The differences are one click away.
 */
export interface ConflictInfo {
  theirs: EditableItem;
  savedBy: string;
  savedAt: string;
}

export function ConflictDialog({ conflict, mine, onKeepMine, onLoadTheirs }: { conflict: ConflictInfo | null; mine: () => ContentFields; onKeepMine: () => void; onLoadTheirs: () => void }) {
  const t = useT();
  return (
    <AdminDialog title={t('admin.conflict.title')} isOpen={!!conflict} onClose={() => undefined} dismissable={false} wide>
      {conflict ? (
        <>
          <p>{t('admin.conflict.text', { name: conflict.savedBy || t('admin.conflict.someone'), when: formatDateTime(conflict.savedAt) })}</p>
          <details className="adm-conflict__diff">
            <summary>{t('admin.conflict.compare')}</summary>
            <DiffView before={fieldsAsText(conflict.theirs.fields)} after={fieldsAsText(mine())} beforeLabel={t('admin.conflict.theirs')} afterLabel={t('admin.conflict.mine')} />
          </details>
          <div className="adm-actions">
            <Button variant="primary" onClick={onKeepMine}>
              {t('admin.conflict.keepMine')}
            </Button>
            <Button onClick={onLoadTheirs}>{t('admin.conflict.loadTheirs')}</Button>
          </div>
        </>
      ) : null}
    </AdminDialog>
  );
}
