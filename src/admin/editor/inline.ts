import type { JSONContent } from '@tiptap/react';
import { escapeHtml, safeHref, sanitizeInline } from '../../features/post/sanitize.ts';

/**
 * Inline HTML of paragraphs, list items and quotes ⇄ the editor's inline nodes (text with marks,
 * hard breaks). Pure, so the round trip is proven in unit tests. The HTML side is exactly what
 * `sanitizeInline` stores (src/features/post/sanitize.ts); the editor side uses the marks of
 * ./extensions.ts: bold, italic, strike, code, link, subscript, superscript, highlight.
 */
type MarkJson = NonNullable<JSONContent['marks']>[number];

const TAG_TO_MARK: Record<string, string> = { strong: 'bold', b: 'bold', em: 'italic', i: 'italic', s: 'strike', code: 'code', sub: 'subscript', sup: 'superscript', mark: 'highlight', a: 'link' };
const MARK_TO_TAG: Record<string, string> = { bold: 'strong', italic: 'em', strike: 's', code: 'code', subscript: 'sub', superscript: 'sup', highlight: 'mark', link: 'a' };
/** Outermost first: how marks nest when written back as HTML. */
export const MARK_ORDER = ['link', 'bold', 'italic', 'strike', 'subscript', 'superscript', 'highlight', 'code'] as const;

const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
    if (named[k]) return named[k]!;
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
  });

const sameMark = (a: MarkJson, b: MarkJson) => a.type === b.type && (a.type !== 'link' || a.attrs?.href === b.attrs?.href);
const sameMarks = (a: MarkJson[] = [], b: MarkJson[] = []) => a.length === b.length && a.every((m) => b.some((n) => sameMark(m, n)));

/** Inline HTML → inline nodes. Unknown tags keep their text; comments and junk are dropped. */
export function htmlToInline(html: string): JSONContent[] {
  const out: JSONContent[] = [];
  const stack: { tag: string; mark: MarkJson | null }[] = [];
  const marks = (): MarkJson[] => {
    const list: MarkJson[] = [];
    for (const s of stack) if (s.mark && !list.some((m) => m.type === s.mark!.type)) list.push(s.mark);
    return list;
  };
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|</g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const [token, close, rawName, attrs, text] = m;
    if (token.startsWith('<!--')) continue;
    if (text !== undefined || token === '<') {
      const value = decode(text ?? '<');
      const ms = marks();
      const last = out[out.length - 1];
      if (last?.type === 'text' && sameMarks(last.marks, ms)) last.text += value;
      else out.push({ type: 'text', text: value, ...(ms.length ? { marks: ms } : {}) });
      continue;
    }
    const name = rawName!.toLowerCase();
    if (name === 'br') {
      const ms = marks();
      out.push({ type: 'hardBreak', ...(ms.length ? { marks: ms } : {}) });
      continue;
    }
    if (close) {
      const idx = stack.map((s) => s.tag).lastIndexOf(name);
      if (idx >= 0) stack.splice(idx);
      continue;
    }
    const markType = TAG_TO_MARK[name];
    let mark: MarkJson | null = null;
    if (markType === 'link') {
      const href = /\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs ?? '');
      const safe = href ? safeHref(href[2] ?? href[3] ?? href[4] ?? '') : null;
      mark = safe ? { type: 'link', attrs: { href: safe } } : null;
    } else if (markType) mark = { type: markType };
    stack.push({ tag: name, mark });
  }
  return out.filter((n) => n.type !== 'text' || n.text);
}

const rank = (m: MarkJson) => MARK_ORDER.indexOf(m.type as (typeof MARK_ORDER)[number]);
const openTag = (m: MarkJson) => (m.type === 'link' ? `<a href="${escapeHtml(String(m.attrs?.href ?? ''))}">` : `<${MARK_TO_TAG[m.type]}>`);
const closeTag = (m: MarkJson) => `</${MARK_TO_TAG[m.type]}>`;

/** Inline nodes → the stored inline HTML (canonical nesting, then the same allowlist as the server). */
export function inlineToHtml(nodes: readonly JSONContent[] | undefined): string {
  let html = '';
  let open: MarkJson[] = [];
  for (const node of nodes ?? []) {
    const target = (node.marks ?? []).filter((m) => MARK_TO_TAG[m.type]).sort((a, b) => rank(a) - rank(b));
    let k = 0;
    while (k < open.length && k < target.length && sameMark(open[k]!, target[k]!)) k++;
    for (let i = open.length - 1; i >= k; i--) html += closeTag(open[i]!);
    for (let i = k; i < target.length; i++) html += openTag(target[i]!);
    open = target;
    if (node.type === 'hardBreak') html += '<br>';
    else if (node.type === 'text') html += escapeHtml(node.text ?? '');
  }
  for (let i = open.length - 1; i >= 0; i--) html += closeTag(open[i]!);
  return sanitizeInline(html);
}

/** Plain text of inline nodes (headings). */
export const inlineText = (nodes: readonly JSONContent[] | undefined) => (nodes ?? []).map((n) => (n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? ' ' : '')).join('');
