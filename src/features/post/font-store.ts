/**
 * The reader's font scale in the browser (NOTES "Font size"): one value for the page, shared by
 * every "Text size" popup (appended posts included), applied as `--font-scale` on the root
 * element (every post's text follows) and stored in the `masthead-font-changer` cookie for a year.
 */
import { clampScale, readScale, scaleCookie } from './font-scale.ts';

let scale: number | null = null;
const listeners = new Set<() => void>();

export function getScale(): number {
  return (scale ??= readScale(document.cookie));
}

export function subscribeScale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setScale(value: unknown): void {
  scale = clampScale(value);
  document.documentElement.style.setProperty('--font-scale', String(scale));
  document.cookie = scaleCookie(scale, location.protocol === 'https:');
  for (const l of listeners) l();
}
