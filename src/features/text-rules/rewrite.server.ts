/**
 * Server side of text replacement (NOTES "Text replacement"): the same rules the browser applies
 * are applied to every HTML page's body as it is rendered, so readers never see text change.
 */
import type { TextRule } from '../site/settings.ts';
import { compileRules, rewriteHtmlText, type CompiledRule } from './rules.ts';

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
  const html = page.toString('utf8');
  const rewritten = rewriteHtmlText(html, rules);
  return rewritten === html ? page : Buffer.from(rewritten, 'utf8');
}
