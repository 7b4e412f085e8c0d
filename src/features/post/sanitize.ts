/**
 * Inline-HTML allowlist for body text (paragraphs, list items, quotes): a, em, strong, b, i,
 * code, br, mark, sub, sup, s. Everything else is dropped (tags) or escaped (text); links keep
 * only http(s), mailto, tel, relative and #anchor targets. Works on strings, so the same code
 * runs on the server and in tests without a DOM.
 */
const ALLOWED = new Set(['a', 'em', 'strong', 'b', 'i', 'code', 'br', 'mark', 'sub', 'sup', 's']);
const VOID = new Set(['br']);

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    if (k === 'nbsp') return '\u00a0';
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
  });

export function safeHref(href: string): string | null {
  const h = decodeEntities(href).trim();
  if (/^(https?:|mailto:|tel:)/i.test(h) || /^[/#?.]/.test(h) || /^[\w-]+(\/|$)/.test(h)) {
    if (/^(javascript|data|vbscript):/i.test(h.replace(/[\s\u0000-\u001f]/g, ''))) return null;
    return h;
  }
  return null;
}

export function sanitizeInline(html: string): string {
  let out = '';
  const open: string[] = [];
  const re = /<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<!--[\s\S]*?-->|<|[^<]+/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const token = m[0];
    const name = m[1]?.toLowerCase();
    if (token.startsWith('<!--')) continue;
    if (!name) {
      out += escapeHtml(decodeEntities(token));
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (token.startsWith('</')) {
      const idx = open.lastIndexOf(name);
      if (idx === -1) continue;
      while (open.length > idx) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID.has(name)) {
      out += `<${name}>`;
      continue;
    }
    let attrs = '';
    if (name === 'a') {
      const href = /\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[2] ?? '');
      const value = href ? safeHref(href[2] ?? href[3] ?? href[4] ?? '') : null;
      if (value) attrs = ` href="${escapeHtml(value)}"${/^https?:/i.test(value) ? ' rel="noopener"' : ''}`;
    }
    out += `<${name}${attrs}>`;
    open.push(name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
