import type { Translate } from '../../i18n/index.ts';
import { Icon } from '../../ui/Icon.tsx';

export const FONT_SCALE = { min: 0.5, max: 1.5, step: 0.1, default: 1 } as const;
export const FONT_COOKIE = 'masthead-font-changer';

/** Keeps a scale inside 0.5..1.5 on the 0.1 grid; anything unreadable becomes the default. */
export function clampScale(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value));
  if (!Number.isFinite(n)) return FONT_SCALE.default;
  const c = Math.min(FONT_SCALE.max, Math.max(FONT_SCALE.min, n));
  return Math.round(c * 10) / 10;
}

/** "Text size" button and its popup with a slider; the font-size script wires them. */
export function FontSizeControl({ t, postId }: { t: Translate; postId: number }) {
  const popId = `font-size-${postId}`;
  return (
    <>
      <button type="button" className="tool-btn font-size-toggle" popoverTarget={popId} aria-label={t('post.textSize')}>
        <Icon name="text" size={18} />
      </button>
      <div id={popId} popover="auto" className="font-size-popup" role="dialog" aria-label={t('post.textSize')}>
        <label htmlFor={`${popId}-range`}>{t('post.textSize')}</label>
        <input id={`${popId}-range`} type="range" min={FONT_SCALE.min} max={FONT_SCALE.max} step={FONT_SCALE.step} defaultValue={FONT_SCALE.default} data-font-range="" />
        <button type="button" className="btn btn--small" data-font-reset="">
          {t('post.textSizeReset')}
        </button>
      </div>
    </>
  );
}
