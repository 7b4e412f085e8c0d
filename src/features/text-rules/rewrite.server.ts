/**
 * Server side of text replacement (NOTES "Text replacement"): the same rules the browser applies
 * are applied to every HTML page's body as it is rendered, so readers never see text change.
 */
import type { TextRule } from '../site/settings.ts';
import type { Runtime } from '../../server/runtime.server.ts';
import { isUtf8 } from 'node:buffer';
import { createHmac } from 'node:crypto';
import { applyEdits, compileRules, htmlTextEdits, leftOut, plainTextOf, rewriteHtmlText, type AppliedMarks, type CompiledRule } from './rules.ts';

// Settings are memoised per content version, so the same rules array comes back until an edit.
const compiled = new WeakMap<readonly TextRule[], CompiledRule[]>();

/** The rules compiled once per settings version; invalid patterns are skipped (and reported). */
export function compiledTextRules(rules: readonly TextRule[], onInvalid?: (rule: TextRule, error: unknown) => void): CompiledRule[] {
  let c = compiled.get(rules);
  if (!c) {
    c = compileRules(rules, onInvalid);
    compiled.set(rules, c);
  }
  return c;
}

/** The site's rules, compiled once per settings version; an invalid pattern is logged once and skipped. */
export async function siteTextRules(runtime: Pick<Runtime, 'settings' | 'log'>): Promise<CompiledRule[]> {
  return compiledTextRules((await runtime.settings()).textRules.rules, (rule, err) => runtime.log.warn({ find: rule.find, err: String(err) }, 'text rule skipped: invalid pattern'));
}

/**
 * A rendered HTML page's bytes with the rules applied to its body text (the server entry calls
 * this on every HTML page it renders, before compressing or storing it), but for the parts between
 * `marks` (`markRulesApplied`). A page the rules leave alone comes back as the same Buffer, not
 * encoded again.
 */
export function rewriteHtmlBytes(page: Buffer, rules: readonly CompiledRule[], marks?: AppliedMarks): Buffer {
  if (!rules.length || page.length === 0) return page;
  if (plainTextAbsent(page, rules, marks)) return page;
  const html = page.toString('utf8');
  const edits = htmlTextEdits(html, rules, marks);
  if (!edits.length) return page;
  // a page that is not valid UTF-8 decodes to other lengths: encoded whole
  if (!isUtf8(page)) return Buffer.from(applyEdits(html, edits), 'utf8');
  // The page's bytes are copied around the changed pieces: encoding the whole page again costs
  // more than the rewrite (a UTF-8 encoding of a 55 KB page with a few curly quotes: ~0.3 ms).
  const parts: Buffer[] = [];
  let char = 0;
  let byte = 0;
  for (const [start, end, text] of edits) {
    const startByte = byte + utf8Length(html, char, start);
    parts.push(page.subarray(byte, startByte), Buffer.from(text, 'utf8'));
    byte = startByte + utf8Length(html, start, end);
    char = end;
  }
  parts.push(page.subarray(byte));
  return Buffer.concat(parts);
}

const NON_ASCII = /[^\x00-\x7f]/g;

/** The UTF-8 length of html[from, to): one byte per code unit, more for the (rare) others. */
function utf8Length(html: string, from: number, to: number): number {
  let bytes = to - from;
  const piece = html.slice(from, to);
  NON_ASCII.lastIndex = 0;
  for (let m = NON_ASCII.exec(piece); m; m = NON_ASCII.exec(piece)) {
    const c = piece.charCodeAt(m.index);
    // 2 bytes below U+0800, 3 above, 4 for a surrogate pair (2 code units)
    bytes += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/**
 * The marks around parts of a page rendered once per content version with the rules applied
 * (`markRulesApplied`): the page's pass leaves them alone. Derived from the site's secret, so that
 * no content can spell them and every process of the site (and every machine sharing the secret)
 * writes the same bytes for the same page (its ETag is the same wherever it was rendered).
 */
export function appliedMarks(secret: string): AppliedMarks {
  let marks = marksBySecret.get(secret);
  if (!marks) {
    const id = createHmac('sha256', secret).update('masthead text rules applied').digest('base64url').slice(0, 16);
    marksBySecret.set(secret, (marks = { open: `<!--rules-applied ${id}-->`, close: `<!--/rules-applied ${id}-->` }));
  }
  return marks;
}
const marksBySecret = new Map<string, AppliedMarks>();

/**
 * A part of a page (whole elements, placed where the page's pass would read it: not inside a
 * script, a `<pre>`, a `<code>` or another element whose text is left alone) with the rules applied
 * to its text. Parts rendered once per content version are rewritten once here instead of on every
 * page that shows them.
 */
export function rewriteFragment(html: string, rules: readonly CompiledRule[]): string {
  return rules.length ? rewriteHtmlText(`<body>${html}`, rules).slice('<body>'.length) : html;
}

/** A part whose text went through the rules (`rewriteFragment`), marked so the page's pass skips it. */
export function markRulesApplied(html: string, marks: AppliedMarks): string {
  return marks.open + html + marks.close;
}

const plainTexts = new WeakMap<CompiledRule, Buffer | null>();

/**
 * True when every rule is plain text (`plainTextOf`) found nowhere in the page's bytes but in the
 * parts the page's pass leaves out (the page variables' script, which hands the rules themselves
 * to the browser, and the parts whose rules were applied already): such a page (most of them,
 * with a typo list) is left as it is without being decoded or read tag by tag. A page where the
 * text appears anywhere else, in markup too, goes the whole way.
 */
export function plainTextAbsent(page: Buffer, rules: readonly CompiledRule[], marks?: AppliedMarks): boolean {
  let skipped: [number, number][] | null = null;
  for (const rule of rules) {
    let text = plainTexts.get(rule);
    if (text === undefined) {
      const plain = plainTextOf(rule);
      plainTexts.set(rule, (text = plain === null ? null : Buffer.from(plain, 'utf8')));
    }
    if (!text) return false;
    let at = page.indexOf(text);
    if (at === -1) continue;
    skipped ??= leftOut(page, marks);
    for (const [start, end] of skipped) {
      if (at < start) return false;
      if (at < end) at = page.indexOf(text, end);
      if (at === -1) break;
    }
    if (at !== -1) return false;
  }
  return true;
}
