import type { JSONContent } from '@tiptap/react';
import type { Block } from '../../features/post/blocks.ts';
import { htmlToInline, inlineText, inlineToHtml } from './inline.ts';

/**
 * The one place where the editor's document and the stored body meet: `Block[]` (the validated
 * block JSON the renderer reads) ⇄ the Tiptap document. Text blocks (paragraph, heading, list,
 * quote) become the editor's own rich-text nodes; every other block type is one `mastheadBlock`
 * atom node carrying the block itself, edited through its own form (./registry.tsx). The editor's
 * JSON is never stored.
 */
export const ATOM = 'mastheadBlock';

export function blocksToDoc(blocks: readonly Block[]): JSONContent {
  const content: JSONContent[] = blocks.map((b): JSONContent => {
    switch (b.type) {
      case 'paragraph':
        return { type: 'paragraph', content: htmlToInline(b.html) };
      case 'heading':
        return { type: 'heading', attrs: { level: b.level, anchor: b.anchor ?? null }, content: b.text ? [{ type: 'text', text: b.text }] : [] };
      case 'list':
        return {
          type: b.ordered ? 'orderedList' : 'bulletList',
          content: (b.items.length ? b.items : ['']).map((i) => ({ type: 'listItem', content: [{ type: 'paragraph', content: htmlToInline(i) }] })),
        };
      case 'quote':
        return { type: 'quote', attrs: { cite: b.cite ?? null }, content: htmlToInline(b.html) };
      default:
        return { type: ATOM, attrs: { block: b } };
    }
  });
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}

/** Items of a list node; nested lists (the editor allows none, pasted ones happen) are flattened in order. */
function listItems(list: JSONContent): string[] {
  const out: string[] = [];
  for (const item of list.content ?? []) {
    for (const child of item.content ?? []) {
      if (child.type === 'paragraph') out.push(inlineToHtml(child.content));
      else if (child.type === 'bulletList' || child.type === 'orderedList') out.push(...listItems(child));
    }
  }
  return out;
}

export function docToBlocks(doc: JSONContent): Block[] {
  const blocks: Block[] = [];
  for (const node of doc.content ?? []) {
    switch (node.type) {
      case 'paragraph': {
        const html = inlineToHtml(node.content);
        // empty paragraphs are the editor's spacing (and its trailing line), not content
        if (html.replace(/<br>/g, '').trim()) blocks.push({ type: 'paragraph', html });
        break;
      }
      case 'heading': {
        const text = inlineText(node.content).trim();
        const level = node.attrs?.level === 3 ? 3 : 2;
        const anchor = typeof node.attrs?.anchor === 'string' && node.attrs.anchor ? node.attrs.anchor : undefined;
        if (text || anchor) blocks.push({ type: 'heading', level, text, ...(anchor ? { anchor } : {}) });
        break;
      }
      case 'bulletList':
      case 'orderedList': {
        const items = listItems(node).filter((i) => i.trim());
        if (items.length) blocks.push({ type: 'list', ordered: node.type === 'orderedList', items });
        break;
      }
      case 'quote': {
        const html = inlineToHtml(node.content);
        const cite = typeof node.attrs?.cite === 'string' && node.attrs.cite ? node.attrs.cite : undefined;
        if (html.trim() || cite) blocks.push({ type: 'quote', html, ...(cite ? { cite } : {}) });
        break;
      }
      case ATOM:
        if (node.attrs?.block) blocks.push(node.attrs.block as Block);
        break;
      default:
        break;
    }
  }
  return blocks;
}
