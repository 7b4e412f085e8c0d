/**
 * The island runtime of the reader's pages (see `ui/Island.tsx`). Every `<masthead-island>` in the
 * page, also those appended later (infinite scroll, portfolio load-more), is hydrated once, when
 * its `data-when` says: `idle`, `visible` (200 px before it scrolls into view), `media:<query>`,
 * `interaction` (the visitor's first pointer over it, press, focus or key inside it: a widget with
 * nothing to do until it is used loads no code on a visit that does not use it) or `demand` (when a
 * store module asks for it by name, `island-demand.ts`; an island hydrated on interaction can be
 * asked for the same way, e.g. every like button once one of them is used). An island with a plain
 * start module (`islandStarts` of `ui/islands.ts`) runs it at idle: it may ask for hydration.
 * React and the component are loaded on the first island that needs them; the browser caches the
 * modules, so a page holds one copy of React however many islands it has.
 */
import { enhance } from './enhance.ts';
import { hydrateIsland } from './hydrate.ts';
import { onDemand } from './island-demand.ts';
import { wasHandled } from './early-events.ts';
import { islandStarts, type IslandName } from '../islands.ts';

function onIdle(run: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

let observer: IntersectionObserver | null = null;
const waiting = new WeakMap<Element, () => void>();
function onVisible(el: HTMLElement, run: () => void) {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        observer?.unobserve(e.target);
        waiting.get(e.target)?.();
        waiting.delete(e.target);
      }
    },
    { rootMargin: '200px' },
  );
  // display: contents has no box: watch the component's own first element
  const target = el.firstElementChild ?? el;
  waiting.set(target, run);
  observer.observe(target);
}

function onMedia(query: string, run: () => void) {
  const mq = matchMedia(query);
  if (mq.matches) return run();
  const change = () => {
    if (!mq.matches) return;
    mq.removeEventListener('change', change);
    run();
  };
  mq.addEventListener('change', change);
}

/**
 * Early interaction: a visitor who reaches an island before its time (a key pressed on a tab, a
 * button clicked while the page is still starting) hydrates it at once, and the key presses and
 * button clicks made in the meantime are replayed once React has it, so none is lost. Links,
 * form fields and popover buttons work natively before hydration and are not replayed, except a
 * link marked `data-island-click` (its component does more than the native jump). A form's submit
 * button is not replayed either: before hydration the form posts as a plain form.
 */
function replayable(e: Event): boolean {
  if (e.type === 'keydown') return true;
  if (e.type !== 'click') return false;
  const target = e.target instanceof Element ? e.target : null;
  // a link the component handles itself (e.g. jump to recipe) says so: its native jump waits for it
  if (target?.closest(REPLAY_LINK)) {
    e.preventDefault();
    return true;
  }
  const button = target?.closest('button');
  // a form's submit button already did its native work (the form was posted as a plain form, as
  // without script): replaying the click would send the form a second time
  if (button && button.type === 'submit' && button.form) return false;
  return !!button && !target!.closest('a[href], [popovertarget], input, select, textarea, label');
}

/**
 * An island that marks itself `data-replay-links` (a gallery whose links open its lightbox) also
 * keeps a plain click on one of its links until it is hydrated, instead of letting the browser
 * follow it; the click is then replayed for the component. A click with a modifier key (a new tab)
 * is left to the browser.
 */
function heldLink(island: HTMLElement, e: Event): HTMLAnchorElement | null {
  if (e.type !== 'click' || !island.hasAttribute('data-replay-links') || !(e instanceof MouseEvent)) return null;
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.defaultPrevented) return null;
  return e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null;
}

/** An in-page link whose click an island handles: clicked before hydration, it is replayed rather than followed. */
const REPLAY_LINK = 'a[data-island-click]';

function replay(e: Event) {
  const target = e.target instanceof Element ? e.target : null;
  // (a plain module may have acted on it already: `early-events.ts`)
  if (!target?.isConnected || wasHandled(e)) return;
  // a click often lands on the icon inside a button (an SVG element has no click()): click the button
  if (e.type === 'click') target.closest<HTMLElement>('button, a[href]')?.click();
  else if (e instanceof KeyboardEvent) target.dispatchEvent(new KeyboardEvent('keydown', { key: e.key, code: e.code, shiftKey: e.shiftKey, altKey: e.altKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, bubbles: true, cancelable: true }));
}

const EARLY = ['pointerdown', 'focusin', 'keydown', 'click'] as const;
/** an island hydrated on interaction also starts when a pointer comes over it (before the click) */
const INTERACTION = [...EARLY, 'pointerover'] as const;

enhance('masthead-island', (el) => {
  const when = el.dataset.when ?? 'idle';
  const early: Event[] = [];
  let started = false;
  const onEarly = (e: Event) => {
    if (heldLink(el, e)) {
      e.preventDefault();
      early.push(e);
    } else if (replayable(e)) early.push(e);
    run();
  };
  const events = when === 'interaction' ? INTERACTION : EARLY;
  const stopRecording = () => {
    for (const type of events) el.removeEventListener(type, onEarly, true);
  };
  for (const type of events) el.addEventListener(type, onEarly, true);
  const run = () => {
    if (started) return;
    started = true;
    hydrateIsland(el, stopRecording)
      .then(() => early.splice(0).forEach(replay))
      .catch((err: unknown) => {
        console.error(`[masthead] island ${el.dataset.island}:`, err);
        // without the component a held link click goes where the link leads
        const link = early.map((e) => heldLink(el, e)).find(Boolean);
        if (link) location.assign(link.href);
      });
  };
  const name = el.dataset.island ?? '';
  if (when === 'visible') onVisible(el, run);
  else if (when.startsWith('media:')) onMedia(when.slice(6), run);
  else if (when === 'demand' || when === 'interaction') onDemand(name, run);
  else onIdle(run);
  const start = islandStarts[name as IslandName];
  const own = el.firstElementChild;
  if (start && own instanceof HTMLElement) {
    onIdle(() => {
      start()
        .then((fn) => fn(JSON.parse(el.dataset.props ?? '{}') as never, own, run))
        .catch((err: unknown) => console.error(`[masthead] island ${name}:`, err));
    });
  }
});
