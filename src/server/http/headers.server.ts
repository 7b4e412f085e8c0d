import { createHash } from 'node:crypto';

/**
 * Content-Security-Policy for an HTML page. Inline scripts are allowed by their SHA-256 hashes,
 * computed from the page itself: unlike a per-response nonce, a hash stays valid for a cached page
 * without being replayable for other script, and it needs no rewriting of the cached bytes.
 */
export function cspFor(html: string, extra: { frameSrc?: string[]; connectSrc?: string[]; scriptSrc?: string[]; imgSrc?: string[] } = {}): string {
  const hashes = new Set<string>();
  const re = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const attrs = m[1] ?? '';
    const body = m[2] ?? '';
    if (/\ssrc\s*=/.test(attrs) || !body) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  const scriptSrc = ["'self'", ...hashes, ...(extra.scriptSrc ?? [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${(extra.imgSrc ?? ['https:']).join(' ')}`,
    "media-src 'self' https:",
    "font-src 'self'",
    `connect-src 'self' ${(extra.connectSrc ?? []).join(' ')}`.trim(),
    `frame-src ${(extra.frameSrc ?? ["'self'"]).join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Headers on every response. */
export const baseSecurityHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};
