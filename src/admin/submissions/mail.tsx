import type { ActionResult } from '../shell/api.ts';
import { formatDateTime, useT } from '../shell/i18n.tsx';
import type { MessageKey } from '../../i18n/index.ts';

export type Submission = ActionResult<'submissions.get'>;
export type Mail = Submission['mail'][number];

/**
 * A mail's delivery in words. The outbox's states are read generically: sent, waiting (with or
 * without a failed attempt), given up, and anything else the outbox may add (a mail being sent).
 */
export function mailState(m: Mail): 'sent' | 'queued' | 'retrying' | 'failed' | 'other' {
  if (m.status === 'sent') return 'sent';
  if (m.status === 'pending') return m.lastError ? 'retrying' : 'queued';
  if (m.status === 'failed') return 'failed';
  return 'other';
}

export const canResend = (m: Mail) => m.status === 'pending' || m.status === 'failed';

export function MailBadge({ mail }: { mail: Mail[] }) {
  const t = useT();
  const last = mail.at(-1);
  if (!last) return <span className="adm-muted">{t('admin.inbox.noMail')}</span>;
  const state = mailState(last);
  return <span className={`adm-badge adm-badge--mail-${state}`}>{t(`admin.inbox.mail.${state}` as MessageKey)}</span>;
}

/** The one thing a row says about a submission: its sender and the start of its message. */
export function summary(fields: Record<string, string>): { from: string; subject: string } {
  const name = fields['your-name'] ?? '';
  const email = fields['your-email'] ?? Object.values(fields).find((v) => /^[^\s@]+@[^\s@]+$/.test(v)) ?? '';
  const subject = fields['your-subject'] ?? fields['your-message'] ?? Object.entries(fields).find(([k, v]) => !k.startsWith('_') && v && v !== name && v !== email)?.[1] ?? '';
  return { from: [name, email].filter(Boolean).join(' · '), subject: subject.length > 90 ? `${subject.slice(0, 89)}…` : subject };
}

export function MailDetails({ mail }: { mail: Mail }) {
  const t = useT();
  const state = mailState(mail);
  return (
    <>
      <p>
        <MailBadge mail={[mail]} /> {t('admin.inbox.mailTo', { to: mail.to, subject: mail.subject })}
      </p>
      {state === 'sent' && mail.sentAt ? <p>{t('admin.inbox.sentAt', { date: formatDateTime(mail.sentAt) })}</p> : null}
      {mail.lastError && state !== 'sent' ? <p className="adm-break">{t('admin.inbox.reason', { error: mail.lastError })}</p> : null}
      {state === 'retrying' || state === 'queued' ? mail.nextAttemptAt ? <p>{t('admin.inbox.nextAttempt', { date: formatDateTime(mail.nextAttemptAt) })}</p> : null : null}
      {state === 'failed' ? <p>{t('admin.inbox.gaveUp')}</p> : null}
      {mail.attempts ? <p className="adm-muted">{t('admin.inbox.attempts', { n: mail.attempts })}</p> : null}
    </>
  );
}

export const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1048576 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`);
