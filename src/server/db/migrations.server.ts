import type { Migration } from 'kysely';
import type { Dialect, MigrationTools, MastheadMigration } from './migrations/define.server.ts';
import initial from './migrations/0001_initial.server.ts';
import redirects from './migrations/0002_redirects.server.ts';
import captcha from './migrations/0003_captcha.server.ts';
import rolesAndPostStatus from './migrations/0100_roles_and_post_status.server.ts';
import revisions from './migrations/0101_revisions.server.ts';
import mediaFields from './migrations/0102_media_fields.server.ts';
import termParents from './migrations/0103_term_parents.server.ts';
import outboxLeases from './migrations/0300_outbox_leases.server.ts';
import userNameKeys from './migrations/0301_user_name_keys.server.ts';
import wxrImport from './migrations/0400_wxr_import.server.ts';
import submissionInbox from './migrations/0500_submission_inbox.server.ts';
import userAdmin from './migrations/0501_user_admin.server.ts';
import menuMegaCount from './migrations/0502_menu_mega_count.server.ts';
import pageHierarchy from './migrations/0600_page_hierarchy.server.ts';
import fullTextSearch from './migrations/0700_full_text_search.server.ts';
import largeSite from './migrations/0710_large_site.server.ts';
import cluster from './migrations/0720_cluster.server.ts';
import mailCcBcc from './migrations/0810_mail_cc_bcc.server.ts';
import searchInlineVectors from './migrations/0830_search_inline_vectors.server.ts';
import postPassword from './migrations/0860_post_password.server.ts';
import searchNarrowIndex from './migrations/0910_search_narrow_index.server.ts';
import searchIndexRowsOutOfLine from './migrations/0920_search_index_rows_out_of_line.server.ts';

export type { Dialect } from './migrations/define.server.ts';

/**
 * Every migration, one module each under ./migrations (one set for SQLite and PostgreSQL). A
 * feature that changes the schema adds its module and one line here; names sort in the order they
 * run, and a database that has already run later ones still runs a newly merged earlier one.
 */
const all: readonly MastheadMigration[] = [initial, redirects, captcha, rolesAndPostStatus, revisions, mediaFields, termParents, outboxLeases, userNameKeys, wxrImport, submissionInbox, userAdmin, menuMegaCount, pageHierarchy, fullTextSearch, largeSite, cluster, mailCcBcc, searchInlineVectors, postPassword, searchNarrowIndex, searchIndexRowsOutOfLine];

export function migrations(dialect: Dialect): Record<string, Migration> {
  const tools: MigrationTools = {
    dialect,
    id: (t) => (dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())),
  };
  return Object.fromEntries(all.map((m) => [m.name, { up: (db) => m.up(db, tools) }]));
}
