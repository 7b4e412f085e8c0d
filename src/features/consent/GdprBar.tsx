import { useEffect, useRef, useState } from 'react';
import { readGdprOpen, storeGdprOpen } from './gdpr.ts';

export interface GdprBarProps {
  privacyUrl: string;
  /** localised strings: region label, toggle tab, text, privacy link, accept button */
  labels: { label: string; toggle: string; text: string; privacy: string; accept: string };
}

/**
 * GDPR notice bar (island `gdpr`, SPEC 4): rendered closed by the server (no flash), opened after
 * hydration when this browser has not closed it. With script it stays invisible until then
 * (`data-ready`, global.css), so it appears in its real state instead of growing open: no layout
 * shift. The toggle tab is a disclosure button; it and
 * Accept store the choice (`gdpr.ts`). Accept removes itself, so focus moves to the toggle.
 */
export function GdprBar({ privacyUrl, labels }: GdprBarProps) {
  const [open, setOpen] = useState(false);
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
