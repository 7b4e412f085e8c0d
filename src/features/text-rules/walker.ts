/**
 * Text replacement in the browser (NOTES "Text replacement"): the compiled rules applied to the
 * text nodes under a root, never to script, style, textarea, code, pre (SKIPPED_ELEMENTS) or
 * editable regions, and never as HTML (only `Text.data` changes). Works on any DOM (jsdom in tests).
 */
import { SKIPPED_ELEMENTS, applyRules, type CompiledRule } from './rules.ts';

const SKIPPED = new Set(SKIPPED_ELEMENTS);

function isEditable(el: Element): boolean {
  const v = el.getAttribute('contenteditable');
  return v !== null && v.toLowerCase() !== 'false';
}

/** True when an element, or one of its ancestors, keeps its text untouched. */
export function isProtected(el: Element | null): boolean {
  for (let e = el; e; e = e.parentElement) {
    if (SKIPPED.has(e.localName) || isEditable(e)) return true;
  }
  return false;
}

/** Applies the rules to every eligible text node under `root` (itself included); returns how many changed. */
export function applyRulesToTree(root: Node, rules: readonly CompiledRule[]): number {
  if (!rules.length) return 0;
  const doc = root.ownerDocument;
  if (!doc) return 0;
  const texts: Text[] = [];
  if (root.nodeType === 3) {
    if (!isProtected(root.parentElement)) texts.push(root as Text);
  } else if (root.nodeType === 1 || root.nodeType === 11) {
    if (root.nodeType === 1 && isProtected(root as Element)) return 0;
    if (root.nodeType === 11 || !isProtected((root as Element).parentElement)) {
      const view = doc.defaultView;
      const filter = view?.NodeFilter ?? NodeFilter;
      const walker = doc.createTreeWalker(root, filter.SHOW_ELEMENT | filter.SHOW_TEXT, {
        acceptNode(n) {
          if (n.nodeType === 1) return SKIPPED.has((n as Element).localName) || isEditable(n as Element) ? filter.FILTER_REJECT : filter.FILTER_SKIP;
          return filter.FILTER_ACCEPT;
        },
      });
      for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
    }
  }
  let changed = 0;
  for (const t of texts) {
    const next = applyRules(t.data, rules);
    if (next !== t.data) {
      t.data = next;
      changed++;
    }
  }
  return changed;
}

/**
 * Keeps a document's text rewritten: applies the rules now (unless `applyNow` is false: the server
 * already rewrote the page), then to every node added or text changed later (appended posts, loaded portfolio items, hydrated islands). Its own edits are
 * taken off the observer's queue, so it never loops, whatever the rules do.
 */
export function watchTextRules(root: Element, rules: readonly CompiledRule[], { applyNow = true }: { applyNow?: boolean } = {}): MutationObserver | null {
  if (!rules.length) return null;
  if (applyNow) applyRulesToTree(root, rules);
  const view = root.ownerDocument.defaultView;
  const MO = view?.MutationObserver ?? MutationObserver;
  const observer = new MO((records) => {
    for (const r of records) {
      if (r.type === 'characterData') applyRulesToTree(r.target, rules);
      else r.addedNodes.forEach((n) => n.isConnected && applyRulesToTree(n, rules));
    }
    observer.takeRecords();
  });
  observer.observe(root, { childList: true, characterData: true, subtree: true });
  return observer;
}
