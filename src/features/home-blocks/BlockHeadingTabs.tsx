import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { visibleCount } from './overflow.ts';

export interface BlockHeadingTabsProps {
  /** the heading's id (the block section is labelled by it) and text */
  id: string;
  title: string;
  categories: { id: number; name: string; href: string }[];
  /** localised "More" */
  more: string;
}

const px = (v: string) => Number.parseFloat(v) || 0;
// useLayoutEffect warns on the server; the measuring only ever happens in the browser
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A home block's heading with its category links (island `block-heading`; SPEC 2 "Block-heading
 * lists that overflow into a 'more' dropdown"). The links that do not fit beside the title move, in
 * order, into the menu of a "More" disclosure button (aria-expanded; Escape closes it and gives
 * the button the focus back, and so do leaving it with Tab or a click elsewhere). The fit is
 * measured again whenever the heading's width changes (ResizeObserver) and once web fonts have
 * arrived: a measuring render puts every link back in the row (before paint, so nothing shows),
 * `visibleCount` decides, the final render splits them. The island hydrates as it nears the
 * viewport; until then, and without script, the row is clipped as the server renders it (the
 * heading has the same height either way) and every category stays reachable from the menus and
 * the footer.
 */
export function BlockHeadingTabs({ id, title, categories, more }: BlockHeadingTabsProps) {
  const n = categories.length;
  // null: every link in the row and no "More" (the server's markup, and the measuring pass)
  const [shown, setShown] = useState<number | null>(null);
  const [measuring, setMeasuring] = useState(false);
  const [open, setOpen] = useState(false);
  const headingRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const refocus = useRef<number | null>(null);

  useEffect(() => {
    const heading = headingRef.current;
    if (!heading) return;
    let last = -1;
    const remeasure = (force: boolean) => {
      if (!force && heading.clientWidth === last) return;
      last = heading.clientWidth;
      const focused = links.current.findIndex((a) => a?.matches(':focus'));
      refocus.current = focused >= 0 ? focused : null;
      setMeasuring(true);
    };
    const observer = new ResizeObserver(() => remeasure(false));
    observer.observe(heading);
    // web fonts change the widths once they arrive
    void heading.ownerDocument.fonts?.ready.then(() => remeasure(true));
    return () => observer.disconnect();
  }, []);

  useBrowserLayoutEffect(() => {
    if (!measuring) {
      // a link that had the focus before it moved (row ↔ menu) gets it back in its new place
      if (refocus.current !== null) links.current[refocus.current]?.focus();
      refocus.current = null;
      return;
    }
    const heading = headingRef.current!;
    const cs = getComputedStyle(heading);
    const gap = px(cs.columnGap);
    const titleWidth = titleRef.current?.getBoundingClientRect().width ?? 0;
    const k = visibleCount({
      available: heading.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight) - titleWidth - (titleRef.current ? gap : 0),
      items: [...listRef.current!.children].map((li) => li.getBoundingClientRect().width),
      gap: px(getComputedStyle(listRef.current!).columnGap),
      moreGap: gap,
      moreWidth: wrapRef.current!.getBoundingClientRect().width,
    });
    setShown(k);
    setMeasuring(false);
    if (k === n) setOpen(false);
  }, [measuring, n]);

  // a click anywhere else closes the menu
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!(e.target instanceof Node) || !wrapRef.current?.contains(e.target)) setOpen(false);
    };
    window.addEventListener('pointerdown', away);
    return () => window.removeEventListener('pointerdown', away);
  }, [open]);

  const inRow = measuring || shown === null ? n : shown;
  const hasMore = inRow < n;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || !open) return;
    e.preventDefault();
    e.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
  };
  const link = (c: BlockHeadingTabsProps['categories'][number], i: number) => (
    <li key={c.id}>
      <a
        href={c.href}
        ref={(el) => {
          links.current[i] = el;
        }}
      >
        {c.name}
      </a>
    </li>
  );
  return (
    <div className="block-heading block-heading--tabs" ref={headingRef}>
      <h2 className="block-heading__title" id={id} ref={titleRef}>
        {title}
      </h2>
      <ul className="block-heading__cats" ref={listRef}>
        {categories.slice(0, inRow).map(link)}
      </ul>
      <div className="block-heading__more" ref={wrapRef} hidden={!measuring && !hasMore} style={measuring ? { visibility: 'hidden' } : undefined} onKeyDown={onKeyDown} onBlur={onBlur}>
        <button type="button" className="block-heading__more-btn" ref={buttonRef} aria-expanded={open} aria-controls={`${id}-more`} onClick={() => setOpen(!open)}>
          {more}
          <Icon name="down" size={14} />
        </button>
        <ul className="block-heading__more-menu" id={`${id}-more`} hidden={!open}>
          {categories.slice(inRow).map((c, j) => link(c, inRow + j))}
        </ul>
      </div>
    </div>
  );
}
