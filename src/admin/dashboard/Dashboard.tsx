import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../shell/api.ts';
import { useT, formatDateTime } from '../shell/i18n.tsx';
import { useBoot, useCan } from '../shell/boot.tsx';
import { Link } from '../shell/router.tsx';
import { Loading, Notice } from '../shell/ui.tsx';
import { adminEditPath } from '../../features/content/status.ts';
import type { ListedItem } from '../../features/content/fields.ts';

const ViewsChart = lazy(() => import('./ViewsChart.tsx'));

/**
 * The dashboard: shortcuts, the user's drafts, what is scheduled and waiting for review, recent
 * contact-form submissions and mail failures (for those who handle forms), and page views per day
 * over 30 days with the most-read posts, from the site's own view counter.
 */
export default function Dashboard() {
  const t = useT();
  const { user } = useBoot();
  const can = useCan();
  const q = useQuery({ queryKey: ['dashboard.summary'], queryFn: () => api('dashboard.summary', {}) });

  const list = (items: ListedItem[], empty: string, showDate = false) =>
    items.length ? (
      <ul className="adm-dash-list">
        {items.map((i) => (
          <li key={i.id}>
            <Link to={adminEditPath(i.kind, i.id)}>{i.title || t('admin.untitled')}</Link>
            <span className="adm-muted">{showDate ? formatDateTime(i.publishedAt) : formatDateTime(i.updatedAt)}</span>
          </li>
        ))}
      </ul>
    ) : (
      <p className="adm-muted">{empty}</p>
    );

  return (
    <div className="adm-screen">
      <h1 tabIndex={-1}>{t('admin.nav.dashboard')}</h1>
      <p className="adm-lede">{t('admin.welcome', { name: user.displayName })}</p>
      <section className="adm-shortcuts" aria-label={t('admin.dash.shortcuts')}>
        {can('posts.edit') ? (
          <Link className="adm-btn adm-btn--primary" to="/admin/posts/new/">
            {t('admin.newPost')}
          </Link>
        ) : null}
        {can('pages.edit') ? (
          <Link className="adm-btn" to="/admin/pages/new/">
            {t('admin.newPage')}
          </Link>
        ) : null}
        {can('portfolio.edit') ? (
          <Link className="adm-btn" to="/admin/portfolio/new/">
            {t('admin.newProject')}
          </Link>
        ) : null}
        {can('media.upload') ? (
          <Link className="adm-btn" to="/admin/media/">
            {t('admin.dash.uploadMedia')}
          </Link>
        ) : null}
      </section>
      {q.isPending ? <Loading /> : null}
      {q.error ? <Notice tone="error">{q.error.message}</Notice> : null}
      {q.data ? (
        <div className="adm-dash-grid">
          <section className="adm-card adm-card--wide" aria-labelledby="dash-views">
            <h2 id="dash-views">{t('admin.dash.views')}</h2>
            <Suspense fallback={<Loading />}>
              <ViewsChart data={q.data.views} />
            </Suspense>
          </section>
          <section className="adm-card" aria-labelledby="dash-read">
            <h2 id="dash-read">{t('admin.dash.mostRead')}</h2>
            {q.data.mostRead.length ? (
              <ol className="adm-dash-list">
                {q.data.mostRead.map((p) => (
                  <li key={p.id}>
                    <a href={p.url}>{p.title}</a>
                    <span className="adm-muted">{t('admin.dash.viewsCount', { n: p.views })}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="adm-muted">{t('admin.dash.noViews')}</p>
            )}
          </section>
          <section className="adm-card" aria-labelledby="dash-drafts">
            <h2 id="dash-drafts">{t('admin.dash.drafts', { n: q.data.drafts.total })}</h2>
            {list(q.data.drafts.items, t('admin.dash.noDrafts'))}
          </section>
          <section className="adm-card" aria-labelledby="dash-scheduled">
            <h2 id="dash-scheduled">{t('admin.dash.scheduled', { n: q.data.scheduled.total })}</h2>
            {list(q.data.scheduled.items, t('admin.dash.noScheduled'), true)}
          </section>
          <section className="adm-card" aria-labelledby="dash-pending">
            <h2 id="dash-pending">{t('admin.dash.pending', { n: q.data.pending.total })}</h2>
            {list(q.data.pending.items, t('admin.dash.noPending'))}
          </section>
          {q.data.submissions ? (
            <section className="adm-card" aria-labelledby="dash-subs">
              <h2 id="dash-subs">{t('admin.dash.submissions')}</h2>
              {q.data.submissions.length ? (
                <ul className="adm-dash-list">
                  {q.data.submissions.map((s) => (
                    <li key={s.id}>
                      <span>
                        {s.formTitle}: {s.from || t('admin.dash.anonymous')}
                      </span>
                      <span className="adm-muted">
                        {formatDateTime(s.createdAt)} · {s.status}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="adm-muted">{t('admin.dash.noSubmissions')}</p>
              )}
            </section>
          ) : null}
          {q.data.mailFailures ? (
            <section className="adm-card" aria-labelledby="dash-mail">
              <h2 id="dash-mail">{t('admin.dash.mailFailures')}</h2>
              {q.data.mailFailures.length ? (
                <ul className="adm-dash-list">
                  {q.data.mailFailures.map((m) => (
                    <li key={m.id}>
                      <span>
                        {m.subject} → {m.to}
                      </span>
                      <span className="adm-muted">{t(m.status === 'failed' ? 'admin.dash.mailGaveUp' : 'admin.dash.mailRetrying', { n: m.attempts, error: m.lastError })}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="adm-muted">{t('admin.dash.noMailFailures')}</p>
              )}
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
