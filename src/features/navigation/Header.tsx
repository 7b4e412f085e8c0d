import type { MenuItem } from './types.ts';
import type { PostSummary } from '../post/types.ts';
import type { Translate } from '../../i18n/index.ts';
import type { User } from '../accounts/types.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Image } from '../../ui/Image.tsx';
import { popoverModeFor } from './search-logic.ts';

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
  user: User | null;
  searchQuery?: string;
}

const isCurrent = (url: string, path: string) => url === path || (url !== '/' && path.startsWith(url));

/**
 * Site header: logo, main menu with mega-menu panels, search and account. The hamburger opens
 * the side menu (also the mobile menu) and the search icon the search box; both are native
 * popovers, so they work before any script runs (the side menu and the overlay search close on
 * Escape; the show-up search does not, SPEC 4).
 */
export function Header({ t, siteTitle, tagline, menu, sideMenu, mega, currentPath, searchStyle, user, searchQuery }: Props) {
  const mobile = sideMenu?.length ? sideMenu : menu;
  return (
    <>
      <header className="site-header" id="site-header">
        <div className="header-bar container">
          <button type="button" className="icon-btn menu-toggle" popoverTarget="side-menu" aria-label={t('nav.menu')}>
            <Icon name="menu" size={24} />
          </button>
          <a className="site-logo" href="/" rel="home">
            <span className="site-logo__mark" aria-hidden="true">M</span>
            <span className="site-logo__text">{siteTitle}</span>
          </a>
          <p className="site-tagline">{tagline}</p>
          <div className="header-actions">
            <button type="button" className="icon-btn search-toggle" popoverTarget="search-box" aria-label={t('nav.search')} data-search-style={searchStyle}>
              <Icon name="search" size={22} />
            </button>
            {user ? (
              <a className="icon-btn account-link" href="/account/" aria-label={t('account.signedInAs', { name: user.displayName })}>
                <Icon name="user" size={22} />
              </a>
            ) : (
              <a className="icon-btn account-link" href="/account/" data-account-popup="login" aria-label={t('account.login')}>
                <Icon name="user" size={22} />
              </a>
            )}
          </div>
        </div>
        <nav className="main-nav" aria-label={t('a11y.mainNavigation')}>
          <ul className="menu container">
            {menu.map((item) => (
              <li key={item.id} className={`menu-item${item.children.length || item.megaTermId ? ' has-children' : ''}${item.megaTermId ? ' has-mega' : ''}`}>
                <a href={item.url} aria-current={isCurrent(item.url, currentPath) ? 'page' : undefined}>
                  {item.label}
                  {item.children.length || item.megaTermId ? <Icon name="down" size={14} /> : null}
                </a>
                {item.megaTermId && mega[item.megaTermId]?.length ? (
                  <div className="mega-menu">
                    <ul className="mega-menu__posts container">
                      {mega[item.megaTermId]!.map((p) => (
                        <li key={p.id}>
                          <a href={p.url} className="mega-card">
                            {p.featured ? <Image media={p.featured} sizes="240px" width={480} /> : null}
                            <span>{p.title}</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : item.children.length ? (
                  <ul className="sub-menu">
                    {item.children.map((c) => (
                      <li key={c.id}>
                        <a href={c.url}>{c.label}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
      </header>

      {/* overlay: a modal that Escape closes (auto); show-up: Escape must not close it (manual, features/navigation/search-box.ts) */}
      <div id="search-box" popover={popoverModeFor(searchStyle)} className={`search-box search-box--${searchStyle}`} data-search-style={searchStyle} role="dialog" aria-modal={searchStyle === 'overlay' ? 'true' : undefined} aria-label={t('nav.search')}>
        <form role="search" action="/" method="get" className="search-form container">
          <label htmlFor="search-box-input" className="visually-hidden">
            {t('search.label')}
          </label>
          <input id="search-box-input" type="search" name="s" placeholder={t('search.placeholder')} defaultValue={searchQuery ?? ''} autoComplete="off" />
          <button type="submit" className="btn">
            {t('search.submit')}
          </button>
          <button type="button" className="icon-btn search-close" popoverTarget="search-box" popoverTargetAction="hide" aria-label={t('nav.close')}>
            <Icon name="close" size={22} />
          </button>
        </form>
      </div>

      <div id="side-menu" popover="auto" className="side-menu" role="dialog" aria-label={t('a11y.sideMenu')}>
        <div className="side-menu__head">
          <span className="site-logo__text">{siteTitle}</span>
          <button type="button" className="icon-btn" popoverTarget="side-menu" popoverTargetAction="hide" aria-label={t('nav.close')}>
            <Icon name="close" size={22} />
          </button>
        </div>
        <nav aria-label={t('a11y.mobileMenu')}>
          <ul className="side-menu__list">
            {mobile.map((item) => (
              <li key={item.id}>
                <a href={item.url} aria-current={isCurrent(item.url, currentPath) ? 'page' : undefined}>
                  {item.label}
                </a>
                {item.children.length ? (
                  <ul>
                    {item.children.map((c) => (
                      <li key={c.id}>
                        <a href={c.url}>{c.label}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        <form role="search" action="/" method="get" className="side-menu__search">
          <label htmlFor="side-search" className="visually-hidden">
            {t('search.label')}
          </label>
          <input id="side-search" type="search" name="s" placeholder={t('search.placeholder')} />
          <button type="submit" className="icon-btn" aria-label={t('search.submit')}>
            <Icon name="search" />
          </button>
        </form>
      </div>
    </>
  );
}
