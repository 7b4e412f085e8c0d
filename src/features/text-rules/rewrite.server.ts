/**
 * Server side of text replacement (NOTES "Text replacement"): the same rules the browser applies
 * are applied to every HTML page's body as it is rendered, so readers never see text change.
 */
import type { TextRule } from '../site/settings.ts';
import { compileRules, rewriteHtmlText, type CompiledRule } from './rules.ts';

// Settings are memoised per content version, so the same rules array comes back until an edit.
const decoder = new TextDecoder();

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

/** A text/html response with its body text rewritten; any other response is returned as is. */
export async function rewriteHtmlResponse(response: Response, rules: readonly CompiledRule[]): Promise<Response> {
  if (!rules.length || !response.body) return response;
  if (!(response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html')) return response;
  if (response.headers.has('content-encoding')) return response;
  const bytes = await response.bytes();
  const html = decoder.decode(bytes);
  const rewritten = rewriteHtmlText(html, rules);
  // Most pages come back unchanged: their bytes go on as they are, without encoding them again.
  if (rewritten === html) return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(rewritten, { status: response.status, statusText: response.statusText, headers });
}
