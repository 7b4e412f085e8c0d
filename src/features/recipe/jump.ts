/** Jump-to-recipe (SPEC 9): the card lands the navigation height + 30 px below the top. */
export const JUMP_EXTRA = 30;

/** The id of a post's recipe card (the jump link's target). */
export const recipeAnchor = (postId: number) => `recipe-${postId}`;
export const jumpOffset = (navigationHeight: number): number => Math.max(0, navigationHeight) + JUMP_EXTRA;

/** The recipe card a jump link points at, inside the same post block (appended posts have their own). */
export function recipeTarget(link: HTMLAnchorElement): HTMLElement | null {
  const hash = link.hash || link.getAttribute('href') || '';
  if (!hash.startsWith('#') || hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  const scope = link.closest('.post-block');
  const inBlock = scope ? [...scope.querySelectorAll<HTMLElement>('[id]')].find((el) => el.id === id) : null;
  return inBlock ?? link.ownerDocument.getElementById(id);
}
