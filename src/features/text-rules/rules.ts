import { PAGE_VARS_ID } from '../../ui/page-vars.ts';
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
  if (rules.length === 0) return html;
  const bodyStart = html.search(/<body[\s>]/i);
  if (bodyStart === -1) return html;
  const until = changeableUntil(html.slice(bodyStart), rules);
  if (until === -1) return html;
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
  let out = '';
  let copied = 0;
  const skipStack: string[] = [];
  const stack: string[] = [];
  let i = bodyStart;
  const n = html.length;
  // past the last stretch a rule may change, the rest is copied as it is
  while (i < limit) {
    if (html.charCodeAt(i) !== 60 /* < */) {
      // text, up to the next '<'
      let end = html.indexOf('<', i);
      if (end === -1) end = n;
      if (!skipStack.length && mayChange(i, end)) {
        const token = html.slice(i, end);
        const replaced = applyRules(token, rules);
        if (replaced !== token) {
          out += html.slice(copied, i) + replaced.replace(/</g, '&lt;').replace(/>/g, '&gt;');
          copied = end;
        }
      }
      i = end;
      continue;
    }
    if (html.startsWith('<!--', i)) {
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
      const attrs = html.slice(nameEnd, gt);
      if (attrs.trimEnd().endsWith('/')) continue;
      // (the attribute test runs only on the rare tags that name it: it is the costly part of a tag)
      const skip = SKIPPED_ELEMENTS_SET.has(tag) || (CONTENTEDITABLE_NAME.test(attrs) && CONTENTEDITABLE.test(attrs + ' '));
      if (!isVoid(tag)) {
        stack.push(tag);
        if (skip) skipStack.push(tag);
      }
      // raw-text elements: their content is copied untouched
      if (tag === 'script' || tag === 'style' || tag === 'textarea') i = rawTextEnd(html, tag, i);
    } else {
      const idx = stack.lastIndexOf(tag);
      if (idx !== -1) {
        const removed = stack.splice(idx);
        for (const r of removed) {
          const si = skipStack.lastIndexOf(r);
          if (si !== -1) skipStack.splice(si, 1);
        }
      }
    }
  }
  return copied === 0 ? html : out + html.slice(copied);
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

const RAW_TEXT = new Set(['script', 'style', 'textarea']);
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 95 || c === 45;

/**
 * The stretches of `body` outside the content of raw-text elements (scripts, styles, textareas):
 * the only places a rule can change anything. They are found the way the tokeniser of
 * `rewriteHtmlText` finds them (a comment `<!--…-->`, a tag `<` `/`? name, up to the next `>`,
 * anything else is text), so a `<script>` inside a comment or inside another tag does not count,
 * but with `indexOf` instead of a regular expression per tag: this runs on every page. The page
 * variables' script, which carries the rules themselves, is one of the stretches left out.
 */
function* outsideRawText(body: string): Generator<[number, number]> {
  let from = 0;
  let i = body.indexOf('<');
  while (i !== -1) {
    let next = i + 1;
    if (body.startsWith('<!--', i)) {
      const end = body.indexOf('-->', i + 4);
      if (end !== -1) next = end + 3;
    } else {
      const closing = body.charCodeAt(i + 1) === 47; // '/'
      const nameStart = i + 1 + (closing ? 1 : 0);
      const gt = isLetter(body.charCodeAt(nameStart)) ? body.indexOf('>', nameStart) : -1;
      const first = body.charCodeAt(nameStart) | 32; // lower case
      if (gt !== -1) next = gt + 1;
      // only script, style and textarea matter (s and t): other names are not even read
      if (gt !== -1 && !closing && (first === 115 || first === 116)) {
        let nameEnd = nameStart + 1;
        while (nameEnd < gt && isNameChar(body.charCodeAt(nameEnd))) nameEnd++;
        const tag = body.slice(nameStart, nameEnd).toLowerCase();
        if (RAW_TEXT.has(tag) && !body.slice(nameEnd, gt).trimEnd().endsWith('/')) {
          yield [from, next];
          const end = rawTextEnd(body, tag, next);
          if (end === body.length) return;
          from = next = end;
        }
      }
    }
    i = body.indexOf('<', next);
  }
  yield [from, body.length];
}

/** Where a raw-text element's content ends: its closing tag (any case), or the end of the page. */
function rawTextEnd(html: string, tag: string, from: number): number {
  const close = new RegExp(`</${tag}`, 'gi');
  close.lastIndex = from;
  return close.exec(html)?.index ?? html.length;
}

/**
 * Where the last stretch of `body` that a rule may change ends, or -1 when no rule can change
 * any text of it: for every rule, a relaxed form of its pattern matches nowhere in the markup
 * outside raw-text elements (each text piece the rules see is a substring of it, and a rule that
 * changes nothing leaves the next one the same text). Most pages then skip the tokenising pass,
 * also when a rule's words appear only in a script (the page variables hand the rules to the
 * browser), and the others are read only up to that point.
 */
export function changeableUntil(body: string, rules: readonly CompiledRule[]): number {
  const relaxedRules: RegExp[] = [];
  for (const r of rules) {
    const re = relaxedPattern(r);
    if (!re) return body.length;
    relaxedRules.push(re);
  }
  // a cheap first look: a page where no rule matches anywhere but in the page variables' script
  // (which carries the rules) needs no tag scan
  const mark = body.indexOf(`id="${PAGE_VARS_ID}"`);
  const varsEnd = mark === -1 ? -1 : body.indexOf('</script', mark);
  const outsideVars = varsEnd === -1 ? [body] : [body.slice(0, body.lastIndexOf('<', mark)), body.slice(varsEnd)];
  if (!relaxedRules.some((re) => outsideVars.some((part) => re.test(part)))) return -1;
  let until = -1;
  for (const [from, to] of outsideRawText(body)) {
    const piece = body.slice(from, to);
    if (relaxedRules.some((re) => re.test(piece))) until = to;
  }
  return until;
}

/** True when no rule can change any text of `body` (see `changeableUntil`). */
export function cannotMatch(body: string, rules: readonly CompiledRule[]): boolean {
  return changeableUntil(body, rules) === -1;
}
