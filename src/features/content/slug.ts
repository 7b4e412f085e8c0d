/**
 * Slugs: the last part of an address (`/{slug}/`). Pure, shared by the admin (live preview of the
 * address) and the write services (the rule that counts).
 *   - lower case ASCII letters, digits and single hyphens; accents are folded (é → e), other
 *     characters become hyphens; at most 120 characters;
 *   - never all digits (`/2024/` is a date archive) and never one of the site's own first path
 *     segments (`admin`, `category`, `feed`…), which would hide a route.
 */
export const MAX_SLUG = 120;

/** First path segments the site itself answers; a post or page slug may not take them. */
export const reservedSlugs: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'account',
  'author',
  'category',
  'tag',
  'portfolio',
  'feed',
  'media',
  'wp-json',
  'wp-admin',
  'wp-content',
  'wp-login-php',
  'sitemap-xml',
  'robots-txt',
  'healthz',
  'page',
  'search',
  '_astro',
]);

/** Turns any text into a slug (possibly empty when the text has no letters or digits). */
export function slugify(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
  const slug = folded
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, MAX_SLUG).replace(/-+$/, '');
}

export type SlugProblem = 'empty' | 'digits' | 'reserved';

/** Why a slug cannot be used for a post or page (null: it can). Check `slugify`'s output. */
export function slugProblem(slug: string, kind: 'post' | 'page' | 'portfolio' | 'term' = 'post'): SlugProblem | null {
  if (!slug) return 'empty';
  if (kind !== 'term' && /^\d+$/.test(slug)) return 'digits';
  if ((kind === 'post' || kind === 'page') && reservedSlugs.has(slug)) return 'reserved';
  return null;
}

/** `base`, then `base-2`, `base-3`… : the first that `taken` does not claim. */
export async function uniqueSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  if (!(await taken(base))) return base;
  for (let n = 2; n < 10_000; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`No free slug for "${base}"`);
}
