import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type ActionResult } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { useCan } from '../shell/boot.tsx';
import { Link, navigate } from '../shell/router.tsx';
import { announce } from '../shell/announce.tsx';
import { AdminDialog, Button, Loading, Notice, StatusBadge, TextField } from '../shell/ui.tsx';

type Row = ActionResult<'forms.list'>[number];
type User = Row['usedBy'][number];

/** Pages a refused delete names (the server's `details.usedBy`). */
const usersOf = (e: unknown): User[] => {
  const d = e instanceof ApiError ? (e.details as { usedBy?: User[] } | undefined) : undefined;
  return Array.isArray(d?.usedBy) ? d.usedBy : [];
};

function UsedBy({ users }: { users: User[] }) {
  const t = useT();
  if (!users.length) return <span className="adm-muted">{t('admin.forms.unused')}</span>;
  return (
    <ul className="adm-forms__used">
      {users.map((u) => (
        <li key={`${u.kind}-${u.id}`}>
          <Link to={u.url}>{u.title || `#${u.id}`}</Link> {u.status !== 'publish' ? <StatusBadge status={u.status} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The contact forms: each with the block choice that puts it on a page, the pages that show it,
 * its submissions; create, duplicate and delete (refused while a page shows it: the answer lists
 * those pages).
 */
export default function FormsList() {
  const t = useT();
  const can = useCan();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['forms.list'], queryFn: () => api('forms.list', {}) });
  const [title, setTitle] = useState('');
  const [deleting, setDeleting] = useState<Row | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['forms.list'] });
  const create = useMutation({
    mutationFn: (name: string) => api('forms.create', { title: name }),
    onSuccess: (r) => {
      announce(t('admin.forms.created', { title: r.title }));
      void refresh();
      navigate(`/admin/forms/${r.id}/`);
    },
  });
  const duplicate = useMutation({
    mutationFn: (id: number) => api('forms.duplicate', { id }),
    onSuccess: (r) => {
      announce(t('admin.forms.duplicated', { title: r.title }));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('forms.delete', { id }),
    onSuccess: () => {
      setDeleting(null);
      announce(t('admin.forms.deleted'));
      void refresh();
    },
  });
  const rows = list.data ?? [];
  const refusedBy = usersOf(remove.error);
  const createError = create.error instanceof ApiError ? (create.error.fields.title ?? create.error.message) : create.error?.message;

  return (
    <div className="adm-screen">
      <h1 tabIndex={-1}>{t('admin.nav.forms')}</h1>
      <p className="adm-lede">{t('admin.forms.lede')}</p>
      <form
        className="adm-panel adm-form adm-forms__add"
        aria-labelledby="form-add"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(title);
        }}
      >
        <h2 id="form-add">{t('admin.forms.add')}</h2>
        <TextField label={t('admin.forms.newTitle')} value={title} required maxLength={200} onChange={(e) => setTitle(e.target.value)} error={createError} />
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {t('admin.forms.create')}
        </Button>
      </form>

      {list.isPending ? <Loading /> : null}
      {list.error ? <Notice tone="error">{list.error.message}</Notice> : null}
      {duplicate.error ? <Notice tone="error">{duplicate.error.message}</Notice> : null}
      {list.data && !rows.length ? <p className="adm-empty">{t('admin.forms.empty')}</p> : null}
      {rows.length ? (
        <table className="adm-table adm-forms">
          <caption className="visually-hidden">{t('admin.forms.list')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.forms.title')}</th>
              <th scope="col">{t('admin.forms.id')}</th>
              <th scope="col">{t('admin.forms.usedOn')}</th>
              <th scope="col">{t('admin.forms.submissions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row" className="adm-table__title">
                  <Link to={`/admin/forms/${r.id}/`}>{r.title}</Link>
                  <div className="adm-row-actions">
                    <Link to={`/admin/forms/${r.id}/`}>
                      {t('admin.forms.edit')}
                      <span className="visually-hidden"> {r.title}</span>
                    </Link>
                    <button type="button" className="adm-link" onClick={() => duplicate.mutate(r.id)} disabled={duplicate.isPending}>
                      {t('admin.forms.duplicate')}
                      <span className="visually-hidden"> {r.title}</span>
                    </button>
                    <button
                      type="button"
                      className="adm-link adm-link--danger"
                      onClick={() => {
                        remove.reset();
                        setDeleting(r);
                      }}
                    >
                      {t('admin.forms.delete')}
                      <span className="visually-hidden"> {r.title}</span>
                    </button>
                  </div>
                </th>
                <td data-label={t('admin.forms.id')}>
                  <code>{t('admin.forms.idValue', { title: r.title, id: r.id })}</code>
                </td>
                <td data-label={t('admin.forms.usedOn')}>
                  <UsedBy users={r.usedBy} />
                </td>
                <td data-label={t('admin.forms.submissions')}>{can('submissions.read') ? <Link to={`/admin/submissions/?form=${r.id}`}>{r.submissions}</Link> : r.submissions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <AdminDialog title={deleting ? t('admin.forms.deleteTitle', { title: deleting.title }) : ''} isOpen={!!deleting} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            {remove.error ? (
              <Notice tone="error">
                <p>{refusedBy.length ? t('admin.forms.inUse') : remove.error.message}</p>
                {refusedBy.length ? <UsedBy users={refusedBy} /> : null}
              </Notice>
            ) : (
              <p>{t('admin.forms.deleteText')}</p>
            )}
            <div className="adm-actions">
              {!remove.error ? (
                <Button variant="danger" onClick={() => remove.mutate(deleting.id)} disabled={remove.isPending}>
                  {t('admin.forms.delete')}
                </Button>
              ) : null}
              <Button onClick={() => setDeleting(null)}>{t('admin.cancel')}</Button>
            </div>
          </>
        ) : null}
      </AdminDialog>
    </div>
  );
}
