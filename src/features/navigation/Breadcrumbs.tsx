import type { Translate } from '../../i18n/index.ts';

export interface Crumb {
  label: string;
  url?: string;
}

export function Breadcrumbs({ t, items }: { t: Translate; items: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label={t('a11y.breadcrumbs')}>
      <ol>
        {items.map((c, i) => (
          <li key={i}>{c.url && i < items.length - 1 ? <a href={c.url}>{c.label}</a> : <span aria-current={i === items.length - 1 ? 'page' : undefined}>{c.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
