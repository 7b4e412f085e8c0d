import { z } from 'zod';
import { defineAdminAction } from '../registry.server.ts';
import { can, permissionsOf } from '../../../features/accounts/permissions.ts';

/** Who is signed in and what they may do (the admin hides the rest). */
export const sessionMe = defineAdminAction({
  permission: 'admin.access',
  input: z.object({}),
  handler: async (_i, { user }) => ({ user, permissions: permissionsOf(user) }),
});

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The dashboard: the user's drafts (everyone's for editors), what is scheduled and waiting for
 * review, recent contact-form submissions and mail failures (for those who handle forms), and
 * page views per day over the last 30 days with the most-read posts (first-party counter).
 */
export const dashboardSummary = defineAdminAction({
  permission: 'admin.access',
  input: z.object({ days: z.number().int().min(7).max(90).default(30) }),
  async handler(i, { runtime, user }) {
    const { repos } = runtime;
    const from = new Date(Date.now() - (i.days - 1) * 86_400_000);
    const own = !can(user, 'posts.editOthers');
    const scope = own ? { authorId: user.id } : {};
    const forms = can(user, 'submissions.read');
    const [drafts, scheduled, pending, views, mostRead, submissions, mail] = await Promise.all([
      repos.editorial.list({ kind: 'post', status: 'draft', ...scope, limit: 5 }),
      repos.editorial.list({ kind: 'post', status: 'future', ...scope, limit: 5 }),
      repos.editorial.list({ kind: 'post', status: 'pending', ...scope, limit: 5 }),
      repos.dashboard.viewsPerDay(day(from)),
      repos.dashboard.mostRead(day(from), 5),
      forms ? repos.dashboard.recentSubmissions(5) : null,
      can(user, 'forms.manage') ? repos.dashboard.mailFailures(5) : null,
    ]);
    // every day of the range, zero where nobody read anything
    const byDay = new Map(views.map((v) => [v.day, v.views]));
    const series = Array.from({ length: i.days }, (_, n) => {
      const d = day(new Date(from.getTime() + n * 86_400_000));
      return { day: d, views: byDay.get(d) ?? 0 };
    });
    return {
      drafts: { items: drafts.items, total: drafts.total },
      scheduled: { items: scheduled.items, total: scheduled.total },
      pending: { items: pending.items, total: pending.total },
      views: series,
      mostRead,
      submissions,
      mailFailures: mail,
    };
  },
});
