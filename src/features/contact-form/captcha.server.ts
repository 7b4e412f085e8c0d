/**
 * Contact Form 7's image captcha (`[captchac name]` draws the challenge, `[captchar name]` takes the
 * answer), on the model of its Really Simple Captcha: four characters from a set without look-alikes
 * (no 0/O, 1/I), an image of 72 × 24 (size s 60 × 20, l 84 × 28), a numeric prefix that names the
 * challenge in the image address and in the hidden `_wpcf7_captcha_challenge_{name}` field, and an
 * answer that can be checked once. Challenges are rows (repositories/captcha.server.ts), so no
 * files are written and several processes share them.
 *
 * The picture is drawn as strokes of a small built-in letter set with random slant, position and
 * noise lines, then rasterised to PNG: no fonts are needed on the server, and the answer never
 * appears as text in what the browser receives.
 */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { Repositories } from '../../server/db/repositories/index.server.ts';
import { CAPTCHA_SIZES } from './types.ts';

export const CAPTCHA_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 4;
/** Unanswered challenges expire after an hour (Really Simple Captcha cleans up after 60 minutes). */
export const CAPTCHA_LIFETIME_MS = 60 * 60 * 1000;
export type CaptchaSize = keyof typeof CAPTCHA_SIZES;
/** The image address; its last path segment is `{prefix}.png`, which CF7's browser script reads. */
export const captchaUrl = (prefix: string) => `/contact-form/captcha/${prefix}.png`;

export interface CaptchaChallenge {
  prefix: string;
  url: string;
}

/** How a [captchac] tag asks its picture to look (`size:s|m|l`, `fg:#hex`, `bg:#hex`). */
export interface CaptchaLook {
  size?: CaptchaSize;
  fg?: string;
  bg?: string;
}

/** Makes a new challenge and stores it; old unanswered ones are cleared now and then. */
export async function newChallenge(repos: Pick<Repositories, 'captcha'>, look: CaptchaLook = {}, now = new Date()): Promise<CaptchaChallenge> {
  if (randomInt(50) === 0) await repos.captcha.purgeExpired(now);
  let answer = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) answer += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  // digits only, as CF7's script expects (/([0-9]+)\.(png|gif|jpeg)$/)
  const prefix = `${randomInt(1e9, 1e10 - 1)}${randomInt(1e9, 1e10 - 1)}`;
  const stored = Object.fromEntries(Object.entries(look).filter((e): e is [string, string] => typeof e[1] === 'string'));
  await repos.captcha.create(prefix, answer, new Date(now.getTime() + CAPTCHA_LIFETIME_MS), stored);
  return { prefix, url: captchaUrl(prefix) };
}

/** Really Simple Captcha's comparison: case and spaces do not matter. */
export const canonicalCaptcha = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** Checks an answer against a challenge and spends the challenge, right or wrong. */
export async function checkCaptcha(repos: Pick<Repositories, 'captcha'>, prefix: string, response: string): Promise<boolean> {
  if (!/^\d{1,40}$/.test(prefix)) return false;
  const answer = await repos.captcha.take(prefix);
  return answer !== null && response.trim() !== '' && canonicalCaptcha(response) === answer;
}

// Strokes of each character on a 4 × 6 grid (x right, y down), as SVG path data.
const GLYPHS: Record<string, string> = {
  A: 'M0 6L2 0L4 6M1 3.6H3',
  B: 'M0 0V6H3L4 5V4L3 3H0M0 0H3L4 1V2L3 3',
  C: 'M4 1L3 0H1L0 1V5L1 6H3L4 5',
  D: 'M0 0V6H2.5L4 4.5V1.5L2.5 0Z',
  E: 'M4 0H0V6H4M0 3H3',
  F: 'M4 0H0V6M0 3H3',
  G: 'M4 1L3 0H1L0 1V5L1 6H3L4 5V3H2',
  H: 'M0 0V6M4 0V6M0 3H4',
  J: 'M4 0V5L3 6H1L0 5',
  K: 'M0 0V6M4 0L0 3.5M1.4 2.6L4 6',
  L: 'M0 0V6H4',
  M: 'M0 6V0L2 3L4 0V6',
  N: 'M0 6V0L4 6V0',
  P: 'M0 6V0H3L4 1V2L3 3H0',
  Q: 'M1 0H3L4 1V5L3 6H1L0 5V1ZM2.4 4.4L4 6.4',
  R: 'M0 6V0H3L4 1V2L3 3H0M2 3L4 6',
  S: 'M4 1L3 0H1L0 1V2L1 3H3L4 4V5L3 6H1L0 5',
  T: 'M0 0H4M2 0V6',
  U: 'M0 0V5L1 6H3L4 5V0',
  V: 'M0 0L2 6L4 0',
  W: 'M0 0L1 6L2 3L3 6L4 0',
  X: 'M0 0L4 6M4 0L0 6',
  Y: 'M0 0L2 3L4 0M2 3V6',
  Z: 'M0 0H4L0 6H4',
  '2': 'M0 1L1 0H3L4 1V2L0 6H4',
  '3': 'M0 1L1 0H3L4 1V2L3 3H1.5M3 3L4 4V5L3 6H1L0 5',
  '4': 'M3 6V0L0 4H4',
  '5': 'M4 0H0V3H3L4 4V5L3 6H1L0 5',
  '6': 'M4 1L3 0H1L0 1V5L1 6H3L4 5V4L3 3H0',
  '7': 'M0 0H4L1.5 6',
  '8': 'M1 3L0 2V1L1 0H3L4 1V2L3 3H1L0 4V5L1 6H3L4 5V4L3 3',
  '9': 'M4 3H1L0 2V1L1 0H3L4 1V5L3 6H1L0 5',
};

const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/** The challenge's picture as SVG (internal: it is rasterised before it leaves the server). */
export function captchaSvg(answer: string, size: CaptchaSize = 'm', fg = '#000000', bg = '#ffffff'): string {
  const [w, h] = CAPTCHA_SIZES[size];
  const fgc = HEX.test(fg) ? fg : '#000000';
  const bgc = HEX.test(bg) ? bg : '#ffffff';
  const cell = (w - 8) / answer.length;
  const scale = (h * 0.62) / 6;
  const jitter = () => (randomInt(-100, 101) / 100) * scale * 0.8;
  const glyphs = [...answer]
    .map((ch, i) => {
      const x = 4 + i * cell + (cell - 4 * scale) / 2 + jitter();
      const y = (h - 6 * scale) / 2 + jitter();
      const angle = randomInt(-18, 19);
      return `<path transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) rotate(${angle} ${2 * scale} ${3 * scale}) scale(${scale.toFixed(3)})" d="${GLYPHS[ch] ?? ''}" />`;
    })
    .join('');
  const noise = Array.from({ length: 3 }, () => `<line x1="${randomInt(0, w)}" y1="${randomInt(0, h)}" x2="${randomInt(0, w)}" y2="${randomInt(0, h)}" />`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="100%" height="100%" fill="${bgc}"/>` +
    `<g fill="none" stroke="${fgc}" stroke-linecap="round" stroke-linejoin="round" stroke-width="${(1.6 / scale).toFixed(3)}">${glyphs}</g>` +
    `<g stroke="${fgc}" stroke-opacity="0.45" stroke-width="0.8">${noise}</g></svg>`
  );
}

/** The PNG of a live challenge, or null when it is unknown, answered or expired. */
export async function captchaPng(repos: Pick<Repositories, 'captcha'>, prefix: string): Promise<Buffer | null> {
  if (!/^\d{1,40}$/.test(prefix)) return null;
  const live = await repos.captcha.peek(prefix);
  if (!live) return null;
  const size = live.look.size && live.look.size in CAPTCHA_SIZES ? (live.look.size as CaptchaSize) : 'm';
  return sharp(Buffer.from(captchaSvg(live.answer, size, live.look.fg, live.look.bg))).png({ compressionLevel: 9, palette: true }).toBuffer();
}
