/**
 * Share buttons: collapse into a "Share" expand button when they don't fit on one line (watched
 * with a ResizeObserver), and a copy-link button that copies the post's address and says
 * "Link copied" politely (a status region).
 */
import { enhance } from '../../ui/client/enhance.ts';
import { shareFit } from './share-fit.ts';

let seq = 0;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // older browsers or a refused permission: the selection fallback
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

enhance('[data-share]', (root) => {
  const list = root.querySelector<HTMLElement>('.share-buttons__list');
  const label = root.querySelector<HTMLElement>('.share-buttons__label');
  if (!list || !label) return;
  const items = [...list.children] as HTMLElement[];
  list.id ||= `share-list-${++seq}`;

  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'share-buttons__toggle';
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', list.id);
  toggle.innerHTML = label.innerHTML;
  toggle.querySelectorAll('svg').forEach((s) => s.setAttribute('aria-hidden', 'true'));
  label.after(toggle);

  const status = document.createElement('span');
  status.className = 'share-buttons__status';
  status.setAttribute('role', 'status');
  root.append(status);

  // measure once, while everything is shown (hidden elements measure 0)
  const widths = items.map((i) => i.getBoundingClientRect().width);
  const labelWidth = label.getBoundingClientRect().width;
  const toggleWidth = toggle.getBoundingClientRect().width;
  toggle.hidden = true;
  const gap = Number.parseFloat(getComputedStyle(list).columnGap) || 0;
  const leadGap = Number.parseFloat(getComputedStyle(root).columnGap) || 0;
  let expanded = false;

  const layout = () => {
    const { visible, collapsed } = shareFit({ available: root.clientWidth, items: widths, gap, leadGap, labelWidth, toggleWidth });
    root.classList.toggle('is-collapsed', collapsed);
    label.hidden = collapsed;
    toggle.hidden = !collapsed;
    if (!collapsed) expanded = false;
    toggle.setAttribute('aria-expanded', String(collapsed && expanded));
    items.forEach((item, i) => (item.hidden = collapsed && !expanded && i >= visible));
  };
  toggle.addEventListener('click', () => {
    expanded = !expanded;
    layout();
  });
  if (typeof ResizeObserver === 'function') new ResizeObserver(() => layout()).observe(root);
  layout();

  let clear: ReturnType<typeof setTimeout> | undefined;
  root.querySelectorAll<HTMLButtonElement>('[data-copy-link]').forEach((btn) =>
    btn.addEventListener('click', async () => {
      const ok = await copy(btn.dataset.copyLink || location.href);
      clearTimeout(clear);
      status.textContent = '';
      // a fresh text node, so a second copy is announced again
      requestAnimationFrame(() => {
        status.textContent = ok ? (root.dataset.labelCopied ?? 'Link copied') : (root.dataset.labelCopyFailed ?? '');
        clear = setTimeout(() => (status.textContent = ''), 4000);
      });
    }),
  );
});
