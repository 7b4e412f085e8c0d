import type { Translate } from '../../i18n/index.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';

interface Network {
  id: IconName;
  name: string;
  href: (url: string, title: string) => string;
}

const networks: Network[] = [
  { id: 'facebook', name: 'Facebook', href: (u) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(u)}` },
  { id: 'x', name: 'X', href: (u, t) => `https://x.com/intent/post?url=${encodeURIComponent(u)}&text=${encodeURIComponent(t)}` },
  { id: 'pinterest', name: 'Pinterest', href: (u, t) => `https://pinterest.com/pin/create/button/?url=${encodeURIComponent(u)}&description=${encodeURIComponent(t)}` },
  { id: 'whatsapp', name: 'WhatsApp', href: (u, t) => `https://wa.me/?text=${encodeURIComponent(`${t} ${u}`)}` },
  { id: 'mail', name: 'E-mail', href: (u, t) => `mailto:?subject=${encodeURIComponent(t)}&body=${encodeURIComponent(u)}` },
];

/**
 * Share links (plain links, so they work without script); the share script (share.client.ts)
 * collapses what does not fit into a "Share" expand button and makes the copy-link button work.
 */
export function ShareButtons({ t, url, title }: { t: Translate; url: string; title: string }) {
  return (
    <div className="share-buttons" data-share="" data-label-copied={t('post.linkCopied')} data-label-copy-failed={t('post.copyFailed')}>
      <span className="share-buttons__label">
        <Icon name="share" size={16} /> {t('post.share')}
      </span>
      <ul className="share-buttons__list">
        {networks.map((n) => (
          <li key={n.id}>
            <a className={`share-btn share-btn--${n.id}`} href={n.href(url, title)} target="_blank" rel="noopener noreferrer" aria-label={t('post.shareOn', { network: n.name })}>
              <Icon name={n.id} size={18} />
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="share-btn share-btn--copy" data-copy-link={url} aria-label={t('post.copyLink')}>
            <Icon name="link" size={18} />
          </button>
        </li>
      </ul>
    </div>
  );
}
