import { useRef } from 'react';
import { showGdpr, storeGdprOpen } from './gdpr.ts';

export interface GdprBarProps {
  privacyUrl: string;
  /** localised strings: region label, toggle tab, text, privacy link, accept button */
  labels: { label: string; toggle: string; text: string; privacy: string; accept: string };
}

/**
 * GDPR notice bar (island `gdpr`, SPEC 4, NOTES): the markup holds both of its states, and the
 * page shows the one this browser stored. The toggle tab is a disclosure button; a page cached for
 * everyone cannot know its state, so there are two of it, one saying "expanded" and one
 * "collapsed", and the root's `data-gdpr` (`gdpr.ts`: set from the cookie by the page's first
 * script, before the bar is shown) displays the one that is true, with the panel when open
 * (global.css); the other is `display: none`, out of the accessibility tree. Nothing is loaded for
 * the bar until the visitor uses it (it hydrates on interaction, and the click is replayed), in a
 * browser that closed it as in one that did not. Toggle and Accept store the choice (`gdpr.ts`),
 * switch the root's state, and move the focus to the toggle now shown (the one pressed, or Accept,
 * is hidden by it). Without script the bar is not shown (global.css).
 */
export function GdprBar({ privacyUrl, labels }: GdprBarProps) {
  // the toggle shown while the bar is open (it closes it), and the one shown while closed
  const whileOpen = useRef<HTMLButtonElement>(null);
  const whileClosed = useRef<HTMLButtonElement>(null);
  const choose = (open: boolean) => {
    storeGdprOpen(open);
    showGdpr(open);
    (open ? whileOpen : whileClosed).current?.focus();
  };
  return (
    <div id="gdpr-bar" className="gdpr-bar" role="region" aria-label={labels.label}>
      <button ref={whileOpen} type="button" className="gdpr-bar__toggle" aria-expanded="true" aria-controls="gdpr-bar-panel" onClick={() => choose(false)}>
        {labels.toggle}
      </button>
      <button ref={whileClosed} type="button" className="gdpr-bar__toggle" aria-expanded="false" aria-controls="gdpr-bar-panel" onClick={() => choose(true)}>
        {labels.toggle}
      </button>
      <div id="gdpr-bar-panel" className="gdpr-bar__panel">
        <p>
          {labels.text} <a href={privacyUrl}>{labels.privacy}</a>
        </p>
        <button type="button" className="btn gdpr-bar__accept" onClick={() => choose(false)}>
          {labels.accept}
        </button>
      </div>
    </div>
  );
}
