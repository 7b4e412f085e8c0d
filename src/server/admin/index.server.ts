import type { AnyAdminAction } from './registry.server.ts';
import { createAdminHandler } from './handler.server.ts';
import * as items from './actions/items.server.ts';
import * as media from './actions/media.server.ts';
import * as terms from './actions/terms.server.ts';
import * as dashboard from './actions/dashboard.server.ts';
import * as wxrImport from './actions/import.server.ts';

/**
 * The one table of admin API actions, by wire name (`POST /api/admin/{name}`). A screen adds its
 * actions here (issue 10: menus, forms, submissions, users, settings). The admin's client reads
 * the input and result types of each entry from this table (a type-only import).
 */
export const adminActions = {
  'session.me': dashboard.sessionMe,
  'dashboard.summary': dashboard.dashboardSummary,
  'items.list': items.itemsList,
  'items.get': items.itemsGet,
  'items.create': items.itemsCreate,
  'items.save': items.itemsSave,
  'items.autosave': items.itemsAutosave,
  'items.publish': items.itemsPublish,
  'items.schedule': items.itemsSchedule,
  'items.unpublish': items.itemsUnpublish,
  'items.submit': items.itemsSubmit,
  'items.trash': items.itemsTrash,
  'items.restore': items.itemsRestore,
  'items.revisions': items.itemsRevisions,
  'items.revision': items.itemsRevision,
  'items.restoreRevision': items.itemsRestoreRevision,
  'items.choices': items.itemsChoices,
  'media.list': media.mediaList,
  'media.get': media.mediaGet,
  'media.many': media.mediaMany,
  'media.upload': media.mediaUpload,
  'media.replace': media.mediaReplace,
  'media.update': media.mediaUpdate,
  'media.delete': media.mediaDelete,
  'terms.list': terms.termsList,
  'terms.create': terms.termsCreate,
  'terms.update': terms.termsUpdate,
  'terms.merge': terms.termsMerge,
  'terms.delete': terms.termsDelete,
  'import.upload': wxrImport.importUpload,
  'import.start': wxrImport.importStart,
  'import.status': wxrImport.importStatusAction,
} satisfies Record<string, AnyAdminAction>;

export type AdminActions = typeof adminActions;
export type AdminActionName = keyof AdminActions;

export const handleAdminRequest = createAdminHandler(adminActions);
