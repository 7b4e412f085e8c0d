import { useEffect, useRef, useState } from 'react';
import { readGdprOpen, storeGdprOpen } from './gdpr.ts';

export interface GdprBarProps {
  privacyUrl: string;
  /** localised strings: region label, toggle tab, text, privacy link, accept button */
  labels: { label: string; toggle: string; text: string; privacy: string; accept: string };
}

/**
 * GDPR notice bar (island `gdpr`, SPEC 4): rendered open by the server, the state of a first visit,
 * so that visit needs no component: the bar hydrates on interaction, or at idle when this browser
 * has closed it (`gdpr-start.ts`), and stays invisible until then (the root's `data-gdpr`, set by
 * the first script, and `data-ready`, global.css): it appears in its real state instead of
 * changing, no layout shift. Without script it is not shown (global.css). The toggle tab is a
 * disclosure button; it and Accept store the choice (`gdpr.ts`). Accept removes itself, so focus
 * moves to the toggle.
 */
export function GdprBar({ privacyUrl, labels }: GdprBarProps) {
  // what the server rendered until the stored state is read
  const [open, setOpen] = useState(true);
  const [ready, setReady] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    setOpen(readGdprOpen());
    setReady(true);
  }, []);
  const choose = (next: boolean) => {
    setOpen(next);
    storeGdprOpen(next);
  };
  return (
    <div id="gdpr-bar" className="gdpr-bar" data-state={open ? 'open' : 'closed'} {...(ready ? { 'data-ready': '' } : {})} role="region" aria-label={labels.label}>
      <button ref={toggleRef} type="button" className="gdpr-bar__toggle" aria-expanded={open} aria-controls="gdpr-bar-panel" onClick={() => choose(!open)}>
        {labels.toggle}
      </button>
      <div id="gdpr-bar-panel" className="gdpr-bar__panel" hidden={!open}>
        <p>
          {labels.text} <a href={privacyUrl}>{labels.privacy}</a>
        </p>
        <button
          type="button"
          className="btn gdpr-bar__accept"
          onClick={() => {
            choose(false);
            toggleRef.current?.focus();
          }}
        >
          {labels.accept}
        </button>
      </div>
    </div>
  );
}
