/**
 * A Contact Form 7 template as its owner wrote it, drawn on the site: the markup between the form
 * tags (`<label>`, `<p>`, `<fieldset>` …) is kept, sanitised with the post body's rules
 * (features/post/sanitize.ts: its entity decoding, link check and the elements dropped with their
 * content) and a form allowlist, and each tag becomes a slot where ContactFormView puts the
 * control in CF7's markup.
 *
 * The result is a tree of plain JSON (island props). It is built so the HTML React writes from it
 * is read back by a browser into the same tree (no hydration mismatch): a block element closes an
 * open `<p>`, a heading closes a heading, a list item its sibling, a link a link — as the HTML
 * parser does. Like CF7 (wpautop), a blank line starts a paragraph and a line break inside a
 * paragraph is a `<br>`.
 *
 * When the markup cannot be split around the tags safely (a tag inside an attribute, or inside an
 * element that is dropped), `templateLayout` answers null: the form is drawn from its fields (words
 * as paragraphs), and the editor names that finding.
 */
import { DROPPED_WITH_CONTENT, decodeEntities, safeHref } from '../post/sanitize.ts';
import type { FormField } from './definition.ts';

/** One CF7 form tag: its type (with `*`), its options, and an enclosed content (`[acceptance]…[/acceptance]`). */
export const TAG_SOURCE = String.raw`\[([a-z_]+\*?)(?:\s+((?:[^\]"']|"[^"]*"|'[^']*')*))?\](?:([\s\S]*?)\[\/\1\])?`;

/** A tag's options: bare words and quoted values, in order. */
export function tokens(text: string): { bare: string[]; quoted: string[] } {
  const bare: string[] = [];
  const quoted: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[3] !== undefined) bare.push(m[3]);
    else quoted.push(m[1] ?? m[2] ?? '');
  }
  return { bare, quoted };
}

/** Where a form tag's control goes: its type (no `*`), its name, a button's words. */
export interface TemplateSlot {
  slot: string;
  name: string;
  label?: string;
}
export interface TemplateElement {
  el: string;
  cls?: string;
  href?: string;
  kids: TemplateNode[];
}
export type TemplateNode = string | TemplateElement | TemplateSlot;

/** The elements a form template keeps (every other tag is dropped, its words kept). */
const ALLOWED = new Set(['p', 'br', 'label', 'span', 'div', 'fieldset', 'legend', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'small', 'code']);
const VOID = new Set(['br']);
/** Start tags the HTML parser lets close an open `<p>`. */
const CLOSES_P = new Set(['p', 'div', 'fieldset', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'h5', 'h6']);
const HEADING = /^h[2-6]$/;
const BLOCK_START = /^<\/?(?:p|div|fieldset|legend|h[1-6]|ul|ol|li)\b/i;
const BLOCK_END = /<\/?(?:p|div|fieldset|legend|h[1-6]|ul|ol|li)\b[^>]*>$/i;

/** CF7's wpautop, simply: blank-line separated chunks that do not start with a block become paragraphs, their line breaks `<br>`. */
function autop(html: string): string {
  return html
    .split(/\n[ \t]*\n\s*/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      if (BLOCK_START.test(chunk)) return chunk;
      const lines = chunk.split('\n').map((l) => l.trim());
      let out = lines[0]!;
      for (const line of lines.slice(1)) out += BLOCK_END.test(out) || BLOCK_START.test(line) ? `\n${line}` : `<br>\n${line}`;
      return `<p>${out}</p>`;
    })
    .join('\n');
}

const MARK = /\uE000(\d+)\uE001/;

function classOf(raw: string): string | undefined {
  const m = /\sclass\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(raw);
  const words = decodeEntities(m ? (m[2] ?? m[3] ?? m[4] ?? '') : '')
    .split(/\s+/)
    .filter((w) => /^[A-Za-z_-][\w-]*$/.test(w));
  return words.length ? words.join(' ') : undefined;
}

/**
 * The template's markup with its tags as slots, or null when it is to be drawn from the fields
 * (no template, or markup that cannot hold every field's control).
 */
export function templateLayout(template: string | undefined, fields: readonly FormField[]): TemplateNode[] | null {
  if (!template?.trim()) return null;
  const slots: TemplateSlot[] = [];
  const marked = template
    .replace(/[\uE000\uE001\u0000]/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(new RegExp(TAG_SOURCE, 'g'), (_all, rawType: string, args: string | undefined) => {
      const { bare, quoted } = tokens(args ?? '');
      const slot = rawType.replace(/\*$/, '');
      slots.push(slot === 'submit' ? { slot, name: '', label: quoted[0] || 'Submit' } : { slot, name: bare[0] ?? '' });
      return `\uE000${slots.length - 1}\uE001`;
    });
  const source = autop(marked).replace(DROPPED_WITH_CONTENT, '');

  const root: TemplateElement = { el: '', kids: [] };
  const stack: TemplateElement[] = [root];
  const top = () => stack[stack.length - 1]!;
  const closeTo = (index: number) => {
    stack.length = index;
  };
  const placed = new Set<number>();
  const text = (s: string) => {
    const parts = decodeEntities(s).split(MARK);
    parts.forEach((part, i) => {
      const kids = top().kids;
      if (i % 2 === 1) {
        const n = Number(part);
        if (slots[n] && !placed.has(n)) {
          placed.add(n);
          kids.push(slots[n]);
        }
      } else if (part) {
        const last = kids[kids.length - 1];
        if (typeof last === 'string') kids[kids.length - 1] = last + part;
        else kids.push(part);
      }
    });
  };
  const re = /<\/?([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?-->|<|[^<]+/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const token = m[0];
    if (token.startsWith('<!--')) continue;
    let name = m[1]?.toLowerCase();
    if (!name) {
      text(token);
      continue;
    }
    if (name === 'h1') name = 'h2';
    if (!ALLOWED.has(name)) continue;
    const at = stack.findLastIndex((e) => e.el === name);
    if (token.startsWith('</')) {
      if (at > 0) closeTo(at);
      continue;
    }
    // what the HTML parser would close before this start tag
    if (CLOSES_P.has(name)) {
      const p = stack.findLastIndex((e) => e.el === 'p');
      if (p > 0) closeTo(p);
    }
    if (HEADING.test(name) && HEADING.test(top().el)) closeTo(stack.length - 1);
    if (name === 'li') {
      const li = stack.findLastIndex((e) => e.el === 'li');
      const list = stack.findLastIndex((e) => e.el === 'ul' || e.el === 'ol');
      if (li > 0 && li > list) closeTo(li);
    }
    if (name === 'a') {
      const a = stack.findLastIndex((e) => e.el === 'a');
      if (a > 0) closeTo(a);
    }
    const raw = m[2] ?? '';
    const node: TemplateElement = { el: name, kids: [] };
    const cls = classOf(raw);
    if (cls) node.cls = cls;
    if (name === 'a') {
      const href = /\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(raw);
      const value = href ? safeHref(href[2] ?? href[3] ?? href[4] ?? '') : null;
      if (value && !MARK.test(value)) node.href = value;
    }
    top().kids.push(node);
    if (!VOID.has(name)) stack.push(node);
  }

  // every slot in its place, and every field of the definition has one
  if (placed.size !== slots.length) return null;
  const named = new Set(slots.filter((s) => s.slot !== 'captchac' && s.slot !== 'count').map((s) => s.name));
  for (const f of fields) {
    if (f.type === 'note') continue;
    if (f.type === 'submit') continue;
    if (!named.has(f.name)) return null;
  }
  if (slots.filter((s) => s.slot === 'submit').length < fields.filter((f) => f.type === 'submit').length) return null;
  return root.kids;
}

/** Whether a template has markup or words the fields cannot draw (the editor's finding is about those). */
export const hasMarkup = (template: string) => /<[a-zA-Z]/.test(template);
