import type { Translate } from '../../i18n/index.ts';

/** Numbered pagination with real links; `href(n)` builds the URL of page n. */
export function Pagination({ t, page, pages, href }: { t: Translate; page: number; pages: number; href: (n: number) => string }) {
  if (pages <= 1) return null;
  const nums = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
  const items: (number | 'gap')[] = [];
  nums.forEach((n, i) => {
    if (i > 0 && n - nums[i - 1]! > 1) items.push('gap');
    items.push(n);
  });
  return (
    <nav className="pagination" aria-label={t('a11y.pagination')}>
      <ul>
        {page > 1 ? (
          <li>
            <a href={href(page - 1)} rel="prev">
              {t('nav.previous')}
            </a>
          </li>
        ) : null}
        {items.map((n, i) =>
          n === 'gap' ? (
            <li key={`g${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className="current">
                  <span className="visually-hidden">{t('nav.page', { n })}</span>
                  <span aria-hidden="true">{n}</span>
                </span>
              ) : (
                <a href={href(n)} aria-label={t('nav.page', { n })}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <a href={href(page + 1)} rel="next">
              {t('nav.next')}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
