import type { MouseEvent } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { SCROLL } from './scroll.ts';
import { focusPageTop, smoothScrollTo } from './smooth-scroll.ts';

/**
 * Floating back-to-top link (island `back-to-top`, SPEC 4 and 9): a real link to the top without
 * script. It shows once the page is scrolled more than 300 px; that needs no script and no scroll
 * listener: a CSS scroll-driven animation over the root's scroll position (global.css), or, in a
 * browser without them, the root's `data-scrolled` (`back-to-top-fallback.ts`, checked 200 ms after
 * scrolling stops). The component hydrates on interaction (a pointer over it, a focus or key on
 * it; a click before that waits for it, `data-island-click`) and scrolls to the top in 700 ms
 * (instantly with reduced motion); used from the keyboard, focus then lands at the top of the page
 * (the skip link).
 */
export function BackToTop({ label }: { label: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const link = e.currentTarget;
    // detail 0: activated by keyboard (Enter), not by a pointer
    const byKeyboard = e.detail === 0;
    void smoothScrollTo(0, SCROLL.backToTopDurationMs).then(() => (byKeyboard ? focusPageTop() : link.blur()));
  };
  return (
    <a href="#top" className="back-to-top" id="back-to-top" aria-label={label} data-island-click="" onClick={onClick}>
      <Icon name="up" size={22} />
    </a>
  );
}
