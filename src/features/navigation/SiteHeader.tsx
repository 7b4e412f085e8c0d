import { Icon } from '../../ui/Icon.tsx';
import type { MenuItem } from './types.ts';
import { MainMenu, type MegaPost } from './MainMenu.tsx';
import { SideMenu } from './SideMenu.tsx';
import { popoverModeFor } from './search-logic.ts';

export interface SiteHeaderProps {
  siteTitle: string;
  tagline: string;
  menu: MenuItem[];
  /** the side (mobile) menu's links: the mobile menu location, or the header menu when it is empty */
  sideMenu: MenuItem[];
  mega: Record<number, MegaPost[]>;
  currentPath: string;
  searchStyle: 'overlay' | 'showup';
  searchQuery: string;
  /** the account link: signed in ("Signed in as …") or the login popup's trigger */
  account: { label: string; signedIn: boolean };
  labels: {
    menu: string;
    search: string;
    close: string;
    mainNavigation: string;
    sideMenu: string;
    mobileMenu: string;
    /** "Expand {label}" */
    expand: string;
    searchLabel: string;
    placeholder: string;
    submit: string;
  };
}

/**
 * The site header (island `header`, SPEC 2): logo, the main menu with its sub-menus and mega
 * menus (MainMenu), the hamburger and its side menu, which is also the mobile menu (SideMenu),
 * the search box and the account link. The hamburger and the search icon open native popovers,
 * so both work before and without script.
 */
export function SiteHeader({ siteTitle, tagline, menu, sideMenu, mega, currentPath, searchStyle, searchQuery, account, labels }: SiteHeaderProps) {
  const megaByUrl: Record<string, MegaPost[]> = {};
  for (const item of menu) if (item.megaTermId && mega[item.megaTermId]?.length) megaByUrl[item.url] = mega[item.megaTermId]!;
  return (
    <>
      <header className="site-header" id="site-header">
        <div className="header-bar container">
          <button type="button" className="icon-btn menu-toggle" popoverTarget="side-menu" aria-label={labels.menu}>
            <Icon name="menu" size={24} />
          </button>
          <a className="site-logo" href="/" rel="home">
            <span className="site-logo__mark" aria-hidden="true">
              M
            </span>
            <span className="site-logo__text">{siteTitle}</span>
          </a>
          <p className="site-tagline">{tagline}</p>
          <div className="header-actions">
            <button type="button" className="icon-btn search-toggle" popoverTarget="search-box" aria-label={labels.search} data-search-style={searchStyle}>
              <Icon name="search" size={22} />
            </button>
            <a className="icon-btn account-link" href="/account/" data-account-popup={account.signedIn ? undefined : 'login'} aria-label={account.label}>
              <Icon name="user" size={22} />
            </a>
          </div>
        </div>
        <MainMenu menu={menu} mega={mega} currentPath={currentPath} labels={{ nav: labels.mainNavigation, expand: labels.expand }} />
      </header>

      {/* overlay: a modal that Escape closes (auto); show-up: Escape must not close it (manual, features/navigation/search-box.ts) */}
      <div id="search-box" popover={popoverModeFor(searchStyle)} className={`search-box search-box--${searchStyle}`} data-search-style={searchStyle} role="dialog" aria-modal={searchStyle === 'overlay' ? 'true' : undefined} aria-label={labels.search}>
        <form role="search" action="/" method="get" className="search-form container">
          <label htmlFor="search-box-input" className="visually-hidden">
            {labels.searchLabel}
          </label>
          <input id="search-box-input" type="search" name="s" placeholder={labels.placeholder} defaultValue={searchQuery} autoComplete="off" />
          <button type="submit" className="btn">
            {labels.submit}
          </button>
          <button type="button" className="icon-btn search-close" popoverTarget="search-box" popoverTargetAction="hide" aria-label={labels.close}>
            <Icon name="close" size={22} />
          </button>
        </form>
      </div>

      <SideMenu
        siteTitle={siteTitle}
        menu={sideMenu}
        megaByUrl={megaByUrl}
        currentPath={currentPath}
        labels={{ dialog: labels.sideMenu, nav: labels.mobileMenu, close: labels.close, expand: labels.expand, search: labels.searchLabel, placeholder: labels.placeholder, submit: labels.submit }}
      />
    </>
  );
}
