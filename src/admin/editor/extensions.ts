import { Extension, Mark, Node, mergeAttributes, ReactNodeViewRenderer, type AnyExtension, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Placeholder } from '@tiptap/extensions';
import { NodeSelection, TextSelection, type EditorState } from '@tiptap/pm/state';
import type { ComponentType } from 'react';
import type { ReactNodeViewProps } from '@tiptap/react';
import { ATOM } from './convert.ts';
import { safeHref } from '../../features/post/sanitize.ts';

/**
 * The editor's schema: exactly what the block JSON can hold.
 *   - rich text: paragraph, heading (levels 2 and 3, with an anchor), bullet and numbered lists
 *     (one paragraph per item, no nesting), quote (one paragraph with a citation), hard breaks;
 *     marks bold, italic, strike, code, link (safe targets only), subscript, superscript, highlight;
 *   - every other block: one atom node (`mastheadBlock`) drawn by a React node view and edited
 *     through its form.
 * Blocks move with Alt+Shift+↑/↓ and the toolbar; the selected block is removed with its button
 * or Backspace; Enter on a selected block opens its form.
 */
declare module '@tiptap/react' {
  interface Commands<ReturnType> {
    mastheadBlocks: {
      moveBlock: (direction: -1 | 1) => ReturnType;
      removeBlock: () => ReturnType;
      setQuote: () => ReturnType;
    };
  }
}

const ListItem = Node.create({
  name: 'listItem',
  content: 'paragraph',
  defining: true,
  parseHTML: () => [{ tag: 'li' }],
  renderHTML: ({ HTMLAttributes }) => ['li', mergeAttributes(HTMLAttributes), 0],
  addKeyboardShortcuts() {
    // No Tab/Shift-Tab: items do not nest, and Tab must leave the editor for keyboard users.
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

const HeadingAnchor = Extension.create({
  name: 'headingAnchor',
  addGlobalAttributes: () => [
    {
      types: ['heading'],
      attributes: {
        anchor: {
          default: null,
          parseHTML: (el) => el.getAttribute('id') || null,
          renderHTML: (attrs) => (attrs.anchor ? { id: attrs.anchor, 'data-anchor': attrs.anchor } : {}),
        },
      },
    },
  ],
});

const Quote = Node.create({
  name: 'quote',
  group: 'block',
  content: 'inline*',
  defining: true,
  addAttributes: () => ({ cite: { default: null, parseHTML: (el) => el.querySelector('cite')?.textContent || null, renderHTML: () => ({}) } }),
  parseHTML: () => [{ tag: 'blockquote', contentElement: (el) => (el as HTMLElement).querySelector('p') ?? (el as HTMLElement) }],
  renderHTML: ({ HTMLAttributes }) => ['blockquote', mergeAttributes(HTMLAttributes, { class: 'adm-quote' }), 0],
  addCommands() {
    return {
      setQuote:
        () =>
        ({ commands }) =>
          commands.setNode(this.name),
    };
  },
  addKeyboardShortcuts() {
    return { 'Mod-Shift-b': () => this.editor.commands.toggleNode(this.name, 'paragraph') };
  },
});

const simpleMark = (name: string, tag: string, excludes?: string) =>
  Mark.create({
    name,
    ...(excludes ? { excludes } : {}),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, mergeAttributes(HTMLAttributes), 0],
  });

/** Top-level index of the block holding the selection, and where that block starts. */
function currentBlock(state: EditorState): { index: number; start: number } {
  const { doc, selection } = state;
  const index = Math.min(selection.$from.index(0), doc.childCount - 1);
  let start = 0;
  for (let i = 0; i < index; i++) start += doc.child(i).nodeSize;
  return { index, start };
}

const BlockCommands = Extension.create({
  name: 'blockCommands',
  addCommands() {
    return {
      moveBlock:
        (direction) =>
        ({ state, tr, dispatch }) => {
          const { index, start } = currentBlock(state);
          const target = index + direction;
          if (target < 0 || target >= state.doc.childCount) return false;
          if (!dispatch) return true;
          const node = state.doc.child(index);
          const wasNode = state.selection instanceof NodeSelection;
          const offset = state.selection.from - start;
          tr.delete(start, start + node.nodeSize);
          let at = 0;
          for (let i = 0; i < target; i++) at += tr.doc.child(i).nodeSize;
          tr.insert(at, node);
          tr.setSelection(wasNode || node.isAtom ? NodeSelection.create(tr.doc, at) : TextSelection.near(tr.doc.resolve(Math.min(at + offset, at + node.nodeSize - 1))));
          tr.scrollIntoView();
          dispatch(tr);
          return true;
        },
      removeBlock:
        () =>
        ({ state, tr, dispatch }) => {
          const { index, start } = currentBlock(state);
          if (!dispatch) return true;
          const node = state.doc.child(index);
          tr.delete(start, start + node.nodeSize);
          if (tr.doc.childCount === 0) tr.insert(0, state.schema.nodes.paragraph!.create());
          tr.setSelection(TextSelection.near(tr.doc.resolve(Math.min(start, tr.doc.content.size))));
          dispatch(tr);
          return true;
        },
    };
  },
  addKeyboardShortcuts() {
    return {
      'Alt-Shift-ArrowUp': () => this.editor.commands.moveBlock(-1),
      'Alt-Shift-ArrowDown': () => this.editor.commands.moveBlock(1),
    };
  },
});

export interface AtomStorage {
  /** set by the editor screen: opens the form of the block at a position */
  onEdit: ((pos: number) => void) | null;
}

/** The atom node of every structured block; `view` is its React node view (./BlockCard.tsx). */
export function atomNode(view: ComponentType<ReactNodeViewProps> | null) {
  return Node.create<Record<string, never>, AtomStorage>({
    name: ATOM,
    group: 'block',
    atom: true,
    selectable: true,
    draggable: true,
    addStorage: () => ({ onEdit: null }),
    addAttributes: () => ({
      block: {
        default: null,
        parseHTML: (el) => {
          try {
            return JSON.parse(el.getAttribute('data-masthead-block') ?? 'null') as unknown;
          } catch {
            return null;
          }
        },
        renderHTML: (attrs) => ({ 'data-masthead-block': JSON.stringify(attrs.block) }),
      },
    }),
    parseHTML: () => [{ tag: 'div[data-masthead-block]' }],
    renderHTML: ({ HTMLAttributes }) => ['div', mergeAttributes(HTMLAttributes)],
    ...(view ? { addNodeView: () => ReactNodeViewRenderer(view) } : {}),
    addKeyboardShortcuts() {
      return {
        Enter: () => {
          const sel = this.editor.state.selection;
          if (sel instanceof NodeSelection && sel.node.type.name === ATOM && this.storage.onEdit) {
            this.storage.onEdit(sel.from);
            return true;
          }
          return false;
        },
      };
    },
  });
}

/** Every extension of the block editor. */
export function editorExtensions(opts: { placeholder: string; atomView: ComponentType<ReactNodeViewProps> | null }): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      blockquote: false,
      codeBlock: false,
      horizontalRule: false,
      underline: false,
      listItem: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        HTMLAttributes: { rel: 'noopener', target: null },
        isAllowedUri: (url) => safeHref(url) !== null,
      },
    }),
    ListItem,
    HeadingAnchor,
    Quote,
    simpleMark('subscript', 'sub', 'superscript'),
    simpleMark('superscript', 'sup', 'subscript'),
    simpleMark('highlight', 'mark'),
    BlockCommands,
    atomNode(opts.atomView),
    Placeholder.configure({ placeholder: opts.placeholder }),
  ];
}

/** The same schema without React (unit tests of the round trip through a real editor). */
export function schemaExtensions(): AnyExtension[] {
  return editorExtensions({ placeholder: '', atomView: null });
}

export type { Editor };
