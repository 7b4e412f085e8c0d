import { useEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { SEARCH_FOCUS_DELAY_MS, popoverModeFor, popoverOpen, trapTab, type SearchStyle } from './search-logic.ts';
import { SUGGEST_DEBOUNCE_MS, SUGGEST_URL, type Suggestion } from '../search/query.ts';
import { initialSuggest, suggestReducer } from '../search/suggest-state.ts';
import { Highlighted } from '../search/Highlighted.tsx';
import { themeGet } from '../../ui/client/theme-call.ts';

export interface HeaderSearchProps {
  style: SearchStyle;
  /** the current search (results pages), shown in the field */
  query: string;
  labels: {
    search: string;
    close: string;
    field: string;
    placeholder: string;
    submit: string;
    /** the suggestions list's name */
    suggestions: string;
    /** "See all results for “{q}”" */
    seeAll: string;
    noSuggestions: string;
    /** announced when suggestions arrive: "… {n} …" */
    suggestionCount: string;
  };
}

const LIST_ID = 'search-box-suggestions';
const optionId = (i: number) => `search-box-option-${i}`;

/**
 * Header search (SPEC 2 and 9, NOTES "Media and layout"; part of the `header` island): the search
 * icon and its box, a native popover (`#search-box`), so it opens and submits before and without
 * script. Hydrated:
 * - the field gets focus 200 ms after the box opens;
 * - overlay style (`popover="auto"`, a modal dialog while open): Escape, the close icon or the icon
 *   again close it, Tab stays inside, focus returns to the icon;
 * - show-up style (`popover="manual"`): Escape does not close it (SPEC: only in overlay mode); the
 *   close icon, the icon again or a press outside the box do.
 * - live suggestions as you type (issue 14): after a pause of SUGGEST_DEBOUNCE_MS the field asks
 *   `GET /api/search` for the best few posts; the field becomes a combobox over a listbox of links
 *   (the posts, then "See all results", which submits the form). Arrow keys move through them,
 *   Enter opens the one reached, Escape closes the list (and, in overlay mode only, the box, as
 *   before). Without script the form posts to the results page as before.
 */
export function HeaderSearch({ style, query, labels }: HeaderSearchProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const optionRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const [open, setOpen] = useState(false);
  // the combobox roles only once hydrated: without script the field is a plain search box
  const [live, setLive] = useState(false);
  const [suggest, dispatch] = useReducer(suggestReducer, query, initialSuggest);

  useEffect(() => {
    setLive(true);
    // text typed before the island hydrated (it hydrates when the field is first used) asks too
    const typed = inputRef.current?.value ?? '';
    if (typed !== query) dispatch({ type: 'input', query: typed });
  }, []);

  // ask for suggestions once typing pauses; a newer query cancels the older request
  useEffect(() => {
    if (suggest.status !== 'loading') return;
    const q = suggest.query;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      themeGet<{ suggestions: Suggestion[] }>(SUGGEST_URL, { s: q }, abort.signal).then(
        (r) => dispatch({ type: 'loaded', query: q, items: r.suggestions }),
        () => abort.signal.aborted || dispatch({ type: 'failed', query: q }),
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [suggest.query, suggest.status]);

  useEffect(() => {
    if (!open) dispatch({ type: 'close' });
  }, [open]);

  useEffect(() => {
    if (suggest.active >= 0) optionRefs.current[suggest.active]?.scrollIntoView?.({ block: 'nearest' });
  }, [suggest.active]);

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

  const onFieldKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      dispatch({ type: 'move', by: e.key === 'ArrowDown' ? 1 : -1 });
    } else if (e.key === 'Enter' && suggest.open && suggest.active >= 0 && suggest.active < suggest.items.length) {
      // Enter on a post opens it (a real link click); on "See all results" or the field it submits the form
      e.preventDefault();
      optionRefs.current[suggest.active]?.click();
    } else if (e.key === 'Escape') {
      // not prevented: in overlay mode the popover closes on it too (SPEC: Escape closes only in overlay mode)
      dispatch({ type: 'close' });
    }
  };

  const seeAllHref = `/?${new URLSearchParams({ s: suggest.query })}`;
  const listShown = live && suggest.open;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (style !== 'overlay' || e.key !== 'Tab') return;
    const box = e.currentTarget;
    const focusables = [...box.querySelectorAll<HTMLElement>('input, button, a[href]:not([tabindex="-1"])')].filter((el) => !el.hasAttribute('disabled') && el.getClientRects().length > 0);
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
        <div className="search-panel container">
          <form ref={formRef} role="search" action="/" method="get" className="search-form">
            <label htmlFor="search-box-input" className="visually-hidden">
              {labels.field}
            </label>
            <input
              ref={inputRef}
              id="search-box-input"
              type="search"
              name="s"
              placeholder={labels.placeholder}
              defaultValue={query}
              autoComplete="off"
              onChange={(e) => dispatch({ type: 'input', query: e.currentTarget.value })}
              onKeyDown={onFieldKeyDown}
              {...(live
                ? {
                    role: 'combobox',
                    'aria-autocomplete': 'list' as const,
                    'aria-expanded': listShown,
                    'aria-controls': LIST_ID,
                    'aria-activedescendant': listShown && suggest.active >= 0 ? optionId(suggest.active) : undefined,
                  }
                : {})}
            />
            <button type="submit" className="btn">
              {labels.submit}
            </button>
            <button type="button" className="icon-btn search-close" popoverTarget="search-box" popoverTargetAction="hide" aria-label={labels.close}>
              <Icon name="close" size={22} />
            </button>
          </form>
          {live ? (
            <>
              <div id={LIST_ID} role="listbox" aria-label={labels.suggestions} className="search-suggestions" hidden={!listShown}>
                {listShown
                  ? [
                      ...suggest.items.map((item, i) => (
                        <a
                          key={item.id}
                          ref={(el) => void (optionRefs.current[i] = el)}
                          id={optionId(i)}
                          role="option"
                          aria-selected={suggest.active === i}
                          tabIndex={-1}
                          href={item.url}
                          className="search-suggestion"
                          onMouseMove={() => suggest.active !== i && dispatch({ type: 'hover', index: i })}
                        >
                          <Highlighted segments={item.title} />
                        </a>
                      )),
                      <a
                        key="all"
                        ref={(el) => void (optionRefs.current[suggest.items.length] = el)}
                        id={optionId(suggest.items.length)}
                        role="option"
                        aria-selected={suggest.active === suggest.items.length}
                        tabIndex={-1}
                        href={seeAllHref}
                        className="search-suggestion search-suggestion--all"
                        onClick={(e) => {
                          // the same GET as the form, sent by the form
                          if (formRef.current?.requestSubmit) {
                            e.preventDefault();
                            formRef.current.requestSubmit();
                          }
                        }}
                        onMouseMove={() => suggest.active !== suggest.items.length && dispatch({ type: 'hover', index: suggest.items.length })}
                      >
                        {suggest.items.length ? null : <span className="search-suggestions__none">{labels.noSuggestions} · </span>}
                        {labels.seeAll.replace('{q}', suggest.query.trim())}
                      </a>,
                    ]
                  : null}
              </div>
              <div role="status" className="visually-hidden">
                {listShown ? labels.suggestionCount.replace('{n}', String(suggest.items.length)) : ''}
              </div>
            </>
          ) : null}
        </div>
      </div>
    </>
  );
}
