import { reducedMotion } from '../../ui/client/enhance.ts';
import type { SliderProps } from './Slider.tsx';

/**
 * How long before its first automatic step an auto-playing slider asks for its component: enough
 * for React, the component and the next slides' pictures to arrive on a phone.
 */
export const HYDRATE_LEAD_MS = 1500;

/** When each slider's first automatic step is due (`performance.now()` time), counted from when it came into view. */
const firstSteps = new WeakMap<Element, number>();

/** The slider's first step as counted before it hydrated (once: the component takes it over). */
export function takeFirstStep(root: Element): number | undefined {
  const at = firstSteps.get(root);
  firstSteps.delete(root);
  return at;
}

/**
 * A slider before React (its island's start, `ui/islands.ts`): the server's markup is a CSS
 * scroll-snap strip that shows the first slide, so a page starts without the slider's code. The
 * island hydrates when the visitor reaches it (pointer, focus, a key); an auto-playing one also
 * counts its delay from the moment it comes into view and hydrates shortly before the first step,
 * which the component then takes at the time counted here (`Slider.tsx`). With reduced motion,
 * or no auto-play, nothing runs until the visitor uses it.
 */
export function startSlider(props: SliderProps, root: HTMLElement, hydrate: () => void): void {
  if (!(props.autoplay > 0) || reducedMotion() || typeof IntersectionObserver !== 'function') return;
  const io = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    io.disconnect();
    firstSteps.set(root, performance.now() + props.autoplay);
    setTimeout(hydrate, Math.max(0, props.autoplay - HYDRATE_LEAD_MS));
  });
  io.observe(root);
}
