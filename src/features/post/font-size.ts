/**
 * Font-size popup (NOTES "Font size"): the slider and reset of every "Text size" popup on the page
 * (appended posts included) set one scale, applied as `--font-scale` on the root element (so every
 * post's text follows) and stored in the `masthead-font-changer` cookie for a year. The popup is a
 * native popover: it is placed under its button, focus moves to the slider when it opens, Tab stays
 * inside it, and Escape closes it (focus returns to the button).
 */
import { enhance } from '../../ui/client/enhance.ts';
import { FONT_SCALE, clampScale, readScale, scaleCookie, scaleText } from './font-scale.ts';

let scale = readScale(document.cookie);

function render() {
  document.querySelectorAll<HTMLInputElement>('input[data-font-range]').forEach((range) => {
    range.value = String(scale);
    range.setAttribute('aria-valuetext', scaleText(range.dataset.valuetext ?? '{n}%', scale));
  });
  document.querySelectorAll<HTMLOutputElement>('output[data-font-value]').forEach((o) => (o.textContent = `${Math.round(scale * 100)}%`));
}

function setScale(value: unknown) {
  scale = clampScale(value);
  document.documentElement.style.setProperty('--font-scale', String(scale));
  document.cookie = scaleCookie(scale, location.protocol === 'https:');
  render();
}

function place(popup: HTMLElement) {
  const toggle = document.querySelector<HTMLElement>(`[popovertarget="${CSS.escape(popup.id)}"]`);
  if (!toggle) return;
  const r = toggle.getBoundingClientRect();
  const w = popup.offsetWidth;
  const rtl = getComputedStyle(toggle).direction === 'rtl';
  const left = rtl ? r.right - w : r.left;
  popup.style.top = `${Math.round(r.bottom + 8)}px`;
  popup.style.left = `${Math.round(Math.min(Math.max(8, left), innerWidth - w - 8))}px`;
}

enhance('[data-font-popup]', (popup) => {
  const range = popup.querySelector<HTMLInputElement>('input[data-font-range]');
  const reset = popup.querySelector<HTMLButtonElement>('[data-font-reset]');
  if (!range) return;
  range.min = String(FONT_SCALE.min);
  range.max = String(FONT_SCALE.max);
  range.step = String(FONT_SCALE.step);
  render();
  range.addEventListener('input', () => setScale(range.value));
  reset?.addEventListener('click', () => {
    setScale(FONT_SCALE.default);
    range.focus();
  });

  let follow = 0;
  const reposition = () => {
    cancelAnimationFrame(follow);
    follow = requestAnimationFrame(() => place(popup));
  };
  popup.addEventListener('toggle', (e) => {
    if ((e as ToggleEvent).newState === 'open') {
      place(popup);
      range.focus();
      addEventListener('scroll', reposition, { passive: true });
      addEventListener('resize', reposition, { passive: true });
    } else {
      removeEventListener('scroll', reposition);
      removeEventListener('resize', reposition);
    }
  });
  // keep Tab inside the dialog: range <-> reset
  popup.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab' || !reset) return;
    if (!e.shiftKey && document.activeElement === reset) {
      e.preventDefault();
      range.focus();
    } else if (e.shiftKey && document.activeElement === range) {
      e.preventDefault();
      reset.focus();
    }
  });
});
