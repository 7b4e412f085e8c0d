/**
 * Header search (SPEC 4 "Header search", 9; NOTES "Media and layout"). The box is a native popover
 * (#search-box) opened by the search icon, so it works before and without script. This adds:
 * - focus on the search field 200 ms after opening;
 * - overlay style (`popover="auto"`): Escape and the close icon close it, and Tab stays inside the
 *   full-screen overlay (a modal dialog: focus trapped, focus returns to the icon on close);
 * - show-up style (`popover="manual"`): Escape does NOT close it (SPEC: Escape closes in overlay
 *   mode only); the close icon, the search icon again, or a click outside the box close it.
 */
import { enhance } from '../../ui/client/enhance.ts';
import { searchStyleOf, trapTab, SEARCH_FOCUS_DELAY_MS } from './search-logic.ts';

enhance('#search-box[popover]', (box) => {
  const style = searchStyleOf(box);
  const input = box.querySelector<HTMLInputElement>('input[type="search"]');
  const toggles = () => [...document.querySelectorAll<HTMLElement>(`[popovertarget="${box.id}"]`)].filter((b) => !box.contains(b));
  let focusTimer: ReturnType<typeof setTimeout> | undefined;
  let focusWasInside = false;

  box.addEventListener('beforetoggle', (event) => {
    if ((event as ToggleEvent).newState === 'closed') focusWasInside = box.contains(document.activeElement);
  });
  box.addEventListener('toggle', (event) => {
    const open = (event as ToggleEvent).newState === 'open';
    clearTimeout(focusTimer);
    if (open) {
      focusTimer = setTimeout(() => {
        if (box.matches(':popover-open')) input?.focus();
      }, SEARCH_FOCUS_DELAY_MS);
    } else if (focusWasInside && (document.activeElement === document.body || box.contains(document.activeElement))) {
      // focus goes back to the search icon (the browser usually does this itself)
      toggles()[0]?.focus({ preventScroll: true });
    }
  });

  if (style === 'overlay') {
    box.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab') return;
      const focusables = [...box.querySelectorAll<HTMLElement>('input, button, a[href], select, textarea, [tabindex]:not([tabindex="-1"])')].filter((el) => !el.hasAttribute('disabled') && el.offsetParent !== null);
      const next = trapTab(focusables, document.activeElement, event.shiftKey);
      if (next) {
        event.preventDefault();
        next.focus();
      }
    });
    return;
  }

  // show-up: a manual popover ignores Escape by itself; close on a click outside the box
  document.addEventListener('pointerdown', (event) => {
    if (!box.matches(':popover-open')) return;
    const target = event.target as Node | null;
    if (!target || box.contains(target) || toggles().some((t) => t.contains(target))) return;
    box.hidePopover();
  });
});
