import type { PortfolioSummary } from './types.ts';
import { Image } from '../../ui/Image.tsx';

/** The inside of one grid item: the project's link with its picture, title and categories. */
export function PortfolioCardLink({ item }: { item: PortfolioSummary }) {
  return (
    <a href={item.url} className="portfolio-item__link">
      {item.featured ? <Image media={item.featured} sizes="(min-width: 1170px) 380px, (min-width: 600px) 50vw, 100vw" width={960} alt="" /> : null}
      <span className="portfolio-item__body">
        <span className="portfolio-item__title">{item.title}</span>
        <span className="portfolio-item__cats">{item.categories.map((c) => c.name).join(', ')}</span>
      </span>
    </a>
  );
}

/** The category slugs of an item, as its `data-terms` carries them (space-separated). */
export const termsOf = (item: PortfolioSummary): string => item.categories.map((c) => c.slug).join(' ');

/**
 * One grid item as the load-more call answers it in HTML (`data.items`, SPEC 7): the same element
 * the grid island renders around `PortfolioCardLink`.
 */
export function PortfolioCard({ item }: { item: PortfolioSummary }) {
  return (
    <article className="portfolio-item" data-id={item.id} data-terms={termsOf(item)}>
      <PortfolioCardLink item={item} />
    </article>
  );
}
