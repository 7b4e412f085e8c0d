import { z } from 'zod';
import { defineAdminAction, type AdminContext } from '../registry.server.ts';
import { ContentError } from '../../content/errors.ts';
import { removeUploads } from '../../../features/contact-form/uploads.server.ts';
import { createLocalStore } from '../../../features/media/storage.server.ts';
import type { InboxSubmission } from '../../db/repositories/inbox.server.ts';

/**
 * The submissions inbox (editors and administrators): every form's submissions, or one form's;
 * search, read, spam / not spam, delete, CSV export; each submission with the delivery of its
 * mail from the outbox, and "Send again" for mail that is waiting or was given up. Attachments
 * are never public: they are downloaded through /api/submission-file/{id}/{n} (attachment.server.ts),
 * which checks the same permission.
 */
const id = z.number().int().positive();
const PER_PAGE = 25;
const query = {
  formId: id.optional(),
  box: z.enum(['inbox', 'spam']).default('inbox'),
  search: z.string().max(200).default(''),
};

type MailRow = Awaited<ReturnType<AdminContext['runtime']['repos']['outbox']['bySubmissions']>>[number];
/** A mail's delivery as the inbox shows it; the status is passed through as the outbox names it. */
const mailOf = (m: MailRow) => ({
  id: m.id,
  to: m.to_address,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  lastError: m.last_error,
  nextAttemptAt: m.status === 'sent' ? null : m.next_attempt_at,
  sentAt: m.sent_at,
  createdAt: m.created_at,
});
export type InboxMail = ReturnType<typeof mailOf>;

/** What the browser sees of a submission: its files by name and size only, never their paths. */
const view = (s: InboxSubmission, mail: InboxMail[]) => ({
  id: s.id,
  formId: s.formId,
  formTitle: s.formTitle,
  containerPostId: s.containerPostId,
  fields: Object.fromEntries(Object.entries(s.fields).map(([k, v]) => [k, Array.isArray(v) ? v.map(String).join(', ') : String(v ?? '')])),
  files: s.files.map((f, n) => ({ n, field: f.field, name: f.name, size: f.size, type: f.type, url: `/api/submission-file/${s.id}/${n}` })),
  status: s.status,
  spam: s.spam,
  read: s.readAt !== null,
  remoteAddr: s.remoteAddr,
  userAgent: s.userAgent,
  createdAt: s.createdAt,
  mail,
});

async function withMail(ctx: AdminContext, items: InboxSubmission[]) {
  const rows = await ctx.runtime.repos.outbox.bySubmissions(items.map((s) => s.id));
  return items.map((s) =>
    view(
      s,
      rows.filter((m) => m.submission_id === s.id).map(mailOf),
    ),
  );
}

async function found(ctx: AdminContext, submissionId: number) {
  const s = await ctx.runtime.repos.inbox.byId(submissionId);
  if (!s) throw new ContentError('not_found', 'This submission no longer exists.');
  return s;
}

export const submissionsList = defineAdminAction({
  permission: 'submissions.read',
  input: z.object({ ...query, page: z.number().int().min(1).default(1) }),
  async handler(i, ctx) {
    const [r, forms] = await Promise.all([ctx.runtime.repos.inbox.list({ ...(i.formId ? { formId: i.formId } : {}), box: i.box, search: i.search, limit: PER_PAGE, offset: (i.page - 1) * PER_PAGE }), ctx.runtime.repos.inbox.forms()]);
    return { items: await withMail(ctx, r.items), total: r.total, page: i.page, pages: Math.max(1, Math.ceil(r.total / PER_PAGE)), forms };
  },
});

export const submissionsGet = defineAdminAction({
  permission: 'submissions.read',
  input: z.object({ id }),
  async handler(i, ctx) {
    await found(ctx, i.id);
    await ctx.runtime.repos.inbox.markRead(i.id);
    const [s] = await withMail(ctx, [(await ctx.runtime.repos.inbox.byId(i.id))!]);
    return s!;
  },
});

export const submissionsSpam = defineAdminAction({
  permission: 'submissions.read',
  input: z.object({ id, spam: z.boolean() }),
  async handler(i, ctx) {
    await found(ctx, i.id);
    await ctx.runtime.repos.inbox.setSpam(i.id, i.spam);
    return { id: i.id, spam: i.spam };
  },
});

export const submissionsDelete = defineAdminAction({
  permission: 'submissions.read',
  input: z.object({ id }),
  async handler(i, ctx) {
    const files = await ctx.runtime.repos.inbox.remove(i.id);
    if (!files) throw new ContentError('not_found', 'This submission no longer exists.');
    // only ever the forms' attachments (attachmentKey), from the media store
    await removeUploads(ctx.runtime.mediaStore ?? createLocalStore(ctx.runtime.config.dataDir), files).catch((err: unknown) => ctx.log.warn({ err, files: files.map((f) => f.file) }, 'could not remove the files of a submission'));
    return { deleted: i.id };
  },
});

/** A spreadsheet cell: quoted, and never read as a formula (=, +, -, @ and tab/CR lead with '). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const submissionsExport = defineAdminAction({
  permission: 'submissions.read',
  input: z.object(query),
  async handler(i, ctx) {
    const items: InboxSubmission[] = [];
    for (let offset = 0; ; offset += 500) {
      const r = await ctx.runtime.repos.inbox.list({ ...(i.formId ? { formId: i.formId } : {}), box: i.box, search: i.search, limit: 500, offset });
      items.push(...r.items);
      if (r.items.length < 500 || items.length >= 50_000) break;
    }
    const all = await withMail(ctx, items);
    const names: string[] = [];
    for (const s of all) for (const k of Object.keys(s.fields)) if (!names.includes(k)) names.push(k);
    const head = ['id', 'date', 'form', 'mail', ...names, 'files'];
    const lines = [head.map(csvCell).join(',')];
    for (const s of all) {
      const mail = s.mail[0]?.status ?? ''; // the form's Mail (a Mail (2) follows it)
      lines.push([String(s.id), s.createdAt, s.formTitle, mail, ...names.map((n) => s.fields[n] ?? ''), s.files.map((f) => f.name).join('; ')].map(csvCell).join(','));
    }
    const form = i.formId ? `form-${i.formId}-` : '';
    return { filename: `submissions-${form}${new Date().toISOString().slice(0, 10)}.csv`, csv: `\ufeff${lines.join('\r\n')}\r\n`, count: all.length };
  },
});

export const submissionsResend = defineAdminAction({
  permission: 'submissions.read',
  input: z.object({ id, mailId: id }),
  async handler(i, ctx) {
    await found(ctx, i.id);
    const mail = await ctx.runtime.repos.outbox.byId(i.mailId);
    if (!mail || mail.submission_id !== i.id) throw new ContentError('not_found', 'This mail no longer exists.');
    if (mail.status === 'sent') throw new ContentError('conflict', 'This mail was already sent; it is not sent twice.');
    if (!(await ctx.runtime.repos.outbox.retryNow(i.mailId))) throw new ContentError('conflict', 'This mail is being sent right now.');
    // Deliver now: the first flush may be one already running (without this mail), the second takes it.
    await ctx.runtime.mailer.flush();
    await ctx.runtime.mailer.flush();
    const [s] = await withMail(ctx, [(await ctx.runtime.repos.inbox.byId(i.id))!]);
    return s!;
  },
});
