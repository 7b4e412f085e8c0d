/**
 * Portfolio grid (SPEC 2, 4 "Portfolio load-more", 7 pfl_more_post_ajax, 8, 9; NOTES "Portfolio").
 *
 * - Category filter, client-side for the loaded items: a click on a filter link (or a deep link by
 *   hash, `#branding`) shows the items of that category, marks the link `aria-current` and says
 *   politely how many are shown. The links stay real links (`?term=`) for visitors without script.
 * - Load more: `masthead_pfl_more_post_ajax` {nonce, datafilter}; one request at a time (loading
 *   flag), and only one: the reference's second, redundant request is not sent. Items are appended
 *   and `pflShowIds` kept current (also in the wrapper's `data-filter`). An empty answer (or the
 *   server saying nothing is left) shows the `data-mes_no_more` text, marks the term finished and
 *   hides the button after 1200 ms. Errors are logged with console.error; the button stays usable.
 * - Infinite mode (`data-pagination="infinite"`): loads when the button comes into view.
 */
import { themeCall } from '../../ui/client/theme-call.ts';
import { ALL_TERMS, PFL_MORE_ACTION, hashForTerm, idsOf, matchesTerm, mayHaveMore, parseFilter, requestFields, termFromHash, withShown, withTerm, type PortfolioFilter } from './filter.ts';

/** SPEC 9: the load-more button hides this long after the no-more message */
export const HIDE_DELAY_MS = 1200;

/** A count message from the status element's data attributes (`data-msg-{key}` / `data-msg-{key}-one`). */
const countMessage = (status: HTMLElement | null, key: 'shown' | 'loaded', n: number) => {
  const d = status?.dataset ?? {};
  const template = (n === 1 ? d[`msg${key[0]!.toUpperCase()}${key.slice(1)}One`] : undefined) ?? d[`msg${key[0]!.toUpperCase()}${key.slice(1)}`] ?? '';
  return template.replace('{n}', String(n));
};

/** Enhances one portfolio grid (`.portfolio[data-filter]`). */
export function initPortfolio(root: HTMLElement): void {
  let filter: PortfolioFilter | null = parseFilter(root.dataset.filter);
  const gridEl = root.querySelector<HTMLElement>('.portfolio-grid');
  if (!filter || !gridEl) return;
  const grid: HTMLElement = gridEl;
  const btn = root.querySelector<HTMLAnchorElement>('.portfolio-more__btn');
  const status = root.querySelector<HTMLElement>('.portfolio-status');
  const links = [...root.querySelectorAll<HTMLAnchorElement>('.portfolio-filter a[data-term]')];
  const terms = links.map((a) => a.dataset.term ?? '').filter((t) => t && t !== ALL_TERMS);
  const finished = new Set<string>();
  const infinite = root.dataset.pagination === 'infinite';
  let loading = false;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let inView = false;

  const current = (): PortfolioFilter => filter!;
  const save = (f: PortfolioFilter) => {
    filter = f;
    root.dataset.filter = JSON.stringify(f);
  };
  const items = () => [...grid.querySelectorAll<HTMLElement>(':scope > .portfolio-item')];
  const loadedOf = (term: string) => items().filter((i) => matchesTerm(i.dataset.terms, term)).length;

  let announceTimer: ReturnType<typeof setTimeout> | undefined;
  const announce = (message: string) => {
    if (!status) return;
    clearTimeout(announceTimer);
    // cleared first so the same words are announced again
    status.textContent = '';
    announceTimer = setTimeout(() => (status.textContent = message), 60);
  };

  /** Shows the button with its normal label when the current term may have more, else hides it. */
  const updateButton = () => {
    if (!btn) return;
    clearTimeout(hideTimer);
    const more = mayHaveMore(current(), loadedOf(current().currentTerm), finished);
    btn.hidden = !more;
    btn.textContent = btn.dataset.mes ?? btn.textContent;
    btn.classList.remove('is-finished');
    if (!loading) btn.removeAttribute('aria-disabled');
  };

  /** The term has nothing more: the no-more text, then the button hides (`before`: what to announce first). */
  const finish = (term: string, before = '') => {
    finished.add(term);
    if (!btn || term !== current().currentTerm) return;
    const message = btn.dataset.mes_no_more ?? '';
    btn.textContent = message;
    btn.classList.add('is-finished');
    btn.setAttribute('aria-disabled', 'true');
    btn.hidden = false;
    announce(before ? `${before} ${message}` : message);
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => {
      // keyboard focus is not lost with the button: it goes to the last project shown
      const hadFocus = document.activeElement === btn;
      btn.hidden = true;
      if (hadFocus) items().filter((i) => !i.hidden).at(-1)?.querySelector<HTMLElement>('a')?.focus();
    }, HIDE_DELAY_MS);
  };

  const showTerm = (term: string, opts: { announce: boolean }) => {
    save(withTerm(current(), term));
    const active = current().currentTerm;
    let shown = 0;
    for (const item of items()) {
      const match = matchesTerm(item.dataset.terms, active);
      item.hidden = !match;
      if (match) shown++;
    }
    for (const a of links) {
      const on = a.dataset.term === active;
      a.classList.toggle('is-active', on);
      if (on) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
    updateButton();
    if (opts.announce) announce(countMessage(status, 'shown', shown));
    // a category with nothing loaded yet would be an empty grid: fetch its first items
    if (shown === 0 && btn && !btn.hidden) void loadMore();
  };

  async function loadMore(): Promise<void> {
    if (loading || !btn || btn.hidden) return;
    const f = current();
    if (!mayHaveMore(f, loadedOf(f.currentTerm), finished)) return updateButton();
    loading = true;
    const term = f.currentTerm;
    root.setAttribute('aria-busy', 'true');
    btn.setAttribute('aria-disabled', 'true');
    btn.classList.add('is-loading');
    let appended = 0;
    try {
      const answer = await themeCall<{ items?: unknown; more?: unknown; message?: string }>(PFL_MORE_ACTION, requestFields(f));
      if (!answer.success) throw new Error(answer.data?.message ?? 'The portfolio items could not be loaded.');
      const html = typeof answer.data?.items === 'string' ? answer.data.items.trim() : '';
      const template = document.createElement('template');
      template.innerHTML = html;
      const have = new Set(current().pflShowIds);
      const fresh = [...template.content.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el.matches('.portfolio-item') && !have.has(Number(el.dataset.id)));
      // the visitor may have switched category while this was loading
      for (const el of fresh) el.hidden = !matchesTerm(el.dataset.terms, current().currentTerm);
      grid.append(...fresh);
      appended = fresh.length;
      save(withShown(current(), idsOf(fresh)));
      const loaded = appended ? countMessage(status, 'loaded', appended) : '';
      if (appended === 0 || answer.data?.more === false) finish(term, loaded);
      else announce(loaded);
    } catch (err) {
      console.error('[masthead] portfolio: loading more items failed', err);
    } finally {
      loading = false;
      root.removeAttribute('aria-busy');
      btn.classList.remove('is-loading');
      if (!btn.classList.contains('is-finished')) updateButton();
    }
    // infinite mode: the button may still be in view after a short page of items
    if (infinite && inView && appended > 0) setTimeout(() => inView && void loadMore(), 50);
  }

  for (const a of links) {
    a.addEventListener('click', (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const term = a.dataset.term ?? ALL_TERMS;
      showTerm(term, { announce: true });
      // deep link: /portfolio/#branding (the no-script ?term= and ?page= are dropped)
      history.replaceState(history.state, '', `${location.pathname}${hashForTerm(current().currentTerm)}`);
    });
  }

  if (btn) {
    // with script the link acts as a button: Enter and Space both load more
    btn.setAttribute('role', 'button');
    btn.addEventListener('click', (event) => {
      event.preventDefault();
      void loadMore();
    });
    btn.addEventListener('keydown', (event) => {
      if (event.key === ' ') {
        event.preventDefault();
        void loadMore();
      }
    });
    if (infinite && 'IntersectionObserver' in window) {
      new IntersectionObserver(
        (entries) => {
          inView = entries.some((e) => e.isIntersecting);
          if (inView) void loadMore();
        },
        { rootMargin: '0px 0px 300px 0px' },
      ).observe(btn);
    }
  }

  const fromHash = () => {
    const term = termFromHash(location.hash, terms);
    if (term) showTerm(term, { announce: true });
    else if (location.hash === '' && current().currentTerm !== ALL_TERMS && !new URLSearchParams(location.search).has('term')) showTerm(ALL_TERMS, { announce: true });
  };
  window.addEventListener('hashchange', fromHash);
  const initial = termFromHash(location.hash, terms);
  if (initial) showTerm(initial, { announce: false });
  else updateButton();
}
