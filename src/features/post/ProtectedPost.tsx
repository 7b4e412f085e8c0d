import type { Translate } from '../../i18n/index.ts';
import type { Neighbour, Post } from './types.ts';

export interface ProtectedPostProps {
  post: Pick<Post, 'id' | 'type' | 'url' | 'title' | 'format'>;
  previous: Neighbour | null;
  t: Translate;
  /** the answer to the last attempt, shown above the field */
  error?: string;
}

/**
 * A password-protected post or page before its password is given: its title and the password form
 * (WordPress's `post-password-form`), instead of the body. A plain form posting to the item's own
 * address: it works without JavaScript (features/post/password.server.ts answers it). It keeps the
 * article's outer shape (`.post-block` and its data), so the infinite previous-post loading can
 * append it and go on past it.
 */
export function ProtectedPost({ post, previous, t, error }: ProtectedPostProps) {
  const isPost = post.type === 'post';
  const field = `pwbox-${post.id}`;
  const errorId = `pwbox-error-${post.id}`;
  return (
    <article
      className={`post-block post-block--protected format-${post.format} type-${post.type}`}
      id={`post-${post.id}`}
      data-postid={post.id}
      data-current-url={post.url}
      data-post-title={post.title}
      data-prev-url={previous?.url ?? ''}
      {...(isPost && !previous ? { 'data-end': '1' } : {})}
    >
      <header className="post-header">
        <h1 className="post-title">{post.title}</h1>
      </header>
      <div className="post-content entry-content">
        <form className="post-password-form" method="post" action={post.url}>
          <p>{t('post.protectedIntro')}</p>
          {error ? (
            <p className="post-password-form__error" id={errorId} role="alert">
              {error}
            </p>
          ) : null}
          <p className="post-password-form__row">
            <label htmlFor={field}>{t('post.passwordLabel')}</label>
            <input
              type="password"
              id={field}
              name="post_password"
              size={20}
              required
              autoComplete="off"
              {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
            />
            <button type="submit" className="button">
              {t('post.passwordSubmit')}
            </button>
          </p>
        </form>
      </div>
    </article>
  );
}
