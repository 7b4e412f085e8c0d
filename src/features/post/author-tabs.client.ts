/**
 * Author-box tabs (WAI tabs pattern, automatic activation): a click activates a tab and shows its
 * panel (a click on the active tab does nothing); Left/Right arrows (mirrored in right-to-left
 * pages), Home and End move to a tab and activate it.
 */
import { enhance } from '../../ui/client/enhance.ts';
import { nextTabIndex } from './tabs.ts';

enhance('.author-box [role="tablist"]', (tablist) => {
  const tabs = [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')];
  const panel = (tab: HTMLElement) => {
    const id = tab.getAttribute('aria-controls');
    return id ? tablist.ownerDocument.getElementById(id) : null;
  };
  const activate = (tab: HTMLElement, focus: boolean) => {
    if (tab.getAttribute('aria-selected') === 'true') {
      if (focus) tab.focus();
      return;
    }
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      t.classList.toggle('is-active', on);
      const p = panel(t);
      if (p) p.hidden = !on;
    }
    if (focus) tab.focus();
  };
  tablist.addEventListener('click', (e) => {
    const tab = (e.target as Element).closest<HTMLElement>('[role="tab"]');
    if (tab && tabs.includes(tab)) activate(tab, false);
  });
  tablist.addEventListener('keydown', (e) => {
    const current = tabs.indexOf(e.target as HTMLElement);
    if (current < 0) return;
    const rtl = getComputedStyle(tablist).direction === 'rtl';
    const next = nextTabIndex(e.key, current, tabs.length, rtl);
    if (next === null) return;
    e.preventDefault();
    activate(tabs[next]!, true);
  });
});
