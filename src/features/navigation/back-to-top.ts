/**
 * Back-to-top (SPEC 4 and 9): the floating link shows once the page is scrolled more than 300 px
 * (checked 200 ms after scrolling stops) and scrolls to the top in 700 ms (instantly with reduced
 * motion). Used from the keyboard, focus then lands at the top of the page, on the skip link, so
 * the next Tab starts from the header.
 */
import { debounce, enhance } from '../../ui/client/enhance.ts';
import { SCROLL, backToTopVisible } from './scroll.ts';
import { smoothScrollTo } from './smooth-scroll.ts';

enhance('#back-to-top', (button) => {
  const update = () => button.classList.toggle('is-visible', backToTopVisible(scrollY));
  addEventListener('scroll', debounce(update, SCROLL.backToTopDebounceMs), { passive: true });
  update();
  button.addEventListener('click', (e) => {
    e.preventDefault();
    // detail 0: activated by keyboard (Enter), not by a pointer
    const byKeyboard = (e as MouseEvent).detail === 0;
    void smoothScrollTo(0, SCROLL.backToTopDurationMs).then(() => {
      if (!byKeyboard) return button.blur();
      const top = document.querySelector<HTMLElement>('.skip-link') ?? document.getElementById('main');
      top?.focus({ preventScroll: true });
    });
  });
});
