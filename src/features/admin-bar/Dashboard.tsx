import type { Translate } from '../../i18n/index.ts';
import type { PostSummary } from '../post/types.ts';
import type { User } from '../accounts/types.ts';

/**
 * The minimal administration landing page: who is signed in and the recent posts and pages with
 * their view and edit addresses. The editor itself is not part of this version (the edit
 * addresses answer with a notice saying so).
 */
export function Dashboard({ t, user, posts, pages, editUrl }: { t: Translate; user: User; posts: PostSummary[]; pages: PostSummary[]; editUrl: (id: number) => string }) {
  const list = (items: PostSummary[]) => (
    <ul className="admin-list">
      {items.map((p) => (
        <li key={p.id}>
          <span className="admin-list__title">{p.title}</span>
          <span className="admin-list__links">
            <a href={p.url}>{t('admin.view')}</a>
            <a href={editUrl(p.id)}>
              {t('admin.edit')}
              <span className="visually-hidden">({p.title})</span>
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="admin-dashboard">
      <p>{t('admin.welcome', { name: user.displayName })}</p>
      <p className="admin-note">{t('admin.editorUnavailable')}</p>
      <h2>{t('admin.recentPosts')}</h2>
      {list(posts)}
      <h2>{t('admin.pages')}</h2>
      {list(pages)}
    </div>
  );
}
