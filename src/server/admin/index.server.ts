import type { AnyAdminAction } from './registry.server.ts';
import { createAdminHandler } from './handler.server.ts';
import * as items from './actions/items.server.ts';
import * as media from './actions/media.server.ts';
import * as terms from './actions/terms.server.ts';
import * as dashboard from './actions/dashboard.server.ts';
import * as wxrImport from './actions/import.server.ts';
import * as settings from './actions/settings.server.ts';
import * as redirects from './actions/redirects.server.ts';
import * as submissions from './actions/submissions.server.ts';
import * as users from './actions/users.server.ts';
import * as menus from './actions/menus.server.ts';
import * as forms from './actions/forms.server.ts';

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
  'items.pages': items.itemsPages,
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
  'settings.get': settings.settingsGet,
  'settings.save': settings.settingsSave,
  'redirects.list': redirects.redirectsList,
  'redirects.save': redirects.redirectsSave,
  'redirects.delete': redirects.redirectsDelete,
  'submissions.list': submissions.submissionsList,
  'submissions.get': submissions.submissionsGet,
  'submissions.spam': submissions.submissionsSpam,
  'submissions.delete': submissions.submissionsDelete,
  'submissions.export': submissions.submissionsExport,
  'submissions.resend': submissions.submissionsResend,
  'users.list': users.usersList,
  'users.invite': users.usersInvite,
  'users.setRole': users.usersSetRole,
  'users.lock': users.usersLock,
  'users.delete': users.usersDelete,
  'profile.get': users.profileGet,
  'profile.save': users.profileSave,
  'profile.password': users.profilePassword,
  'profile.email': users.profileEmail,
  'menus.get': menus.menusGet,
  'menus.save': menus.menusSave,
  'menus.sources': menus.menusSources,
  'menus.preview': menus.menusPreview,
  'forms.list': forms.formsList,
  'forms.get': forms.formsGet,
  'forms.create': forms.formsCreate,
  'forms.duplicate': forms.formsDuplicate,
  'forms.delete': forms.formsDelete,
  'forms.save': forms.formsSave,
} satisfies Record<string, AnyAdminAction>;

export type AdminActions = typeof adminActions;
export type AdminActionName = keyof AdminActions;

export const handleAdminRequest = createAdminHandler(adminActions);
