import { useRef, useState, type KeyboardEvent } from 'react';
import type { Author } from './types.ts';
import { Image } from '../../ui/Image.tsx';
import { nextTabIndex } from './tabs.ts';

export interface AuthorBoxProps {
  postId: number;
  author: Author;
  latest: { id: number; url: string; title: string }[];
  /** localised "Author" (tab list), "About", "Latest posts", "All posts by {name}" */
  labels: { tabs: string; about: string; latest: string; allPosts: string };
}

const TABS = ['about', 'latest'] as const;

/**
 * Author box (island `author-box`) with two tabs, about and latest posts, following the WAI tabs
 * pattern with automatic activation: a click activates a tab; Left/Right (mirrored in
 * right-to-left pages), Home and End move to a tab and activate it. The server shows the first
 * panel, so without script the box reads as its biography.
 */
export function AuthorBox({ postId, author, latest, labels }: AuthorBoxProps) {
  const id = `author-${postId}`;
  const [active, setActive] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = tabRefs.current.indexOf(e.target as HTMLButtonElement);
    if (current < 0) return;
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const next = nextTabIndex(e.key, current, TABS.length, rtl);
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <section className="author-box" aria-label={labels.tabs}>
      <div className="author-box__tabs" role="tablist" aria-label={labels.tabs} onKeyDown={onKeyDown}>
        {TABS.map((tab, i) => (
          <button
            key={tab}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-controls={`${id}-${tab}`}
            aria-selected={active === i}
            tabIndex={active === i ? 0 : -1}
            className={`author-box__tab${active === i ? ' is-active' : ''}`}
            onClick={() => setActive(i)}
          >
            {labels[tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-about`} aria-labelledby={`${id}-tab-about`} className="author-box__panel" tabIndex={0} hidden={active !== 0}>
        <div className="author-box__bio">
          {author.avatar ? <Image media={author.avatar} sizes="80px" width={160} className="author-box__avatar" alt="" /> : null}
          <div>
            <p className="author-box__name">
              <a href={`/author/${author.slug}/`}>{author.displayName}</a>
            </p>
            <p>{author.bio}</p>
            <a href={`/author/${author.slug}/`}>{labels.allPosts}</a>
          </div>
        </div>
      </div>
      <div role="tabpanel" id={`${id}-latest`} aria-labelledby={`${id}-tab-latest`} className="author-box__panel" tabIndex={0} hidden={active !== 1}>
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
