import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { FONT_SCALE, scaleText } from './font-scale.ts';
import { getScale, setScale, subscribeScale } from './font-store.ts';

export { FONT_SCALE, FONT_COOKIE, clampScale } from './font-scale.ts';

export interface FontSizeControlProps {
  postId: number;
  /** localised "Text size", "Text size {n}%" and "Reset" */
  label: string;
  valueText: string;
  reset: string;
}

/**
 * "Text size" button and its popup (island `font-size`, NOTES "Font size"). The popup is a native
 * popover (it opens and closes, Escape included, without script); the island places it under its
 * button inside the viewport, moves focus to the slider when it opens, keeps Tab inside it, and
 * sets the page's one scale (`font-store.ts`) from the slider and the reset button.
 */
function isOpen(popup: HTMLElement): boolean {
  try {
    return popup.matches(':popover-open');
  } catch {
    return false; // a browser without popovers: the popup is never open
  }
}

export function FontSizeControl({ postId, label, valueText, reset }: FontSizeControlProps) {
  const popId = `font-size-${postId}`;
  const scale = useSyncExternalStore(subscribeScale, getScale, () => FONT_SCALE.default);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const popRef = useRef<HTMLDivElement>(null);
  const rangeRef = useRef<HTMLInputElement>(null);
  const resetRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const popup = popRef.current;
    const toggle = toggleRef.current;
    if (!popup || !toggle) return;
    const place = () => {
      const r = toggle.getBoundingClientRect();
      const w = popup.offsetWidth;
      const rtl = getComputedStyle(toggle).direction === 'rtl';
      const left = rtl ? r.right - w : r.left;
      setPos({ top: Math.round(r.bottom + 8), left: Math.round(Math.min(Math.max(8, left), innerWidth - w - 8)) });
    };
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const opened = () => {
      place();
      rangeRef.current?.focus();
      addEventListener('scroll', follow, { passive: true });
      addEventListener('resize', follow, { passive: true });
    };
    const closed = () => {
      removeEventListener('scroll', follow);
      removeEventListener('resize', follow);
    };
    const onToggle = (e: Event) => ((e as ToggleEvent).newState === 'open' ? opened() : closed());
    popup.addEventListener('toggle', onToggle);
    // opened before the island hydrated (the popover works without script)
    if (isOpen(popup)) opened();
    return () => {
      popup.removeEventListener('toggle', onToggle);
      closed();
      cancelAnimationFrame(frame);
    };
  }, []);

  // keep Tab inside the dialog: slider <-> reset
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab') return;
    const active = (e.currentTarget.ownerDocument as Document).activeElement;
    if (!e.shiftKey && active === resetRef.current) {
      e.preventDefault();
      rangeRef.current?.focus();
    } else if (e.shiftKey && active === rangeRef.current) {
      e.preventDefault();
      resetRef.current?.focus();
    }
  };

  return (
    <>
      <button ref={toggleRef} type="button" className="tool-btn font-size-toggle" popoverTarget={popId} aria-label={label}>
        <Icon name="text" size={18} />
      </button>
      <div ref={popRef} id={popId} popover="auto" className="font-size-popup" role="dialog" aria-labelledby={`${popId}-label`} style={pos ? { top: pos.top, left: pos.left } : undefined} onKeyDown={onKeyDown}>
        <label id={`${popId}-label`} htmlFor={`${popId}-range`} className="font-size-popup__label">
          {label}
        </label>
        <input
          ref={rangeRef}
          id={`${popId}-range`}
          type="range"
          min={FONT_SCALE.min}
          max={FONT_SCALE.max}
          step={FONT_SCALE.step}
          value={scale}
          aria-valuetext={scaleText(valueText, scale)}
          onChange={(e) => setScale(e.target.value)}
        />
        <output htmlFor={`${popId}-range`} className="font-size-popup__value" aria-hidden="true">
          {Math.round(scale * 100)}%
        </output>
        <button
          ref={resetRef}
          type="button"
          className="btn btn--small"
          onClick={() => {
            setScale(FONT_SCALE.default);
            rangeRef.current?.focus();
          }}
        >
          {reset}
        </button>
      </div>
    </>
  );
}
