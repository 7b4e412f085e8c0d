import { reducedMotion } from '../../ui/client/enhance.ts';
import { scrollToTarget, topOffset } from '../../ui/client/top-offset.ts';
import { jumpOffset, recipeAnchor, recipeTarget } from './jump.ts';

export interface JumpToRecipeLinkProps {
  postId: number;
  /** localised "Jump to recipe" */
  label: string;
}

/**
 * "Jump to recipe" (island `jump-to-recipe`, SPEC 9): an in-page link to the post's recipe card
 * (so it works without script); once hydrated a click scrolls the card of the same post block
 * (appended posts have their own) to the navigation height + 30 px below the top, smoothly unless
 * the visitor asked for reduced motion, and focuses it.
 */
export function JumpToRecipeLink({ postId, label }: JumpToRecipeLinkProps) {
  return (
    <a
      className="jump-to-recipe btn btn--small"
      href={`#${recipeAnchor(postId)}`}
      data-island-click=""
      onClick={(e) => {
        const target = recipeTarget(e.currentTarget);
        if (!target) return;
        e.preventDefault();
        scrollToTarget(target, jumpOffset(topOffset()), reducedMotion());
      }}
    >
      {label}
    </a>
  );
}
