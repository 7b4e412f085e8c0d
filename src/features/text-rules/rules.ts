import { PAGE_VARS_OPEN } from '../../ui/page-vars.ts';
import type { TextRule } from '../site/settings.ts';

export interface CompiledRule {
  pattern: RegExp;
  replace: string;
}

/**
 * Compiles the page-provided rules as global regular expressions. An invalid pattern is skipped
 * (and reported through `onInvalid`), never fatal.
 */
export function compileRules(rules: readonly TextRule[] | undefined, onInvalid?: (rule: TextRule, error: unknown) => void): CompiledRule[] {
  const out: CompiledRule[] = [];
  for (const r of rules ?? []) {
    if (!r?.find) continue;
    try {
      out.push({ pattern: new RegExp(r.find, 'g'), replace: r.replace });
    } catch (err) {
      onInvalid?.(r, err);
    }
  }
  return out;
}

/** Applies every rule in order to one piece of text. */
export function applyRules(text: string, rules: readonly CompiledRule[]): string {
  let s = text;
  for (const r of rules) {
    r.pattern.lastIndex = 0;
    s = s.replace(r.pattern, r.replace);
  }
  return s;
}

/** Elements whose text is never rewritten. */
export const SKIPPED_ELEMENTS = ['script', 'style', 'textarea', 'code', 'pre', 'noscript', 'template', 'svg', 'kbd', 'samp', 'option'];
const SKIPPED_ELEMENTS_SET = new Set(SKIPPED_ELEMENTS);
const CONTENTEDITABLE_NAME = /contenteditable/i;
const CONTENTEDITABLE = /\scontenteditable(\s*=\s*["']?(true|plaintext-only|)["']?)?[\s>]?/i;

/**
 * Server side: rewrites the text of an HTML document's body between tags, leaving markup,
 * attributes, skipped elements and `contenteditable` regions alone. The browser script applies
 * the same rules to text nodes, so a reader never sees text change.
 *
 * The body is read as tokens: a comment `<!--…-->`, a tag (`<`, `/`?, a name, anything up to the
 * next `>`), text up to the next `<`, or a lone `<`. Tags are found with `indexOf` and only the
 * text pieces where a rule may match (its pattern without word boundaries matches from inside the
 * piece) are given to the rules; the page is copied once, around the pieces that change. This
 * runs on every uncached page that a rule may change (tests/…/rules.test.ts compares it with the
 * plain one-token-at-a-time reading on generated documents).
 */
export function rewriteHtmlText(html: string, rules: readonly CompiledRule[]): string {
  const edits = htmlTextEdits(html, rules);
  return edits.length ? applyEdits(html, edits) : html;
}

/** The page with the edits made (in order, not overlapping). */
export function applyEdits(html: string, edits: readonly TextEdit[]): string {
  let out = '';
  let copied = 0;
  for (const [start, end, text] of edits) {
    out += html.slice(copied, start) + text;
    copied = end;
  }
  return out + html.slice(copied);
}

/** One change `rewriteHtmlText` makes: the text in [start, end) of the page becomes `text`. */
export type TextEdit = [start: number, end: number, text: string];

/**
 * The comments around HTML whose text already went through the rules (a part of the page rendered
 * once per content version, `rewrite.server.ts`): the page's own pass leaves what is between them
 * alone, so no rule is applied twice. The part must be whole elements (its tags balanced).
 */
export interface AppliedMarks {
  open: string;
  close: string;
}

/** The changes `rewriteHtmlText` makes to a page, in order (none when the rules leave it alone). */
export function htmlTextEdits(html: string, rules: readonly CompiledRule[], applied?: AppliedMarks): TextEdit[] {
  const edits: TextEdit[] = [];
  if (rules.length === 0) return edits;
  const bodyStart = html.search(/<body[\s>]/i);
  if (bodyStart === -1) return edits;
  const until = changeableUntil(html.slice(bodyStart), rules, applied);
  if (until === -1) return edits;
  const limit = bodyStart + until;
  const candidates = rules.map((r) => {
    const re = relaxedPattern(r);
    return re ? new RegExp(re.source, `${re.flags}g`) : null;
  });
  const nextAt = candidates.map(() => -1);
  /** whether some rule's relaxed pattern has a match starting in [from, to) */
  const mayChange = (from: number, to: number) => {
    for (let k = 0; k < candidates.length; k++) {
      const re = candidates[k];
      if (!re) return true;
      if (nextAt[k]! < from) {
        re.lastIndex = from;
        const m = re.exec(html);
        nextAt[k] = m ? m.index : Infinity;
      }
      if (nextAt[k]! < to) return true;
    }
    return false;
  };
  const skipStack: string[] = [];
  const stack: string[] = [];
  let i = bodyStart;
  const n = html.length;
  // where the word contenteditable next appears (any case): most tags are read without their attributes
  const editable = new RegExp(CONTENTEDITABLE_NAME.source, 'gi');
  let nextEditable = -1;
  // past the last stretch a rule may change, the rest is copied as it is
  while (i < limit) {
    if (html.charCodeAt(i) !== 60 /* < */) {
      // text, up to the next '<'
      let end = html.indexOf('<', i);
      if (end === -1) end = n;
      if (!skipStack.length && mayChange(i, end)) {
        const token = html.slice(i, end);
        const replaced = applyRules(token, rules);
        if (replaced !== token) edits.push([i, end, replaced.replace(/</g, '&lt;').replace(/>/g, '&gt;')]);
      }
      i = end;
      continue;
    }
    if (html.startsWith('<!--', i)) {
      if (applied && html.startsWith(applied.open, i)) {
        const close = html.indexOf(applied.close, i);
        if (close !== -1) {
          i = close + applied.close.length;
          continue;
        }
      }
      const end = html.indexOf('-->', i + 4);
      if (end !== -1) {
        i = end + 3;
        continue;
      }
    }
    const closing = html.charCodeAt(i + 1) === 47; // '/'
    const nameStart = i + 1 + (closing ? 1 : 0);
    const gt = isLetter(html.charCodeAt(nameStart)) ? html.indexOf('>', nameStart) : -1;
    if (gt === -1) {
      i++; // a lone '<'
      continue;
    }
    let nameEnd = nameStart + 1;
    while (nameEnd < gt && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const tag = html.slice(nameStart, nameEnd).toLowerCase();
    i = gt + 1;
    if (!closing) {
      let last = gt - 1;
      while (last >= nameEnd && isSpace(html.charCodeAt(last))) last--;
      if (last >= nameEnd && html.charCodeAt(last) === 47 /* / */) continue; // self-closing
      if (nextEditable !== Infinity && nextEditable < nameEnd) {
        editable.lastIndex = nameEnd;
        nextEditable = editable.exec(html)?.index ?? Infinity;
      }
      // (the attribute test runs only on the rare tags that name it: it is the costly part of a tag)
      const skip = SKIPPED_ELEMENTS_SET.has(tag) || (nextEditable + 15 <= gt && CONTENTEDITABLE.test(html.slice(nameEnd, gt) + ' '));
      if (!isVoid(tag)) {
        stack.push(tag);
        if (skip) skipStack.push(tag);
      }
      // raw-text elements: their content is copied untouched
      if (tag === 'script' || tag === 'style' || tag === 'textarea') i = rawTextEnd(html, tag, i);
    } else {
      const idx = stack.lastIndexOf(tag);
      if (idx !== -1 && !skipStack.length) stack.length = idx;
      else if (idx !== -1) {
        const removed = stack.splice(idx);
        for (const r of removed) {
          const si = skipStack.lastIndexOf(r);
          if (si !== -1) skipStack.splice(si, 1);
        }
      }
    }
  }
  return edits;
}

const VOIDS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const isVoid = (t: string) => VOIDS.has(t);

/** Anchors and lookarounds can match in a text piece but not in the whole page. */
const CONTEXT_SENSITIVE = /[\^$]|\(\?<?[=!]/;
const relaxed = new WeakMap<CompiledRule, RegExp | null>();

/**
 * The rule's pattern with its word-boundary assertions (`\b`, `\B`) dropped: it matches wherever
 * the rule could match in any text piece of the page. Null when the pattern has anchors or
 * lookarounds, whose truth depends on where a text piece starts or ends.
 */
function relaxedPattern(rule: CompiledRule): RegExp | null {
  if (relaxed.has(rule)) return relaxed.get(rule)!;
  const source = rule.pattern.source.replace(/\\./g, (esc) => (esc === '\\b' || esc === '\\B' ? '' : esc));
  let re: RegExp | null = null;
  if (!CONTEXT_SENSITIVE.test(source)) {
    try {
      re = new RegExp(source, rule.pattern.flags.replace('g', ''));
    } catch {
      re = null;
    }
  }
  relaxed.set(rule, re);
  return re;
}

/**
 * The text every match of the rule contains when its pattern, without word boundaries, is plain
 * text (no other escape, class, group, quantifier or alternation): then looking for that text is
 * enough to know where the rule can match. Null for any other pattern.
 */
export function plainTextOf(rule: CompiledRule): string | null {
  const re = relaxedPattern(rule);
  if (!re || re.flags.replace(/[gu]/g, '') !== '' || /[\\^$.|?*+()[\]{}]/.test(re.source) || re.source === '') return null;
  return re.source;
}

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
// the whitespace String.prototype.trimEnd removes in a tag (ASCII and the Unicode spaces)
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 95 || c === 45;

/** Where a raw-text element's content ends: its closing tag (any case), or the end of the page. */
function rawTextEnd(html: string, tag: string, from: number): number {
  const close = new RegExp(`</${tag}`, 'gi');
  close.lastIndex = from;
  return close.exec(html)?.index ?? html.length;
}

/**
 * How far into `body` the text a rule may change reaches (the tokenising pass stops there), or -1
 * when no rule can change any text of it: for every rule, a relaxed form of its pattern matches
 * nowhere outside the parts the pass leaves out (`leftOut`: the page variables' script, which
 * hands the rules themselves to the browser, and the parts whose rules were applied already).
 * Each text piece the rules see is a substring of the page, and a rule that changes nothing
 * leaves the next one the same text. Most pages then skip the tokenising pass, the others are
 * read up to the last such match. A match inside markup or another script only makes the pass
 * longer: the pass itself changes text alone.
 */
export function changeableUntil(body: string, rules: readonly CompiledRule[], applied?: AppliedMarks): number {
  const relaxedRules: RegExp[] = [];
  for (const r of rules) {
    const re = relaxedPattern(r);
    if (!re) return body.length;
    relaxedRules.push(new RegExp(re.source, `${re.flags}g`));
  }
  // the stretches the pass reads, last first
  const read: [number, number][] = [];
  let from = 0;
  for (const [start, end] of leftOut(body, applied)) {
    read.push([from, start]);
    from = end;
  }
  read.push([from, body.length]);
  read.reverse();
  let until = -1;
  for (const re of relaxedRules) {
    for (const [start, end] of read) {
      const at = lastMatch(re, body, start, end);
      if (at === -1) continue;
      // (an empty match may sit at the very end)
      until = Math.max(until, Math.min(at + 1, body.length));
      break;
    }
  }
  return until;
}

/** What `indexOf` and `lastIndexOf` are asked of: a page as text or as bytes. */
interface Searchable {
  indexOf(value: string, from?: number): number;
  lastIndexOf(value: string, from?: number): number;
}

/**
 * The parts of a page (text or bytes, positions in the same unit) the page pass leaves out, in
 * order: the page variables' script, from its `<script` to its `</script`, and every part between
 * the applied marks.
 */
export function leftOut(page: Searchable, applied?: AppliedMarks): [number, number][] {
  const ranges: [number, number][] = [];
  // (found by its whole opening tag: sanitised content has no script element to spell it)
  const varsStart = page.indexOf(PAGE_VARS_OPEN);
  const varsEnd = varsStart === -1 ? -1 : page.indexOf('</script', varsStart);
  if (varsEnd !== -1) ranges.push([varsStart, varsEnd]);
  if (applied) {
    for (let at = page.indexOf(applied.open); at !== -1; ) {
      const close = page.indexOf(applied.close, at);
      if (close === -1) break;
      const end = close + applied.close.length;
      ranges.push([at, end]);
      at = page.indexOf(applied.open, end);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  // (the page variables are never inside an applied part; should they overlap, they merge)
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push(r);
  }
  return merged;
}

/** Where the last match of a global pattern in body[from, to) starts, or -1. */
function lastMatch(re: RegExp, body: string, from: number, to: number): number {
  const text = from === 0 && to === body.length ? body : body.slice(from, to);
  let last = -1;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    last = m.index;
    if (m[0] === '') re.lastIndex++;
  }
  return last === -1 ? -1 : from + last;
}

/** True when no rule can change any text of `body` (see `changeableUntil`). */
export function cannotMatch(body: string, rules: readonly CompiledRule[], applied?: AppliedMarks): boolean {
  return changeableUntil(body, rules, applied) === -1;
}
