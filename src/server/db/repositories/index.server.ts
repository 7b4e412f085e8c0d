import type { Kysely } from 'kysely';
import type { Database } from '../schema.server.ts';
import { mediaRepository, type RepositoryOptions } from './media.server.ts';
import { termsRepository } from './terms.server.ts';
import { postsRepository } from './posts.server.ts';
import { portfolioRepository } from './portfolio.server.ts';
import { menusRepository } from './menus.server.ts';
import { countersRepository, secretsRepository, settingsRepository } from './settings.server.ts';
import { engagementRepository } from './engagement.server.ts';
import { sessionsRepository, tokensRepository, usersRepository } from './accounts.server.ts';
import { outboxRepository } from './outbox.server.ts';
import { formsRepository } from './forms.server.ts';
import { redirectsRepository } from './redirects.server.ts';
import { captchaRepository } from './captcha.server.ts';
import { editorialRepository } from './editorial.server.ts';
import { revisionsRepository } from './revisions.server.ts';
import { dashboardRepository } from './dashboard.server.ts';
import { rateLimitsRepository } from './ratelimits.server.ts';
import { importJobsRepository, importMapRepository } from './imports.server.ts';
import { inboxRepository } from './inbox.server.ts';
import { peopleRepository } from './people.server.ts';

function baseRepositories(db: Kysely<Database>, opts: RepositoryOptions) {
  return {
    media: mediaRepository(db, opts),
    terms: termsRepository(db),
    posts: postsRepository(db, opts),
    portfolio: portfolioRepository(db, opts),
    menus: menusRepository(db),
    settings: settingsRepository(db),
    counters: countersRepository(db),
    secrets: secretsRepository(db),
    engagement: engagementRepository(db),
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    tokens: tokensRepository(db),
    outbox: outboxRepository(db),
    forms: formsRepository(db),
    redirects: redirectsRepository(db),
    captcha: captchaRepository(db),
    editorial: editorialRepository(db),
    revisions: revisionsRepository(db),
    dashboard: dashboardRepository(db),
    rateLimits: rateLimitsRepository(db),
    imports: importMapRepository(db),
    importJobs: importJobsRepository(db),
    inbox: inboxRepository(db),
    people: peopleRepository(db),
  };
}

export type Repositories = ReturnType<typeof baseRepositories> & {
  /** Runs `fn` in one transaction with repositories bound to it. */
  transaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T>;
  /** Cheap liveness probe for /healthz. */
  ping(): Promise<void>;
};

/**
 * All repositories over one connection. Routes and features use these, never SQL. `opts.mediaUrl`:
 * how media addresses are answered (MEDIA_PUBLIC_URL; media.server.ts).
 */
export function createRepositories(db: Kysely<Database>, opts: RepositoryOptions = {}): Repositories {
  return {
    ...baseRepositories(db, opts),
    transaction: (fn) => db.transaction().execute((trx) => fn(createRepositories(trx, opts))),
    ping: async () => {
      await db.selectFrom('counters').select('name').limit(1).execute();
    },
  };
}
