import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_HEADERS, api, ApiError, apiUrl, readAnswer, type ActionResult } from '../shell/api.ts';
import { formatDateTime, useT } from '../shell/i18n.tsx';
import { announce } from '../shell/announce.tsx';
import { Button, CheckboxField, Notice, TextField } from '../shell/ui.tsx';
import { reportKinds, type ImportReport } from '../../features/wxr/report.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * Import & export (administrators): upload a WordPress export and, optionally, a zip of its
 * uploads folder; the import runs on the server in the background while this screen polls its
 * progress (leaving the screen or closing the tab does not stop it; coming back shows it again);
 * then the summary. The export is a plain download of the whole site as WXR.
 */
type Job = NonNullable<ActionResult<'import.status'>>;

const kindLabel: Record<(typeof reportKinds)[number], MessageKey> = {
  authors: 'admin.import.kind.authors',
  categories: 'admin.import.kind.categories',
  tags: 'admin.import.kind.tags',
  portfolioCategories: 'admin.import.kind.portfolioCategories',
  media: 'admin.import.kind.media',
  forms: 'admin.import.kind.forms',
  posts: 'admin.import.kind.posts',
  pages: 'admin.import.kind.pages',
  portfolio: 'admin.import.kind.portfolio',
  menus: 'admin.import.kind.menus',
  redirects: 'admin.import.kind.redirects',
  comments: 'admin.import.kind.comments',
};

/** Sends a file as the request body (no multipart), as the media library does. */
async function upload(kind: 'wxr' | 'zip', file: File): Promise<string> {
  let res: Response;
  try {
    res = await fetch(apiUrl('import.upload', { kind }), {
      method: 'POST',
      headers: { ...ADMIN_HEADERS, 'content-type': file.type || 'application/octet-stream', 'x-filename': encodeURIComponent(file.name) },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { code: 'offline', message: 'The server cannot be reached. Try again when you are back online.' });
  }
  const answer = await readAnswer<{ token: string }>(res);
  return answer.token;
}

function Progress({ job }: { job: Job }) {
  const t = useT();
  const p = job.progress;
  const scanning = !p || p.phase === 'scan';
  const value = scanning ? (p ? p.bytes / Math.max(1, p.totalBytes) : 0) : p.done / Math.max(1, p.total);
  return (
    <div className="adm-import__progress">
      <progress aria-label={t('admin.import.progress')} max={100} value={Math.round(value * 100)} />
      <p>{scanning ? t('admin.import.reading', { percent: Math.round(value * 100) }) : t('admin.import.importing', { done: p.done, total: p.total })}</p>
    </div>
  );
}

function Summary({ report }: { report: ImportReport }) {
  const t = useT();
  return (
    <section className="adm-panel adm-import__summary" aria-labelledby="import-summary">
      <h2 id="import-summary">{report.dryRun ? t('admin.import.dryDone') : report.ok ? t('admin.import.done') : t('admin.import.doneWithFailures')}</h2>
      <table className="adm-table">
        <caption className="visually-hidden">{t('admin.import.summary')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.import.what')}</th>
            <th scope="col">{report.dryRun ? t('admin.import.wouldCreate') : t('admin.import.created')}</th>
            <th scope="col">{report.dryRun ? t('admin.import.wouldUpdate') : t('admin.import.updated')}</th>
            <th scope="col">{t('admin.import.skipped')}</th>
            <th scope="col">{t('admin.import.failed')}</th>
          </tr>
        </thead>
        <tbody>
          {reportKinds.map((k) => (
            <tr key={k}>
              <th scope="row">{t(kindLabel[k])}</th>
              <td data-label={report.dryRun ? t('admin.import.wouldCreate') : t('admin.import.created')}>{report.counts[k].created}</td>
              <td data-label={report.dryRun ? t('admin.import.wouldUpdate') : t('admin.import.updated')}>{report.counts[k].updated}</td>
              <td data-label={t('admin.import.skipped')}>{report.counts[k].skipped}</td>
              <td data-label={t('admin.import.failed')}>{report.counts[k].failed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.failed.length ? (
        <>
          <h3>{t('admin.import.failures')}</h3>
          <ul>
            {report.failed.map((f, i) => (
              <li key={i}>
                {t(kindLabel[f.kind])} “{f.name}”: {f.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.skipReasons.length ? (
        <>
          <h3>{t('admin.import.skips')}</h3>
          <ul>
            {report.skipReasons.map((s, i) => (
              <li key={i}>
                {t(kindLabel[s.kind])}: {s.reason} ({s.count})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.fallbacks.length ? (
        <>
          <h3>{t('admin.import.fallbacks')}</h3>
          <ul>
            {report.fallbacks.map((f) => (
              <li key={f.construct}>
                <code>{f.construct}</code> ({f.count})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.notes.length ? (
        <>
          <h3>{t('admin.import.notes')}</h3>
          <ul>
            {report.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export default function ImportScreen() {
  const t = useT();
  const qc = useQueryClient();
  const [wxr, setWxr] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [authorMap, setAuthorMap] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const status = useQuery({
    queryKey: ['import.status'],
    queryFn: () => api('import.status', {}),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 1000 : false),
  });
  const job = status.data ?? null;
  const start = useMutation({
    mutationFn: async () => {
      if (!wxr) throw new ApiError(422, { code: 'invalid', message: t('admin.import.chooseFile'), field: 'wxr' });
      const wxrToken = await upload('wxr', wxr);
      const mediaToken = zip ? await upload('zip', zip) : null;
      return api('import.start', { wxr: wxrToken, media: mediaToken, dryRun, authorMap });
    },
    onSuccess: (started) => {
      setErrors({});
      qc.setQueryData(['import.status'], started);
      announce(t('admin.import.started'));
    },
    onError: (err) => setErrors(err instanceof ApiError ? { ...err.fields, ...(err.field ? {} : { form: err.message }) } : { form: String(err) }),
  });
  const running = job?.state === 'running';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate();
  };

  return (
    <div className="adm-screen adm-import">
      <h1 tabIndex={-1}>{t('admin.nav.import')}</h1>
      <section className="adm-panel" aria-labelledby="import-title">
        <h2 id="import-title">{t('admin.import.title')}</h2>
        <p>{t('admin.import.intro')}</p>
        <form className="adm-form" onSubmit={submit} noValidate>
          <div className="adm-field">
            <label htmlFor="import-wxr">{t('admin.import.file')}</label>
            <input id="import-wxr" type="file" accept=".xml,application/xml,text/xml" aria-invalid={errors.wxr ? true : undefined} aria-describedby={errors.wxr ? 'import-wxr-error' : undefined} onChange={(e) => setWxr(e.target.files?.[0] ?? null)} />
            {errors.wxr ? (
              <p id="import-wxr-error" className="adm-field__error">
                {errors.wxr}
              </p>
            ) : null}
          </div>
          <div className="adm-field">
            <label htmlFor="import-zip">{t('admin.import.zip')}</label>
            <input id="import-zip" type="file" accept=".zip,application/zip" aria-describedby="import-zip-hint" onChange={(e) => setZip(e.target.files?.[0] ?? null)} />
            <p id="import-zip-hint" className="adm-field__hint">
              {t('admin.import.zipHint')}
            </p>
          </div>
          <TextField label={t('admin.import.authorMap')} hint={t('admin.import.authorMapHint')} value={authorMap} onChange={(e) => setAuthorMap(e.target.value)} error={errors.authorMap} />
          <CheckboxField label={t('admin.import.dryRun')} checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />
          {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
          <Button type="submit" variant="primary" disabled={running || start.isPending}>
            {start.isPending ? t('admin.import.uploading') : t('admin.import.start')}
          </Button>
        </form>
      </section>
      <div aria-live="polite">
        {job ? (
          <section className="adm-panel" aria-labelledby="import-job">
            <h2 id="import-job">{t('admin.import.job', { file: job.fileName })}</h2>
            {job.state === 'running' ? <Progress job={job} /> : null}
            {job.state !== 'running' && job.finishedAt ? <p>{t('admin.import.finishedAt', { time: formatDateTime(job.finishedAt) })}</p> : null}
            {job.state === 'failed' ? <Notice tone="error">{job.error}</Notice> : null}
          </section>
        ) : null}
        {job?.state === 'done' && job.report ? <Summary report={job.report} /> : null}
      </div>
      <section className="adm-panel" aria-labelledby="export-title">
        <h2 id="export-title">{t('admin.export.title')}</h2>
        <p>{t('admin.export.intro')}</p>
        <a className="adm-btn adm-btn--default" href="/admin/export.xml" download>
          {t('admin.export.download')}
        </a>
      </section>
    </div>
  );
}
