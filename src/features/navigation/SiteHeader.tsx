import { useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { debounce } from '../../ui/client/enhance.ts';
import { publishStickyHeaderHeight } from '../../ui/client/top-offset.ts';
import { SCROLL } from './scroll.ts';
import { stickyStep, type StickyMode } from './sticky.ts';
import type { MenuItem } from './types.ts';
import { MainMenu, type MegaPost } from './MainMenu.tsx';
import { SideMenu } from './SideMenu.tsx';
import { HeaderSearch, type HeaderSearchProps } from './HeaderSearch.tsx';
import { openAccountPopup } from '../accounts/popup-store.ts';

export interface SiteHeaderProps {
  siteTitle: string;
  tagline: string;
  menu: MenuItem[];
  /** the side (mobile) menu's links: the mobile menu location, or the header menu when it is empty */
  sideMenu: MenuItem[];
  mega: Record<number, MegaPost[]>;
  currentPath: string;
  searchStyle: 'overlay' | 'showup';
  /** the sticky header that shows up (SPEC 9): sticks after 300 px, slides in when scrolling up */
  sticky: boolean;
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
  } & Pick<HeaderSearchProps['labels'], 'suggestions' | 'seeAll' | 'noSuggestions' | 'suggestionCount'>;
}

/**
 * The site header (island `header`, SPEC 2): logo, the main menu with its sub-menus and mega
 * menus (MainMenu), the hamburger and its side menu, which is also the mobile menu (SideMenu),
 * the search icon with its box (HeaderSearch) and the account link (for anonymous visitors it
 * opens the login popup). The hamburger and the search
 * icon open native popovers, so both work before and without script. With the theme's sticky
 * header on, the header sticks after 300 px of scrolling and shows up when the reader scrolls up
 * (`sticky.ts`); `data-sticky-header` tells `ui/client/top-offset.ts` to count its height.
 */
export function SiteHeader({ siteTitle, tagline, menu, sideMenu, mega, currentPath, searchStyle, sticky, searchQuery, account, labels }: SiteHeaderProps) {
  const mode = useStickyMode(sticky);
  const headerRef = useRef<HTMLElement>(null);
  useStickyHeight(sticky, headerRef);
  const megaByUrl: Record<string, MegaPost[]> = {};
  for (const item of menu) if (item.megaTermId && mega[item.megaTermId]?.length) megaByUrl[item.url] = mega[item.megaTermId]!;
  return (
    <>
      <header ref={headerRef} className={`site-header${STICKY_CLASSES[mode]}`} id="site-header" data-sticky-header={sticky ? '' : undefined}>
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
            <HeaderSearch style={searchStyle} query={searchQuery} labels={{
                search: labels.search,
                close: labels.close,
                field: labels.searchLabel,
                placeholder: labels.placeholder,
                submit: labels.submit,
                suggestions: labels.suggestions,
                seeAll: labels.seeAll,
                noSuggestions: labels.noSuggestions,
                suggestionCount: labels.suggestionCount,
              }}
            />
            <a className="icon-btn account-link" href="/account/" data-island-click={account.signedIn ? undefined : ''} onClick={account.signedIn ? undefined : openPopup} aria-label={account.label}>
              <Icon name="user" size={22} />
            </a>
          </div>
        </div>
        <MainMenu menu={menu} mega={mega} currentPath={currentPath} labels={{ nav: labels.mainNavigation, expand: labels.expand }} />
      </header>

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

/**
 * The account link of an anonymous visitor opens the login popup (`accounts/AccountPopup`, through
 * its store) instead of going to /account/; a click with a modifier key (a new tab) still follows
 * the link. Clicked before this island hydrates, the click waits for it (`data-island-click`).
 */
function openPopup(e: MouseEvent<HTMLAnchorElement>) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  openAccountPopup('login', e.currentTarget, e.currentTarget.href);
}

const STICKY_CLASSES: Record<StickyMode, string> = { static: '', parked: ' is-stuck', hidden: ' is-stuck is-animated', shown: ' is-stuck is-animated is-shown' };

/**
 * The sticky header's mode from the page's scrolling (`sticky.ts`), checked 200 ms after scrolling
 * settles as SPEC 9 says for the show-up threshold; a page opened scrolled down starts stuck.
 */
/**
 * With the sticky header on, its height is the page's `--sticky-header-h` (top-offset.ts), so the
 * other sticky things (sidebar, single portfolio) stop below it rather than under it (SPEC 9's
 * margins are kept as the least).
 */
function useStickyHeight(enabled: boolean, ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const observer = new ResizeObserver(() => publishStickyHeaderHeight(el.offsetHeight));
    observer.observe(el);
    return () => {
      observer.disconnect();
      publishStickyHeaderHeight(null);
    };
  }, [enabled, ref]);
}

function useStickyMode(enabled: boolean): StickyMode {
  const [mode, setMode] = useState<StickyMode>('static');
  useEffect(() => {
    if (!enabled) return;
    let current: StickyMode = 'static';
    let last = scrollY;
    const update = () => {
      current = stickyStep(current, scrollY, last);
      last = scrollY;
      setMode(current);
    };
    const onScroll = debounce(update, SCROLL.backToTopDebounceMs);
    addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => removeEventListener('scroll', onScroll);
  }, [enabled]);
  return mode;
}
