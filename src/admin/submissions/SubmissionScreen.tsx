import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../shell/api.ts';
import { formatDateTime, useT } from '../shell/i18n.tsx';
import { Link, navigate } from '../shell/router.tsx';
import { announce } from '../shell/announce.tsx';
import { AdminDialog, Button, Loading, Notice } from '../shell/ui.tsx';
import type { ScreenProps } from '../shell/routes.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { canResend, formatSize, MailDetails, mailState, summary } from './mail.tsx';

/** One submission: what was sent, its attachments (authorised download), its mail and what to do with it. */
export default function SubmissionScreen({ params }: ScreenProps) {
  const t = useT();
  const id = Number(params.id);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['submissions.get', id], queryFn: () => api('submissions.get', { id }) });
  const [deleting, setDeleting] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['submissions.list'] });
  const spam = useMutation({
    mutationFn: (value: boolean) => api('submissions.spam', { id, spam: value }),
    onSuccess: (r) => {
      announce(t(r.spam ? 'admin.inbox.markedSpam' : 'admin.inbox.markedNotSpam'));
      void queryClient.invalidateQueries({ queryKey: ['submissions.get', id] });
      refresh();
    },
  });
  const resend = useMutation({
    mutationFn: (mailId: number) => api('submissions.resend', { id, mailId }),
    onSuccess: (s, mailId) => {
      queryClient.setQueryData(['submissions.get', id], s);
      const m = s.mail.find((x) => x.id === mailId);
      announce(t('admin.inbox.resent', { state: m ? t(`admin.inbox.mail.${mailState(m)}` as MessageKey) : '' }));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => api('submissions.delete', { id }),
    onSuccess: () => {
      announce(t('admin.inbox.deleted'));
      refresh();
      navigate('/admin/submissions/');
    },
  });
  const s = query.data;
  return (
    <div className="adm-screen">
      <p>
        <Link to="/admin/submissions/">{t('admin.inbox.back')}</Link>
      </p>
      <h1 tabIndex={-1}>{s ? summary(s.fields).from || t('admin.inbox.title', { id }) : t('admin.inbox.title', { id })}</h1>
      {query.isPending ? <Loading /> : null}
      {query.error ? <Notice tone="error">{query.error.message}</Notice> : null}
      {s ? (
        <div className="adm-submission">
          {s.spam ? <Notice tone="warning">{t('admin.inbox.isSpam')}</Notice> : null}
          <section className="adm-card" aria-labelledby="sub-fields">
            <h2 id="sub-fields">{t('admin.inbox.fields')}</h2>
            <dl className="adm-deflist">
              {Object.entries(s.fields).map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd className="adm-break">{v}</dd>
                </div>
              ))}
            </dl>
            {s.files.length ? (
              <>
                <h3>{t('admin.inbox.files')}</h3>
                <ul>
                  {s.files.map((f) => (
                    <li key={f.n}>
                      <a href={f.url} download={f.name}>
                        {t('admin.inbox.download', { name: f.name, size: formatSize(f.size) })}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
          <section className="adm-card" aria-labelledby="sub-mail">
            <h2 id="sub-mail">{t('admin.inbox.mail')}</h2>
            {s.mail.length ? null : <p>{t('admin.inbox.noMail')}</p>}
            {s.mail.map((m) => (
              <div key={m.id} className="adm-submission__mail">
                <MailDetails mail={m} />
                {canResend(m) ? (
                  <Button variant="primary" onClick={() => resend.mutate(m.id)} disabled={resend.isPending}>
                    {t('admin.inbox.resend')}
                  </Button>
                ) : null}
              </div>
            ))}
            {resend.error ? <Notice tone="error">{resend.error.message}</Notice> : null}
          </section>
          <section className="adm-card" aria-labelledby="sub-details">
            <h2 id="sub-details">{t('admin.inbox.details')}</h2>
            <dl className="adm-deflist">
              <div>
                <dt>{t('admin.inbox.form')}</dt>
                <dd>{s.formTitle}</dd>
              </div>
              <div>
                <dt>{t('admin.inbox.date')}</dt>
                <dd>{formatDateTime(s.createdAt)}</dd>
              </div>
              <div>
                <dt>{t('admin.inbox.ip')}</dt>
                <dd>{s.remoteAddr}</dd>
              </div>
              <div>
                <dt>{t('admin.inbox.agent')}</dt>
                <dd className="adm-break">{s.userAgent}</dd>
              </div>
            </dl>
          </section>
          <div className="adm-actions">
            <Button onClick={() => spam.mutate(!s.spam)} disabled={spam.isPending}>
              {t(s.spam ? 'admin.inbox.notSpam' : 'admin.inbox.markSpam')}
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              {t('admin.inbox.delete')}
            </Button>
          </div>
          {spam.error ? <Notice tone="error">{spam.error.message}</Notice> : null}
        </div>
      ) : null}
      <AdminDialog title={t('admin.inbox.deleteTitle')} isOpen={deleting} onClose={() => setDeleting(false)}>
        <p>{t('admin.inbox.deleteText')}</p>
        {remove.error ? <Notice tone="error">{remove.error.message}</Notice> : null}
        <div className="adm-actions">
          <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t('admin.inbox.delete')}
          </Button>
          <Button onClick={() => setDeleting(false)}>{t('admin.cancel')}</Button>
        </div>
      </AdminDialog>
    </div>
  );
}
