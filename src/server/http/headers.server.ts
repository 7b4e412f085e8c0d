/**
 * Content-Security-Policy for an HTML page. Inline scripts are allowed by their SHA-256 hashes:
 * `scriptHashes` are those of the scripts the build produced (src/server/http/csp.server.ts),
 * computed once at start-up, never from the page itself. Unlike a per-response nonce a hash stays
 * valid for a cached page, and it needs no rewriting of the cached bytes.
 */
export function cspFor(scriptHashes: readonly string[], extra: { frameSrc?: string[]; connectSrc?: string[]; scriptSrc?: string[]; imgSrc?: string[] } = {}): string {
  const scriptSrc = ["'self'", ...scriptHashes, ...(extra.scriptSrc ?? [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${(extra.imgSrc ?? []).join(' ')}`.trim(),
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
