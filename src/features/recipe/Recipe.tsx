import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import { Image } from '../../ui/Image.tsx';
import { Island } from '../../ui/Island.tsx';
import { JumpToRecipeLink } from './JumpToRecipeLink.tsx';
import { StarRating, ratingLabels } from '../rating/StarRating.tsx';
import { recipeAnchor } from './jump.ts';

type RecipeBlock = Extract<Block, { type: 'recipe' }>;

/** "Jump to recipe" shown at the top of a post that has a recipe card. */
export function JumpToRecipe({ ctx }: { ctx: RenderContext }) {
  return <Island name="jump-to-recipe" of={JumpToRecipeLink} when="interaction" props={{ postId: ctx.postId, label: ctx.t('recipe.jump') }} />;
}

export function Recipe({ block, ctx }: { block: RecipeBlock; ctx: RenderContext }) {
  const { t } = ctx;
  const img = block.media ? ctx.media[block.media] : undefined;
  return (
    <section className="recipe-card" id={recipeAnchor(ctx.postId)} aria-labelledby={`${recipeAnchor(ctx.postId)}-title`}>
      <div className="recipe-card__head">
        {img ? <Image media={img} sizes="(min-width: 768px) 240px, 100vw" width={480} className="recipe-card__img" /> : null}
        <div>
          <h2 id={`${recipeAnchor(ctx.postId)}-title`} className="recipe-card__title">
            {block.name}
          </h2>
          <p>{block.description}</p>
          {ctx.rating ? (
            <div className="recipe-card__rating">
              <span className="recipe-card__rating-label">{t(ctx.rating.allow ? 'recipe.rating' : 'recipe.ratingClosed')}</span>
              <Island name="rating" of={StarRating} when="visible" props={{ postId: ctx.postId, total: ctx.rating.total, people: ctx.rating.people, allow: ctx.rating.allow, labels: ratingLabels(t) }} />
            </div>
          ) : null}
        </div>
      </div>
      <dl className="recipe-card__facts">
        <div>
          <dt>{t('recipe.prep')}</dt>
          <dd>{t('recipe.minutes', { n: block.prepTime })}</dd>
        </div>
        <div>
          <dt>{t('recipe.cook')}</dt>
          <dd>{t('recipe.minutes', { n: block.cookTime })}</dd>
        </div>
        <div>
          <dt>{t('recipe.total')}</dt>
          <dd>{t('recipe.minutes', { n: block.prepTime + block.cookTime })}</dd>
        </div>
        <div>
          <dt>{t('recipe.servings')}</dt>
          <dd>{block.servings}</dd>
        </div>
        {block.calories ? (
          <div>
            <dt>{t('recipe.calories')}</dt>
            <dd>{block.calories}</dd>
          </div>
        ) : null}
      </dl>
      <div className="recipe-card__cols">
        <div>
          <h3>{t('recipe.ingredients')}</h3>
          <ul className="recipe-card__ingredients">
            {block.ingredients.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('recipe.steps')}</h3>
          <ol className="recipe-card__steps">
            {block.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
