import { diffLines } from 'diff';
import { useT } from '../shell/i18n.tsx';

/** Line differences between two versions, marked for eyes (colour) and ears (added/removed). */
export function DiffView({ before, after, beforeLabel, afterLabel }: { before: string; after: string; beforeLabel: string; afterLabel: string }) {
  const t = useT();
  const parts = diffLines(before, after);
  const changed = parts.some((p) => p.added || p.removed);
  return (
    <div className="adm-diff">
      <p className="adm-diff__legend">
        <span className="adm-diff__del">{t('admin.diff.removedIn', { label: beforeLabel })}</span> <span className="adm-diff__ins">{t('admin.diff.addedIn', { label: afterLabel })}</span>
      </p>
      {changed ? (
        <pre className="adm-diff__text">
          {parts.map((p, i) =>
            p.added ? (
              <ins key={i}>
                <span className="visually-hidden">{t('admin.diff.added')} </span>
                {p.value}
              </ins>
            ) : p.removed ? (
              <del key={i}>
                <span className="visually-hidden">{t('admin.diff.removed')} </span>
                {p.value}
              </del>
            ) : (
              <span key={i}>{p.value}</span>
            ),
          )}
        </pre>
      ) : (
        <p>{t('admin.diff.same')}</p>
      )}
    </div>
  );
}
