import { pageVars } from '../../ui/page-vars.ts';
import { hasConsent, onConsent } from './consent.ts';

/**
 * Consent gate for third-party embeds that may set cookies (outside video players; the map island
 * keeps its own gate, features/map/MapView.tsx).
 *
 *   requireConsentFor(el, ({ userGesture }) => { ... load the player ... })
 *
 * - With consent stored, `load` runs at once (`userGesture: false`).
 * - Without it, the element shows a click-to-load placeholder (the consent text and a "Load video"
 *   button, from the dictionary) and gets `data-consent-blocked`. `load` runs when
 *   the visitor presses that button (`userGesture: true`) or accepts cookies in the notice
 *   (`userGesture: false`, for every waiting embed at once).
 *
 * Decision: pressing "Load video" is consent for that one embed only, for this page
 * view. It stores nothing and does not count as accepting cookies in general: other embeds keep
 * their placeholder and analytics stays off. A video feature can treat `userGesture: true` as the
 * press of Play (start playing at once) and `false` as "ready, wait for Play".
 *
 * One gate per element: calling again for the same element adds a loader (run at once when the
 * gate is already open). The consent script gates `.video-facade` (outside providers) by itself,
 * so the placeholder is there even before the media script arrives, which calls
 * `requireConsentFor` on the same element with its loader. The
 * element also receives the event `masthead:embed-allowed` (detail `{ userGesture }`) when released.
 */

export interface LoadReason {
  userGesture: boolean;
}
export type Loader = (reason: LoadReason) => void;
export type EmbedKind = 'video';

export const EMBED_ALLOWED_EVENT = 'masthead:embed-allowed';

interface Gate {
  open: boolean;
  loaders: Loader[];
  placeholder: HTMLElement | null;
}

const gates = new WeakMap<HTMLElement, Gate>();
const waiting = new Set<HTMLElement>();
let listening = false;
let seq = 0;

function texts(): { text: string; button: string } {
  let i18n: Record<string, string> = {};
  try {
    i18n = pageVars().i18n;
  } catch {
    /* no page variables (tests): English fallbacks below */
  }
  return { text: i18n.embedConsent ?? 'This video is played from an outside service that may set cookies.', button: i18n.embedLoad ?? 'Load video' };
}

const run = (loaders: Loader[], reason: LoadReason) => {
  for (const load of loaders) {
    try {
      load(reason);
    } catch (err) {
      console.error('[masthead] embed loader:', err);
    }
  }
};

function release(el: HTMLElement, userGesture: boolean) {
  const gate = gates.get(el);
  if (!gate || gate.open) return;
  gate.open = true;
  waiting.delete(el);
  const hadFocus = !!gate.placeholder?.contains(document.activeElement);
  gate.placeholder?.remove();
  gate.placeholder = null;
  el.removeAttribute('data-consent-blocked');
  const loaders = gate.loaders.splice(0);
  el.dispatchEvent(new CustomEvent<LoadReason>(EMBED_ALLOWED_EVENT, { detail: { userGesture } }));
  run(loaders, { userGesture });
  if (hadFocus) {
    // the button is gone: focus the first control of what was loaded, or the embed itself
    const target = el.querySelector<HTMLElement>('iframe, video[controls], a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])');
    if (target) target.focus();
    else {
      el.tabIndex = -1;
      el.focus();
    }
  }
}

function placeholderFor(el: HTMLElement, kind: EmbedKind): HTMLElement {
  const { text, button } = texts();
  const id = `consent-embed-${++seq}`;
  const box = document.createElement('div');
  box.className = `consent-placeholder consent-placeholder--${kind}`;
  box.dataset.consentPlaceholder = kind;
  const p = document.createElement('p');
  p.className = 'consent-placeholder__text';
  p.id = id;
  p.textContent = text;
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.className = 'btn btn--small consent-placeholder__load';
  btn.textContent = button;
  btn.setAttribute('aria-describedby', id);
  btn.addEventListener('click', () => release(el, true));
  box.append(p, btn);
  el.append(box);
  return box;
}

/** Gates `el` until consent (see the module comment); `load` is optional (gate only). */
export function requireConsentFor(el: HTMLElement, load?: Loader, opts: { kind?: EmbedKind } = {}): void {
  let gate = gates.get(el);
  if (!gate) {
    const g: Gate = { open: hasConsent(), loaders: [], placeholder: null };
    gate = g;
    gates.set(el, g);
    if (!g.open) {
      el.setAttribute('data-consent-blocked', '');
      g.placeholder = placeholderFor(el, opts.kind ?? 'video');
      waiting.add(el);
      if (!listening) {
        listening = true;
        onConsent(() => [...waiting].forEach((w) => release(w, false)));
      }
    }
  }
  if (!load) return;
  if (gate.open) run([load], { userGesture: false });
  else gate.loaders.push(load);
}

/** Whether `el` may load its third-party content now. */
export function embedAllowed(el: HTMLElement): boolean {
  return gates.get(el)?.open ?? hasConsent();
}
