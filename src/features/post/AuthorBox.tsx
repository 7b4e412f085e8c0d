import type { Author, PostSummary } from './types.ts';
import type { Translate } from '../../i18n/index.ts';
import { Image } from '../../ui/Image.tsx';

/**
 * Author box with two tabs (about, latest posts) following the WAI tabs pattern; the first
 * panel is shown by the server, the tabs script switches them.
 */
export function AuthorBox({ t, author, latest, postId }: { t: Translate; author: Author; latest: PostSummary[]; postId: number }) {
  const id = `author-${postId}`;
  return (
    <section className="author-box" aria-label={t('author.tabs')}>
      <div className="author-box__tabs" role="tablist" aria-label={t('author.tabs')}>
        <button type="button" role="tab" id={`${id}-tab-about`} aria-controls={`${id}-about`} aria-selected="true" className="author-box__tab is-active">
          {t('author.about')}
        </button>
        <button type="button" role="tab" id={`${id}-tab-latest`} aria-controls={`${id}-latest`} aria-selected="false" tabIndex={-1} className="author-box__tab">
          {t('author.latest')}
        </button>
      </div>
      <div role="tabpanel" id={`${id}-about`} aria-labelledby={`${id}-tab-about`} className="author-box__panel" tabIndex={0}>
        <div className="author-box__bio">
          {author.avatar ? <Image media={author.avatar} sizes="80px" width={160} className="author-box__avatar" alt="" /> : null}
          <div>
            <p className="author-box__name">
              <a href={`/author/${author.slug}/`}>{author.displayName}</a>
            </p>
            <p>{author.bio}</p>
            <a href={`/author/${author.slug}/`}>{t('author.allPosts', { name: author.displayName })}</a>
          </div>
        </div>
      </div>
      <div role="tabpanel" id={`${id}-latest`} aria-labelledby={`${id}-tab-latest`} className="author-box__panel" tabIndex={0} hidden>
        <ul className="author-box__latest">
          {latest.map((p) => (
            <li key={p.id}>
              <a href={p.url}>{p.title}</a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
