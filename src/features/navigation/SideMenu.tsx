import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import type { MenuItem } from './types.ts';
import { isCurrent, type MegaPost } from './MainMenu.tsx';
import { popoverOpen, trapTab } from './search-logic.ts';

export interface SideMenuProps {
  siteTitle: string;
  /** the mobile menu, or the header menu when the mobile location has no links */
  menu: MenuItem[];
  /** the posts of each header mega menu by the address of its item: a side-menu item linking to the same address (without sub-items of its own) lists them */
  megaByUrl: Record<string, MegaPost[]>;
  currentPath: string;
  labels: { dialog: string; nav: string; close: string; /** "Expand {label}" */ expand: string; search: string; placeholder: string; submit: string };
}

/** The links under an item in the side menu: its sub-items, else the posts of the header's mega menu for the same address. */
export const subLinks = (item: MenuItem, megaByUrl: Record<string, MegaPost[]>): { id: string; url: string; label: string }[] =>
  item.children.length ? item.children.map((c) => ({ id: `m${c.id}`, url: c.url, label: c.label })) : (megaByUrl[item.url] ?? []).map((p) => ({ id: `p${p.id}`, url: p.url, label: p.title }));

/**
 * The side menu (SPEC 2: the hamburger side menu, which is also the mobile menu; part of the
 * `header` island). A native popover (`#side-menu`) opened by the hamburger, so it opens, closes
 * on Escape or a click outside and returns focus to the hamburger before and without script;
 * without script every sub-list is shown. Hydrated: focus moves to the first link when it opens,
 * Tab stays inside it while open, sub-lists (sub-items, and the posts of a mega menu) fold behind
 * an expand button each, the item of the current page unfolded. A header mega menu's posts are
 * listed under the side-menu item with the same address, so a phone reaches them too.
 */
export function SideMenu({ siteTitle, menu, megaByUrl, currentPath, labels }: SideMenuProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(menu.filter((i) => subLinks(i, megaByUrl).some((l) => isCurrent(l.url, currentPath))).map((i) => i.id)));
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const onToggle = (e: Event) => {
      if ((e as ToggleEvent).newState === 'open') box.querySelector<HTMLElement>('nav a[href]')?.focus();
    };
    box.addEventListener('toggle', onToggle);
    // opened by the hamburger before the island hydrated, focus still on the hamburger: move it in
    if (popoverOpen(box) && !box.contains(box.ownerDocument.activeElement)) box.querySelector<HTMLElement>('nav a[href]')?.focus();
    return () => box.removeEventListener('toggle', onToggle);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab') return;
    const box = e.currentTarget;
    const focusables = [...box.querySelectorAll<HTMLElement>('a[href], button, input')].filter((el) => el.offsetParent !== null || el.getClientRects().length > 0);
    const next = trapTab(focusables, box.ownerDocument.activeElement, e.shiftKey);
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  const toggle = (id: number) =>
    setExpanded((s) => {
      const n = new Set(s);
      if (!n.delete(id)) n.add(id);
      return n;
    });

  return (
    <div ref={ref} id="side-menu" popover="auto" className="side-menu" role="dialog" aria-label={labels.dialog} onKeyDown={onKeyDown}>
      <div className="side-menu__head">
        <span className="site-logo__text">{siteTitle}</span>
        <button type="button" className="icon-btn" popoverTarget="side-menu" popoverTargetAction="hide" aria-label={labels.close}>
          <Icon name="close" size={22} />
        </button>
      </div>
      <nav aria-label={labels.nav}>
        <ul className="side-menu__list">
          {menu.map((item) => {
            const subs = subLinks(item, megaByUrl);
            const open = !enhanced || expanded.has(item.id);
            const listId = `side-menu-sub-${item.id}`;
            return (
              <li key={item.id} className={subs.length ? 'has-sub' : undefined}>
                <a href={item.url} aria-current={isCurrent(item.url, currentPath) ? 'page' : undefined}>
                  {item.label}
                </a>
                {subs.length && enhanced ? (
                  <button type="button" className="icon-btn side-menu__toggle" aria-expanded={open} aria-controls={listId} aria-label={labels.expand.replace('{label}', item.label)} onClick={() => toggle(item.id)}>
                    <Icon name="down" size={18} />
                  </button>
                ) : null}
                {subs.length ? (
                  <ul id={listId} hidden={!open}>
                    {subs.map((c) => (
                      <li key={c.id}>
                        <a href={c.url}>{c.label}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      </nav>
      <form role="search" action="/" method="get" className="side-menu__search">
        <label htmlFor="side-search" className="visually-hidden">
          {labels.search}
        </label>
        <input id="side-search" type="search" name="s" placeholder={labels.placeholder} />
        <button type="submit" className="icon-btn" aria-label={labels.submit}>
          <Icon name="search" />
        </button>
      </form>
    </div>
  );
}
