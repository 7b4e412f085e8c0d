import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Term } from '../../features/post/types.ts';
import { api, ApiError } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { useCan } from '../shell/boot.tsx';
import { setQuery, useLocation } from '../shell/router.tsx';
import { announce } from '../shell/announce.tsx';
import { AdminDialog, Button, Loading, Notice, SelectField, TextArea, TextField } from '../shell/ui.tsx';
import type { MessageKey } from '../../i18n/index.ts';

type Taxonomy = Term['taxonomy'];
const tabs: { id: Taxonomy; label: MessageKey; add: MessageKey }[] = [
  { id: 'category', label: 'admin.tax.categories', add: 'admin.tax.addCategory' },
  { id: 'tag', label: 'admin.tax.tags', add: 'admin.tax.addTag' },
  { id: 'portfolio_category', label: 'admin.tax.portfolioCategories', add: 'admin.tax.addPortfolioCategory' },
];

interface Draft {
  name: string;
  slug: string;
  description: string;
  parentId: number | null;
}
const blank: Draft = { name: '', slug: '', description: '', parentId: null };

/** Depth-first order with each term's depth, for indented lists and parent choices. */
function tree(terms: Term[]): { term: Term; depth: number }[] {
  const out: { term: Term; depth: number }[] = [];
  const known = new Set(terms.map((t) => t.id));
  const walk = (parent: number | null, depth: number) => {
    for (const term of terms.filter((t) => (t.parentId && known.has(t.parentId) ? t.parentId : null) === parent)) {
      out.push({ term, depth });
      if (depth < 10) walk(term.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function TermForm({ taxonomy, terms, value, onChange, errors, selfId }: { taxonomy: Taxonomy; terms: Term[]; value: Draft; onChange: (d: Draft) => void; errors: Record<string, string>; selfId?: number }) {
  const t = useT();
  return (
    <>
      <TextField label={t('admin.tax.name')} value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} error={errors.name} required maxLength={100} />
      <TextField label={t('admin.tax.slug')} hint={t('admin.tax.slugHint')} value={value.slug} onChange={(e) => onChange({ ...value, slug: e.target.value })} error={errors.slug} maxLength={200} />
      {taxonomy !== 'tag' ? (
        <SelectField
          label={t('admin.tax.parent')}
          value={String(value.parentId ?? '')}
          onChange={(e) => onChange({ ...value, parentId: e.target.value ? Number(e.target.value) : null })}
          options={[{ value: '', label: t('admin.tax.noParent') }, ...tree(terms.filter((x) => x.id !== selfId)).map(({ term, depth }) => ({ value: String(term.id), label: `${'— '.repeat(depth)}${term.name}` }))]}
          error={errors.parentId}
        />
      ) : null}
      <TextArea label={t('admin.tax.description')} rows={3} value={value.description} onChange={(e) => onChange({ ...value, description: e.target.value })} error={errors.description} maxLength={2000} />
    </>
  );
}

const errorsOf = (e: unknown): Record<string, string> => (e instanceof ApiError ? { ...e.fields, ...(e.field ? { [e.field]: e.message } : {}) } : {});

/** Categories (hierarchical), tags and portfolio categories: create, rename, merge, delete. */
export default function Taxonomies() {
  const t = useT();
  const can = useCan();
  const manage = can('taxonomies.manage');
  const { search } = useLocation();
  const taxonomy = (tabs.find((x) => x.id === search.get('tab'))?.id ?? 'category') as Taxonomy;
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['terms.list', taxonomy], queryFn: () => api('terms.list', { taxonomy }) });
  const terms = list.data ?? [];
  const [draft, setDraft] = useState<Draft>(blank);
  const [editing, setEditing] = useState<{ term: Term; draft: Draft } | null>(null);
  const [merging, setMerging] = useState<{ term: Term; into: number | null } | null>(null);
  const [deleting, setDeleting] = useState<Term | null>(null);
  const done = (text: string) => {
    announce(text);
    void queryClient.invalidateQueries({ queryKey: ['terms.list'] });
  };

  const create = useMutation({
    mutationFn: () => api('terms.create', { taxonomy, ...draft }),
    onSuccess: (term) => {
      setDraft(blank);
      done(t('admin.tax.created', { name: term.name }));
    },
  });
  const update = useMutation({
    mutationFn: (e: { term: Term; draft: Draft }) => api('terms.update', { id: e.term.id, ...e.draft }),
    onSuccess: (term) => {
      setEditing(null);
      done(t('admin.tax.saved', { name: term.name }));
    },
  });
  const merge = useMutation({
    mutationFn: (m: { id: number; intoId: number }) => api('terms.merge', m),
    onSuccess: (term) => {
      setMerging(null);
      done(t('admin.tax.merged', { name: term.name }));
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('terms.delete', { id }),
    onSuccess: () => {
      setDeleting(null);
      done(t('admin.tax.deleted'));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const current = tabs.find((x) => x.id === taxonomy)!;

  return (
    <div className="adm-screen">
      <h1 tabIndex={-1}>{t('admin.nav.taxonomies')}</h1>
      <nav className="adm-status-tabs" aria-label={t('admin.tax.kinds')}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.id}>
              <a
                href={`?tab=${tab.id}`}
                aria-current={tab.id === taxonomy ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  setQuery({ tab: tab.id === 'category' ? null : tab.id });
                }}
              >
                {t(tab.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="adm-tax">
        {manage ? (
          <form className="adm-panel adm-form" onSubmit={submit} aria-labelledby="tax-add">
            <h2 id="tax-add">{t(current.add)}</h2>
            <TermForm taxonomy={taxonomy} terms={terms} value={draft} onChange={setDraft} errors={errorsOf(create.error)} />
            {create.error && !Object.keys(errorsOf(create.error)).length ? <Notice tone="error">{create.error.message}</Notice> : null}
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {t('admin.tax.addButton')}
            </Button>
          </form>
        ) : (
          <Notice>{t('admin.tax.readOnly')}</Notice>
        )}
        <div className="adm-tax__list">
          {list.isPending ? <Loading /> : null}
          {list.error ? <Notice tone="error">{list.error.message}</Notice> : null}
          {(merge.error || remove.error) && !merging && !deleting ? <Notice tone="error">{(merge.error ?? remove.error)!.message}</Notice> : null}
          {list.data && !terms.length ? <p className="adm-empty">{t('admin.tax.empty')}</p> : null}
          {terms.length ? (
            <table className="adm-table">
              <caption className="visually-hidden">{t(current.label)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.tax.name')}</th>
                  <th scope="col">{t('admin.tax.slug')}</th>
                  <th scope="col">{t('admin.tax.count')}</th>
                  {manage ? <th scope="col">{t('admin.tax.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {tree(terms).map(({ term, depth }) => (
                  <tr key={term.id}>
                    <th scope="row" style={{ paddingInlineStart: `${0.75 + depth * 1.25}rem` }}>
                      {depth ? <span aria-hidden="true">— </span> : null}
                      {term.name}
                      {term.description ? <span className="adm-muted adm-table__desc">{term.description}</span> : null}
                    </th>
                    <td data-label={t('admin.tax.slug')}>{term.slug}</td>
                    <td data-label={t('admin.tax.count')}>{term.count ?? 0}</td>
                    {manage ? (
                      <td>
                        <div className="adm-table__actions">
                          <button type="button" className="adm-link" onClick={() => setEditing({ term, draft: { name: term.name, slug: term.slug, description: term.description, parentId: term.parentId ?? null } })}>
                            {t('admin.tax.edit')}
                            <span className="visually-hidden"> {term.name}</span>
                          </button>
                          <button type="button" className="adm-link" onClick={() => setMerging({ term, into: null })} disabled={terms.length < 2}>
                            {t('admin.tax.merge')}
                            <span className="visually-hidden"> {term.name}</span>
                          </button>
                          <button type="button" className="adm-link adm-link--danger" onClick={() => setDeleting(term)}>
                            {t('admin.tax.delete')}
                            <span className="visually-hidden"> {term.name}</span>
                          </button>
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      </div>

      <AdminDialog title={editing ? t('admin.tax.editTitle', { name: editing.term.name }) : ''} isOpen={!!editing} onClose={() => setEditing(null)}>
        {editing ? (
          <form
            className="adm-form"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate(editing);
            }}
          >
            <TermForm taxonomy={taxonomy} terms={terms} value={editing.draft} onChange={(d) => setEditing({ ...editing, draft: d })} errors={errorsOf(update.error)} selfId={editing.term.id} />
            {editing.draft.slug !== editing.term.slug && taxonomy !== 'portfolio_category' ? <p className="adm-field__hint">{t('admin.tax.redirectNote')}</p> : null}
            <div className="adm-actions">
              <Button type="submit" variant="primary" disabled={update.isPending}>
                {t('admin.tax.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('admin.cancel')}</Button>
            </div>
          </form>
        ) : null}
      </AdminDialog>

      <AdminDialog title={merging ? t('admin.tax.mergeTitle', { name: merging.term.name }) : ''} isOpen={!!merging} onClose={() => setMerging(null)}>
        {merging ? (
          <form
            className="adm-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (merging.into) merge.mutate({ id: merging.term.id, intoId: merging.into });
            }}
          >
            <p>{t('admin.tax.mergeText', { name: merging.term.name })}</p>
            <SelectField
              label={t('admin.tax.mergeInto')}
              value={String(merging.into ?? '')}
              onChange={(e) => setMerging({ ...merging, into: e.target.value ? Number(e.target.value) : null })}
              options={[{ value: '', label: t('admin.tax.choose') }, ...terms.filter((x) => x.id !== merging.term.id).map((x) => ({ value: String(x.id), label: x.name }))]}
              error={errorsOf(merge.error).intoId}
            />
            <div className="adm-actions">
              <Button type="submit" variant="primary" disabled={!merging.into || merge.isPending}>
                {t('admin.tax.mergeConfirm')}
              </Button>
              <Button onClick={() => setMerging(null)}>{t('admin.cancel')}</Button>
            </div>
          </form>
        ) : null}
      </AdminDialog>

      <AdminDialog title={deleting ? t('admin.tax.deleteTitle', { name: deleting.name }) : ''} isOpen={!!deleting} onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <p>{t('admin.tax.deleteText', { n: deleting.count ?? 0 })}</p>
            <div className="adm-actions">
              <Button variant="danger" onClick={() => remove.mutate(deleting.id)} disabled={remove.isPending}>
                {t('admin.tax.deleteConfirm')}
              </Button>
              <Button onClick={() => setDeleting(null)}>{t('admin.cancel')}</Button>
            </div>
          </>
        ) : null}
      </AdminDialog>
    </div>
  );
}
