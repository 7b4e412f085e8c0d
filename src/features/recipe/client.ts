/**
 * Jump to recipe (recipe/jump-link.ts, loaded only with a recipe on the page). Until it has loaded
 * the link is a plain in-page link to the card.
 */
import { enhanceLazy } from '../../ui/client/lazy.ts';

enhanceLazy('a.jump-to-recipe', () => import('./jump-link.ts'), (m, el) => m.initJumpLink(el));
