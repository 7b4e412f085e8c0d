/**
 * Pure keyboard logic of the header menus (SPEC 2 "Mega menu", issue 15 item 5): which element an
 * arrow key, Home or End moves the focus to. Left and right follow the reading direction, so in a
 * right-to-left page the right arrow goes back.
 */
export type MenuMove = 'next' | 'prev' | 'first' | 'last' | 'open' | 'up' | null;

/** What a key does on a top-level item (the menubar row). */
export function topLevelMove(key: string, rtl: boolean): MenuMove {
  switch (key) {
    case 'ArrowRight':
      return rtl ? 'prev' : 'next';
    case 'ArrowLeft':
      return rtl ? 'next' : 'prev';
    case 'ArrowDown':
      return 'open';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** What a key does inside an open panel (a sub-menu list or the mega menu's row of posts). */
export function panelMove(key: string, rtl: boolean): MenuMove {
  // down and up move along the panel; the other keys act as on the top-level row
  if (key === 'ArrowDown') return 'next';
  if (key === 'ArrowUp') return 'prev';
  return topLevelMove(key, rtl);
}

/**
 * The index to focus after `move` from `index` in a list of `length` items. In a panel, `prev` from
 * the first item leaves the panel (-1: back to its top-level item); the top-level row wraps.
 */
export function moveIndex(move: Exclude<MenuMove, 'open' | 'up' | null>, index: number, length: number, wrap: boolean): number {
  if (length <= 0) return -1;
  switch (move) {
    case 'first':
      return 0;
    case 'last':
      return length - 1;
    case 'next':
      return index + 1 < length ? index + 1 : wrap ? 0 : length - 1;
    case 'prev':
      return index > 0 ? index - 1 : wrap ? length - 1 : -1;
  }
}
