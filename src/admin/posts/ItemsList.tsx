import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../shell/api.ts';
import { useT, formatDateTime } from '../shell/i18n.tsx';
import { useCan } from '../shell/boot.tsx';
import { Link, setQuery, useLocation } from '../shell/router.tsx';
import { kindOfPath } from '../shell/routes.tsx';
import { announce } from '../shell/announce.tsx';
import { Button, Loading, Notice, Pagination, SelectField, StatusBadge } from '../shell/ui.tsx';
import { adminEditPath, contentStatuses, type ContentStatus } from '../../features/content/status.ts';
import type { MessageKey } from '../../i18n/index.ts';

const listTitle = { post: 'admin.nav.posts', page: 'admin.nav.pages', portfolio: 'admin.nav.portfolio' } as const satisfies Record<string, MessageKey>;
const newLabel = { post: 'admin.newPost', page: 'admin.newPage', portfolio: 'admin.newProject' } as const satisfies Record<string, MessageKey>;

/**
 * Posts, pages or portfolio items: search, status, category and author filters, pagination, and
 * the row actions (edit, view, trash, restore). Filters live in the address, so a list can be
 * bookmarked and the back button works.
 */
export default function ItemsList() {
  const t = useT();
  const can = useCan();
  const { pathname, search } = useLocation();
  const kind = kindOfPath(pathname);
  const status = (search.get('status') ?? 'all') as ContentStatus | 'all';
  const page = Math.max(1, Number(search.get('page') ?? 1) || 1);
  const categoryId = Number(search.get('category') ?? '') || undefined;
  const authorId = Number(search.get('author') ?? '') || undefined;
  const words = search.get('s') ?? '';
  const [typed, setTyped] = useState(words);
  useEffect(() => setTyped(words), [words]);
  const queryClient = useQueryClient();

  const input = { kind, status, search: words, page, ...(categoryId ? { categoryId } : {}), ...(authorId ? { authorId } : {}) };
  const list = useQuery({ queryKey: ['items.list', input], queryFn: () => api('items.list', input), placeholderData: keepPreviousData });
  const cats = useQuery({ queryKey: ['terms.list', kind === 'portfolio' ? 'portfolio_category' : 'category'], queryFn: () => api('terms.list', { taxonomy: kind === 'portfolio' ? 'portfolio_category' : 'category' }), enabled: kind !== 'page' });
  const choices = useQuery({ queryKey: ['items.choices'], queryFn: () => api('items.choices', {}), enabled: can('posts.editOthers') });

  const act = useMutation({
    mutationFn: ({ action, id }: { action: 'items.trash' | 'items.restore'; id: number }) => api(action, { kind, id }),
    onSuccess: (item, v) => {
      announce(t(v.action === 'items.trash' ? 'admin.list.trashed' : 'admin.list.restored', { title: item.fields.title || t('admin.untitled') }));
      void queryClient.invalidateQueries({ queryKey: ['items.list'] });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ s: typed.trim(), page: null });
  };
  const counts = list.data?.counts ?? {};
  const allCount = Object.entries(counts).reduce((n, [s, c]) => (s === 'trash' ? n : n + (c ?? 0)), 0);
  const statuses: (ContentStatus | 'all')[] = ['all', ...contentStatuses];

  return (
    <div className="adm-screen">
      <div className="adm-screen__head">
        <h1 tabIndex={-1}>{t(listTitle[kind])}</h1>
        <Link className="adm-btn adm-btn--primary" to={`${pathname.replace(/\/+$/, '')}/new/`}>
          {t(newLabel[kind])}
        </Link>
      </div>

      <nav className="adm-status-tabs" aria-label={t('admin.list.byStatus')}>
        <ul>
          {statuses.map((s) => {
            const n = s === 'all' ? allCount : (counts[s] ?? 0);
            if (s !== 'all' && !n && s !== status) return null;
            return (
              <li key={s}>
                <a
                  href={`?status=${s}`}
                  aria-current={status === s ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    setQuery({ status: s === 'all' ? null : s, page: null });
                  }}
                >
                  {t(s === 'all' ? 'admin.status.all' : (`admin.status.${s}` as MessageKey))} <span className="adm-count">({n})</span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="adm-filters">
        <form role="search" onSubmit={submit} className="adm-search">
          <label htmlFor="items-search" className="visually-hidden">
            {t('admin.list.search')}
          </label>
          <input id="items-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('admin.list.searchPlaceholder')} />
          <Button type="submit">{t('admin.list.search')}</Button>
        </form>
        {kind !== 'page' && cats.data ? (
          <SelectField
            label={t('admin.list.category')}
            value={String(categoryId ?? '')}
            onChange={(e) => setQuery({ category: e.target.value || null, page: null })}
            options={[{ value: '', label: t('admin.list.allCategories') }, ...cats.data.map((c) => ({ value: String(c.id), label: c.name }))]}
          />
        ) : null}
        {choices.data && kind !== 'portfolio' ? (
          <SelectField
            label={t('admin.list.author')}
            value={String(authorId ?? '')}
            onChange={(e) => setQuery({ author: e.target.value || null, page: null })}
            options={[{ value: '', label: t('admin.list.allAuthors') }, ...choices.data.authors.map((a) => ({ value: String(a.id), label: a.displayName }))]}
          />
        ) : null}
      </div>

      {act.error ? <Notice tone="error">{(act.error as ApiError).message}</Notice> : null}
      {list.isPending ? <Loading /> : null}
      {list.error ? <Notice tone="error">{list.error.message}</Notice> : null}
      {list.data ? (
        list.data.items.length ? (
          <table className="adm-table">
            <caption className="visually-hidden">{t('admin.list.caption', { n: list.data.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.list.title')}</th>
                <th scope="col">{t('admin.list.author')}</th>
                {kind !== 'page' ? <th scope="col">{t('admin.list.categories')}</th> : null}
                <th scope="col">{t('admin.list.status')}</th>
                <th scope="col">{t('admin.list.date')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((i) => {
                const title = i.title || t('admin.untitled');
                return (
                  <tr key={i.id}>
                    <th scope="row" className="adm-table__title">
                      {i.status === 'trash' ? <span>{title}</span> : <Link to={adminEditPath(i.kind, i.id)}>{title}</Link>}
                      {i.sticky ? <span className="adm-badge adm-badge--sticky">{t('admin.fields.sticky')}</span> : null}
                      {i.protected ? <span className="adm-badge adm-badge--protected">{t('admin.list.protected')}</span> : null}
                      <span className="adm-row-actions">
                        {i.status === 'publish' ? (
                          <a href={i.url}>
                            {t('admin.view')}
                            <span className="visually-hidden"> {title}</span>
                          </a>
                        ) : null}
                        {i.status === 'trash' ? (
                          <button type="button" className="adm-link" onClick={() => act.mutate({ action: 'items.restore', id: i.id })}>
                            {t('admin.list.restore')}
                            <span className="visually-hidden"> {title}</span>
                          </button>
                        ) : (
                          <button type="button" className="adm-link adm-link--danger" onClick={() => act.mutate({ action: 'items.trash', id: i.id })}>
                            {t('admin.list.trash')}
                            <span className="visually-hidden"> {title}</span>
                          </button>
                        )}
                      </span>
                    </th>
                    <td data-label={t('admin.list.author')}>{i.authorName}</td>
                    {kind !== 'page' ? <td data-label={t('admin.list.categories')}>{i.categories.map((c) => c.name).join(', ')}</td> : null}
                    <td data-label={t('admin.list.status')}>
                      <StatusBadge status={i.status} />
                    </td>
                    <td data-label={t('admin.list.date')}>{formatDateTime(i.status === 'publish' || i.status === 'future' ? i.publishedAt : i.updatedAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <p className="adm-empty">{words || status !== 'all' || categoryId || authorId ? t('admin.list.noMatch') : t('admin.list.empty')}</p>
        )
      ) : null}
      {list.data ? <Pagination page={list.data.page} pages={list.data.pages} onPage={(p) => setQuery({ page: p === 1 ? null : p })} label={t('a11y.pagination')} /> : null}
    </div>
  );
}
