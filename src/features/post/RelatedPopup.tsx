import { useEffect, useRef } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { closeRelatedPopups, modalOpen, relatedPopupOpen } from './related-popup-store.ts';

export interface RelatedPopupProps {
  postId: number;
  posts: { id: number; url: string; title: string }[];
  /** localised "Read next" and "Close" */
  labels: { title: string; close: string };
}

/**
 * Related-posts popup (island `related-popup`, SPEC 4): shown once, when its post's flag block
 * (`[data-related-popup]` in the post body) scrolls into view. Closing it (Close or Escape)
 * closes it for the rest of the page view: no popup shows again, also not in posts appended
 * later; a newer popup replaces an open one. A non-modal dialog named by its heading: it does not
 * take the focus, and focus inside it returns to where it came from when it closes.
 *
 * Showing it needs no React: the island's start module (`related-popup-start.ts`) watches the flag
 * and shows the popup as a manual popover. This component hydrates on interaction (a pointer over
 * it, a focus or key inside it) and handles Close, Escape with the focus inside, and the focus.
 */
export function RelatedPopup({ postId, posts, labels }: RelatedPopupProps) {
  const id = `related-popup-${postId}`;
  const ref = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const close = () => {
    const popup = ref.current;
    const doc = popup?.ownerDocument;
    const hadFocus = !!popup && popup.contains(doc?.activeElement ?? null);
    closeRelatedPopups();
    if (hadFocus) {
      const back = returnTo.current?.isConnected ? returnTo.current : doc?.getElementById('main');
      back?.focus({ preventScroll: true });
    }
  };

  // Escape with the focus inside closes it (outside, the start module does), unless a modal
  // dialog on top (account popup, lightbox) has the focus
  useEffect(() => {
    const popup = ref.current;
    const doc = popup?.ownerDocument;
    if (!popup || !doc) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !relatedPopupOpen(postId)) return;
      if (!popup.contains(doc.activeElement) && modalOpen(doc)) return;
      close();
    };
    doc.addEventListener('keydown', onKey);
    return () => doc.removeEventListener('keydown', onKey);
  });

  return (
    <div
      ref={ref}
      className="related-popup"
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      popover="manual"
      onFocus={(e) => {
        const from = e.relatedTarget as HTMLElement | null;
        if (from && !e.currentTarget.contains(from)) returnTo.current = from;
      }}
    >
      <h2 id={`${id}-title`} className="related-popup__title">
        {labels.title}
      </h2>
      <ul>
        {posts.map((p) => (
          <li key={p.id}>
            <a href={p.url}>{p.title}</a>
          </li>
        ))}
      </ul>
      <button type="button" className="icon-btn related-popup__close" aria-label={labels.close} onClick={close}>
        <Icon name="close" size={20} />
      </button>
    </div>
  );
}
