import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from '../../features/accounts/permissions.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * Every screen of the admin: its address pattern (`:id#` is a number), the permission it needs,
 * its title, and, when it has one, its place in the navigation ("Admin"). Screens load lazily, so
 * the first load carries only the shell and the screen asked for. Issue 10's screens (Menus,
 * Forms, Submissions, Users, Settings) are added here with their own `nav` entries.
 */
export interface ScreenProps {
  params: Record<string, string>;
}

export interface AdminRoute {
  path: string;
  permission: Permission;
  title: MessageKey;
  screen: LazyExoticComponent<ComponentType<ScreenProps>>;
  nav?: { label: MessageKey; order: number; /** other paths under this entry */ prefix?: string };
  /** routes of one group keep their screen mounted when moving between them (new → saved item) */
  group?: string;
}

const Dashboard = lazy(() => import('../dashboard/Dashboard.tsx'));
const ItemsList = lazy(() => import('../posts/ItemsList.tsx'));
const Editor = lazy(() => import('../editor/EditorScreen.tsx'));
const Media = lazy(() => import('../media/MediaLibrary.tsx'));
const Taxonomies = lazy(() => import('../taxonomies/Taxonomies.tsx'));
const ImportScreen = lazy(() => import('../import/ImportScreen.tsx'));
const Settings = lazy(() => import('../settings/SettingsScreen.tsx'));
const Redirects = lazy(() => import('../redirects/Redirects.tsx'));
const Inbox = lazy(() => import('../submissions/Inbox.tsx'));
const Submission = lazy(() => import('../submissions/SubmissionScreen.tsx'));
const Users = lazy(() => import('../users/Users.tsx'));
const Menus = lazy(() => import('../menus/Menus.tsx'));
const Profile = lazy(() => import('../users/Profile.tsx'));
const FormsList = lazy(() => import('../forms/FormsList.tsx'));
const FormEditor = lazy(() => import('../forms/FormEditor.tsx'));

export const adminRoutes: AdminRoute[] = [
  { path: '/admin/', permission: 'admin.access', title: 'admin.nav.dashboard', screen: Dashboard, nav: { label: 'admin.nav.dashboard', order: 10 } },
  { path: '/admin/posts/', permission: 'posts.edit', title: 'admin.nav.posts', screen: ItemsList, nav: { label: 'admin.nav.posts', order: 20, prefix: '/admin/posts/' } },
  { group: 'editor-posts', path: '/admin/posts/new/', permission: 'posts.edit', title: 'admin.editor.newPost', screen: Editor },
  { group: 'editor-posts', path: '/admin/posts/:id#/', permission: 'posts.edit', title: 'admin.editor.edit', screen: Editor },
  { path: '/admin/taxonomies/', permission: 'admin.access', title: 'admin.nav.taxonomies', screen: Taxonomies, nav: { label: 'admin.nav.taxonomies', order: 25 } },
  { path: '/admin/pages/', permission: 'pages.edit', title: 'admin.nav.pages', screen: ItemsList, nav: { label: 'admin.nav.pages', order: 30, prefix: '/admin/pages/' } },
  { group: 'editor-pages', path: '/admin/pages/new/', permission: 'pages.edit', title: 'admin.editor.newPage', screen: Editor },
  { group: 'editor-pages', path: '/admin/pages/:id#/', permission: 'pages.edit', title: 'admin.editor.edit', screen: Editor },
  { path: '/admin/portfolio/', permission: 'portfolio.edit', title: 'admin.nav.portfolio', screen: ItemsList, nav: { label: 'admin.nav.portfolio', order: 40, prefix: '/admin/portfolio/' } },
  { group: 'editor-portfolio', path: '/admin/portfolio/new/', permission: 'portfolio.edit', title: 'admin.editor.newProject', screen: Editor },
  { group: 'editor-portfolio', path: '/admin/portfolio/:id#/', permission: 'portfolio.edit', title: 'admin.editor.edit', screen: Editor },
  { path: '/admin/media/', permission: 'admin.access', title: 'admin.nav.media', screen: Media, nav: { label: 'admin.nav.media', order: 50 } },
  { path: '/admin/import/', permission: 'import.run', title: 'admin.nav.import', screen: ImportScreen, nav: { label: 'admin.nav.import', order: 90 } },
  { path: '/admin/menus/', permission: 'menus.manage', title: 'admin.nav.menus', screen: Menus, nav: { label: 'admin.nav.menus', order: 60 } },
  { path: '/admin/forms/', permission: 'forms.manage', title: 'admin.nav.forms', screen: FormsList, nav: { label: 'admin.nav.forms', order: 65, prefix: '/admin/forms/' } },
  { path: '/admin/forms/:id#/', permission: 'forms.manage', title: 'admin.nav.forms', screen: FormEditor },
  { path: '/admin/submissions/', permission: 'submissions.read', title: 'admin.nav.submissions', screen: Inbox, nav: { label: 'admin.nav.submissions', order: 70, prefix: '/admin/submissions/' } },
  { path: '/admin/submissions/:id#/', permission: 'submissions.read', title: 'admin.nav.submissions', screen: Submission },
  { path: '/admin/users/', permission: 'users.manage', title: 'admin.nav.users', screen: Users, nav: { label: 'admin.nav.users', order: 80 } },
  { path: '/admin/profile/', permission: 'admin.access', title: 'admin.nav.profile', screen: Profile, nav: { label: 'admin.nav.profile', order: 99 } },
  { group: 'settings', path: '/admin/settings/', permission: 'settings.manage', title: 'admin.nav.settings', screen: Settings, nav: { label: 'admin.nav.settings', order: 90, prefix: '/admin/settings/' } },
  { group: 'settings', path: '/admin/settings/:key/', permission: 'settings.manage', title: 'admin.nav.settings', screen: Settings },
  { path: '/admin/redirects/', permission: 'redirects.manage', title: 'admin.nav.redirects', screen: Redirects, nav: { label: 'admin.nav.redirects', order: 95 } },
];

/** Which kind of content an address is about. */
export function kindOfPath(pathname: string): 'post' | 'page' | 'portfolio' {
  return pathname.startsWith('/admin/pages/') ? 'page' : pathname.startsWith('/admin/portfolio/') ? 'portfolio' : 'post';
}
