import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { shareFit } from './share-fit.ts';
import { copyText } from './copy-text.ts';
import { shareCollapseCss } from './share-css.ts';

interface Network {
  id: IconName;
  name: string;
  href: (url: string, title: string) => string;
}

const networks: Network[] = [
  { id: 'facebook', name: 'Facebook', href: (u) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(u)}` },
  { id: 'x', name: 'X', href: (u, t) => `https://x.com/intent/post?url=${encodeURIComponent(u)}&text=${encodeURIComponent(t)}` },
  { id: 'pinterest', name: 'Pinterest', href: (u, t) => `https://pinterest.com/pin/create/button/?url=${encodeURIComponent(u)}&description=${encodeURIComponent(t)}` },
  { id: 'whatsapp', name: 'WhatsApp', href: (u, t) => `https://wa.me/?text=${encodeURIComponent(`${t} ${u}`)}` },
  { id: 'mail', name: 'E-mail', href: (u, t) => `mailto:?subject=${encodeURIComponent(t)}&body=${encodeURIComponent(u)}` },
];

export interface ShareButtonsProps {
  postId: number;
  url: string;
  title: string;
  /** localised "Share", "Share on {network}" (with `{network}`), "Copy link", "Link copied", copy failure */
  labels: { share: string; shareOn: string; copyLink: string; copied: string; copyFailed: string };
}

/**
 * Share links (island `share`): plain links, so they work without script. What does not fit on one
 * line collapses behind a "Share" disclosure button: before the island hydrates (on interaction) by
 * the container queries of `share-css.ts` (the widths the server expects for the label); once
 * hydrated, measured (again when the row's width changes). The copy-link button copies the post's
 * address and says so politely.
 */
export function ShareButtons({ postId, url, title, labels }: ShareButtonsProps) {
  const listId = `share-list-${postId}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const labelRef = useRef<HTMLSpanElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [fit, setFit] = useState<{ visible: number; collapsed: boolean } | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [status, setStatus] = useState('');

  useLayoutEffect(() => {
    const root = rootRef.current;
    const list = listRef.current;
    const label = labelRef.current;
    const toggle = toggleRef.current;
    if (!root || !list || !label || !toggle || typeof ResizeObserver !== 'function') return;
    // the server's collapse (container queries) gives way to the measured one
    root.setAttribute('data-fit', '');
    // measured once, while everything is shown (hidden elements measure 0); the toggle only for this
    const items = [...list.children].map((i) => i.getBoundingClientRect().width);
    const labelWidth = label.getBoundingClientRect().width;
    toggle.hidden = false;
    const toggleWidth = toggle.getBoundingClientRect().width;
    toggle.hidden = true;
    const gap = Number.parseFloat(getComputedStyle(list).columnGap) || 0;
    const leadGap = Number.parseFloat(getComputedStyle(root).columnGap) || 0;
    const layout = () => {
      const next = shareFit({ available: root.clientWidth, items, gap, leadGap, labelWidth, toggleWidth });
      setFit((f) => (f && f.visible === next.visible && f.collapsed === next.collapsed ? f : next));
      if (!next.collapsed) setExpanded(false);
    };
    layout();
    const ro = new ResizeObserver(layout);
    ro.observe(root);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (!status) return;
    const clear = setTimeout(() => setStatus(''), 4000);
    return () => clearTimeout(clear);
  }, [status]);

  const copy = async () => {
    const ok = await copyText(url);
    setStatus('');
    // a fresh text, so a second copy is announced again
    requestAnimationFrame(() => setStatus(ok ? labels.copied : labels.copyFailed));
  };

  const collapsed = fit?.collapsed ?? false;
  const open = collapsed && expanded;
  const shown = (i: number) => !collapsed || open || i < (fit?.visible ?? Infinity);
  const label = (
    <>
      <Icon name="share" size={16} /> {labels.share}
    </>
  );
  return (
    <div ref={rootRef} className={`share-buttons${collapsed ? ' is-collapsed' : ''}`} data-share="" data-fit={fit ? '' : undefined}>
      <style>{shareCollapseCss(labels.share, networks.length + 1)}</style>
      <span ref={labelRef} className="share-buttons__label" hidden={collapsed}>
        {label}
      </span>
      <button ref={toggleRef} type="button" className="share-buttons__toggle" aria-expanded={open} aria-controls={listId} hidden={!collapsed} onClick={() => setExpanded((e) => !e)}>
        {label}
      </button>
      <ul ref={listRef} id={listId} className="share-buttons__list">
        {networks.map((n, i) => (
          <li key={n.id} hidden={!shown(i)}>
            <a className={`share-btn share-btn--${n.id}`} href={n.href(url, title)} target="_blank" rel="noopener noreferrer" aria-label={labels.shareOn.replace('{network}', n.name)}>
              <Icon name={n.id} size={18} />
            </a>
          </li>
        ))}
        <li hidden={!shown(networks.length)}>
          <button type="button" className="share-btn share-btn--copy" aria-label={labels.copyLink} onClick={() => void copy()}>
            <Icon name="link" size={18} />
          </button>
        </li>
      </ul>
      <span className="share-buttons__status" role="status">
        {status}
      </span>
    </div>
  );
}
