import type { Post } from './types.ts';
import type { Block } from './blocks.ts';
import { pick } from '../media/types.ts';
import { reviewScore } from '../review/Review.tsx';

const abs = (path: string, base: string) => new URL(path, base).href;

/** JSON-LD for a single post: Article (or BlogPosting), plus Recipe, Review and BreadcrumbList when they apply. */
export function postJsonLd(post: Post, publicUrl: string, siteTitle: string): object[] {
  const image = post.featured ? abs(pick(post.featured, 1200).file, publicUrl) : undefined;
  const url = abs(post.url, publicUrl);
  const author = { '@type': 'Person', name: post.author.displayName, url: abs(`/author/${post.author.slug}/`, publicUrl) };
  const out: object[] = [];
  if (post.type === 'post') {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: post.title,
      description: post.excerpt,
      image: image ? [image] : undefined,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author,
      publisher: { '@type': 'Organization', name: siteTitle },
      mainEntityOfPage: url,
    });
  }
  for (const b of post.blocks) {
    if (b.type === 'recipe') out.push(recipeLd(b, post, image, author));
    if (b.type === 'review') out.push(reviewLd(b, post, author));
  }
  const crumbs = [{ name: siteTitle, url: abs('/', publicUrl) }];
  if (post.categories[0]) crumbs.push({ name: post.categories[0].name, url: abs(`/category/${post.categories[0].slug}/`, publicUrl) });
  crumbs.push({ name: post.title, url });
  out.push(breadcrumbLd(crumbs));
  return out;
}

export function breadcrumbLd(items: { name: string; url: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

const minutes = (n: number) => `PT${n}M`;

function recipeLd(b: Extract<Block, { type: 'recipe' }>, post: Post, image: string | undefined, author: object): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: b.name,
    description: b.description,
    image: image ? [image] : undefined,
    author,
    datePublished: post.publishedAt,
    prepTime: minutes(b.prepTime),
    cookTime: minutes(b.cookTime),
    totalTime: minutes(b.prepTime + b.cookTime),
    recipeYield: String(b.servings),
    ...(b.calories ? { nutrition: { '@type': 'NutritionInformation', calories: `${b.calories} calories` } } : {}),
    recipeIngredient: b.ingredients,
    recipeInstructions: b.steps.map((text) => ({ '@type': 'HowToStep', text })),
  };
}

function reviewLd(b: Extract<Block, { type: 'review' }>, post: Post, author: object): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Review',
    name: b.title,
    reviewBody: b.summary,
    author,
    datePublished: post.publishedAt,
    itemReviewed: { '@type': 'Product', name: b.title },
    reviewRating: { '@type': 'Rating', ratingValue: reviewScore(b), bestRating: 10, worstRating: 0 },
  };
}
