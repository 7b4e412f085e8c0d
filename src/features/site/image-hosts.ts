import type { Block } from '../post/blocks.ts';

/**
 * Where a page may show pictures from (the CSP's `img-src`), beside the site itself: the map tile
 * servers of the theme settings, the video thumbnails of the players the settings turn on (media/video.ts
 * `OUTSIDE_PLAYERS`), and the
 * hosts the owner lists in Settings → Theme ("Outside image hosts", one per line). The importer
 * adds the hosts that imported content still shows pictures from (the old site, when its uploads
 * were not brought along), so nothing an owner imported goes blank.
 */

/** `https://host`, `https://*.host` or `http://host:port`: what one line of the setting may hold. */
export const IMAGE_HOST = /^https?:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/i;

/** The non-empty lines of the setting, without a trailing slash. */
export function imageHostLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

/** The first line that is not a host, or null. */
export function badImageHost(text: string): string | null {
  return imageHostLines(text).find((l) => !IMAGE_HOST.test(l)) ?? null;
}

/** The setting with `origins` added (each once, lower case), in the order they came. */
export function addImageHosts(text: string, origins: Iterable<string>): string {
  const lines = imageHostLines(text);
  const seen = new Set(lines.map((l) => l.toLowerCase()));
  for (const o of origins) {
    const host = o.toLowerCase().replace(/\/+$/, '');
    if (!IMAGE_HOST.test(host) || seen.has(host)) continue;
    seen.add(host);
    lines.push(host);
  }
  return lines.join('\n');
}

/**
 * The CSP source of a tile address template: its origin, with Leaflet's `{s}` subdomain as a
 * wildcard (`https://{s}.tile.example/{z}/{x}/{y}.png` → `https://*.tile.example`). Null when the
 * template has no http(s) origin.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const host = m[2]!.replace(/^\{s\}\./i, '*.').toLowerCase();
  return /[{}]/.test(host) ? null : `${m[1]!.toLowerCase()}://${host}`;
}

/** Origins of the absolute picture addresses that blocks' markup still shows (`<img src="https://…">`). */
export function pictureOrigins(blocks: readonly Block[]): string[] {
  const out = new Set<string>();
  for (const b of blocks) {
    const html = b.type === 'html' || b.type === 'paragraph' || b.type === 'quote' ? b.html : '';
    for (const m of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi)) {
      try {
        out.add(new URL(m[1]!).origin);
      } catch {
        /* not an address */
      }
    }
  }
  return [...out];
}
