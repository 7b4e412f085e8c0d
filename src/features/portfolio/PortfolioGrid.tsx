import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { slot, type Slots } from '../../ui/slot.ts';
import { themeCall } from '../../ui/client/theme-call.ts';
import { whenNear } from '../../ui/client/near-viewport.ts';
import { ALL_TERMS, PFL_MORE_ACTION, hashForTerm, matchesTerm, mayHaveMore, requestFields, termFromHash, withShown, withTerm, type PortfolioFilter } from './filter.ts';
import { PortfolioCardLink, termsOf } from './PortfolioCard.tsx';
import type { PortfolioSummary } from './types.ts';

/** SPEC 9: the load-more button hides this long after the no-more message */
export const HIDE_DELAY_MS = 1200;
/** the status is emptied first and refilled this much later, so the same words are announced again */
const ANNOUNCE_DELAY_MS = 60;

export interface PortfolioGridLabels {
  /** the filter bar's name */
  filter: string;
  all: string;
  /** the button (also `data-mes`) and its no-more text (`data-mes_no_more`) */
  loadMore: string;
  noMore: string;
  /** polite counts, `{n}` replaced: after a filter, after a load */
  shown: string;
  shownOne: string;
  loaded: string;
  loadedOne: string;
}

export interface PortfolioGridProps {
  instanceId: string;
  pagination: 'load-more' | 'infinite';
  /** the category links after "All": slug, name and how many projects the server has */
  terms: { slug: string; name: string; count: number }[];
  /** the category the server filtered by (`?term=`), '*' for all */
  currentTerm: string;
  /** how many projects the server has in that category */
  total: number;
  /** how many one "load more" asks for */
  perPage: number;
  /** the no-script page the server rendered (`?page=`) */
  page: number;
  /** the server's items in order (id, category slugs); each one's card is the slot `item-{id}` */
  items: { id: number; terms: string }[];
  labels: PortfolioGridLabels;
  slots?: Slots;
}

/** One grid item: a server card (its inside is a slot) or one loaded later (rendered from its data). */
interface Card {
  id: number;
  terms: string;
  item?: PortfolioSummary;
}

export interface GridState {
  filter: PortfolioFilter;
  cards: Card[];
  loading: boolean;
  /** the last load failed (logged only); infinite mode waits for the button then */
  error: boolean;
  /** terms the server has nothing more for */
  finished: string[];
  /** the term whose no-more text shows until the button hides */
  ending: string | null;
}

type GridAction = { type: 'term'; term: string } | { type: 'start' } | { type: 'loaded'; term: string; items: PortfolioSummary[]; done: boolean } | { type: 'failed' } | { type: 'ended' };

const loadedOf = (cards: readonly Card[], term: string) => cards.filter((c) => matchesTerm(c.terms, term)).length;

/** May the grid ask the server for more of its current term? */
export const hasMore = (s: GridState): boolean => mayHaveMore(s.filter, loadedOf(s.cards, s.filter.currentTerm), new Set(s.finished));

export function reduce(s: GridState, a: GridAction): GridState {
  switch (a.type) {
    case 'term': {
      const filter = withTerm(s.filter, a.term);
      return filter === s.filter ? s : { ...s, filter, ending: null };
    }
    case 'start':
      return { ...s, loading: true, error: false };
    case 'failed':
      return { ...s, loading: false, error: true };
    case 'ended':
      return { ...s, ending: null };
    case 'loaded': {
      const have = new Set(s.filter.pflShowIds);
      const fresh = a.items.filter((i) => Number.isInteger(i.id) && i.id > 0 && !have.has(i.id));
      const cards = fresh.length ? [...s.cards, ...fresh.map((item) => ({ id: item.id, terms: termsOf(item), item }))] : s.cards;
      const filter = withShown(s.filter, fresh.map((i) => i.id));
      const finished = a.done && !s.finished.includes(a.term) ? [...s.finished, a.term] : s.finished;
      return { ...s, cards, filter, finished, loading: false, error: false, ending: a.done && a.term === s.filter.currentTerm ? a.term : s.ending };
    }
  }
}

const count = (many: string, one: string, n: number) => (n === 1 ? one : many).replace('{n}', String(n));

/** The no-script address of a category and page. */
const href = (term: string, page = 1) => {
  const q = new URLSearchParams();
  if (term !== ALL_TERMS) q.set('term', term);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return `/portfolio/${s ? `?${s}` : ''}`;
};

export function initialState({ instanceId, terms, currentTerm, total, perPage, items }: PortfolioGridProps): GridState {
  // the server counted the current category: "all" is only known when that is all
  const countByTerms: Record<string, number> = Object.fromEntries(terms.map((t) => [t.slug, t.count]));
  if (currentTerm === ALL_TERMS) countByTerms[ALL_TERMS] = total;
  return {
    filter: { instanceId, currentTerm, countByTerms, count: perPage, pflShowIds: items.map((i) => i.id) },
    cards: items.map((i) => ({ id: i.id, terms: i.terms })),
    loading: false,
    error: false,
    finished: [],
    ending: null,
  };
}

/**
 * The portfolio grid (island `portfolio`; SPEC 2, 4 "Portfolio load-more", 7, 9; NOTES
 * "Portfolio"). Without script its filter and "Load more" are links (`?term=`, `?page=`) the
 * server answers. Hydrated, it owns the current category, the loaded items, loading, error and
 * done:
 * - a filter link shows the loaded items of its category (no request; a category with none loaded
 *   asks for its first ones), marks itself `aria-current`, says politely how many are shown and
 *   deep-links by hash (`#branding`, replacing the address); a hash change follows it;
 * - "Load more" (a link acting as a button: Enter and Space) asks `masthead_pfl_more_post_ajax`
 *   for the next items of the category with the filter data, one request at a time and only one;
 *   the new items render from the answer's data, the focus goes to the first of them, and the
 *   count is announced. Nothing left: the no-more text (`data-mes_no_more`), announced, and the
 *   button hides 1200 ms later (its box stays, so nothing moves). Errors are logged only;
 * - infinite mode loads whenever the button comes within 300 px of the viewport, and the button
 *   stays as the fallback (after an error, or for a keyboard).
 * The server's cards are slots (their HTML is in the page once, not in the props).
 */
export function PortfolioGrid(props: PortfolioGridProps) {
  const { instanceId, pagination, terms, labels, slots, page } = props;
  const [state, setState] = useState(() => initialState(props));
  const stateRef = useRef(state);
  const [said, setSaid] = useState('');
  const [hydrated, setHydrated] = useState(false);
  const busy = useRef(false);
  const button = useRef<HTMLAnchorElement>(null);
  const itemEls = useRef(new Map<number, HTMLElement>());
  const focusTo = useRef<number | null>(null);
  const announceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const update = (a: GridAction) => {
    stateRef.current = reduce(stateRef.current, a);
    setState(stateRef.current);
  };
  const announce = (message: string) => {
    clearTimeout(announceTimer.current);
    setSaid('');
    announceTimer.current = setTimeout(() => setSaid(message), ANNOUNCE_DELAY_MS);
  };
  const linkOf = (id: number | undefined) => (id === undefined ? null : (itemEls.current.get(id)?.querySelector<HTMLElement>('a[href]') ?? null));

  async function load(focusNew: boolean): Promise<void> {
    const s = stateRef.current;
    if (busy.current || !hasMore(s)) return;
    busy.current = true;
    const term = s.filter.currentTerm;
    update({ type: 'start' });
    try {
      const answer = await themeCall<{ list?: unknown; more?: unknown; message?: string }>(PFL_MORE_ACTION, requestFields(s.filter));
      if (!answer.success) throw new Error(answer.data?.message ?? 'The portfolio items could not be loaded.');
      const list = Array.isArray(answer.data?.list) ? (answer.data.list as PortfolioSummary[]) : [];
      const before = stateRef.current.cards.length;
      const done = answer.data?.more === false;
      update({ type: 'loaded', term, items: list, done: done || list.length === 0 });
      const after = stateRef.current;
      const fresh = after.cards.slice(before);
      const loaded = fresh.length ? count(labels.loaded, labels.loadedOne, fresh.length) : '';
      if (after.ending === term) announce(loaded ? `${loaded} ${labels.noMore}` : labels.noMore);
      else if (loaded) announce(loaded);
      if (focusNew) focusTo.current = fresh.find((c) => matchesTerm(c.terms, after.filter.currentTerm))?.id ?? null;
    } catch (err) {
      console.error('[masthead] portfolio: loading more items failed', err);
      update({ type: 'failed' });
    } finally {
      busy.current = false;
    }
  }

  const showTerm = (term: string, say: boolean) => {
    update({ type: 'term', term });
    const s = stateRef.current;
    const shown = loadedOf(s.cards, s.filter.currentTerm);
    if (say) announce(count(labels.shown, labels.shownOne, shown));
    // a category with nothing loaded yet would be an empty grid: fetch its first items
    if (shown === 0) void load(false);
  };

  const choose = (e: MouseEvent<HTMLAnchorElement>, term: string) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    showTerm(term, true);
    // deep link: /portfolio/#branding (the no-script ?term= and ?page= are dropped)
    history.replaceState(history.state, '', `${location.pathname}${hashForTerm(stateRef.current.filter.currentTerm)}`);
  };

  const activate = () => {
    if (!stateRef.current.loading && stateRef.current.ending === null) void load(true);
  };

  // hydrated: the link acts as a button; a #category in the address is applied and followed
  useEffect(() => {
    setHydrated(true);
    const slugs = terms.map((t) => t.slug);
    const initial = termFromHash(location.hash, slugs);
    if (initial) showTerm(initial, false);
    const onHash = () => {
      const term = termFromHash(location.hash, slugs);
      if (term) showTerm(term, true);
      else if (location.hash === '' && stateRef.current.filter.currentTerm !== ALL_TERMS && !new URLSearchParams(location.search).has('term')) showTerm(ALL_TERMS, true);
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
      clearTimeout(announceTimer.current);
    };
    // once: everything it calls reads the current state from the ref
  }, []);

  // after "Load more": the focus goes to the first new item shown
  useEffect(() => {
    if (focusTo.current === null) return;
    linkOf(focusTo.current)?.focus();
    focusTo.current = null;
  }, [state.cards]);

  // nothing left: the no-more text stays HIDE_DELAY_MS, then the button hides; a focus on it goes to the last item shown
  useEffect(() => {
    if (state.ending === null) return;
    const timer = setTimeout(() => {
      const hadFocus = button.current?.matches(':focus') ?? false;
      const s = stateRef.current;
      update({ type: 'ended' });
      if (hadFocus) linkOf(s.cards.filter((c) => matchesTerm(c.terms, s.filter.currentTerm)).at(-1)?.id)?.focus();
    }, HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.ending]);

  const current = state.filter.currentTerm;
  const more = hasMore(state);
  const ending = state.ending === current;

  // infinite mode: load when the button comes near the viewport, again after each page while it stays there
  useEffect(() => {
    const el = button.current;
    if (pagination !== 'infinite' || !hydrated || !el || !more || state.loading || state.error || state.ending !== null) return;
    return whenNear(el, () => void load(false), 300);
  }, [pagination, hydrated, more, state.loading, state.error, state.ending, current]);

  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key !== ' ') return;
    e.preventDefault();
    activate();
  };

  return (
    <div className="portfolio" id={instanceId} data-pagination={pagination} aria-busy={state.loading ? true : undefined}>
      <nav className="portfolio-filter" aria-label={labels.filter}>
        <ul>
          {[{ slug: ALL_TERMS, name: labels.all }, ...terms].map((term) => {
            const on = term.slug === current;
            return (
              <li key={term.slug}>
                <a href={href(term.slug)} data-term={term.slug} aria-current={on ? 'true' : undefined} className={on ? 'is-active' : undefined} onClick={(e) => choose(e, term.slug)}>
                  {term.name}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="portfolio-grid" id={`${instanceId}-grid`}>
        {state.cards.map((card) => (
          <article
            key={card.id}
            ref={(el) => {
              if (el) itemEls.current.set(card.id, el);
              else itemEls.current.delete(card.id);
            }}
            className="portfolio-item"
            data-id={card.id}
            data-terms={card.terms}
            hidden={!matchesTerm(card.terms, current)}
            {...(card.item ? { children: <PortfolioCardLink item={card.item} /> } : slot(slots, `item-${card.id}`))}
          />
        ))}
      </div>
      <p className="portfolio-status visually-hidden" role="status">
        {said}
      </p>
      <div className="portfolio-more">
        {/* always rendered: hidden keeps its box (global.css), so nothing moves when it goes */}
        <a
          ref={button}
          className={`btn portfolio-more__btn${state.loading ? ' is-loading' : ''}${ending ? ' is-finished' : ''}`}
          href={href(current, current === props.currentTerm ? page + 1 : 2)}
          hidden={!more && !ending}
          role={hydrated ? 'button' : undefined}
          aria-controls={`${instanceId}-grid`}
          aria-disabled={state.loading || ending ? 'true' : undefined}
          data-mes={labels.loadMore}
          data-mes_no_more={labels.noMore}
          onClick={(e) => {
            e.preventDefault();
            activate();
          }}
          onKeyDown={onKeyDown}
        >
          {ending ? labels.noMore : labels.loadMore}
        </a>
      </div>
    </div>
  );
}
