import { useEffect, useId, useRef } from 'react';
import type { EmbedLabels } from './embeds.ts';

/**
 * The click-to-load placeholder of an outside embed (see `embeds.ts`): the consent text and a
 * "Load video" button described by it. `focusKey` changes when the button should take the focus
 * (the visitor chose something that waits for it, e.g. a playlist item).
 */
export function EmbedConsent({ labels, onLoad, focusKey = 0 }: { labels: EmbedLabels; onLoad: () => void; focusKey?: number }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusKey) button.current?.focus();
  }, [focusKey]);
  return (
    <div className="consent-placeholder consent-placeholder--video" data-consent-placeholder="video">
      <p className="consent-placeholder__text" id={id}>
        {labels.consent}
      </p>
      <button ref={button} type="button" className="btn btn--small consent-placeholder__load" aria-describedby={id} onClick={onLoad}>
        {labels.load}
      </button>
    </div>
  );
}
