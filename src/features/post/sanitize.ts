/**
 * Inline-HTML allowlist for body text (paragraphs, list items, quotes): a, em, strong, b, i,
 * code, br, mark, sub, sup, s. Everything else is dropped (tags) or escaped (text); links keep
 * only http(s), mailto, tel, relative and #anchor targets. Works on strings, so the same code
 * runs on the server and in tests without a DOM.
 */
const ALLOWED = new Set(['a', 'em', 'strong', 'b', 'i', 'code', 'br', 'mark', 'sub', 'sup', 's']);
const VOID = new Set(['br']);

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const decodeEntities = (s: string) =>
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

/**
 * Block-level allowlist for `html` blocks: the inline rules above plus the structure of a body
 * (paragraphs, headings, lists, quotes, tables, figures, preformatted text, rules) and images
 * with a safe source, and audio players (a safe source, the browser's controls, nothing loaded
 * before Play). Scripts, styles, frames and forms are removed with their content; every
 * attribute except a link's target, an image's and an audio player's source, an image's size and
 * alternative text, and a table cell's spans is dropped. `h1` becomes `h2` (the page has its own title).
 */
const BLOCK_ALLOWED = new Set([
  ...ALLOWED,
  'p', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'cite', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'pre', 'hr', 'div', 'span', 'img',
  'dl', 'dt', 'dd', 'abbr', 'small', 'del', 'ins', 'u', 'q', 'kbd', 'samp', 'var', 'time', 'audio',
]);
const BLOCK_VOID = new Set(['br', 'hr', 'img']);
export const DROPPED_WITH_CONTENT = /<(script|style|iframe|object|embed|noscript|template|textarea|select|form|svg|math)\b[\s\S]*?(<\/\1\s*>|$)/gi;

function attr(attrs: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return m ? decodeEntities(m[2] ?? m[3] ?? m[4] ?? '') : null;
}

export function sanitizeHtmlBlock(html: string): string {
  let out = '';
  const open: string[] = [];
  const source = html.replace(DROPPED_WITH_CONTENT, '');
  const re = /<\/?([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?-->|<|[^<]+/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const token = m[0];
    let name = m[1]?.toLowerCase();
    if (token.startsWith('<!--')) continue;
    if (!name) {
      out += escapeHtml(decodeEntities(token));
      continue;
    }
    if (name === 'h1') name = 'h2';
    if (!BLOCK_ALLOWED.has(name)) continue;
    if (token.startsWith('</')) {
      const idx = open.lastIndexOf(name);
      if (idx === -1) continue;
      while (open.length > idx) out += `</${open.pop()}>`;
      continue;
    }
    const raw = m[2] ?? '';
    let attrs = '';
    if (name === 'a') {
      const value = safeHref(attr(raw, 'href') ?? '');
      if (value) attrs = ` href="${escapeHtml(value)}"${/^https?:/i.test(value) ? ' rel="noopener"' : ''}`;
    } else if (name === 'img') {
      const src = attr(raw, 'src');
      const value = src && !/^mailto:|^tel:/i.test(src) ? safeHref(src) : null;
      if (!value) continue;
      attrs = ` src="${escapeHtml(value)}" alt="${escapeHtml(attr(raw, 'alt') ?? '')}"`;
      for (const dim of ['width', 'height']) {
        const v = attr(raw, dim);
        if (v && /^\d{1,5}$/.test(v)) attrs += ` ${dim}="${v}"`;
      }
      attrs += ' loading="lazy"';
    } else if (name === 'audio') {
      const src = attr(raw, 'src');
      const value = src && /^(https?:\/\/|\/(?!\/))/i.test(src.trim()) ? safeHref(src) : null;
      if (!value) continue;
      attrs = ` src="${escapeHtml(value)}" controls preload="none"`;
    } else if (name === 'td' || name === 'th') {
      for (const span of ['colspan', 'rowspan']) {
        const v = attr(raw, span);
        if (v && /^\d{1,3}$/.test(v)) attrs += ` ${span}="${v}"`;
      }
    }
    if (BLOCK_VOID.has(name)) {
      out += `<${name}${attrs}>`;
      continue;
    }
    out += `<${name}${attrs}>`;
    open.push(name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
