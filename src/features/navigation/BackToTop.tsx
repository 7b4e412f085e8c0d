import type { Translate } from '../../i18n/index.ts';
import { Icon } from '../../ui/Icon.tsx';

/** Floating back-to-top link: a real link to the top without script; the script adds show/hide and the 700 ms scroll. */
export function BackToTop({ t }: { t: Translate }) {
  return (
    <a href="#top" className="back-to-top" id="back-to-top" aria-label={t('nav.backToTop')}>
      <Icon name="up" size={22} />
    </a>
  );
}
