import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { SEARCH_FOCUS_DELAY_MS, popoverModeFor, popoverOpen, trapTab, type SearchStyle } from './search-logic.ts';

export interface HeaderSearchProps {
  style: SearchStyle;
  /** the current search (results pages), shown in the field */
  query: string;
  labels: { search: string; close: string; field: string; placeholder: string; submit: string };
}

/**
 * Header search (SPEC 2 and 9, NOTES "Media and layout"; part of the `header` island): the search
 * icon and its box, a native popover (`#search-box`), so it opens and submits before and without
 * script. Hydrated:
 * - the field gets focus 200 ms after the box opens;
 * - overlay style (`popover="auto"`, a modal dialog while open): Escape, the close icon or the icon
 *   again close it, Tab stays inside, focus returns to the icon;
 * - show-up style (`popover="manual"`): Escape does not close it (SPEC: only in overlay mode); the
 *   close icon, the icon again or a press outside the box do.
 */
export function HeaderSearch({ style, query, labels }: HeaderSearchProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let focusTimer: ReturnType<typeof setTimeout> | undefined;
    let focusWasInside = false;
    const doc = box.ownerDocument;
    const onBefore = (e: Event) => {
      if ((e as ToggleEvent).newState === 'closed') focusWasInside = box.contains(doc.activeElement);
    };
    const changed = (isOpen: boolean) => {
      setOpen(isOpen);
      clearTimeout(focusTimer);
      if (isOpen) focusTimer = setTimeout(() => popoverOpen(box) && inputRef.current?.focus(), SEARCH_FOCUS_DELAY_MS);
      else if (focusWasInside && (doc.activeElement === doc.body || box.contains(doc.activeElement))) toggleRef.current?.focus({ preventScroll: true });
    };
    const onToggle = (e: Event) => changed((e as ToggleEvent).newState === 'open');
    box.addEventListener('beforetoggle', onBefore);
    box.addEventListener('toggle', onToggle);
    // opened by the icon before the island hydrated: carry on as if it had just opened
    if (popoverOpen(box)) changed(true);
    return () => {
      clearTimeout(focusTimer);
      box.removeEventListener('beforetoggle', onBefore);
      box.removeEventListener('toggle', onToggle);
    };
  }, []);

  // show-up: a manual popover does not light-dismiss; a press outside the box (and its icon) closes it
  useEffect(() => {
    const box = boxRef.current;
    if (style !== 'showup' || !open || !box) return;
    const doc = box.ownerDocument;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (!target || box.contains(target) || toggleRef.current?.contains(target)) return;
      box.hidePopover();
    };
    doc.addEventListener('pointerdown', onDown);
    return () => doc.removeEventListener('pointerdown', onDown);
  }, [style, open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (style !== 'overlay' || e.key !== 'Tab') return;
    const box = e.currentTarget;
    const focusables = [...box.querySelectorAll<HTMLElement>('input, button, a[href]')].filter((el) => !el.hasAttribute('disabled') && el.getClientRects().length > 0);
    const next = trapTab(focusables, box.ownerDocument.activeElement, e.shiftKey);
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  return (
    <>
      <button ref={toggleRef} type="button" className="icon-btn search-toggle" popoverTarget="search-box" aria-label={labels.search} aria-expanded={open}>
        <Icon name="search" size={22} />
      </button>
      <div
        ref={boxRef}
        id="search-box"
        popover={popoverModeFor(style)}
        className={`search-box search-box--${style}`}
        role="dialog"
        aria-modal={style === 'overlay' && open ? 'true' : undefined}
        aria-label={labels.search}
        onKeyDown={onKeyDown}
      >
        <form role="search" action="/" method="get" className="search-form container">
          <label htmlFor="search-box-input" className="visually-hidden">
            {labels.field}
          </label>
          <input ref={inputRef} id="search-box-input" type="search" name="s" placeholder={labels.placeholder} defaultValue={query} autoComplete="off" />
          <button type="submit" className="btn">
            {labels.submit}
          </button>
          <button type="button" className="icon-btn search-close" popoverTarget="search-box" popoverTargetAction="hide" aria-label={labels.close}>
            <Icon name="close" size={22} />
          </button>
        </form>
      </div>
    </>
  );
}
