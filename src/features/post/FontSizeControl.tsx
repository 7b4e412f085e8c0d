import type { Translate } from '../../i18n/index.ts';
import { Icon } from '../../ui/Icon.tsx';
import { FONT_SCALE, scaleText } from './font-scale.ts';

export { FONT_SCALE, FONT_COOKIE, clampScale } from './font-scale.ts';

/**
 * "Text size" button and its popup (a native popover, so it opens and closes on Escape without
 * script) with a slider and a reset button; features/post/font-size.ts wires them.
 */
export function FontSizeControl({ t, postId }: { t: Translate; postId: number }) {
  const popId = `font-size-${postId}`;
  const template = t('post.textSizeValue', { n: '{n}' });
  return (
    <>
      <button type="button" className="tool-btn font-size-toggle" popoverTarget={popId} aria-label={t('post.textSize')} data-font-toggle="">
        <Icon name="text" size={18} />
      </button>
      <div id={popId} popover="auto" className="font-size-popup" role="dialog" aria-labelledby={`${popId}-label`} data-font-popup="">
        <label id={`${popId}-label`} htmlFor={`${popId}-range`} className="font-size-popup__label">
          {t('post.textSize')}
        </label>
        <input
          id={`${popId}-range`}
          type="range"
          min={FONT_SCALE.min}
          max={FONT_SCALE.max}
          step={FONT_SCALE.step}
          defaultValue={FONT_SCALE.default}
          aria-valuetext={scaleText(template, FONT_SCALE.default)}
          data-font-range=""
          data-valuetext={template}
        />
        <output htmlFor={`${popId}-range`} className="font-size-popup__value" aria-hidden="true" data-font-value="">
          {Math.round(FONT_SCALE.default * 100)}%
        </output>
        <button type="button" className="btn btn--small" data-font-reset="">
          {t('post.textSizeReset')}
        </button>
      </div>
    </>
  );
}
