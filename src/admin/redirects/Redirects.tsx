import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { setQuery, useLocation } from '../shell/router.tsx';
import { announce } from '../shell/announce.tsx';
import { AdminDialog, Button, Loading, Notice, Pagination, SelectField, TextField } from '../shell/ui.tsx';
import type { MessageKey } from '../../i18n/index.ts';

type Source = 'slug' | 'import' | 'manual';
interface Draft {
  id?: number;
  from: string;
  to: string;
  status: 301 | 302;
}
interface Row {
  id: number;
  from: string;
  to: string;
  status: 301 | 302;
  source: Source;
  hits: number;
}
const blank: Draft = { from: '', to: '', status: 301 };
const sources: Source[] = ['slug', 'import', 'manual'];
const errorsOf = (e: unknown): Record<string, string> => (e instanceof ApiError ? { ...e.fields, ...(e.field ? { [e.field]: e.message } : {}) } : {});

function RedirectFields({ value, onChange, errors }: { value: Draft; onChange: (d: Draft) => void; errors: Record<string, string> }) {
  const t = useT();
  return (
    <>
      <TextField label={t('admin.redirects.from')} hint={t('admin.redirects.fromHint')} value={value.from} spellCheck={false} required onChange={(e) => onChange({ ...value, from: e.target.value })} error={errors.from} />
      <TextField label={t('admin.redirects.to')} hint={t('admin.redirects.toHint')} value={value.to} spellCheck={false} required onChange={(e) => onChange({ ...value, to: e.target.value })} error={errors.to} />
      <SelectField
        label={t('admin.redirects.status')}
        value={String(value.status)}
        onChange={(e) => onChange({ ...value, status: e.target.value === '302' ? 302 : 301 })}
        options={[
          { value: '301', label: t('admin.redirects.permanent') },
          { value: '302', label: t('admin.redirects.temporary') },
        ]}
      />
    </>
  );
}

/** The redirect table: old address → new one, 301 or 302, with the ones slug changes and imports made. */
export default function Redirects() {
  const t = useT();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const source = sources.find((s) => s === search.get('source'));
  const words = search.get('s') ?? '';
  const page = Math.max(1, Number(search.get('page') ?? 1) || 1);
  const [typed, setTyped] = useState(words);
  const list = useQuery({ queryKey: ['redirects.list', source, words, page], queryFn: () => api('redirects.list', { ...(source ? { source } : {}), search: words, page }) });
  const [draft, setDraft] = useState<Draft>(blank);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['redirects.list'] });
  const create = useMutation({
    mutationFn: (d: Draft) => api('redirects.save', d),
    onSuccess: (r) => {
      setDraft(blank);
      announce(t('admin.redirects.saved', { from: r.from }));
      refresh();
    },
  });
  const update = useMutation({
    mutationFn: (d: Draft) => api('redirects.save', d),
    onSuccess: (r) => {
      setEditing(null);
      announce(t('admin.redirects.saved', { from: r.from }));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('redirects.delete', { id }),
    onSuccess: () => {
      setDeleting(null);
      announce(t('admin.redirects.deleted'));
      refresh();
    },
  });
  const rows = (list.data?.items ?? []) as Row[];

  return (
    <div className="adm-screen">
      <h1 tabIndex={-1}>{t('admin.nav.redirects')}</h1>
      <p className="adm-lede">{t('admin.redirects.lede')}</p>
      <form
        className="adm-panel adm-form"
        aria-labelledby="redirect-add"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          create.mutate(draft);
        }}
      >
        <h2 id="redirect-add">{t('admin.redirects.add')}</h2>
        <RedirectFields value={draft} onChange={setDraft} errors={errorsOf(create.error)} />
        {create.error && !Object.keys(errorsOf(create.error)).length ? <Notice tone="error">{create.error.message}</Notice> : null}
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {t('admin.redirects.save')}
        </Button>
      </form>

      <div className="adm-filters">
        <form
          role="search"
          className="adm-search"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery({ s: typed.trim(), page: null });
          }}
        >
          <label htmlFor="redirects-search" className="visually-hidden">
            {t('admin.redirects.search')}
          </label>
          <input id="redirects-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <Button type="submit">{t('admin.redirects.search')}</Button>
        </form>
        <SelectField
          label={t('admin.redirects.source')}
          value={source ?? ''}
          onChange={(e) => setQuery({ source: e.target.value || null, page: null })}
          options={[{ value: '', label: t('admin.redirects.allSources') }, ...sources.map((s) => ({ value: s, label: t(`admin.redirects.source.${s}` as MessageKey) }))]}
        />
      </div>
      {list.isPending ? <Loading /> : null}
      {list.error ? <Notice tone="error">{list.error.message}</Notice> : null}
      {remove.error && !deleting ? <Notice tone="error">{remove.error.message}</Notice> : null}
      {list.data && !rows.length ? <p className="adm-empty">{t('admin.redirects.empty')}</p> : null}
      {rows.length ? (
        <table className="adm-table">
          <caption className="visually-hidden">{t('admin.redirects.list')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.redirects.from')}</th>
              <th scope="col">{t('admin.redirects.to')}</th>
              <th scope="col">{t('admin.redirects.status')}</th>
              <th scope="col">{t('admin.redirects.source')}</th>
              <th scope="col">{t('admin.redirects.hits')}</th>
              <th scope="col">{t('admin.redirects.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row" className="adm-break">
                  {r.from}
                </th>
                <td data-label={t('admin.redirects.to')} className="adm-break">
                  {r.to}
                </td>
                <td data-label={t('admin.redirects.status')}>{r.status}</td>
                <td data-label={t('admin.redirects.source')}>{t(`admin.redirects.source.${r.source}` as MessageKey)}</td>
                <td data-label={t('admin.redirects.hits')}>{r.hits}</td>
                <td>
                  <div className="adm-table__actions">
                    <button type="button" className="adm-link" onClick={() => setEditing({ id: r.id, from: r.from, to: r.to, status: r.status })}>
                      {t('admin.redirects.edit')}
                      <span className="visually-hidden"> {r.from}</span>
                    </button>
                    <button type="button" className="adm-link adm-link--danger" onClick={() => setDeleting(r)}>
                      {t('admin.redirects.delete')}
                      <span className="visually-hidden"> {r.from}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data ? <Pagination page={list.data.page} pages={list.data.pages} onPage={(p) => setQuery({ page: p > 1 ? p : null })} label={t('admin.redirects.list')} /> : null}

      <AdminDialog title={editing ? t('admin.redirects.editTitle', { from: editing.from }) : ''} isOpen={!!editing} onClose={() => setEditing(null)}>
        {editing ? (
          <form
            className="adm-form"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate(editing);
            }}
          >
            <RedirectFields value={editing} onChange={setEditing} errors={errorsOf(update.error)} />
            {update.error && !Object.keys(errorsOf(update.error)).length ? <Notice tone="error">{update.error.message}</Notice> : null}
            <div className="adm-actions">
              <Button type="submit" variant="primary" disabled={update.isPending}>
                {t('admin.redirects.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('admin.cancel')}</Button>
            </div>
          </form>
        ) : null}
      </AdminDialog>
      <AdminDialog title={deleting ? t('admin.redirects.deleteTitle', { from: deleting.from }) : ''} isOpen={!!deleting} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <p>{t('admin.redirects.deleteText')}</p>
            <div className="adm-actions">
              <Button variant="danger" onClick={() => remove.mutate(deleting.id)} disabled={remove.isPending}>
                {t('admin.redirects.delete')}
              </Button>
              <Button onClick={() => setDeleting(null)}>{t('admin.cancel')}</Button>
            </div>
          </>
        ) : null}
      </AdminDialog>
    </div>
  );
}
