import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../shell/api.ts';
import { formatDateTime, useT } from '../shell/i18n.tsx';
import { Link, setQuery, useLocation } from '../shell/router.tsx';
import { announce } from '../shell/announce.tsx';
import { Button, Loading, Notice, Pagination, SelectField } from '../shell/ui.tsx';
import { MailBadge, summary } from './mail.tsx';

/** Contact-form submissions across forms or of one: inbox and spam, search, CSV export. */
export default function Inbox() {
  const t = useT();
  const { search } = useLocation();
  const box = search.get('box') === 'spam' ? 'spam' : 'inbox';
  const formId = Number(search.get('form') ?? '') || undefined;
  const words = search.get('s') ?? '';
  const page = Math.max(1, Number(search.get('page') ?? 1) || 1);
  const [typed, setTyped] = useState(words);
  const input = { box, search: words, ...(formId ? { formId } : {}) } as const;
  const list = useQuery({ queryKey: ['submissions.list', input, page], queryFn: () => api('submissions.list', { ...input, page }) });
  const exporter = useMutation({
    mutationFn: () => api('submissions.export', input),
    onSuccess: (r) => {
      const url = URL.createObjectURL(new Blob([r.csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = r.filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      announce(t('admin.inbox.exported', { n: r.count }));
    },
  });
  const rows = list.data?.items ?? [];
  const forms = list.data?.forms ?? [];

  return (
    <div className="adm-screen">
      <h1 tabIndex={-1}>{t('admin.nav.submissions')}</h1>
      <nav className="adm-status-tabs" aria-label={t('admin.inbox.boxes')}>
        <ul>
          {(['inbox', 'spam'] as const).map((b) => (
            <li key={b}>
              <a
                href={`?box=${b}`}
                aria-current={b === box ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  setQuery({ box: b === 'inbox' ? null : b, page: null });
                }}
              >
                {t(b === 'inbox' ? 'admin.inbox.inbox' : 'admin.inbox.spam')}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="adm-filters">
        <form
          role="search"
          className="adm-search"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery({ s: typed.trim(), page: null });
          }}
        >
          <label htmlFor="inbox-search" className="visually-hidden">
            {t('admin.inbox.search')}
          </label>
          <input id="inbox-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <Button type="submit">{t('admin.inbox.search')}</Button>
        </form>
        <SelectField
          label={t('admin.inbox.form')}
          value={String(formId ?? '')}
          onChange={(e) => setQuery({ form: e.target.value || null, page: null })}
          options={[{ value: '', label: t('admin.inbox.allForms') }, ...forms.map((f) => ({ value: String(f.id), label: t('admin.inbox.formOption', { title: f.title, unread: f.unread, total: f.total }) }))]}
        />
        <Button onClick={() => exporter.mutate()} disabled={exporter.isPending || !rows.length}>
          {t('admin.inbox.export')}
        </Button>
      </div>
      {exporter.error ? <Notice tone="error">{exporter.error.message}</Notice> : null}
      {list.isPending ? <Loading /> : null}
      {list.error ? <Notice tone="error">{list.error.message}</Notice> : null}
      {list.data && !rows.length ? <p className="adm-empty">{t('admin.inbox.empty')}</p> : null}
      {rows.length ? (
        <table className="adm-table adm-inbox">
          <caption className="visually-hidden">{t('admin.inbox.list')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.inbox.from')}</th>
              <th scope="col">{t('admin.inbox.subject')}</th>
              <th scope="col">{t('admin.inbox.form')}</th>
              <th scope="col">{t('admin.inbox.date')}</th>
              <th scope="col">{t('admin.inbox.mail')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => {
              const sum = summary(s.fields);
              return (
                <tr key={s.id} className={s.read ? undefined : 'adm-inbox__unread'}>
                  <th scope="row" className="adm-break">
                    <Link to={`/admin/submissions/${s.id}/`}>{sum.from || t('admin.inbox.anonymous')}</Link>
                    {s.read ? null : <span className="adm-badge adm-badge--pending"> {t('admin.inbox.unread')}</span>}
                  </th>
                  <td data-label={t('admin.inbox.subject')} className="adm-break">
                    {sum.subject}
                  </td>
                  <td data-label={t('admin.inbox.form')}>{s.formTitle}</td>
                  <td data-label={t('admin.inbox.date')}>{formatDateTime(s.createdAt)}</td>
                  <td data-label={t('admin.inbox.mail')}>
                    <MailBadge mail={s.mail} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {list.data ? <Pagination page={list.data.page} pages={list.data.pages} onPage={(p) => setQuery({ page: p > 1 ? p : null })} label={t('admin.inbox.list')} /> : null}
    </div>
  );
}
