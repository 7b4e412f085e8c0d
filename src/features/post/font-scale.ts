/**
 * The reader's font scale (NOTES "Font size"): 0.5..1.5 in steps of 0.1, default 1, kept in the
 * cookie `masthead-font-changer` for a year and applied as `--font-scale` on the root element, so
 * the article text (and every appended post) scales without transforms or layout shift elsewhere.
 * Shared by the server markup, the pre-paint head script's rules and the browser script.
 */
export const FONT_SCALE = { min: 0.5, max: 1.5, step: 0.1, default: 1 } as const;
export const FONT_COOKIE = 'masthead-font-changer';
export const FONT_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Keeps a scale inside 0.5..1.5 on the 0.1 grid; anything unreadable becomes the default. */
export function clampScale(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value));
  if (!Number.isFinite(n)) return FONT_SCALE.default;
  const c = Math.min(FONT_SCALE.max, Math.max(FONT_SCALE.min, n));
  return Math.round(c * 10) / 10;
}

/** The stored scale from a `document.cookie` string (clamped), or the default. */
export function readScale(cookie: string): number {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== FONT_COOKIE) continue;
    try {
      return clampScale(decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      return FONT_SCALE.default;
    }
  }
  return FONT_SCALE.default;
}

/** The `document.cookie` assignment that stores a scale for a year on the whole site. */
export function scaleCookie(scale: number, secure: boolean): string {
  return `${FONT_COOKIE}=${clampScale(scale)}; Max-Age=${FONT_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** "Text size {n}%" with the scale as a whole percentage. */
export function scaleText(template: string, scale: number): string {
  return template.replace('{n}', String(Math.round(clampScale(scale) * 100)));
}
