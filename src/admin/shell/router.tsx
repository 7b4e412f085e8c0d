import { useEffect, useRef, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * The admin's tiny router: the address bar is the state (pushState/replaceState and popstate),
 * read with useSyncExternalStore. Links are real <a href> (open in a new tab, copy, keyboard).
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
let subscribed = false;
/** How the address last changed: a replace (filters, a new item's first save) keeps focus where it is. */
let lastChange: 'push' | 'replace' | 'pop' = 'push';
export const lastNavigation = () => lastChange;

/** The address the screens show (kept so that a refused Back can put it back). */
let shown: string | null = null;

function subscribe(l: () => void) {
  if (!subscribed && typeof window !== 'undefined') {
    shown = snapshot();
    window.addEventListener('popstate', () => {
      // Back or Forward away from unsaved work: asked first; "stay" puts the address back
      if (shown !== null && leaving(shown, snapshot()) && !mayLeave()) {
        window.history.pushState(null, '', shown);
        return;
      }
      shown = snapshot();
      lastChange = 'pop';
      notify();
    });
    subscribed = true;
  }
  listeners.add(l);
  return () => listeners.delete(l);
}

const snapshot = () => (typeof window === 'undefined' ? '/admin/' : window.location.pathname + window.location.search);

export function useLocation(): { pathname: string; search: URLSearchParams; href: string } {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  const url = new URL(href, 'http://x');
  return { pathname: url.pathname, search: url.searchParams, href };
}

// ---------------------------------------------------------------------------------------------
// Leaving unsaved work

/** The questions of the screens that hold unsaved work now (one per guard; normally one). */
const guards = new Map<symbol, () => string | null>();
const pathOf = (href: string) => new URL(href, 'http://x').pathname;
/** Another screen (not the same one with other query parameters). */
const leaving = (from: string, to: string) => pathOf(from) !== pathOf(to);

/** Whether the screens let the admin move on: each dirty one asks (window.confirm) first. */
function mayLeave(): boolean {
  for (const ask of guards.values()) {
    const question = ask();
    if (question && !window.confirm(question)) return false;
  }
  return true;
}

/**
 * Asks before unsaved work is left behind: a move to another admin screen (links, Back and
 * Forward) asks with `question` and stays when the answer is no; closing or reloading the tab
 * gets the browser's own question (beforeunload). Nothing is asked while `dirty` is false.
 */
export function useLeaveGuard(dirty: boolean, question: string) {
  const state = useRef({ dirty, question });
  state.current = { dirty, question };
  useEffect(() => {
    const key = Symbol('leave-guard');
    guards.set(key, () => (state.current.dirty ? state.current.question : null));
    return () => void guards.delete(key);
  }, []);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers need a returnValue to ask
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

export function navigate(to: string, opts: { replace?: boolean } = {}) {
  if (to === snapshot()) return;
  if (leaving(snapshot(), to) && !mayLeave()) return;
  lastChange = opts.replace ? 'replace' : 'push';
  if (opts.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  shown = snapshot();
  notify();
  if (!opts.replace) window.scrollTo(0, 0);
}

/** Changes query parameters of the current address (filters, tabs) without a new history entry. */
export function setQuery(changes: Record<string, string | number | null | undefined>) {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === '') url.searchParams.delete(k);
    else url.searchParams.set(k, String(v));
  }
  navigate(url.pathname + url.search, { replace: true });
}

export function Link({ to, onClick, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || rest.target) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={go} {...rest} />;
}

/** Matches `/admin/posts/:id/` against a path; answers the parameters or null. */
export function match(pattern: string, pathname: string): Record<string, string> | null {
  const norm = (p: string) => p.replace(/\/+$/, '').split('/').filter(Boolean);
  const a = norm(pattern);
  const b = norm(pathname);
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const seg = a[i]!;
    if (seg.startsWith(':')) {
      const v = b[i]!;
      if (seg.endsWith('#') ? !/^\d+$/.test(v) : false) return null;
      params[seg.slice(1).replace(/#$/, '')] = decodeURIComponent(v);
    } else if (seg !== b[i]) return null;
  }
  return params;
}
