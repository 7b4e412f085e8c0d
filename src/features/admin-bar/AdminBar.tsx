import type { Translate } from '../../i18n/index.ts';
import type { User } from '../accounts/types.ts';
import { SignOutForm } from '../accounts/AccountForms.tsx';
import { Icon } from '../../ui/Icon.tsx';

interface Props {
  t: Translate;
  user: User;
  /** edit address of the post this page shows, if any */
  editUrl: string | null;
  /** sign-out nonce (signed-in pages are never cached, so they may carry one) */
  nonce: string;
  /** where sign-out returns to: this page */
  redirectTo: string;
}

/**
 * The administrator's bar at the top of every page (body class `admin-bar`, 32 px, sticky offsets
 * shifted in CSS). "Edit this" (`a[data-admin-edit]`) points at the post on the page; the reading
 * script updates its href as another post comes into view (infinite scroll).
 */
export function AdminBar({ t, user, editUrl, nonce, redirectTo }: Props) {
  return (
    <nav id="admin-toolbar" className="admin-toolbar" aria-label={t('admin.bar')}>
      <ul className="admin-toolbar__items">
        <li>
          <a href="/admin/">
            <Icon name="text" size={16} />
            {t('admin.dashboard')}
          </a>
        </li>
        <li>
          <a href="/admin/posts/new/">
            <Icon name="plus" size={16} />
            {t('admin.newPost')}
          </a>
        </li>
        {editUrl ? (
          <li>
            <a href={editUrl} data-admin-edit="">
              <Icon name="link" size={16} />
              {t('admin.edit')}
            </a>
          </li>
        ) : null}
      </ul>
      <div className="admin-toolbar__user">
        <span className="admin-toolbar__name">
          <Icon name="user" size={16} />
          {user.displayName}
        </span>
        <SignOutForm t={t} nonce={nonce} redirectTo={redirectTo} className="sign-out-form admin-toolbar__signout" buttonClassName="admin-toolbar__button" />
      </div>
    </nav>
  );
}
