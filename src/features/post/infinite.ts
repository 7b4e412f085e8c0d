/**
 * Infinite previous-post loading and the post in view (SPEC 2 and 4, NOTES "Single post").
 *
 * On a single post whose wrapper carries `data-infinite`, reaching the end of the last loaded
 * block appends the post block of its `data-prev-url` page below (never above the reading
 * position), until a block flagged `data-end`. The page is fetched ahead, one viewport before the
 * reader gets there, so it is usually already here. One request at a time; a failure shows a
 * Retry button in place and leaves the page usable. The real previous-post link stays in every
 * block, so keyboard users and crawlers can follow the chain; moving by focus (Tab, End) never
 * loads, so the footer stays reachable.
 *
 * After scrolling settles, the post in view sets the address (replaceState), the title, the admin
 * bar's edit link (`a[data-admin-edit]`) and reports one page view per change.
 */
import { enhance, debounce } from '../../ui/client/enhance.ts';
import { pageVars } from '../../ui/page-vars.ts';
import { reportPageView } from '../consent/analytics.ts';
import { INFINITE, PREFETCH_VIEWPORTS, addressFor, blockInView, isFocusNavigationKey, pageTitle, shouldLoad, shouldPrefetch } from './reading.ts';
import { previousUrl, takePostBlock } from './append.ts';

const SCROLL_KEYS = new Set(['PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', ' ', 'Home']);

enhance('.single-wrapper[data-infinite]', (wrapper) => {
  const vars = pageVars();
  const blocks = () => Array.from(wrapper.querySelectorAll<HTMLElement>(':scope > .post-block'));
  const first = blocks()[0];
  if (!first) return;
  const initial = { blockUrl: first.dataset.currentUrl ?? '', href: location.href, title: document.title };
  let current: HTMLElement = first;
  let busy = false;
  let failed = false;
  let focusNav = false;

  // Status line below the posts: a live region (loading, failure) and the Retry control.
  const status = document.createElement('div');
  status.className = 'infinite-status';
  const message = document.createElement('p');
  message.className = 'infinite-status__message';
  message.setAttribute('role', 'status');
  status.append(message);
  wrapper.append(status);

  const showStatus = (text: string, retry: boolean) => {
    message.textContent = text;
    status.classList.toggle('is-loading', busy);
    let button = status.querySelector<HTMLButtonElement>('button');
    if (retry && !button) {
      button = document.createElement('button');
      button.type = 'button';
      button.className = 'btn infinite-status__retry';
      button.textContent = vars.i18n.retry ?? 'Retry';
      button.addEventListener('click', () => {
        failed = false;
        void load(true);
      });
      status.append(button);
    } else if (!retry && button) {
      button.remove();
    }
  };

  // The reader moving by focus or past the posts (footer) must never trigger loading.
  addEventListener(
    'keydown',
    (e) => {
      if (isFocusNavigationKey(e)) focusNav = true;
      else if (SCROLL_KEYS.has(e.key)) focusNav = false;
    },
    { capture: true, passive: true },
  );
  for (const type of ['wheel', 'touchstart', 'pointerdown'] as const) addEventListener(type, () => (focusNav = false), { capture: true, passive: true });
  const focusPastPosts = () => {
    const a = document.activeElement;
    return !!a && a !== document.body && !wrapper.contains(a) && (wrapper.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  };

  /**
   * The previous post's block, fetched once per URL. Started ahead of time (`prefetch`) when the
   * reader nears the end of the last block, awaited by `load` when they reach it.
   */
  let pending: { url: string; block: Promise<HTMLElement>; settled: boolean } | null = null;

  function request(url: string) {
    const entry = {
      url,
      settled: false,
      block: (async () => {
        const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
        if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
        return takePostBlock(new DOMParser().parseFromString(await res.text(), 'text/html'));
      })(),
    };
    entry.block.then(
      () => (entry.settled = true),
      () => (entry.settled = true),
    );
    pending = entry;
    return entry;
  }

  function prefetch() {
    const last = blocks().at(-1);
    const url = last ? previousUrl(last) : null;
    if (url && !pending) request(url);
  }

  async function load(fromRetry = false) {
    const last = blocks().at(-1);
    const url = last ? previousUrl(last) : null;
    if (!last || !url || busy) return;
    const retryHadFocus = fromRetry && document.activeElement === status.querySelector('button');
    busy = true;
    failed = false;
    const entry = pending?.url === url ? pending : request(url);
    // the spinner only when the post is not already here
    if (!entry.settled) showStatus(vars.i18n.loading ?? '', false);
    let appended: HTMLElement | null = null;
    try {
      const block = await entry.block;
      if (blocks().some((b) => b.dataset.postid === block.dataset.postid)) {
        // a loop in the chain: stop instead of appending the same post again
        last.setAttribute('data-end', '1');
      } else {
        appended = document.adoptNode(block);
        wrapper.insertBefore(appended, status);
      }
    } catch (err) {
      console.error('[masthead] the previous post could not be loaded:', err);
      failed = true;
    } finally {
      busy = false;
      pending = null;
    }
    if (failed) {
      showStatus(vars.i18n.loadFailed ?? '', true);
      return;
    }
    showStatus('', false);
    if (appended && retryHadFocus) {
      const title = appended.querySelector<HTMLElement>('.post-title');
      if (title) {
        title.tabIndex = -1;
        title.focus();
      }
    }
    if (!previousUrl(blocks().at(-1)!)) {
      status.remove();
      nearEnd.disconnect();
      atEnd.disconnect();
    }
    check();
    settle();
  }

  function check() {
    const last = blocks().at(-1);
    if (!last) return;
    const ended = previousUrl(last) === null;
    const state = {
      lastBottom: last.getBoundingClientRect().bottom,
      viewportHeight: innerHeight,
      busy,
      ended,
      failed,
      suppressed: focusNav || focusPastPosts(),
    };
    if (shouldLoad(state)) void load();
    else if (shouldPrefetch(state)) prefetch();
  }

  function settle() {
    const list = blocks();
    const block = list[blockInView(list.map((b) => b.getBoundingClientRect().top))] ?? first!;
    if (block === current) return;
    current = block;
    const url = addressFor(block.dataset.currentUrl ?? '', location.href, initial);
    if (url) history.replaceState(history.state, '', url);
    const title = block === first ? initial.title : pageTitle(block.dataset.postTitle ?? '', vars.siteTitle);
    document.title = title;
    const edit = block.dataset.editPost;
    if (edit) document.querySelectorAll<HTMLAnchorElement>('a[data-admin-edit]').forEach((a) => (a.href = edit));
    try {
      reportPageView(location.href, title);
    } catch (err) {
      console.error('[masthead] page view:', err);
    }
  }

  const debouncedCheck = debounce(check, INFINITE.debounceMs);
  const debouncedSettle = debounce(settle, INFINITE.inViewDelayMs);
  const onScroll = () => {
    debouncedCheck();
    debouncedSettle();
  };
  addEventListener('scroll', onScroll, { passive: true });
  // Reaching the end (the status line below the last block comes into view) and nearing it (one
  // viewport ahead) are also noticed at once, without waiting for scrolling to settle: the post
  // fetched ahead is appended the moment the reader gets there. (The status line's top is the
  // block's end: its space above is padding, not margin.)
  const nearEnd = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && check(), { rootMargin: `0px 0px ${PREFETCH_VIEWPORTS * 100}% 0px` });
  const atEnd = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && check());
  nearEnd.observe(status);
  atEnd.observe(status);
  addEventListener('resize', onScroll, { passive: true });
  onScroll();
});
