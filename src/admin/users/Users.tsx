import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roles, type Role } from '../../features/accounts/types.ts';
import { api, ApiError, type ActionResult } from '../shell/api.ts';
import { formatDateTime, useT } from '../shell/i18n.tsx';
import { announce } from '../shell/announce.tsx';
import { AdminDialog, Button, Loading, Notice, SelectField, TextField } from '../shell/ui.tsx';
import type { MessageKey } from '../../i18n/index.ts';

type Person = ActionResult<'users.list'>['users'][number];
const errorsOf = (e: unknown): Record<string, string> => (e instanceof ApiError ? { ...e.fields, ...(e.field ? { [e.field]: e.message } : {}) } : {});
const blank = { login: '', email: '', displayName: '', role: 'author' as Role };

/** Accounts (administrator): invite, change role, lock and unlock, delete with the content handed on. */
export default function Users() {
  const t = useT();
  const queryClient = useQueryClient();
  const roleName = (r: Role) => t(`admin.users.role.${r}` as MessageKey);
  const list = useQuery({ queryKey: ['users.list'], queryFn: () => api('users.list', {}) });
  const [draft, setDraft] = useState(blank);
  const [deleting, setDeleting] = useState<{ person: Person; heir: number | null } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['users.list'] });
  const invite = useMutation({
    mutationFn: () => api('users.invite', draft),
    onSuccess: (r) => {
      setDraft(blank);
      announce(t(r.delivered === false ? 'admin.users.invitedQueued' : 'admin.users.invited', { email: r.user.email }));
      refresh();
    },
  });
  const setRole = useMutation({
    mutationFn: (v: { id: number; role: Role }) => api('users.setRole', v),
    onSuccess: (p) => {
      announce(t('admin.users.roleChanged', { name: p.displayName, role: roleName(p.role) }));
      refresh();
    },
    onError: () => refresh(),
  });
  const lock = useMutation({
    mutationFn: (v: { id: number; locked: boolean }) => api('users.lock', v),
    onSuccess: (p) => {
      announce(t(p.locked ? 'admin.users.lockedDone' : 'admin.users.unlockedDone', { name: p.displayName }));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (v: { id: number; reassignTo: number }) => api('users.delete', v),
    onSuccess: (r) => {
      setDeleting(null);
      announce(t('admin.users.deleted', { name: people.find((p) => p.id === r.reassignedTo)?.displayName ?? '' }));
      refresh();
    },
  });
  const people = list.data?.users ?? [];
  const me = list.data?.me;
  const inviteErrors = errorsOf(invite.error);
  const rowError = setRole.error ?? lock.error;

  return (
    <div className="adm-screen">
      <h1 tabIndex={-1}>{t('admin.nav.users')}</h1>
      <form
        className="adm-panel adm-form"
        aria-labelledby="users-invite"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          invite.mutate();
        }}
      >
        <h2 id="users-invite">{t('admin.users.invite')}</h2>
        <p className="adm-lede">{t('admin.users.inviteHint')}</p>
        <div className="adm-settings-pair">
          <TextField label={t('admin.users.login')} value={draft.login} required autoComplete="off" spellCheck={false} onChange={(e) => setDraft({ ...draft, login: e.target.value })} error={inviteErrors.login} />
          <TextField label={t('admin.users.email')} type="email" value={draft.email} required autoComplete="off" onChange={(e) => setDraft({ ...draft, email: e.target.value })} error={inviteErrors.email} />
          <TextField label={t('admin.users.displayName')} value={draft.displayName} onChange={(e) => setDraft({ ...draft, displayName: e.target.value })} error={inviteErrors.displayName} />
          <SelectField label={t('admin.users.role')} value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value as Role })} options={roles.map((r) => ({ value: r, label: roleName(r) }))} error={inviteErrors.role} />
        </div>
        {invite.error && !Object.keys(inviteErrors).length ? <Notice tone="error">{invite.error.message}</Notice> : null}
        <Button type="submit" variant="primary" disabled={invite.isPending}>
          {t('admin.users.send')}
        </Button>
      </form>

      {list.isPending ? <Loading /> : null}
      {list.error ? <Notice tone="error">{list.error.message}</Notice> : null}
      {rowError ? <Notice tone="error">{rowError.message}</Notice> : null}
      {people.length ? (
        <table className="adm-table">
          <caption className="visually-hidden">{t('admin.users.list')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.users.name')}</th>
              <th scope="col">{t('admin.users.email')}</th>
              <th scope="col">{t('admin.users.role')}</th>
              <th scope="col">{t('admin.users.lastLogin')}</th>
              <th scope="col">{t('admin.users.posts')}</th>
              <th scope="col">{t('admin.users.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {people.map((p) => {
              const self = p.id === me;
              return (
                <tr key={p.id}>
                  <th scope="row" className="adm-break">
                    {p.displayName} {self ? <span className="adm-muted">{t('admin.users.you')}</span> : null}
                    <span className="adm-muted adm-table__desc">{p.login}</span>
                    {p.locked ? <span className="adm-badge adm-badge--trash">{t('admin.users.locked')}</span> : null}
                  </th>
                  <td data-label={t('admin.users.email')} className="adm-break">
                    {p.email}
                  </td>
                  <td data-label={t('admin.users.role')}>
                    {self ? (
                      roleName(p.role)
                    ) : (
                      <>
                        <label className="visually-hidden" htmlFor={`role-${p.id}`}>
                          {t('admin.users.roleOf', { name: p.displayName })}
                        </label>
                        <select id={`role-${p.id}`} className="adm-select" value={p.role} disabled={setRole.isPending} onChange={(e) => setRole.mutate({ id: p.id, role: e.target.value as Role })}>
                          {roles.map((r) => (
                            <option key={r} value={r}>
                              {roleName(r)}
                            </option>
                          ))}
                        </select>
                      </>
                    )}
                  </td>
                  <td data-label={t('admin.users.lastLogin')}>{p.lastLoginAt ? formatDateTime(p.lastLoginAt) : t('admin.users.never')}</td>
                  <td data-label={t('admin.users.posts')}>{p.posts}</td>
                  <td>
                    {self ? null : (
                      <div className="adm-table__actions">
                        <button type="button" className="adm-link" onClick={() => lock.mutate({ id: p.id, locked: !p.locked })} disabled={lock.isPending}>
                          {t(p.locked ? 'admin.users.unlock' : 'admin.users.lock')}
                          <span className="visually-hidden"> {p.displayName}</span>
                        </button>
                        <button type="button" className="adm-link adm-link--danger" onClick={() => setDeleting({ person: p, heir: null })}>
                          {t('admin.users.delete')}
                          <span className="visually-hidden"> {p.displayName}</span>
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}

      <AdminDialog title={deleting ? t('admin.users.deleteTitle', { name: deleting.person.displayName }) : ''} isOpen={!!deleting} onClose={() => setDeleting(null)}>
        {deleting ? (
          <form
            className="adm-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (deleting.heir) remove.mutate({ id: deleting.person.id, reassignTo: deleting.heir });
            }}
          >
            <p>{t('admin.users.deleteText', { n: deleting.person.posts })}</p>
            <SelectField
              label={t('admin.users.reassignTo')}
              value={String(deleting.heir ?? '')}
              required
              onChange={(e) => setDeleting({ ...deleting, heir: e.target.value ? Number(e.target.value) : null })}
              options={[{ value: '', label: t('admin.users.choose') }, ...people.filter((x) => x.id !== deleting.person.id).map((x) => ({ value: String(x.id), label: `${x.displayName} (${x.login})` }))]}
              error={errorsOf(remove.error).reassignTo}
            />
            {remove.error && !errorsOf(remove.error).reassignTo ? <Notice tone="error">{remove.error.message}</Notice> : null}
            <div className="adm-actions">
              <Button type="submit" variant="danger" disabled={!deleting.heir || remove.isPending}>
                {t('admin.users.delete')}
              </Button>
              <Button onClick={() => setDeleting(null)}>{t('admin.cancel')}</Button>
            </div>
          </form>
        ) : null}
      </AdminDialog>
    </div>
  );
}
