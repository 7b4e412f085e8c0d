import { useEffect, useState, type MouseEvent } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { debounce } from '../../ui/client/enhance.ts';
import { SCROLL, backToTopVisible } from './scroll.ts';
import { focusPageTop, smoothScrollTo } from './smooth-scroll.ts';

/**
 * Floating back-to-top link (island `back-to-top`, SPEC 4 and 9): a real link to the top without
 * script. Hydrated, it shows once the page is scrolled more than 300 px (checked 200 ms after
 * scrolling stops) and scrolls to the top in 700 ms (instantly with reduced motion); used from
 * the keyboard, focus then lands at the top of the page (the skip link).
 */
export function BackToTop({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(backToTopVisible(scrollY));
    const onScroll = debounce(update, SCROLL.backToTopDebounceMs);
    addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => removeEventListener('scroll', onScroll);
  }, []);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const link = e.currentTarget;
    // detail 0: activated by keyboard (Enter), not by a pointer
    const byKeyboard = e.detail === 0;
    void smoothScrollTo(0, SCROLL.backToTopDurationMs).then(() => (byKeyboard ? focusPageTop() : link.blur()));
  };
  return (
    <a href="#top" className={`back-to-top${visible ? ' is-visible' : ''}`} id="back-to-top" aria-label={label} onClick={onClick}>
      <Icon name="up" size={22} />
    </a>
  );
}
