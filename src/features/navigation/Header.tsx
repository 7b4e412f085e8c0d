import type { MenuItem } from './types.ts';
import type { PostSummary } from '../post/types.ts';
import type { Translate } from '../../i18n/index.ts';
import type { User } from '../accounts/types.ts';
import { Island } from '../../ui/Island.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import type { MegaPost } from './MainMenu.tsx';

interface Props {
  t: Translate;
  siteTitle: string;
  tagline: string;
  menu: MenuItem[];
  /** the mobile (side) menu; empty or absent: the main menu */
  sideMenu?: MenuItem[];
  /** latest posts per mega-menu category id */
  mega: Record<number, PostSummary[]>;
  currentPath: string;
  searchStyle: 'overlay' | 'showup';
  /** the sticky header that shows up (theme setting) */
  sticky?: boolean;
  user: User | null;
  searchQuery?: string;
}

/**
 * The site header on the server: translates its labels, keeps of the mega-menu posts what the
 * header shows, and renders the `header` island (SiteHeader). With the sticky header on it
 * hydrates when the browser is idle (it follows the page's scrolling); otherwise it has nothing to
 * do until the visitor uses it (its menus open by CSS and its popovers natively before that), so
 * it hydrates on interaction: a pointer over it, a press, focus or a key inside it.
 */
export function Header({ t, siteTitle, tagline, menu, sideMenu, mega, currentPath, searchStyle, sticky = false, user, searchQuery }: Props) {
  const megaPosts: Record<number, MegaPost[]> = {};
  for (const [id, posts] of Object.entries(mega)) megaPosts[Number(id)] = posts.map((p) => ({ id: p.id, url: p.url, title: p.title, featured: p.featured }));
  return (
    <Island
      name="header"
      of={SiteHeader}
      when={sticky ? 'idle' : 'interaction'}
      props={{
        siteTitle,
        tagline,
        menu,
        sideMenu: sideMenu?.length ? sideMenu : menu,
        mega: megaPosts,
        currentPath,
        searchStyle,
        sticky,
        searchQuery: searchQuery ?? '',
        account: user ? { label: t('account.signedInAs', { name: user.displayName }), signedIn: true } : { label: t('account.login'), signedIn: false },
        labels: {
          menu: t('nav.menu'),
          search: t('nav.search'),
          close: t('nav.close'),
          mainNavigation: t('a11y.mainNavigation'),
          sideMenu: t('a11y.sideMenu'),
          mobileMenu: t('a11y.mobileMenu'),
          expand: t('a11y.openSubmenu', { label: '{label}' }),
          searchLabel: t('search.label'),
          placeholder: t('search.placeholder'),
          submit: t('search.submit'),
          suggestions: t('search.suggestions'),
          seeAll: t('search.seeAll', { q: '{q}' }),
          noSuggestions: t('search.noSuggestions'),
          suggestionCount: t('search.suggestionCount', { n: '{n}' }),
        },
      }}
    />
  );
}
