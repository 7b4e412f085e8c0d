import { useCallback, useState, useSyncExternalStore } from 'react';
import { hasConsent, onConsent, onConsentWithdrawn } from './consent.ts';

/**
 * Consent for third-party embeds that may set cookies (outside video players: the video facade and
 * playlist islands, the lightbox's video slides; the map island keeps its own gate,
 * features/map/MapView.tsx). No markup here: the placeholder is the component `EmbedConsent.tsx`,
 * and every decision comes from the page-wide consent store (`consent.ts`, the cookie the notice
 * writes, told by its `setCookieNotice` event), never from the page's markup.
 *
 *   const { gate, allowOnce } = useEmbedGate(isOutside(video));
 *   gate === 'blocked' ? <EmbedConsent labels={…} onLoad={() => { allowOnce(); play(); }} /> : …
 *
 * Decision: pressing "Load video" is consent for that one embed only, for this page view
 * (`allowOnce`, component state). It stores nothing and does not count as accepting cookies in
 * general: other embeds keep their placeholder and analytics stays off. Accepting cookies in the
 * notice opens every waiting embed at once (they subscribe to the store); none starts playing by
 * itself. A plain module that owns no markup (parallax video backgrounds) uses `withConsent` of
 * `consent.ts` with the element it was given.
 */

/** Calls `cb` whenever the stored consent changes (accepted, or an acceptance withdrawn). */
export function subscribeConsent(cb: () => void): () => void {
  const offAccept = onConsent(cb);
  const offWithdraw = onConsentWithdrawn(cb);
  return () => {
    offAccept();
    offWithdraw();
  };
}

const serverConsent = () => null;

/**
 * The visitor's consent as React state: `null` on the server and while hydrating (pages are
 * cached for everyone, so the server's markup cannot know it), then the stored choice, kept up to
 * date when the visitor accepts or withdraws elsewhere on the page.
 */
export function useConsent(): boolean | null {
  return useSyncExternalStore(subscribeConsent, hasConsent, serverConsent);
}

/** `pending`: not known yet (server markup, hydration); `blocked`: show the placeholder; `open`: may load. */
export type EmbedGate = 'pending' | 'blocked' | 'open';

/** Whether an embed may load: always for one that loads nothing from outside (`outside` false). */
export function embedGate(outside: boolean, consent: boolean | null, allowedOnce: boolean): EmbedGate {
  if (!outside || allowedOnce || consent === true) return 'open';
  return consent === null ? 'pending' : 'blocked';
}

/** The gate of one embed (see the module comment); `allowOnce` is the press of "Load video". */
export function useEmbedGate(outside: boolean): { gate: EmbedGate; consent: boolean | null; allowOnce: () => void } {
  const consent = useConsent();
  const [once, setOnce] = useState(false);
  const allowOnce = useCallback(() => setOnce(true), []);
  return { gate: embedGate(outside, consent, once), consent, allowOnce };
}

/** The placeholder's texts (from the dictionary: `embed.consent`, `embed.load`). */
export interface EmbedLabels {
  consent: string;
  load: string;
}

/** English fallbacks, for a component given no labels (tests). */
export const EMBED_LABELS_EN: EmbedLabels = { consent: 'This video is played from an outside service that may set cookies.', load: 'Load video' };
