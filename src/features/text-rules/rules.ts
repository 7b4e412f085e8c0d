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
 */
export function rewriteHtmlText(html: string, rules: readonly CompiledRule[]): string {
  if (rules.length === 0) return html;
  const bodyStart = html.search(/<body[\s>]/i);
  if (bodyStart === -1) return html;
  if (cannotMatch(html.slice(bodyStart), rules)) return html;
  let out = html.slice(0, bodyStart);
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)([^>]*)>|[^<]+|</g;
  re.lastIndex = bodyStart;
  const skipStack: string[] = [];
  const stack: string[] = [];
  let lower: string | null = null;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const token = m[0];
    const tag = m[2]?.toLowerCase();
    if (tag) {
      const closing = m[1] === '/';
      const attrs = m[3] ?? '';
      if (!closing && !attrs.trimEnd().endsWith('/')) {
        // (the attribute test runs only on the rare tags that name it: it is the costly part of a tag)
        const skip = SKIPPED_ELEMENTS_SET.has(tag) || (CONTENTEDITABLE_NAME.test(attrs) && CONTENTEDITABLE.test(attrs + ' '));
        if (!isVoid(tag)) {
          stack.push(tag);
          if (skip) skipStack.push(tag);
        }
        // raw-text elements: copy their content untouched
        if (tag === 'script' || tag === 'style' || tag === 'textarea') {
          lower ??= html.toLowerCase();
          const end = lower.indexOf(`</${tag}`, re.lastIndex);
          const stop = end === -1 ? html.length : end;
          out += token + html.slice(re.lastIndex, stop);
          re.lastIndex = stop;
          continue;
        }
      } else if (closing) {
        const idx = stack.lastIndexOf(tag);
        if (idx !== -1) {
          const removed = stack.splice(idx);
          for (const r of removed) {
            const si = skipStack.lastIndexOf(r);
            if (si !== -1) skipStack.splice(si, 1);
          }
        }
      }
      out += token;
      continue;
    }
    if (token.startsWith('<!--') || token === '<' || skipStack.length) {
      out += token;
      continue;
    }
    // Rules run on the text as written (entities included); a replacement never adds markup.
    const replaced = applyRules(token, rules);
    out += replaced === token ? token : replaced.replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }
  return out;
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
function* outsideRawText(body: string): Generator<string> {
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
          yield body.slice(from, next);
          const close = new RegExp(`</${tag}`, 'gi');
          close.lastIndex = next;
          const end = close.exec(body);
          if (!end) return;
          from = next = end.index;
        }
      }
    }
    i = body.indexOf('<', next);
  }
  yield body.slice(from);
}

/**
 * True when no rule can change any text of `body`: for every rule, a relaxed form of its pattern
 * matches nowhere in the markup outside raw-text elements (each text piece the rules see is a
 * substring of it, and a rule that changes nothing leaves the next one the same text). Most pages
 * then skip the tokenising pass, also when a rule's words appear only in a script (the page
 * variables hand the rules to the browser).
 */
export function cannotMatch(body: string, rules: readonly CompiledRule[]): boolean {
  const relaxedRules: RegExp[] = [];
  for (const r of rules) {
    const re = relaxedPattern(r);
    if (!re) return false;
    relaxedRules.push(re);
  }
  // a cheap first look: a page where no rule matches anywhere needs no tag scan
  if (!relaxedRules.some((re) => re.test(body))) return true;
  for (const piece of outsideRawText(body)) if (relaxedRules.some((re) => re.test(piece))) return false;
  return true;
}
