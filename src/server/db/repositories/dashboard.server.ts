import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { publicPath, type ContentKind } from '../../../features/content/status.ts';
import { parseJson } from './util.server.ts';

export interface DayViews {
  day: string;
  views: number;
}

export interface MostRead {
  id: number;
  kind: ContentKind;
  title: string;
  url: string;
  views: number;
}

export interface RecentSubmission {
  id: number;
  formId: number;
  formTitle: string;
  status: string;
  /** the sender as the form named them (your-name / your-email), when present */
  from: string;
  createdAt: string;
}

export interface MailFailure {
  id: number;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string;
  createdAt: string;
}

/** Read-only figures for the admin's dashboard. */
export function dashboardRepository(db: Kysely<Database>) {
  return {
    /** Page views per day from `fromDay` (YYYY-MM-DD) on, days without views left out. */
    async viewsPerDay(fromDay: string): Promise<DayViews[]> {
      const rows = await db
        .selectFrom('page_views')
        .select(['day', (eb) => eb.fn.sum<number>('views').as('views')])
        .where('day', '>=', fromDay)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((r) => ({ day: r.day, views: Number(r.views ?? 0) }));
    },

    async mostRead(fromDay: string, limit: number): Promise<MostRead[]> {
      const rows = await db
        .selectFrom('page_views')
        .innerJoin('posts', 'posts.id', 'page_views.post_id')
        .select(['posts.id', 'posts.type', 'posts.title', 'posts.slug', (eb) => eb.fn.sum<number>('page_views.views').as('views')])
        .where('page_views.day', '>=', fromDay)
        .groupBy(['posts.id', 'posts.type', 'posts.title', 'posts.slug'])
        .orderBy('views', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, kind: r.type === 'page' ? 'page' : 'post', title: r.title, url: publicPath('post', r.slug), views: Number(r.views ?? 0) }));
    },

    async recentSubmissions(limit: number): Promise<RecentSubmission[]> {
      const rows = await db
        .selectFrom('submissions')
        .leftJoin('contact_forms', 'contact_forms.id', 'submissions.form_id')
        .select(['submissions.id', 'submissions.form_id', 'contact_forms.title', 'submissions.status', 'submissions.fields', 'submissions.created_at'])
        .orderBy('submissions.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => {
        const f = parseJson<Record<string, unknown>>(r.fields, {});
        const text = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '');
        return { id: r.id, formId: r.form_id, formTitle: r.title ?? '', status: r.status, from: [text('your-name'), text('your-email')].filter(Boolean).join(' · '), createdAt: r.created_at };
      });
    },

    /** Mail that failed at least once and is not sent: given up, or waiting for a retry. */
    async mailFailures(limit: number): Promise<MailFailure[]> {
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'created_at'])
        .where('status', '!=', 'sent')
        .where('last_error', 'is not', null)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, status: r.status, attempts: r.attempts, lastError: r.last_error ?? '', createdAt: r.created_at }));
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
