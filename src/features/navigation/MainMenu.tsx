import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Icon } from '../../ui/Icon.tsx';
import { Image } from '../../ui/Image.tsx';
import type { Media } from '../media/types.ts';
import type { MenuItem } from './types.ts';
import { moveIndex, panelMove, topLevelMove } from './menu-keys.ts';

/** A post of a mega-menu panel (the few fields the header shows). */
export interface MegaPost {
  id: number;
  url: string;
  title: string;
  featured: Media | null;
}

export interface MainMenuProps {
  menu: MenuItem[];
  /** latest posts per mega-menu category id */
  mega: Record<number, MegaPost[]>;
  currentPath: string;
  labels: { nav: string; /** "Expand {label}" */ expand: string };
}

/** A mouse that leaves an open item has this long to come back before the panel closes. */
const HOVER_CLOSE_MS = 200;

export const isCurrent = (url: string, path: string) => url === path || (url !== '/' && path.startsWith(url));
export const hasPanel = (item: MenuItem, mega: Record<number, MegaPost[]>) => (item.megaTermId ? !!mega[item.megaTermId]?.length : item.children.length > 0);

/**
 * The header's main menu with its sub-menus and mega-menu panels (SPEC 2; part of the `header`
 * island). Without script the panels open by CSS on hover and focus. Hydrated, one panel at a time
 * is open: it opens on hover, when focus enters its item, and with Enter or Space on the item's
 * expand button (a disclosure, `aria-expanded`); ArrowDown opens it and moves into it; arrows,
 * Home and End move inside it and along the top row (mirrored in a right-to-left page); Escape
 * closes it and returns focus to its top-level link; leaving it (mouse or focus) or clicking
 * elsewhere closes it.
 */
export function MainMenu({ menu, mega, currentPath, labels }: MainMenuProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setEnhanced(true);
    // focus that entered an item before the island hydrated keeps its panel open, and so does the
    // mouse resting on one (the header hydrates when a pointer first comes over it; the panel was
    // open by CSS until now)
    const nav = navRef.current;
    const focused = nav?.ownerDocument.activeElement?.closest<HTMLElement>('.menu-item');
    const li = focused && nav?.contains(focused) ? focused : nav?.querySelector<HTMLElement>(':scope > ul > li:hover');
    const item = li ? menu.find((m) => li.querySelector(':scope > a')?.getAttribute('href') === m.url) : undefined;
    if (item && hasPanel(item, mega)) setOpen(item.id);
  }, []);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // while a panel is open: Escape anywhere and a press outside the menu close it
  useEffect(() => {
    const nav = navRef.current;
    const doc = nav?.ownerDocument;
    if (open === null || !nav || !doc) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !nav.contains(e.target as Node)) setOpen(null);
    };
    const onDown = (e: PointerEvent) => {
      if (!nav.contains(e.target as Node)) setOpen(null);
    };
    doc.addEventListener('keydown', onKey);
    doc.addEventListener('pointerdown', onDown);
    return () => {
      doc.removeEventListener('keydown', onKey);
      doc.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  const topLinks = () => [...(navRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > ul > li > a') ?? [])];
  const panelLinks = (li: HTMLElement) => [...li.querySelectorAll<HTMLAnchorElement>(':scope > .sub-menu a, :scope > .mega-menu a')];
  const rtl = () => !!navRef.current && getComputedStyle(navRef.current).direction === 'rtl';

  const onItemKey = (item: MenuItem, e: KeyboardEvent<HTMLLIElement>) => {
    const li = e.currentTarget;
    const target = e.target as HTMLElement;
    const inPanel = !!target.closest('.sub-menu, .mega-menu');
    const panel = hasPanel(item, mega);
    if (e.key === 'Escape') {
      if (open !== item.id) return;
      e.preventDefault();
      setOpen(null);
      if (inPanel) li.querySelector<HTMLElement>(':scope > a')?.focus();
      return;
    }
    if (inPanel) {
      const move = panelMove(e.key, rtl());
      if (!move || move === 'open' || move === 'up') return;
      e.preventDefault();
      const links = panelLinks(li);
      const i = moveIndex(move, links.indexOf(target as HTMLAnchorElement), links.length, false);
      (i < 0 ? li.querySelector<HTMLElement>(':scope > a') : links[i])?.focus();
      return;
    }
    const move = topLevelMove(e.key, rtl());
    if (!move) return;
    if (move === 'open') {
      if (!panel) return;
      e.preventDefault();
      flushSync(() => setOpen(item.id));
      panelLinks(li)[0]?.focus();
      return;
    }
    if (move === 'up') return;
    e.preventDefault();
    const links = topLinks();
    const own = li.querySelector<HTMLAnchorElement>(':scope > a');
    const i = moveIndex(move, own ? links.indexOf(own) : 0, links.length, true);
    links[i]?.focus();
  };

  const onFocusIn = (item: MenuItem, e: FocusEvent<HTMLLIElement>) => {
    // focus coming from outside the item opens its panel; moves inside it change nothing
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    clearTimeout(hoverTimer.current);
    setOpen(hasPanel(item, mega) ? item.id : null);
  };
  const onFocusOut = (item: MenuItem, e: FocusEvent<HTMLLIElement>) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    setOpen((o) => (o === item.id ? null : o));
  };
  const onEnter = (item: MenuItem) => {
    clearTimeout(hoverTimer.current);
    if (hasPanel(item, mega)) setOpen(item.id);
  };
  const onLeave = (item: MenuItem, li: HTMLElement) => {
    clearTimeout(hoverTimer.current);
    // a panel the keyboard is in stays open when the mouse passes by
    if (li.contains(li.ownerDocument.activeElement)) return;
    hoverTimer.current = setTimeout(() => setOpen((o) => (o === item.id ? null : o)), HOVER_CLOSE_MS);
  };

  return (
    <nav ref={navRef} className={`main-nav${enhanced ? ' is-enhanced' : ''}`} aria-label={labels.nav}>
      <ul className="menu container">
        {menu.map((item) => {
          const panel = hasPanel(item, mega);
          const isOpen = open === item.id;
          const panelId = `menu-panel-${item.id}`;
          const posts = item.megaTermId ? mega[item.megaTermId] : undefined;
          return (
            <li
              key={item.id}
              className={`menu-item${panel ? ' has-children' : ''}${item.megaTermId ? ' has-mega' : ''}${isOpen ? ' is-open' : ''}`}
              onMouseEnter={() => onEnter(item)}
              onMouseLeave={(e) => onLeave(item, e.currentTarget)}
              onFocus={(e) => onFocusIn(item, e)}
              onBlur={(e) => onFocusOut(item, e)}
              onKeyDown={(e) => onItemKey(item, e)}
            >
              <a href={item.url} aria-current={isCurrent(item.url, currentPath) ? 'page' : undefined}>
                {item.label}
              </a>
              {panel ? (
                <button type="button" className="menu-item__toggle" aria-expanded={isOpen} aria-controls={panelId} aria-label={labels.expand.replace('{label}', item.label)} onClick={() => setOpen(isOpen ? null : item.id)}>
                  <Icon name="down" size={14} />
                </button>
              ) : null}
              {posts?.length ? (
                <div className="mega-menu" id={panelId}>
                  <ul className="mega-menu__posts container">
                    {posts.map((p) => (
                      <li key={p.id}>
                        <a href={p.url} className="mega-card">
                          {p.featured ? <Image media={p.featured} sizes="240px" width={480} alt="" /> : null}
                          <span>{p.title}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : panel ? (
                <ul className="sub-menu" id={panelId}>
                  {item.children.map((c) => (
                    <li key={c.id}>
                      <a href={c.url} aria-current={isCurrent(c.url, currentPath) ? 'page' : undefined}>
                        {c.label}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
