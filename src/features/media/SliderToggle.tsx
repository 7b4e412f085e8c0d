import type { Translate } from '../../i18n/index.ts';
import { Icon } from '../../ui/Icon.tsx';

/** Pause/play control of an auto-playing slider (WCAG 2.2.2); shown by the slider script. */
export function SliderToggle({ t }: { t: Translate }) {
  return (
    <button type="button" className="slider__toggle icon-btn" hidden aria-label={t('slider.pause')} data-label-pause={t('slider.pause')} data-label-play={t('slider.play')}>
      <Icon name="pause" className="slider__icon-pause" />
      <Icon name="play" className="slider__icon-play" />
    </button>
  );
}
