/** Jump to recipe: scrolls to the recipe card of the same post block, navigation height + 30 px (SPEC 9). */
import { reducedMotion } from '../../ui/client/enhance.ts';
import { scrollToTarget, topOffset } from '../../ui/client/top-offset.ts';
import { jumpOffset, recipeTarget } from './jump.ts';

export function initJumpLink(link: HTMLElement): void {
  link.addEventListener('click', (e) => {
    const target = recipeTarget(link as HTMLAnchorElement);
    if (!target) return;
    e.preventDefault();
    scrollToTarget(target, jumpOffset(topOffset()), reducedMotion());
  });
}
