/**
 * Generates the demo images that ship with Masthead (no network, no stock photos): procedural,
 * photo-like scenes drawn as SVG and encoded by sharp as WebP in three widths each, plus the
 * manifest the demo seeder reads.
 *
 *   npm run demo:images        (or: node scripts/make-demo-images.ts)
 *
 * The output is deterministic (seeded), so re-running it only rewrites identical files.
 */
import sharp from 'sharp';
import { mkdir, readdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoImage } from '../src/server/db/seed.server.ts';

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../content/demo/images');
const PUBLIC_PREFIX = '/media/demo/';

// ---------------------------------------------------------------------------------------------
// Small utilities: seeded randomness, colours, noise.

type Rng = () => number;
function rngFrom(seed: string): Rng {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (r: Rng, lo: number, hi: number) => lo + (hi - lo) * r();
const pickOne = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

function hex(c: string): [number, number, number] {
  const h = c.replace('#', '');
  return [Number.parseInt(h.slice(0, 2), 16), Number.parseInt(h.slice(2, 4), 16), Number.parseInt(h.slice(4, 6), 16)];
}
/** Linear mix of two #rrggbb colours (t = 0 gives a). */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hex(a);
  const [r2, g2, b2] = hex(b);
  const c = (x: number, y: number) => Math.round(x + (y - x) * t).toString(16).padStart(2, '0');
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}

/** 1-D value noise with cosine interpolation, summed over octaves: natural ridge lines. */
function noise1d(r: Rng, octaves = 4): (x: number) => number {
  const tables = Array.from({ length: octaves }, () => Array.from({ length: 64 }, () => r() * 2 - 1));
  return (x: number) => {
    let sum = 0;
    let amp = 1;
    let freq = 1;
    let norm = 0;
    for (const t of tables) {
      const p = x * freq * 6;
      const i = Math.floor(p);
      const f = p - i;
      const w = (1 - Math.cos(f * Math.PI)) / 2;
      const v = t[((i % 64) + 64) % 64]! * (1 - w) + t[(((i + 1) % 64) + 64) % 64]! * w;
      sum += v * amp;
      norm += amp;
      amp *= 0.5;
      freq *= 2.1;
    }
    return sum / norm;
  };
}

const f1 = (n: number) => n.toFixed(1);

// ---------------------------------------------------------------------------------------------
// SVG building blocks. Every scene is drawn in its own pixel size W×H.

interface Canvas {
  W: number;
  H: number;
  r: Rng;
  defs: string[];
  body: string[];
  id: () => string;
}
function canvas(W: number, H: number, seed: string): Canvas {
  let n = 0;
  return { W, H, r: rngFrom(seed), defs: [], body: [], id: () => `i${n++}` };
}
function render(c: Canvas): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${c.W}" height="${c.H}" viewBox="0 0 ${c.W} ${c.H}"><defs>${c.defs.join('')}</defs>${c.body.join('')}</svg>`;
}

function linear(c: Canvas, stops: [number, string, number?][], x2 = 0, y2 = 1): string {
  const id = c.id();
  c.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, col, op]) => `<stop offset="${o}" stop-color="${col}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`).join('')}</linearGradient>`,
  );
  return `url(#${id})`;
}
function radial(c: Canvas, stops: [number, string, number?][], cx = 0.5, cy = 0.5, rr = 0.5): string {
  const id = c.id();
  c.defs.push(
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${rr}">${stops.map(([o, col, op]) => `<stop offset="${o}" stop-color="${col}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`).join('')}</radialGradient>`,
  );
  return `url(#${id})`;
}
function blur(c: Canvas, sd: number): string {
  const id = c.id();
  c.defs.push(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`);
  return `url(#${id})`;
}

function sky(c: Canvas, top: string, mid: string, bottom: string, midAt = 0.55) {
  c.body.push(`<rect width="${c.W}" height="${c.H}" fill="${linear(c, [[0, top], [midAt, mid], [1, bottom]])}"/>`);
}

/** A sun or moon with a soft halo. */
function sun(c: Canvas, x: number, y: number, rad: number, core: string, glow: string, glowSize = 5) {
  c.body.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad * glowSize)}" fill="${radial(c, [[0, glow, 0.55], [0.35, glow, 0.18], [1, glow, 0]])}"/>`);
  c.body.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad)}" fill="${core}"/>`);
}

function stars(c: Canvas, count: number, maxY: number) {
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    dots.push(`<circle cx="${f1(c.r() * c.W)}" cy="${f1(c.r() ** 1.6 * maxY)}" r="${f1(between(c.r, 0.6, 1.8))}" fill="#fff" opacity="${between(c.r, 0.25, 0.9).toFixed(2)}"/>`);
  }
  c.body.push(`<g>${dots.join('')}</g>`);
}

function clouds(c: Canvas, count: number, yLo: number, yHi: number, color: string, opacity = 0.5) {
  const f = blur(c, c.W / 90);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = c.r() * c.W;
    const y = between(c.r, yLo, yHi);
    const w = between(c.r, c.W * 0.12, c.W * 0.35);
    for (let j = 0; j < 4; j++) {
      parts.push(`<ellipse cx="${f1(x + between(c.r, -w / 2, w / 2))}" cy="${f1(y + between(c.r, -w / 14, w / 14))}" rx="${f1(w * between(c.r, 0.25, 0.5))}" ry="${f1(w * between(c.r, 0.05, 0.11))}"/>`);
    }
  }
  c.body.push(`<g fill="${color}" opacity="${opacity}" filter="${f}">${parts.join('')}</g>`);
}

/** A filled mountain or hill ridge from its line to the bottom of the picture. */
function ridge(c: Canvas, base: number, amp: number, color: string | [string, string], rough = 4, opts: { snow?: string; trees?: string } = {}) {
  const n = noise1d(c.r, rough);
  const off = c.r() * 10;
  const steps = 140;
  const pts: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * c.W;
    pts.push([x, base - amp * (0.5 + n(off + i / steps)) ]);
  }
  const line = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f1(x)} ${f1(y)}`).join('');
  const fill = typeof color === 'string' ? color : linear(c, [[0, color[0]], [1, color[1]]]);
  c.body.push(`<path d="${line}L${c.W} ${c.H}L0 ${c.H}Z" fill="${fill}"/>`);
  if (opts.snow) {
    // caps on the higher peaks: the ridge line, clipped to a band just below it
    const top = Math.min(...pts.map((p) => p[1]));
    const limit = top + amp * 0.35;
    const cap = pts.map(([x, y]) => [x, y] as [number, number]);
    const lower = cap.map(([x, y]) => [x, Math.min(Math.max(y, limit), y + amp * 0.12)] as [number, number]).reverse();
    const d = [...cap, ...lower].map(([x, y], i) => `${i ? 'L' : 'M'}${f1(x)} ${f1(Math.min(y, limit + 2))}`).join('') + 'Z';
    c.body.push(`<path d="${d}" fill="${opts.snow}" opacity="0.85"/>`);
  }
  if (opts.trees) {
    const trees: string[] = [];
    for (let i = 0; i < 70; i++) {
      const t = c.r();
      const idx = Math.round(t * steps);
      const [x, y] = pts[idx]!;
      const h = between(c.r, c.H * 0.03, c.H * 0.07);
      const w = h * 0.32;
      trees.push(`M${f1(x)} ${f1(y - h)}L${f1(x + w)} ${f1(y + 4)}L${f1(x - w)} ${f1(y + 4)}Z`);
    }
    c.body.push(`<path d="${trees.join('')}" fill="${opts.trees}"/>`);
  }
}

/** Mist band: a soft horizontal veil. */
function mist(c: Canvas, y: number, h: number, color: string, opacity = 0.6) {
  c.body.push(`<rect x="0" y="${f1(y - h / 2)}" width="${c.W}" height="${f1(h)}" fill="${linear(c, [[0, color, 0], [0.5, color, opacity], [1, color, 0]])}"/>`);
}

/** Sea from the horizon down, with a glitter path under the sun. */
function sea(c: Canvas, horizon: number, near: string, far: string, glitterX: number | null, glitter = '#fff6d8') {
  c.body.push(`<rect y="${f1(horizon)}" width="${c.W}" height="${f1(c.H - horizon)}" fill="${linear(c, [[0, far], [1, near]])}"/>`);
  const lines: string[] = [];
  for (let i = 0; i < 90; i++) {
    const t = c.r() ** 1.4;
    const y = horizon + 3 + t * (c.H - horizon);
    const w = between(c.r, 10, 40) * (0.4 + t * 2.4);
    const x = c.r() * c.W;
    lines.push(`<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(1 + t * 3)}" opacity="${between(c.r, 0.05, 0.18).toFixed(2)}"/>`);
  }
  c.body.push(`<g fill="#ffffff">${lines.join('')}</g>`);
  if (glitterX !== null) {
    const g: string[] = [];
    for (let i = 0; i < 60; i++) {
      const t = c.r();
      const y = horizon + 2 + t ** 1.3 * (c.H - horizon);
      const spread = 20 + t * c.W * 0.12;
      const w = between(c.r, 8, 30) * (0.5 + t * 2);
      g.push(`<rect x="${f1(glitterX + between(c.r, -spread, spread) - w / 2)}" y="${f1(y)}" width="${f1(w)}" height="${f1(1.2 + t * 3)}" opacity="${between(c.r, 0.3, 0.85).toFixed(2)}"/>`);
    }
    c.body.push(`<g fill="${glitter}">${g.join('')}</g>`);
  }
}

/** City skyline silhouette; optional lit windows. Returns the top line for reflections. */
function skyline(c: Canvas, base: number, minH: number, maxH: number, color: string, windows: string | null, density = 1) {
  const blocks: string[] = [];
  const lit: string[] = [];
  let x = -20;
  while (x < c.W + 20) {
    const w = between(c.r, c.W * 0.025, c.W * 0.07) / density;
    const h = between(c.r, minH, maxH) * (c.r() < 0.12 ? 1.5 : 1);
    const top = base - h;
    blocks.push(`M${f1(x)} ${f1(base)}V${f1(top)}H${f1(x + w)}V${f1(base)}Z`);
    if (c.r() < 0.25) {
      // antenna or spire
      blocks.push(`M${f1(x + w / 2 - 1.5)} ${f1(top)}V${f1(top - h * 0.15)}H${f1(x + w / 2 + 1.5)}V${f1(top)}Z`);
    }
    if (windows) {
      const cols = Math.max(1, Math.floor(w / 14));
      const rows = Math.floor(h / 18);
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          if (c.r() < 0.22) lit.push(`M${f1(x + 5 + j * 14)} ${f1(top + 8 + i * 18)}h6v8h-6Z`);
        }
      }
    }
    x += w + between(c.r, 0, c.W * 0.01);
  }
  c.body.push(`<path d="${blocks.join('')}" fill="${color}"/>`);
  if (windows && lit.length) c.body.push(`<path d="${lit.join('')}" fill="${windows}" opacity="0.8"/>`);
}

function vignette(c: Canvas, strength = 0.45) {
  c.body.push(`<rect width="${c.W}" height="${c.H}" fill="${radial(c, [[0.55, '#000', 0], [1, '#000', strength]], 0.5, 0.5, 0.75)}"/>`);
}

// ---------------------------------------------------------------------------------------------
// Scenes.

interface Palette {
  skyTop: string;
  skyMid: string;
  skyLow: string;
  sun: string;
  glow: string;
  far: string;
  near: string;
  sea?: string;
  seaDeep?: string;
}

const palettes = {
  dawn: { skyTop: '#2b3a67', skyMid: '#e68a6c', skyLow: '#ffd7a0', sun: '#fff3d6', glow: '#ffd08a', far: '#9b7c9a', near: '#2a2238', sea: '#1f3050', seaDeep: '#c7826f' },
  noon: { skyTop: '#2f7fc1', skyMid: '#7fbde6', skyLow: '#d9efff', sun: '#ffffff', glow: '#fff7da', far: '#8fb0c4', near: '#2f5a3e', sea: '#0e4f73', seaDeep: '#3f9ac2' },
  dusk: { skyTop: '#1a1440', skyMid: '#7b3f7a', skyLow: '#f39a5b', sun: '#ffe2b0', glow: '#ff9a5a', far: '#5e3a66', near: '#140f24', sea: '#1a1436', seaDeep: '#b35d63' },
  night: { skyTop: '#050a1f', skyMid: '#15224a', skyLow: '#36456e', sun: '#f3f1e6', glow: '#a9b8e8', far: '#2a3558', near: '#070b18', sea: '#060b1c', seaDeep: '#1c2a52' },
  mist: { skyTop: '#a8b8c4', skyMid: '#d8dfe1', skyLow: '#f2ede4', sun: '#fffaf0', glow: '#fff2d8', far: '#b4c0c6', near: '#4d5f5c', sea: '#6f8791', seaDeep: '#b9c8cc' },
  golden: { skyTop: '#3c6b99', skyMid: '#f2b86b', skyLow: '#fde3a7', sun: '#fffbe8', glow: '#ffcf70', far: '#c49a6c', near: '#5a3b22', sea: '#2b4a66', seaDeep: '#e3a861' },
  teal: { skyTop: '#0f3b4a', skyMid: '#3f8f93', skyLow: '#c8e6d8', sun: '#fdfbe8', glow: '#d6f3e1', far: '#4f8784', near: '#0d2a2c', sea: '#08323c', seaDeep: '#58a2a0' },
  winter: { skyTop: '#5a7ca8', skyMid: '#b9cde3', skyLow: '#eef3f8', sun: '#ffffff', glow: '#eaf3ff', far: '#9fb3c9', near: '#3b4c60', sea: '#30455c', seaDeep: '#a7bfd6' },
} satisfies Record<string, Palette>;
type PaletteName = keyof typeof palettes;

function landscapeScene(c: Canvas, p: Palette, o: { sunX?: number; sunY?: number; moon?: boolean; ridges?: number; seaAt?: number; mist?: boolean; snow?: boolean; trees?: boolean; clouds?: number }) {
  const { W, H } = c;
  sky(c, p.skyTop, p.skyMid, p.skyLow);
  if (o.moon) stars(c, 140, H * 0.6);
  if (o.clouds) clouds(c, o.clouds, H * 0.1, H * 0.4, o.moon ? '#9aa6c8' : '#ffffff', o.moon ? 0.18 : 0.45);
  const sx = (o.sunX ?? 0.65) * W;
  const sy = (o.sunY ?? 0.5) * H;
  sun(c, sx, sy, W * (o.moon ? 0.028 : 0.04), p.sun, p.glow, o.moon ? 4 : 6);
  const n = o.ridges ?? 4;
  const horizon = o.seaAt !== undefined ? o.seaAt * H : H;
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 1 : i / (n - 1);
    const base = (o.seaAt !== undefined ? horizon : H * (0.62 + t * 0.3)) + (o.seaAt !== undefined ? 0 : 0);
    const col = mix(p.far, p.near, t);
    const amp = H * (0.22 - t * 0.08) * (o.seaAt !== undefined ? 0.5 : 1);
    ridge(c, o.seaAt !== undefined ? horizon + 2 - i * 2 : base, amp, [col, mix(col, p.near, 0.35)], 5, {
      ...(o.snow && i < 2 ? { snow: mix('#ffffff', p.far, 0.15) } : {}),
      ...(o.trees && i >= n - 2 ? { trees: mix(col, '#000000', 0.25) } : {}),
    });
    if (o.mist && i < n - 1) mist(c, base - amp * 0.2, H * 0.12, p.skyLow, 0.55);
    if (o.seaAt !== undefined && i === 0) break;
  }
  if (o.seaAt !== undefined) sea(c, horizon, p.sea ?? p.near, p.seaDeep ?? p.far, sx);
}

function cityScene(c: Canvas, p: Palette, o: { moon?: boolean; wet?: boolean; water?: boolean; sunX?: number; sunY?: number; rain?: boolean; neon?: string[] }) {
  const { W, H } = c;
  sky(c, p.skyTop, p.skyMid, p.skyLow, 0.6);
  if (o.moon) stars(c, 90, H * 0.45);
  sun(c, (o.sunX ?? 0.3) * W, (o.sunY ?? 0.3) * H, W * (o.moon ? 0.022 : 0.038), p.sun, p.glow);
  const ground = H * (o.wet || o.water ? 0.64 : 0.86);
  skyline(c, ground, H * 0.18, H * 0.38, mix(p.far, p.skyLow, 0.25), null, 1.4);
  mist(c, ground - H * 0.06, H * 0.14, p.skyLow, 0.35);
  skyline(c, ground, H * 0.1, H * 0.3, p.near, o.moon ? '#ffd98a' : null, 1);
  if (o.neon) {
    const f = blur(c, 6);
    const signs: string[] = [];
    for (let i = 0; i < 7; i++) {
      const col = pickOne(c.r, o.neon);
      const x = between(c.r, 0.05, 0.9) * W;
      const y = ground - between(c.r, 0.05, 0.22) * H;
      const w = between(c.r, 40, 110);
      signs.push(`<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(w / 3.2)}" rx="4" fill="${col}"/>`);
    }
    c.body.push(`<g filter="${f}" opacity="0.9">${signs.join('')}</g><g opacity="0.95">${signs.join('')}</g>`);
  }
  if (o.wet || o.water) {
    // the reflection: the picture above the ground line, mirrored, blurred and darkened
    const upper = c.body.join('');
    const f = blur(c, o.water ? 3 : 7);
    const clip = c.id();
    c.defs.push(`<clipPath id="${clip}"><rect y="${f1(ground)}" width="${W}" height="${f1(H - ground)}"/></clipPath>`);
    c.body.push(`<rect y="${f1(ground)}" width="${W}" height="${f1(H - ground)}" fill="${p.near}"/>`);
    c.body.push(`<g clip-path="url(#${clip})"><g transform="translate(0 ${f1(ground * 2)}) scale(1 -1)" filter="${f}" opacity="0.6">${upper}</g></g>`);
    c.body.push(`<rect y="${f1(ground)}" width="${W}" height="${f1(H - ground)}" fill="${linear(c, [[0, p.near, 0.25], [1, p.near, 0.85]])}"/>`);
    const streaks: string[] = [];
    for (let i = 0; i < 50; i++) {
      const t = c.r();
      streaks.push(`<rect x="${f1(c.r() * W)}" y="${f1(ground + t * (H - ground))}" width="${f1(between(c.r, 20, 90) * (0.5 + t))}" height="${f1(1 + t * 2)}" opacity="${between(c.r, 0.05, 0.2).toFixed(2)}"/>`);
    }
    c.body.push(`<g fill="#ffffff">${streaks.join('')}</g>`);
  } else {
    c.body.push(`<rect y="${f1(ground - 1)}" width="${W}" height="${f1(H - ground + 1)}" fill="${p.near}"/>`);
  }
  if (o.rain) {
    const drops: string[] = [];
    for (let i = 0; i < 160; i++) {
      const x = c.r() * W;
      const y = c.r() * H;
      const len = between(c.r, 18, 50);
      drops.push(`M${f1(x)} ${f1(y)}l${f1(-len * 0.18)} ${f1(len)}`);
    }
    c.body.push(`<path d="${drops.join('')}" stroke="#dfe8ff" stroke-width="1.2" opacity="0.22"/>`);
  }
}

function harbourScene(c: Canvas, p: Palette) {
  const { W, H } = c;
  sky(c, p.skyTop, p.skyMid, p.skyLow, 0.62);
  clouds(c, 5, H * 0.08, H * 0.35, '#ffffff', 0.35);
  sun(c, W * 0.72, H * 0.42, W * 0.035, p.sun, p.glow);
  const horizon = H * 0.6;
  skyline(c, horizon, H * 0.06, H * 0.2, mix(p.far, p.skyLow, 0.2), null, 1.3);
  // cranes
  const cranes: string[] = [];
  for (const cx of [0.12, 0.2, 0.86]) {
    const x = cx * W;
    const h = H * between(c.r, 0.25, 0.32);
    cranes.push(`M${f1(x)} ${f1(horizon)}V${f1(horizon - h)}h4V${f1(horizon)}Z`);
    cranes.push(`M${f1(x - W * 0.03)} ${f1(horizon - h)}h${f1(W * 0.12)}v4h${f1(-W * 0.12)}Z`);
    cranes.push(`M${f1(x + W * 0.07)} ${f1(horizon - h + 4)}v${f1(h * 0.35)}h1.5v${f1(-h * 0.35)}Z`);
  }
  c.body.push(`<path d="${cranes.join('')}" fill="${mix(p.far, p.near, 0.5)}"/>`);
  skyline(c, horizon, H * 0.04, H * 0.12, p.near, '#ffe4a8', 0.8);
  sea(c, horizon, p.sea ?? p.near, p.seaDeep ?? p.far, W * 0.72);
  // boats: hulls with cabins, and their dark reflections
  const boats: string[] = [];
  for (let i = 0; i < 4; i++) {
    const x = between(c.r, 0.05, 0.85) * W;
    const y = horizon + between(c.r, 0.08, 0.3) * H;
    const s = (y - horizon) / (H * 0.3) + 0.4;
    const w = 120 * s;
    boats.push(`M${f1(x)} ${f1(y)}h${f1(w)}l${f1(-w * 0.12)} ${f1(w * 0.16)}h${f1(-w * 0.76)}Z`);
    boats.push(`M${f1(x + w * 0.3)} ${f1(y)}v${f1(-w * 0.14)}h${f1(w * 0.3)}v${f1(w * 0.14)}Z`);
    boats.push(`M${f1(x + w * 0.45)} ${f1(y - w * 0.14)}v${f1(-w * 0.35)}h2v${f1(w * 0.35)}Z`);
  }
  c.body.push(`<path d="${boats.join('')}" fill="${p.near}"/>`);
  // quay in the foreground
  c.body.push(`<path d="M0 ${f1(H * 0.9)}L${f1(W * 0.45)} ${f1(H * 0.86)}L${f1(W * 0.5)} ${H}H0Z" fill="${mix(p.near, '#000000', 0.3)}"/>`);
  const bollards: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = W * (0.04 + i * 0.085);
    const y = H * 0.9 - i * H * 0.008;
    bollards.push(`<rect x="${f1(x)}" y="${f1(y - 26)}" width="14" height="26" rx="5"/>`);
  }
  c.body.push(`<g fill="${mix(p.near, '#000000', 0.5)}">${bollards.join('')}</g>`);
}

function coastScene(c: Canvas, p: Palette, o: { lighthouse?: boolean; cliffSide?: 'left' | 'right'; bay?: boolean }) {
  const { W, H } = c;
  sky(c, p.skyTop, p.skyMid, p.skyLow, 0.6);
  clouds(c, 6, H * 0.05, H * 0.35, '#ffffff', 0.5);
  const horizon = H * 0.52;
  const sunX = o.cliffSide === 'left' ? W * 0.7 : W * 0.3;
  sun(c, sunX, H * 0.3, W * 0.03, p.sun, p.glow);
  sea(c, horizon, p.sea ?? p.near, p.seaDeep ?? p.far, sunX);
  if (o.bay) {
    // distant headland across the bay
    ridge(c, horizon + 1, H * 0.05, mix(p.far, p.skyLow, 0.3), 3);
    sea(c, horizon + H * 0.03, p.sea ?? p.near, p.seaDeep ?? p.far, null);
  }
  // the cliff: a ridge line running down towards one side
  const n = noise1d(c.r, 5);
  const left = o.cliffSide !== 'right';
  const pts: string[] = [];
  const steps = 80;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const x = (left ? t * 0.58 : 1 - t * 0.58) * W;
    const y = H * (0.34 + t * t * 0.52) + n(t * 1.5) * H * 0.05;
    pts.push(`${f1(x)} ${f1(y)}`);
  }
  const edge = left ? 0 : W;
  const cliffFill = linear(c, [[0, p.near], [1, mix(p.near, '#000000', 0.4)]], left ? 1 : 0, 0);
  c.body.push(`<path d="M${edge} ${f1(H * 0.34)}L${pts.join('L')}L${left ? f1(W * 0.62) : f1(W * 0.38)} ${H}L${edge} ${H}Z" fill="${cliffFill}"/>`);
  // grass on top of the cliff
  const grassPts = pts.slice(0, 60);
  c.body.push(`<path d="M${grassPts.join('L')}" stroke="${mix(p.near, '#7da35b', 0.45)}" stroke-width="${f1(H * 0.02)}" fill="none" opacity="0.8"/>`);
  // surf at the foot of the cliff
  const surf: string[] = [];
  for (let i = 0; i < 30; i++) {
    const t = between(c.r, 0.72, 1);
    const x = (left ? t * 0.58 : 1 - t * 0.58) * W + (left ? 1 : -1) * between(c.r, 0, 40);
    const y = H * (0.34 + t * t * 0.52) + between(c.r, 0, 20);
    surf.push(`<ellipse cx="${f1(x)}" cy="${f1(y)}" rx="${f1(between(c.r, 20, 60))}" ry="${f1(between(c.r, 2, 5))}"/>`);
  }
  c.body.push(`<g fill="#ffffff" opacity="0.35">${surf.join('')}</g>`);
  if (o.lighthouse) {
    const x = left ? W * 0.12 : W * 0.88;
    const y = H * 0.37;
    const h = H * 0.24;
    const w = h * 0.16;
    c.body.push(`<path d="M${f1(x - w / 2)} ${f1(y)}L${f1(x - w * 0.35)} ${f1(y - h)}H${f1(x + w * 0.35)}L${f1(x + w / 2)} ${f1(y)}Z" fill="#f4f1ea"/>`);
    for (let i = 1; i <= 2; i++) {
      const yy = y - (h * i) / 3;
      c.body.push(`<rect x="${f1(x - w * 0.47)}" y="${f1(yy - h * 0.06)}" width="${f1(w * 0.94)}" height="${f1(h * 0.08)}" fill="#c8463c"/>`);
    }
    c.body.push(`<rect x="${f1(x - w * 0.3)}" y="${f1(y - h - h * 0.1)}" width="${f1(w * 0.6)}" height="${f1(h * 0.1)}" fill="#fff3b0"/>`);
    c.body.push(`<path d="M${f1(x - w * 0.4)} ${f1(y - h - h * 0.1)}L${f1(x)} ${f1(y - h - h * 0.2)}L${f1(x + w * 0.4)} ${f1(y - h - h * 0.1)}Z" fill="#2b2b2b"/>`);
    sun(c, x, y - h - h * 0.05, w * 0.2, '#fffbe0', '#fff3b0', 5);
  }
}

function woodTable(c: Canvas, base: string, dark: string) {
  const { W, H } = c;
  c.body.push(`<rect width="${W}" height="${H}" fill="${base}"/>`);
  const planks = 6;
  const grainLines: string[] = [];
  for (let i = 0; i < planks; i++) {
    const y = (i / planks) * H;
    c.body.push(`<rect y="${f1(y)}" width="${W}" height="${f1(H / planks)}" fill="${mix(base, dark, between(c.r, 0, 0.25))}"/>`);
    c.body.push(`<rect y="${f1(y)}" width="${W}" height="3" fill="${dark}" opacity="0.6"/>`);
    for (let j = 0; j < 9; j++) {
      const yy = y + between(c.r, 6, H / planks - 6);
      const amp = between(c.r, 2, 7);
      grainLines.push(`M0 ${f1(yy)}C${f1(W * 0.3)} ${f1(yy - amp)} ${f1(W * 0.6)} ${f1(yy + amp)} ${W} ${f1(yy)}`);
    }
  }
  c.body.push(`<path d="${grainLines.join('')}" stroke="${dark}" stroke-width="1.5" fill="none" opacity="0.18"/>`);
}

function plate(c: Canvas, x: number, y: number, rad: number, rim = '#f7f5f0') {
  const shadow = blur(c, rad * 0.08);
  c.body.push(`<circle cx="${f1(x + rad * 0.06)}" cy="${f1(y + rad * 0.08)}" r="${f1(rad)}" fill="#000" opacity="0.35" filter="${shadow}"/>`);
  c.body.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad)}" fill="${radial(c, [[0, '#ffffff'], [0.8, rim], [1, mix(rim, '#000000', 0.12)]], 0.4, 0.35, 0.7)}"/>`);
  c.body.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad * 0.72)}" fill="none" stroke="${mix(rim, '#000000', 0.08)}" stroke-width="${f1(rad * 0.02)}"/>`);
}

function lemonSlice(c: Canvas, x: number, y: number, rad: number, rot: number) {
  const seg: string[] = [];
  for (let i = 0; i < 9; i++) {
    const a0 = (i / 9) * Math.PI * 2 + rot;
    const a1 = ((i + 1) / 9) * Math.PI * 2 + rot;
    const ri = rad * 0.82;
    const inset = 0.06;
    seg.push(
      `M${f1(x + Math.cos((a0 + a1) / 2) * rad * 0.1)} ${f1(y + Math.sin((a0 + a1) / 2) * rad * 0.1)}L${f1(x + Math.cos(a0 + inset) * ri)} ${f1(y + Math.sin(a0 + inset) * ri)}A${f1(ri)} ${f1(ri)} 0 0 1 ${f1(x + Math.cos(a1 - inset) * ri)} ${f1(y + Math.sin(a1 - inset) * ri)}Z`,
    );
  }
  c.body.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad)}" fill="#f2c419"/><circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad * 0.9)}" fill="#fdf6d3"/>`);
  c.body.push(`<path d="${seg.join('')}" fill="${radial(c, [[0, '#fff2a0'], [1, '#f7d23e']])}"/>`);
}

function foodScene(c: Canvas, kind: 'cake' | 'slice' | 'spread') {
  const { W, H } = c;
  woodTable(c, kind === 'spread' ? '#7a5136' : '#b98a5e', kind === 'spread' ? '#3e2616' : '#6e4a2c');
  // linen napkin
  c.body.push(`<g transform="rotate(-14 ${f1(W * 0.15)} ${f1(H * 0.7)})"><rect x="${f1(W * 0.02)}" y="${f1(H * 0.48)}" width="${f1(W * 0.26)}" height="${f1(H * 0.5)}" fill="#e9e4d8"/><path d="M${f1(W * 0.02)} ${f1(H * 0.55)}h${f1(W * 0.26)}M${f1(W * 0.02)} ${f1(H * 0.57)}h${f1(W * 0.26)}" stroke="#7f9bb3" stroke-width="6"/></g>`);
  if (kind === 'cake' || kind === 'spread') {
    const x = W * 0.52;
    const y = H * 0.5;
    const rad = H * 0.36;
    plate(c, x, y, rad);
    // cake: golden top with a sugar glaze and lemon slices
    const cr = rad * 0.8;
    const sh = blur(c, cr * 0.05);
    c.body.push(`<circle cx="${f1(x + cr * 0.04)}" cy="${f1(y + cr * 0.06)}" r="${f1(cr)}" fill="#000" opacity="0.35" filter="${sh}"/>`);
    c.body.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(cr)}" fill="#9a5a1e"/>`);
    c.body.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(cr * 0.93)}" fill="${radial(c, [[0, '#f6cf7a'], [0.8, '#e0a448'], [1, '#c07b2c']], 0.45, 0.4, 0.6)}"/>`);
    // glaze drizzled in zigzags across the top, clipped to the cake
    const clip = c.id();
    c.defs.push(`<clipPath id="${clip}"><circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(cr * 0.95)}"/></clipPath>`);
    const zig: string[] = [];
    for (let i = 0; i < 16; i++) {
      const yy = y - cr + (i + 0.5) * ((cr * 2) / 16);
      const pts: string[] = [];
      for (let k = 0; k <= 14; k++) pts.push(`${f1(x - cr + (k / 14) * cr * 2)} ${f1(yy + (k % 2 ? 1 : -1) * cr * 0.05 + between(c.r, -4, 4))}`);
      zig.push(`M${pts.join('L')}`);
    }
    c.body.push(`<g clip-path="url(#${clip})"><path d="${zig.join('')}" stroke="#fffaf0" stroke-width="${f1(cr * 0.025)}" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity="0.85" transform="rotate(-20 ${f1(x)} ${f1(y)})"/></g>`);
    // a dusting of sugar on the table
    const sugar: string[] = [];
    for (let i = 0; i < 60; i++) sugar.push(`<circle cx="${f1(c.r() * W)}" cy="${f1(c.r() * H)}" r="${f1(between(c.r, 1, 2.5))}"/>`);
    c.body.push(`<g fill="#fffdf5" opacity="0.6">${sugar.join('')}</g>`);
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2 + 0.4;
      lemonSlice(c, x + Math.cos(a) * rad * 0.45, y + Math.sin(a) * rad * 0.45, rad * 0.15, c.r());
    }
    if (kind === 'spread') {
      plate(c, W * 0.87, H * 0.22, H * 0.16);
      for (let i = 0; i < 3; i++) lemonSlice(c, W * 0.84 + i * 26, H * 0.2 + (i % 2) * 30, H * 0.06, c.r());
    }
  } else {
    const x = W * 0.55;
    const y = H * 0.52;
    const rad = H * 0.36;
    plate(c, x, y, rad);
    // a wedge seen from above: crumb, crust, glaze
    const a0 = -0.55;
    const a1 = 0.55;
    const R = rad * 0.72;
    const cx = x - R * 0.45;
    const wedge = `M${f1(cx)} ${f1(y)}L${f1(cx + Math.cos(a0) * R)} ${f1(y + Math.sin(a0) * R)}A${f1(R)} ${f1(R)} 0 0 1 ${f1(cx + Math.cos(a1) * R)} ${f1(y + Math.sin(a1) * R)}Z`;
    const sh = blur(c, 10);
    c.body.push(`<path d="${wedge}" fill="#000" opacity="0.3" filter="${sh}" transform="translate(10 14)"/>`);
    c.body.push(`<path d="${wedge}" fill="${linear(c, [[0, '#f5d58c'], [1, '#e2b35c']], 1, 0)}"/>`);
    c.body.push(`<path d="M${f1(cx + Math.cos(a0) * R)} ${f1(y + Math.sin(a0) * R)}A${f1(R)} ${f1(R)} 0 0 1 ${f1(cx + Math.cos(a1) * R)} ${f1(y + Math.sin(a1) * R)}" stroke="#a8652a" stroke-width="${f1(R * 0.08)}" fill="none"/>`);
    const crumbs: string[] = [];
    for (let i = 0; i < 40; i++) {
      const t = Math.sqrt(c.r()) * R * 0.9;
      const a = between(c.r, a0 + 0.05, a1 - 0.05);
      crumbs.push(`<circle cx="${f1(cx + Math.cos(a) * t)}" cy="${f1(y + Math.sin(a) * t)}" r="${f1(between(c.r, 1.5, 4))}"/>`);
    }
    c.body.push(`<g fill="#c98f3d" opacity="0.5">${crumbs.join('')}</g>`);
    // fork
    c.body.push(`<g fill="#d0d4d8" transform="rotate(28 ${f1(x + rad * 0.6)} ${f1(y)})"><rect x="${f1(x + rad * 0.55)}" y="${f1(y - rad * 0.1)}" width="${f1(rad * 0.07)}" height="${f1(rad * 0.8)}" rx="6"/><rect x="${f1(x + rad * 0.52)}" y="${f1(y - rad * 0.38)}" width="${f1(rad * 0.13)}" height="${f1(rad * 0.3)}" rx="5"/></g>`);
    lemonSlice(c, W * 0.15, H * 0.22, H * 0.08, 0.3);
    lemonSlice(c, W * 0.24, H * 0.14, H * 0.06, 1.1);
  }
  vignette(c, 0.35);
}

function cameraScene(c: Canvas, accent: string) {
  const { W, H } = c;
  c.body.push(`<rect width="${W}" height="${H}" fill="${radial(c, [[0, mix(accent, '#ffffff', 0.3)], [1, mix(accent, '#000000', 0.6)]], 0.5, 0.35, 0.9)}"/>`);
  // bokeh lights behind
  const bf = blur(c, 8);
  const dots: string[] = [];
  for (let i = 0; i < 16; i++) dots.push(`<circle cx="${f1(c.r() * W)}" cy="${f1(between(c.r, 0.05, 0.45) * H)}" r="${f1(between(c.r, 14, 46))}" opacity="${between(c.r, 0.08, 0.25).toFixed(2)}"/>`);
  c.body.push(`<g fill="#ffffff" filter="${bf}">${dots.join('')}</g>`);
  // surface
  c.body.push(`<rect y="${f1(H * 0.72)}" width="${W}" height="${f1(H * 0.28)}" fill="${linear(c, [[0, mix(accent, '#000000', 0.35)], [1, mix(accent, '#000000', 0.7)]])}"/>`);
  const bw = W * 0.5;
  const bh = H * 0.38;
  const x = (W - bw) / 2;
  const y = H * 0.72 - bh;
  const sh = blur(c, 18);
  c.body.push(`<ellipse cx="${f1(W / 2)}" cy="${f1(H * 0.73)}" rx="${f1(bw * 0.55)}" ry="${f1(H * 0.03)}" fill="#000" opacity="0.55" filter="${sh}"/>`);
  // top plate, viewfinder hump, dials
  c.body.push(`<path d="M${f1(x + bw * 0.36)} ${f1(y)}l${f1(bw * 0.05)} ${f1(-bh * 0.22)}h${f1(bw * 0.2)}l${f1(bw * 0.05)} ${f1(bh * 0.22)}Z" fill="#1d1f22"/>`);
  c.body.push(`<rect x="${f1(x + bw * 0.72)}" y="${f1(y - bh * 0.1)}" width="${f1(bw * 0.12)}" height="${f1(bh * 0.1)}" rx="4" fill="#3a3d42"/>`);
  c.body.push(`<rect x="${f1(x + bw * 0.1)}" y="${f1(y - bh * 0.07)}" width="${f1(bw * 0.1)}" height="${f1(bh * 0.07)}" rx="4" fill="#3a3d42"/>`);
  c.body.push(`<rect x="${f1(x)}" y="${f1(y)}" width="${f1(bw)}" height="${f1(bh)}" rx="${f1(bh * 0.12)}" fill="${linear(c, [[0, '#3b3e44'], [0.08, '#26282c'], [1, '#121315']])}"/>`);
  // leatherette band and grip
  c.body.push(`<rect x="${f1(x)}" y="${f1(y + bh * 0.25)}" width="${f1(bw)}" height="${f1(bh * 0.6)}" fill="#1a1b1d"/>`);
  c.body.push(`<rect x="${f1(x)}" y="${f1(y + bh * 0.1)}" width="${f1(bw * 0.18)}" height="${f1(bh * 0.85)}" rx="${f1(bh * 0.1)}" fill="#141517"/>`);
  c.body.push(`<circle cx="${f1(x + bw * 0.12)}" cy="${f1(y - bh * 0.02)}" r="${f1(bh * 0.05)}" fill="#8a8f96"/>`);
  // lens: barrel rings and glass
  const lx = x + bw * 0.52;
  const ly = y + bh * 0.55;
  const lr = bh * 0.42;
  c.body.push(`<circle cx="${f1(lx)}" cy="${f1(ly)}" r="${f1(lr)}" fill="#0c0d0e"/>`);
  c.body.push(`<circle cx="${f1(lx)}" cy="${f1(ly)}" r="${f1(lr * 0.92)}" fill="none" stroke="#2f3136" stroke-width="${f1(lr * 0.08)}" stroke-dasharray="3 4"/>`);
  c.body.push(`<circle cx="${f1(lx)}" cy="${f1(ly)}" r="${f1(lr * 0.78)}" fill="#1b1d20"/>`);
  c.body.push(`<circle cx="${f1(lx)}" cy="${f1(ly)}" r="${f1(lr * 0.6)}" fill="${radial(c, [[0, mix(accent, '#0a1030', 0.6)], [0.6, '#06070c'], [1, '#15171c']], 0.4, 0.4, 0.6)}"/>`);
  c.body.push(`<ellipse cx="${f1(lx - lr * 0.2)}" cy="${f1(ly - lr * 0.22)}" rx="${f1(lr * 0.2)}" ry="${f1(lr * 0.12)}" fill="#ffffff" opacity="0.35" transform="rotate(-30 ${f1(lx - lr * 0.2)} ${f1(ly - lr * 0.22)})"/>`);
  c.body.push(`<circle cx="${f1(lx + lr * 0.22)}" cy="${f1(ly + lr * 0.18)}" r="${f1(lr * 0.06)}" fill="${mix(accent, '#ffffff', 0.5)}" opacity="0.5"/>`);
  c.body.push(`<circle cx="${f1(lx)}" cy="${f1(ly)}" r="${f1(lr * 0.97)}" fill="none" stroke="#c23b2e" stroke-width="2" opacity="0.8"/>`);
  vignette(c, 0.5);
}

function booksScene(c: Canvas, warm: boolean) {
  const { W, H } = c;
  c.body.push(`<rect width="${W}" height="${H}" fill="${linear(c, [[0, warm ? '#3a2a20' : '#233040'], [1, warm ? '#1a120d' : '#10161e']])}"/>`);
  sun(c, W * 0.82, H * 0.2, W * 0.02, '#fff1c8', '#ffc56b', 9);
  const shelves = [0.42, 0.9];
  const colours = warm ? ['#7a2e2a', '#c4863a', '#2f4f4f', '#d8c7a0', '#5b3a5e', '#8a9a5b', '#b5502c', '#264653'] : ['#3d5a80', '#98c1d9', '#e0fbfc', '#ee6c4d', '#293241', '#a8dadc', '#f1faee', '#457b9d'];
  for (const s of shelves) {
    const base = H * s;
    let x = W * 0.04;
    const books: string[] = [];
    while (x < W * 0.96) {
      const w = between(c.r, W * 0.018, W * 0.045);
      const h = between(c.r, H * 0.2, H * 0.32);
      const col = pickOne(c.r, colours);
      const lean = c.r() < 0.08 ? between(c.r, -8, -4) : 0;
      books.push(`<g transform="rotate(${f1(lean)} ${f1(x)} ${f1(base)})"><rect x="${f1(x)}" y="${f1(base - h)}" width="${f1(w)}" height="${f1(h)}" fill="${col}"/><rect x="${f1(x)}" y="${f1(base - h * 0.82)}" width="${f1(w)}" height="${f1(h * 0.04)}" fill="#e8d9a8" opacity="0.6"/><rect x="${f1(x)}" y="${f1(base - h * 0.3)}" width="${f1(w)}" height="${f1(h * 0.03)}" fill="#e8d9a8" opacity="0.5"/><rect x="${f1(x + w - 3)}" y="${f1(base - h)}" width="3" height="${f1(h)}" fill="#000" opacity="0.25"/></g>`);
      x += w + (c.r() < 0.1 ? between(c.r, 10, 40) : 1);
    }
    c.body.push(books.join(''));
    c.body.push(`<rect x="0" y="${f1(base)}" width="${W}" height="${f1(H * 0.03)}" fill="${warm ? '#5a3d28' : '#3a4656'}"/><rect x="0" y="${f1(base + H * 0.03)}" width="${W}" height="${f1(H * 0.015)}" fill="#000" opacity="0.35"/>`);
  }
  c.body.push(`<rect width="${W}" height="${H}" fill="${radial(c, [[0, '#ffd89a', 0.25], [1, '#ffd89a', 0]], 0.8, 0.2, 0.7)}"/>`);
  vignette(c, 0.55);
}

function deskScene(c: Canvas, tone: 'paper' | 'sepia') {
  const { W, H } = c;
  const sepia = tone === 'sepia';
  woodTable(c, sepia ? '#8d7355' : '#5b6b73', sepia ? '#4e3b28' : '#2f3a40');
  const sheet = (x: number, y: number, w: number, h: number, rot: number, fill: string, lines: boolean) => {
    const sh = blur(c, 8);
    const text: string[] = [];
    if (lines) {
      for (let i = 0; i < 14; i++) {
        const lw = w * between(c.r, 0.5, 0.8);
        text.push(`<rect x="${f1(x + w * 0.1)}" y="${f1(y + h * 0.12 + i * h * 0.055)}" width="${f1(lw)}" height="${f1(h * 0.012)}" fill="#6b6b6b" opacity="0.45"/>`);
      }
    }
    c.body.push(
      `<g transform="rotate(${rot} ${f1(x + w / 2)} ${f1(y + h / 2)})"><rect x="${f1(x + 8)}" y="${f1(y + 12)}" width="${f1(w)}" height="${f1(h)}" fill="#000" opacity="0.3" filter="${sh}"/><rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" fill="${fill}"/>${text.join('')}</g>`,
    );
  };
  if (sepia) {
    // old prints with small landscapes inside
    for (let i = 0; i < 4; i++) {
      const w = W * 0.24;
      const h = w * 0.8;
      const x = W * (0.1 + i * 0.19);
      const y = H * (0.18 + (i % 2) * 0.25);
      const rot = between(c.r, -12, 12);
      const sh = blur(c, 8);
      const g = linear(c, [[0, '#e7d3ad'], [1, '#a8865a']]);
      c.body.push(
        `<g transform="rotate(${f1(rot)} ${f1(x + w / 2)} ${f1(y + h / 2)})"><rect x="${f1(x + 8)}" y="${f1(y + 12)}" width="${f1(w)}" height="${f1(h)}" fill="#000" opacity="0.35" filter="${sh}"/><rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" fill="#f3ead7"/><rect x="${f1(x + w * 0.06)}" y="${f1(y + w * 0.06)}" width="${f1(w * 0.88)}" height="${f1(h * 0.7)}" fill="${g}"/><path d="M${f1(x + w * 0.06)} ${f1(y + h * 0.6)}Q${f1(x + w * 0.3)} ${f1(y + h * (0.35 + c.r() * 0.1))} ${f1(x + w * 0.55)} ${f1(y + h * 0.5)}T${f1(x + w * 0.94)} ${f1(y + h * 0.45)}V${f1(y + w * 0.06 + h * 0.7)}H${f1(x + w * 0.06)}Z" fill="#6e5236" opacity="0.8"/></g>`,
      );
    }
    // magnifier
    c.body.push(`<circle cx="${f1(W * 0.78)}" cy="${f1(H * 0.72)}" r="${f1(H * 0.12)}" fill="#ffffff" opacity="0.15" stroke="#2a2016" stroke-width="${f1(H * 0.018)}"/><path d="M${f1(W * 0.78 + H * 0.09)} ${f1(H * 0.72 + H * 0.09)}l${f1(H * 0.16)} ${f1(H * 0.16)}" stroke="#2a2016" stroke-width="${f1(H * 0.035)}" stroke-linecap="round"/>`);
  } else {
    sheet(W * 0.3, H * 0.12, W * 0.3, H * 0.78, -4, '#fbfaf6', true);
    sheet(W * 0.38, H * 0.16, W * 0.3, H * 0.76, 5, '#ffffff', true);
    // cup of coffee
    const x = W * 0.82;
    const y = H * 0.3;
    const r = H * 0.12;
    plate(c, x, y, r * 1.5, '#f0ede6');
    c.body.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill="#f7f5ef"/><circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r * 0.82)}" fill="${radial(c, [[0, '#a8744a'], [0.7, '#5a3521'], [1, '#3b2215']])}"/><path d="M${f1(x + r)} ${f1(y - r * 0.25)}h${f1(r * 0.45)}a${f1(r * 0.25)} ${f1(r * 0.25)} 0 0 1 0 ${f1(r * 0.5)}h${f1(-r * 0.45)}" fill="#f7f5ef"/>`);
    // pen
    c.body.push(`<g transform="rotate(-30 ${f1(W * 0.15)} ${f1(H * 0.6)})"><rect x="${f1(W * 0.08)}" y="${f1(H * 0.6)}" width="${f1(W * 0.2)}" height="${f1(H * 0.022)}" rx="6" fill="#1f2f4a"/><path d="M${f1(W * 0.28)} ${f1(H * 0.6)}l${f1(W * 0.025)} ${f1(H * 0.011)}l${f1(-W * 0.025)} ${f1(H * 0.011)}Z" fill="#c9a227"/></g>`);
  }
  vignette(c, 0.4);
}

function stageScene(c: Canvas, hue: string, second: string) {
  const { W, H } = c;
  c.body.push(`<rect width="${W}" height="${H}" fill="${linear(c, [[0, '#07060d'], [1, mix(hue, '#000000', 0.8)]])}"/>`);
  const f = blur(c, 14);
  const beams: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = W * (0.1 + i * 0.2);
    const spread = between(c.r, 0.08, 0.16) * W;
    const col = i % 2 ? hue : second;
    beams.push(`<path d="M${f1(x)} 0L${f1(x + spread + between(c.r, -80, 80))} ${f1(H)}L${f1(x - spread + between(c.r, -80, 80))} ${f1(H)}Z" fill="${linear(c, [[0, col, 0.55], [1, col, 0]])}"/>`);
  }
  c.body.push(`<g filter="${f}" style="mix-blend-mode:screen">${beams.join('')}</g>`);
  const bf = blur(c, 10);
  const dots: string[] = [];
  for (let i = 0; i < 26; i++) dots.push(`<circle cx="${f1(c.r() * W)}" cy="${f1(c.r() * H)}" r="${f1(between(c.r, 12, 60))}" fill="${c.r() < 0.5 ? hue : second}" opacity="${between(c.r, 0.1, 0.35).toFixed(2)}"/>`);
  c.body.push(`<g filter="${bf}">${dots.join('')}</g>`);
  // microphone on a stand, and the stage edge
  const mx = W * 0.5;
  c.body.push(`<rect y="${f1(H * 0.86)}" width="${W}" height="${f1(H * 0.14)}" fill="#050407"/>`);
  c.body.push(`<path d="M${f1(mx - 2)} ${f1(H * 0.86)}V${f1(H * 0.45)}h4V${f1(H * 0.86)}Z M${f1(mx - 60)} ${f1(H * 0.86)}l58 -14l4 0l58 14Z" fill="#0b0a10"/>`);
  c.body.push(`<rect x="${f1(mx - 16)}" y="${f1(H * 0.36)}" width="32" height="${f1(H * 0.1)}" rx="16" fill="#1c1b22" stroke="#47455a" stroke-width="3"/>`);
}

function abstractScene(c: Canvas, colours: string[], mark: 'circle' | 'triangle' | 'wave' | 'letter' | 'none') {
  const { W, H } = c;
  const bg = colours[0]!;
  c.body.push(`<rect width="${W}" height="${H}" fill="${linear(c, [[0, bg], [1, mix(bg, '#000000', 0.3)]], 1, 1)}"/>`);
  const f = blur(c, W * 0.04);
  const blobs: string[] = [];
  for (let i = 0; i < 6; i++) {
    blobs.push(`<circle cx="${f1(c.r() * W)}" cy="${f1(c.r() * H)}" r="${f1(between(c.r, 0.15, 0.35) * W)}" fill="${pickOne(c.r, colours.slice(1))}" opacity="${between(c.r, 0.35, 0.7).toFixed(2)}"/>`);
  }
  c.body.push(`<g filter="${f}">${blobs.join('')}</g>`);
  const fg = colours[colours.length - 1]!;
  const cx = W / 2;
  const cy = H / 2;
  const s = H * 0.22;
  if (mark === 'circle') {
    c.body.push(`<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(s)}" fill="none" stroke="${fg}" stroke-width="${f1(s * 0.18)}"/><circle cx="${f1(cx + s * 0.35)}" cy="${f1(cy - s * 0.35)}" r="${f1(s * 0.3)}" fill="${fg}"/>`);
  } else if (mark === 'triangle') {
    c.body.push(`<path d="M${f1(cx)} ${f1(cy - s)}L${f1(cx + s)} ${f1(cy + s * 0.75)}H${f1(cx - s)}Z" fill="none" stroke="${fg}" stroke-width="${f1(s * 0.14)}" stroke-linejoin="round"/><path d="M${f1(cx)} ${f1(cy - s * 0.2)}L${f1(cx + s * 0.45)} ${f1(cy + s * 0.55)}H${f1(cx - s * 0.45)}Z" fill="${fg}"/>`);
  } else if (mark === 'wave') {
    const d: string[] = [];
    for (let i = 0; i < 4; i++) d.push(`M${f1(cx - s * 1.4)} ${f1(cy - s * 0.5 + i * s * 0.34)}q${f1(s * 0.35)} ${f1(-s * 0.3)} ${f1(s * 0.7)} 0t${f1(s * 0.7)} 0t${f1(s * 0.7)} 0t${f1(s * 0.7)} 0`);
    c.body.push(`<path d="${d.join('')}" fill="none" stroke="${fg}" stroke-width="${f1(s * 0.1)}" stroke-linecap="round"/>`);
  } else if (mark === 'letter') {
    c.body.push(`<rect x="${f1(cx - s)}" y="${f1(cy - s)}" width="${f1(s * 2)}" height="${f1(s * 2)}" rx="${f1(s * 0.4)}" fill="${fg}"/><path d="M${f1(cx - s * 0.5)} ${f1(cy + s * 0.5)}V${f1(cy - s * 0.5)}L${f1(cx)} ${f1(cy + s * 0.1)}L${f1(cx + s * 0.5)} ${f1(cy - s * 0.5)}V${f1(cy + s * 0.5)}" fill="none" stroke="${bg}" stroke-width="${f1(s * 0.16)}" stroke-linejoin="round" stroke-linecap="round"/>`);
  }
}

/** Stationery mock-up for branding work: business cards and a letterhead on a coloured ground. */
function stationeryScene(c: Canvas, ground: string, brand: string, ink: string) {
  const { W, H } = c;
  c.body.push(`<rect width="${W}" height="${H}" fill="${linear(c, [[0, mix(ground, '#ffffff', 0.15)], [1, mix(ground, '#000000', 0.15)]], 1, 1)}"/>`);
  const sh = blur(c, 14);
  const card = (x: number, y: number, w: number, h: number, rot: number, fill: string, front: boolean) => {
    const mark = front
      ? `<circle cx="${f1(x + w * 0.5)}" cy="${f1(y + h * 0.45)}" r="${f1(h * 0.18)}" fill="none" stroke="${ink}" stroke-width="${f1(h * 0.04)}"/><rect x="${f1(x + w * 0.3)}" y="${f1(y + h * 0.75)}" width="${f1(w * 0.4)}" height="${f1(h * 0.04)}" fill="${ink}"/>`
      : `<rect x="${f1(x + w * 0.08)}" y="${f1(y + h * 0.2)}" width="${f1(w * 0.4)}" height="${f1(h * 0.06)}" fill="${brand}"/><rect x="${f1(x + w * 0.08)}" y="${f1(y + h * 0.34)}" width="${f1(w * 0.3)}" height="${f1(h * 0.04)}" fill="#8a8a8a"/><rect x="${f1(x + w * 0.08)}" y="${f1(y + h * 0.7)}" width="${f1(w * 0.5)}" height="${f1(h * 0.035)}" fill="#8a8a8a"/><rect x="${f1(x + w * 0.08)}" y="${f1(y + h * 0.78)}" width="${f1(w * 0.42)}" height="${f1(h * 0.035)}" fill="#8a8a8a"/>`;
    c.body.push(`<g transform="rotate(${rot} ${f1(x + w / 2)} ${f1(y + h / 2)})"><rect x="${f1(x + 10)}" y="${f1(y + 16)}" width="${f1(w)}" height="${f1(h)}" fill="#000" opacity="0.3" filter="${sh}"/><rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" rx="6" fill="${fill}"/>${mark}</g>`);
  };
  // letterhead
  const lx = W * 0.08;
  const ly = H * 0.1;
  const lw = W * 0.36;
  const lh = lw * 1.414;
  c.body.push(`<g transform="rotate(-6 ${f1(lx + lw / 2)} ${f1(ly + lh / 2)})"><rect x="${f1(lx + 10)}" y="${f1(ly + 16)}" width="${f1(lw)}" height="${f1(lh)}" fill="#000" opacity="0.25" filter="${sh}"/><rect x="${f1(lx)}" y="${f1(ly)}" width="${f1(lw)}" height="${f1(lh)}" fill="#fbfaf7"/><circle cx="${f1(lx + lw * 0.14)}" cy="${f1(ly + lw * 0.14)}" r="${f1(lw * 0.05)}" fill="none" stroke="${brand}" stroke-width="5"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${f1(lx + lw * 0.1)}" y="${f1(ly + lh * 0.3 + i * lh * 0.04)}" width="${f1(lw * between(c.r, 0.5, 0.8))}" height="${f1(lh * 0.01)}" fill="#9a9a9a"/>`).join('')}<rect x="${f1(lx)}" y="${f1(ly + lh * 0.96)}" width="${f1(lw)}" height="${f1(lh * 0.04)}" fill="${brand}"/></g>`);
  const cw = W * 0.26;
  const ch = cw * 0.58;
  card(W * 0.52, H * 0.18, cw, ch, 8, brand, true);
  card(W * 0.56, H * 0.52, cw, ch, -4, '#fbfaf7', false);
}

/** Website mock-up in a browser window. */
function browserScene(c: Canvas, ground: string, brand: string, dark: boolean) {
  const { W, H } = c;
  c.body.push(`<rect width="${W}" height="${H}" fill="${linear(c, [[0, ground], [1, mix(ground, brand, 0.35)]], 1, 1)}"/>`);
  const x = W * 0.1;
  const y = H * 0.12;
  const w = W * 0.8;
  const h = H * 0.82;
  const sh = blur(c, 22);
  const page = dark ? '#15171c' : '#ffffff';
  const text = dark ? '#3b3f4a' : '#d7d9de';
  c.body.push(`<rect x="${f1(x + 10)}" y="${f1(y + 24)}" width="${f1(w)}" height="${f1(h)}" rx="14" fill="#000" opacity="0.35" filter="${sh}"/>`);
  c.body.push(`<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" rx="14" fill="${page}"/>`);
  c.body.push(`<path d="M${f1(x)} ${f1(y + 14)}a14 14 0 0 1 14 -14h${f1(w - 28)}a14 14 0 0 1 14 14v${f1(H * 0.04)}h${f1(-w)}Z" fill="${dark ? '#23262d' : '#eceef1'}"/>`);
  ['#ff5f57', '#febc2e', '#28c840'].forEach((col, i) => c.body.push(`<circle cx="${f1(x + 26 + i * 22)}" cy="${f1(y + 14 + H * 0.02)}" r="7" fill="${col}"/>`));
  c.body.push(`<rect x="${f1(x + w * 0.3)}" y="${f1(y + H * 0.012)}" width="${f1(w * 0.4)}" height="${f1(H * 0.028)}" rx="8" fill="${dark ? '#15171c' : '#ffffff'}"/>`);
  const top = y + H * 0.075;
  // nav bar
  c.body.push(`<rect x="${f1(x + w * 0.05)}" y="${f1(top + H * 0.02)}" width="${f1(w * 0.12)}" height="${f1(H * 0.03)}" rx="4" fill="${brand}"/>`);
  for (let i = 0; i < 4; i++) c.body.push(`<rect x="${f1(x + w * (0.55 + i * 0.1))}" y="${f1(top + H * 0.03)}" width="${f1(w * 0.06)}" height="${f1(H * 0.012)}" rx="3" fill="${text}"/>`);
  // hero
  const heroY = top + H * 0.08;
  const heroH = H * 0.3;
  c.body.push(`<rect x="${f1(x + w * 0.05)}" y="${f1(heroY)}" width="${f1(w * 0.9)}" height="${f1(heroH)}" rx="10" fill="${linear(c, [[0, brand], [1, mix(brand, '#000000', 0.35)]], 1, 1)}"/>`);
  c.body.push(`<rect x="${f1(x + w * 0.1)}" y="${f1(heroY + heroH * 0.3)}" width="${f1(w * 0.4)}" height="${f1(heroH * 0.12)}" rx="5" fill="#ffffff" opacity="0.95"/><rect x="${f1(x + w * 0.1)}" y="${f1(heroY + heroH * 0.5)}" width="${f1(w * 0.3)}" height="${f1(heroH * 0.06)}" rx="4" fill="#ffffff" opacity="0.6"/><rect x="${f1(x + w * 0.1)}" y="${f1(heroY + heroH * 0.68)}" width="${f1(w * 0.12)}" height="${f1(heroH * 0.13)}" rx="8" fill="#ffffff"/>`);
  c.body.push(`<circle cx="${f1(x + w * 0.75)}" cy="${f1(heroY + heroH * 0.5)}" r="${f1(heroH * 0.32)}" fill="#ffffff" opacity="0.18"/>`);
  // cards
  const cardY = heroY + heroH + H * 0.04;
  for (let i = 0; i < 3; i++) {
    const cx = x + w * (0.05 + i * 0.31);
    const cw = w * 0.28;
    c.body.push(`<rect x="${f1(cx)}" y="${f1(cardY)}" width="${f1(cw)}" height="${f1(H * 0.14)}" rx="8" fill="${mix(brand, page, 0.55 + i * 0.12)}"/>`);
    c.body.push(`<rect x="${f1(cx)}" y="${f1(cardY + H * 0.16)}" width="${f1(cw * 0.8)}" height="${f1(H * 0.015)}" rx="3" fill="${text}"/><rect x="${f1(cx)}" y="${f1(cardY + H * 0.19)}" width="${f1(cw * 0.6)}" height="${f1(H * 0.015)}" rx="3" fill="${text}"/>`);
  }
}

function portraitScene(c: Canvas, bg: string, skin: string, hair: string, shirt: string, longHair = false) {
  const { W, H } = c;
  c.body.push(`<rect width="${W}" height="${H}" fill="${radial(c, [[0, mix(bg, '#ffffff', 0.3)], [1, bg]], 0.5, 0.35, 0.8)}"/>`);
  const cx = W / 2;
  if (longHair) c.body.push(`<path d="M${f1(cx - W * 0.21)} ${f1(H * 0.72)}C${f1(cx - W * 0.26)} ${f1(H * 0.3)} ${f1(cx - W * 0.2)} ${f1(H * 0.14)} ${f1(cx)} ${f1(H * 0.14)}C${f1(cx + W * 0.2)} ${f1(H * 0.14)} ${f1(cx + W * 0.26)} ${f1(H * 0.3)} ${f1(cx + W * 0.21)} ${f1(H * 0.72)}Z" fill="${mix(hair, '#000000', 0.15)}"/>`);
  c.body.push(`<path d="M${f1(cx - W * 0.42)} ${H}C${f1(cx - W * 0.4)} ${f1(H * 0.72)} ${f1(cx - W * 0.2)} ${f1(H * 0.66)} ${f1(cx)} ${f1(H * 0.66)}C${f1(cx + W * 0.2)} ${f1(H * 0.66)} ${f1(cx + W * 0.4)} ${f1(H * 0.72)} ${f1(cx + W * 0.42)} ${H}Z" fill="${shirt}"/>`);
  c.body.push(`<rect x="${f1(cx - W * 0.07)}" y="${f1(H * 0.5)}" width="${f1(W * 0.14)}" height="${f1(H * 0.18)}" rx="${f1(W * 0.05)}" fill="${mix(skin, '#000000', 0.12)}"/>`);
  c.body.push(`<ellipse cx="${f1(cx)}" cy="${f1(H * 0.4)}" rx="${f1(W * 0.17)}" ry="${f1(H * 0.21)}" fill="${skin}"/>`);
  c.body.push(`<path d="M${f1(cx - W * 0.19)} ${f1(H * 0.42)}C${f1(cx - W * 0.22)} ${f1(H * 0.12)} ${f1(cx + W * 0.22)} ${f1(H * 0.1)} ${f1(cx + W * 0.19)} ${f1(H * 0.42)}C${f1(cx + W * 0.14)} ${f1(H * 0.26)} ${f1(cx - W * 0.1)} ${f1(H * 0.3)} ${f1(cx - W * 0.19)} ${f1(H * 0.42)}Z" fill="${hair}"/>`);
}

// ---------------------------------------------------------------------------------------------
// The image list: key, shape, scene, alt text and caption.

type Shape = '3:2' | '2:3' | '1:1' | 'avatar';
interface ImageSpec {
  key: string;
  shape: Shape;
  alt: string;
  caption: string;
  draw: (c: Canvas) => void;
}

const P = (name: PaletteName) => palettes[name];

const images: ImageSpec[] = [
  // featured images of the twelve posts
  { key: 'new-edition', shape: '3:2', alt: 'A city skyline at dawn, the sun rising behind the towers', caption: 'Morning over the city.', draw: (c) => cityScene(c, P('dawn'), { sunX: 0.62, sunY: 0.2, water: true }) },
  { key: 'lemon-cake', shape: '3:2', alt: 'A glazed lemon olive oil cake topped with lemon slices on a wooden table', caption: 'Lemon olive oil cake, just glazed.', draw: (c) => foodScene(c, 'spread') },
  { key: 'cake-slice', shape: '3:2', alt: 'A slice of lemon cake on a white plate with a fork', caption: 'A slice is all the proof you need.', draw: (c) => foodScene(c, 'slice') },
  { key: 'camera', shape: '3:2', alt: 'A black mirrorless camera on a dark table under soft studio light', caption: 'The test body, with the kit zoom.', draw: (c) => cameraScene(c, '#3d6b8c') },
  { key: 'coast', shape: '3:2', alt: 'Green cliffs falling to a bright sea under a noon sky', caption: 'Cliffs along the coast path.', draw: (c) => coastScene(c, P('noon'), { cliffSide: 'left' }) },
  { key: 'rain-street', shape: '3:2', alt: 'A city street at night after rain, lights reflected on the wet road', caption: 'After the rain, the city doubles.', draw: (c) => cityScene(c, P('night'), { moon: true, wet: true, rain: true, neon: ['#ff4f8b', '#3ee0ff', '#ffb341'] }) },
  { key: 'studio', shape: '3:2', alt: 'Coloured stage lights falling on a microphone in a dark studio', caption: 'Studio lights.', draw: (c) => stageScene(c, '#7b5cff', '#ff6a88') },
  { key: 'harbour', shape: '3:2', alt: 'A harbour with cranes, boats and warehouses in the evening sun', caption: 'The harbour in the evening.', draw: (c) => harbourScene(c, P('golden')) },
  { key: 'quiet-morning', shape: '3:2', alt: 'Misty blue hills at sunrise with a pale sun', caption: 'The valley before seven.', draw: (c) => landscapeScene(c, P('mist'), { sunX: 0.35, sunY: 0.35, ridges: 5, mist: true, trees: true }) },
  { key: 'bookshelf', shape: '3:2', alt: 'Two shelves of books in warm lamplight', caption: 'The shelf by the reading chair.', draw: (c) => booksScene(c, true) },
  { key: 'archive', shape: '3:2', alt: 'Old photographic prints and a magnifying glass spread on a table', caption: 'Prints from the archive boxes.', draw: (c) => deskScene(c, 'sepia') },
  { key: 'editors-desk', shape: '3:2', alt: 'Typed pages, a pen and a cup of coffee on a desk', caption: 'The letter, in draft.', draw: (c) => deskScene(c, 'paper') },
  { key: 'first-light', shape: '3:2', alt: 'The first light of day over layered purple hills', caption: 'First light.', draw: (c) => landscapeScene(c, P('dawn'), { sunX: 0.5, sunY: 0.58, ridges: 5, mist: true, clouds: 4 }) },

  // coastal walks
  { key: 'lighthouse', shape: '3:2', alt: 'A red and white lighthouse on a headland at dusk', caption: 'The lighthouse at the end of the path.', draw: (c) => coastScene(c, P('dusk'), { lighthouse: true, cliffSide: 'right' }) },
  { key: 'bay', shape: '3:2', alt: 'A wide bay with a distant headland in golden light', caption: 'Looking across the bay.', draw: (c) => coastScene(c, P('golden'), { cliffSide: 'left', bay: true }) },
  { key: 'sea-cliffs', shape: '3:2', alt: 'Teal sea below dark cliffs on a calm evening', caption: 'Calm water under the cliffs.', draw: (c) => coastScene(c, P('teal'), { cliffSide: 'right' }) },

  // gallery: streets after rain (mixed shapes for the justified and masonry layouts)
  { key: 'rain-1', shape: '3:2', alt: 'Neon signs reflected in a puddle', caption: 'Neon, twice.', draw: (c) => cityScene(c, P('night'), { moon: true, wet: true, neon: ['#ff3d7f', '#5af0ff'] }) },
  { key: 'rain-2', shape: '2:3', alt: 'Tall buildings rising into a wet night sky', caption: 'Looking up between the towers.', draw: (c) => cityScene(c, P('night'), { moon: true, wet: true, rain: true, neon: ['#ffb341'] }) },
  { key: 'rain-3', shape: '1:1', alt: 'A blue-hour street with lit windows after a shower', caption: 'Blue hour on the high street.', draw: (c) => cityScene(c, { ...P('night'), skyMid: '#28407a', skyLow: '#5470a8' }, { moon: true, wet: true }) },
  { key: 'rain-4', shape: '3:2', alt: 'Dusk over rooftops with the last light in the clouds', caption: 'The rain moves on east.', draw: (c) => cityScene(c, P('dusk'), { sunX: 0.78, sunY: 0.5, wet: true, rain: true }) },
  { key: 'rain-5', shape: '2:3', alt: 'A narrow street glowing pink and cyan in the rain', caption: 'Side street, late.', draw: (c) => cityScene(c, { ...P('night'), skyLow: '#4a2f6b' }, { moon: true, wet: true, rain: true, neon: ['#ff4fd8', '#3ee0ff'] }) },
  { key: 'rain-6', shape: '3:2', alt: 'A river embankment with the city lights mirrored in the water', caption: 'The embankment.', draw: (c) => cityScene(c, { ...P('dusk'), skyTop: '#101830' }, { moon: true, water: true }) },
  { key: 'rain-7', shape: '1:1', alt: 'Storm clouds clearing over a grey city at daybreak', caption: 'Clearing at daybreak.', draw: (c) => cityScene(c, P('mist'), { sunX: 0.5, sunY: 0.45, wet: true }) },
  { key: 'rain-8', shape: '3:2', alt: 'Orange street lamps and wet tarmac on a quiet night', caption: 'Sodium light.', draw: (c) => cityScene(c, { ...P('night'), skyLow: '#6b4a2a', glow: '#ffb347' }, { moon: true, wet: true, neon: ['#ffa02e'] }) },
  { key: 'rain-9', shape: '2:3', alt: 'A green-lit alley under a drizzle', caption: 'The alley behind the market.', draw: (c) => cityScene(c, P('teal'), { moon: true, wet: true, rain: true, neon: ['#7dff9b', '#f6ff6a'] }) },

  // portfolio: branding
  { key: 'pf-fieldnotes', shape: '3:2', alt: 'Stationery with a circle logo on a sage green background', caption: 'Fieldnotes stationery.', draw: (c) => stationeryScene(c, '#9bb59a', '#2f5d50', '#f4efe4') },
  { key: 'pf-ember', shape: '3:2', alt: 'A triangle logo mark glowing on warm orange shapes', caption: 'Ember identity mark.', draw: (c) => abstractScene(c, ['#2a1410', '#ff7a3d', '#ffb443', '#d2452a', '#fff4e6'], 'triangle') },
  { key: 'pf-tidewater', shape: '3:2', alt: 'A wave logo mark over soft blue and teal shapes', caption: 'Tidewater logo system.', draw: (c) => abstractScene(c, ['#0c2d48', '#2e8bc0', '#b1d4e0', '#145da0', '#f1f7fb'], 'wave') },
  { key: 'pf-monogram', shape: '3:2', alt: 'A rounded square monogram on a violet background', caption: 'Monogram for a music label.', draw: (c) => abstractScene(c, ['#241b3a', '#8e5cf7', '#ff7eb6', '#4d3a8c', '#f7f3ff'], 'letter') },
  { key: 'pf-orchard', shape: '3:2', alt: 'Business cards and a letterhead in cream and deep red', caption: 'Orchard Bakery print kit.', draw: (c) => stationeryScene(c, '#e8d5c0', '#8c2f39', '#f6eee3') },
  // portfolio: photography
  { key: 'pf-dunes', shape: '3:2', alt: 'Sand dunes under a golden evening sky', caption: 'Dunes at dusk.', draw: (c) => landscapeScene(c, P('golden'), { sunX: 0.25, sunY: 0.5, ridges: 4 }) },
  { key: 'pf-alps', shape: '3:2', alt: 'Snow-capped mountains under a cold winter sky', caption: 'High pass in January.', draw: (c) => landscapeScene(c, P('winter'), { sunX: 0.8, sunY: 0.2, ridges: 4, snow: true, clouds: 5 }) },
  { key: 'pf-forest', shape: '3:2', alt: 'Pine-covered hills fading into morning mist', caption: 'Pine ridges in the mist.', draw: (c) => landscapeScene(c, P('teal'), { sunX: 0.7, sunY: 0.3, ridges: 5, mist: true, trees: true }) },
  { key: 'pf-night-lake', shape: '3:2', alt: 'A full moon over a still lake and dark hills', caption: 'Moonrise over the lake.', draw: (c) => landscapeScene(c, P('night'), { moon: true, sunX: 0.3, sunY: 0.3, seaAt: 0.62 }) },
  // portfolio: web
  { key: 'pf-web-journal', shape: '3:2', alt: 'A magazine website design in a browser window, in coral tones', caption: 'Journal site redesign.', draw: (c) => browserScene(c, '#f4e3dc', '#e0604f', false) },
  { key: 'pf-web-shop', shape: '3:2', alt: 'A dark online shop design in a browser window with green accents', caption: 'Shop front, dark theme.', draw: (c) => browserScene(c, '#1f2a2a', '#35c28b', true) },
  { key: 'pf-web-museum', shape: '3:2', alt: 'A museum website design in a browser window, in blue tones', caption: 'Museum collection site.', draw: (c) => browserScene(c, '#dde6f3', '#2f5fb3', false) },

  // parallax backgrounds and video posters
  { key: 'parallax-peaks', shape: '3:2', alt: 'Layered mountain ridges at dusk', caption: 'Ridges at dusk.', draw: (c) => landscapeScene(c, P('dusk'), { sunX: 0.5, sunY: 0.45, ridges: 6, mist: true }) },
  { key: 'parallax-sea', shape: '3:2', alt: 'A calm sea at sunrise with a pale sun on the horizon', caption: 'Sunrise at sea.', draw: (c) => landscapeScene(c, P('dawn'), { sunX: 0.5, sunY: 0.48, seaAt: 0.55, clouds: 5 }) },
  { key: 'poster-meadow', shape: '3:2', alt: 'A green meadow and hills under a bright sky', caption: '', draw: (c) => landscapeScene(c, P('noon'), { sunX: 0.8, sunY: 0.2, ridges: 3, clouds: 6, trees: true }) },
  { key: 'poster-ember', shape: '3:2', alt: 'Warm stage lights in a dark room', caption: '', draw: (c) => stageScene(c, '#ff7a3d', '#ffd166') },
  { key: 'poster-steel', shape: '3:2', alt: 'A city at blue hour seen across the water', caption: '', draw: (c) => cityScene(c, { ...P('night'), skyLow: '#3d6b8c' }, { moon: true, water: true }) },
  { key: 'poster-snow', shape: '3:2', alt: 'Snowy peaks at dusk', caption: '', draw: (c) => landscapeScene(c, { ...P('winter'), skyMid: '#c79bb4', skyLow: '#f3d3c4' }, { sunX: 0.3, sunY: 0.42, ridges: 4, snow: true }) },
  { key: 'poster-cosmos', shape: '3:2', alt: 'Violet light beams and floating particles', caption: '', draw: (c) => stageScene(c, '#5c7cff', '#c05cff') },

  // author avatars
  { key: 'avatar-admin', shape: 'avatar', alt: 'Editorial Team', caption: '', draw: (c) => abstractScene(c, ['#1d2733', '#d94f3d', '#3c6e91', '#f4efe6'], 'letter') },
  { key: 'avatar-ana', shape: 'avatar', alt: 'Ana Ruiz', caption: '', draw: (c) => portraitScene(c, '#e7b7a3', '#c98c6b', '#2b1a14', '#2f5d50', true) },
  { key: 'avatar-tom', shape: 'avatar', alt: 'Tom Becker', caption: '', draw: (c) => portraitScene(c, '#9cb8d1', '#e2b79a', '#8a6a44', '#31415c') },
];

/** Output sizes of a shape: the original (largest) and the smaller renditions. */
function sizes(shape: Shape): { width: number; height: number }[] {
  switch (shape) {
    case '3:2':
      return [480, 960, 1600].map((w) => ({ width: w, height: Math.round((w * 2) / 3) }));
    case '2:3':
      return [480, 960, 1067].map((w) => ({ width: w, height: Math.round((w * 3) / 2) }));
    case '1:1':
      return [480, 960, 1200].map((w) => ({ width: w, height: w }));
    case 'avatar':
      return [96, 192].map((w) => ({ width: w, height: w }));
  }
}

/** A manifest entry is what the demo installer reads (src/server/db/seed.server.ts). */
export type ManifestEntry = DemoImage;

async function main() {
  const only = process.argv.slice(2);
  await mkdir(OUT_DIR, { recursive: true });
  if (!only.length) {
    for (const f of await readdir(OUT_DIR)) if (f.endsWith('.webp')) await unlink(path.join(OUT_DIR, f));
  }
  const manifest: ManifestEntry[] = [];
  let total = 0;
  for (const spec of images) {
    const all = sizes(spec.shape);
    const big = all[all.length - 1]!;
    const entry: ManifestEntry = {
      key: spec.key,
      alt: spec.alt,
      caption: spec.caption,
      width: big.width,
      height: big.height,
      mime: 'image/webp',
      file: `${PUBLIC_PREFIX}${spec.key}-${big.width}.webp`,
      variants: all.slice(0, -1).map((s) => ({ ...s, file: `${PUBLIC_PREFIX}${spec.key}-${s.width}.webp` })),
    };
    manifest.push(entry);
    if (only.length && !only.includes(spec.key)) continue;
    // Draw once at the largest size (avatars at a comfortable drawing size) and scale down.
    const drawW = spec.shape === 'avatar' ? 480 : big.width;
    const drawH = spec.shape === 'avatar' ? 480 : big.height;
    const c = canvas(drawW, drawH, spec.key);
    spec.draw(c);
    const png = await sharp(Buffer.from(render(c))).png().toBuffer();
    for (const s of all) {
      const quality = s.width >= 1200 ? 62 : s.width >= 900 ? 68 : 74;
      const out = await sharp(png).resize(s.width, s.height, { fit: 'cover' }).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
      await writeFile(path.join(OUT_DIR, `${spec.key}-${s.width}.webp`), out);
      total += out.length;
    }
    process.stdout.write(`${spec.key} `);
  }
  await writeFile(path.join(OUT_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(`\n${manifest.length} images, ${(total / 1024).toFixed(0)} KB written to ${path.relative(process.cwd(), OUT_DIR)}`);
}

await main();
