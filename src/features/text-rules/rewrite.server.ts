/**
 * Server side of text replacement (NOTES "Text replacement"): the same rules the browser applies
 * are applied to every HTML page's body as it is rendered, so readers never see text change.
 */
import type { TextRule } from '../site/settings.ts';
import { isUtf8 } from 'node:buffer';
import { applyEdits, compileRules, htmlTextEdits, plainTextOf, type CompiledRule } from './rules.ts';
import { PAGE_VARS_ID } from '../../ui/page-vars.ts';

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

/**
 * A rendered HTML page's bytes with the rules applied to its body text (the server entry calls
 * this on every HTML page it renders, before compressing or storing it). A page the rules leave
 * alone comes back as the same Buffer, not encoded again.
 */
export function rewriteHtmlBytes(page: Buffer, rules: readonly CompiledRule[]): Buffer {
  if (!rules.length || page.length === 0) return page;
  if (plainTextAbsent(page, rules)) return page;
  const html = page.toString('utf8');
  const edits = htmlTextEdits(html, rules);
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

const plainTexts = new WeakMap<CompiledRule, Buffer | null>();
const PAGE_VARS_MARK = Buffer.from(`id="${PAGE_VARS_ID}"`);
const SCRIPT_END = Buffer.from('</script');

/**
 * True when every rule is plain text (`plainTextOf`) found nowhere in the page's bytes but in the
 * page variables' script, which hands the rules themselves to the browser: such a page (most of
 * them, with a typo list) is left as it is without being decoded or read tag by tag. A page where
 * the text appears anywhere else, in markup too, goes the whole way.
 */
export function plainTextAbsent(page: Buffer, rules: readonly CompiledRule[]): boolean {
  const mark = page.indexOf(PAGE_VARS_MARK);
  const varsStart = mark === -1 ? -1 : page.lastIndexOf('<', mark);
  const varsEnd = mark === -1 ? -1 : page.indexOf(SCRIPT_END, mark);
  for (const rule of rules) {
    let text = plainTexts.get(rule);
    if (text === undefined) {
      const plain = plainTextOf(rule);
      plainTexts.set(rule, (text = plain === null ? null : Buffer.from(plain, 'utf8')));
    }
    if (!text) return false;
    const at = page.indexOf(text);
    if (at === -1) continue;
    if (varsEnd === -1 || at < varsStart || at >= varsEnd || page.indexOf(text, varsEnd) !== -1) return false;
  }
  return true;
}
