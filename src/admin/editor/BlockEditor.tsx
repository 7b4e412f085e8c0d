import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { NodeSelection } from '@tiptap/pm/state';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { blockSchema, type Block, type BlockType } from '../../features/post/blocks.ts';
import { safeHref } from '../../features/post/sanitize.ts';
import { useT } from '../shell/i18n.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { AdminDialog, Button, Notice, TextField } from '../shell/ui.tsx';
import { ATOM, blocksToDoc, docToBlocks } from './convert.ts';
import { editorExtensions, type AtomStorage } from './extensions.ts';
import { BlockCard } from './BlockCard.tsx';
import { editorOf, insertOrder } from './registry.tsx';
import type { Errors } from './blocks/fields.tsx';

/**
 * The body editor (Tiptap 3): rich text for paragraphs, headings, lists and quotes, and one card
 * per structured block with its own form. Everything works from the keyboard: the toolbar
 * (formatting, "Add block", move up/down, remove), Enter on a selected block to edit it,
 * Alt+Shift+↑/↓ to move the current block; the mouse can drag blocks by their grip.
 */
export interface BlockEditorHandle {
  blocks(): Block[];
  setBlocks(blocks: Block[]): void;
  focus(): void;
}

interface FormState {
  /** null: a new block, inserted after the current one when applied */
  pos: number | null;
  draft: { type: BlockType } & Record<string, unknown>;
  errors: Errors;
}

function ToolButton({ label, pressed, onClick, disabled, children, shortcut }: { label: string; pressed?: boolean; onClick: () => void; disabled?: boolean; children: ReactNode; shortcut?: string }) {
  return (
    <button
      type="button"
      className={`adm-tool${pressed ? ' is-on' : ''}`}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      {...(pressed !== undefined ? { 'aria-pressed': pressed } : {})}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </button>
  );
}

export function BlockEditor({ initial, onChange, onReady, error }: { initial: Block[]; onChange: () => void; onReady: (h: BlockEditorHandle) => void; error?: string | undefined }) {
  const t = useT();
  const [form, setForm] = useState<FormState | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const changed = useRef(onChange);
  changed.current = onChange;
  const openLink = useRef(() => setLinkOpen(true));
  const extensions = useMemo(() => editorExtensions({ placeholder: t('admin.editor.placeholder'), atomView: BlockCard }), [t]);
  const editor = useEditor({
    extensions,
    content: blocksToDoc(initial),
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-label': t('admin.editor.content'), role: 'textbox', 'aria-multiline': 'true', class: 'adm-prose', spellcheck: 'true' },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLink.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: () => changed.current(),
  });

  useEffect(() => {
    if (!editor) return;
    const storage = (editor.storage as unknown as Record<string, AtomStorage>).mastheadBlock;
    if (storage) {
      storage.onEdit = (pos) => {
        const node = editor.state.doc.nodeAt(pos);
        if (node?.type.name === ATOM && node.attrs.block) setForm({ pos, draft: structuredClone(node.attrs.block) as FormState['draft'], errors: {} });
      };
    }
    onReady({
      blocks: () => docToBlocks(editor.getJSON()),
      setBlocks: (blocks) => editor.commands.setContent(blocksToDoc(blocks), { emitUpdate: false }),
      focus: () => editor.commands.focus(),
    });
  }, [editor, onReady]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      if (!e) return null;
      const sel = e.state.selection;
      const atom = sel instanceof NodeSelection && sel.node.type.name === ATOM ? (sel.node.attrs.block as Block) : null;
      const index = sel.$from.index(0);
      return {
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        strike: e.isActive('strike'),
        code: e.isActive('code'),
        link: e.isActive('link'),
        subscript: e.isActive('subscript'),
        superscript: e.isActive('superscript'),
        highlight: e.isActive('highlight'),
        h2: e.isActive('heading', { level: 2 }),
        h3: e.isActive('heading', { level: 3 }),
        paragraph: e.isActive('paragraph') && !e.isActive('listItem'),
        bullet: e.isActive('bulletList'),
        ordered: e.isActive('orderedList'),
        quote: e.isActive('quote'),
        anchor: (e.getAttributes('heading').anchor as string | null) ?? '',
        cite: (e.getAttributes('quote').cite as string | null) ?? '',
        atom,
        first: index === 0,
        last: index >= e.state.doc.childCount - 1,
        canUndo: e.can().undo(),
        canRedo: e.can().redo(),
      };
    },
  });

  if (!editor || !state) return null;

  const run = (fn: (e: Editor) => void) => () => fn(editor);
  const insert = (type: BlockType) => {
    const def = editorOf(type);
    if (def.kind === 'rich') def.insert(editor);
    else setForm({ pos: null, draft: def.draft() as FormState['draft'], errors: {} });
  };

  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    if (!form) return;
    const parsed = blockSchema.safeParse(form.draft);
    if (!parsed.success) {
      const errors: Errors = {};
      for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'block'] ??= issue.message;
      setForm({ ...form, errors });
      return;
    }
    const block = parsed.data;
    if (form.pos === null) {
      const { doc, selection } = editor.state;
      const index = Math.min(selection.$from.index(0), doc.childCount - 1);
      let start = 0;
      for (let i = 0; i < index; i++) start += doc.child(i).nodeSize;
      const current = doc.child(index);
      const emptyParagraph = current.type.name === 'paragraph' && current.content.size === 0;
      const node = { type: ATOM, attrs: { block } };
      const at = emptyParagraph ? start : start + current.nodeSize;
      if (emptyParagraph) editor.chain().insertContentAt({ from: start, to: start + current.nodeSize }, node).setNodeSelection(at).run();
      else editor.chain().insertContentAt(at, node).setNodeSelection(at).run();
      selectAfterClose(at);
    } else {
      const pos = form.pos;
      editor
        .chain()
        .command(({ tr }) => {
          tr.setNodeMarkup(pos, undefined, { block });
          return true;
        })
        .setNodeSelection(pos)
        .run();
      selectAfterClose(pos);
    }
    setForm(null);
    changed.current();
  };

  /** The dialog hands focus back to what opened it when it closes; the block should have it. */
  const selectAfterClose = (pos: number) => {
    window.setTimeout(() => editor.chain().focus().setNodeSelection(pos).run(), 50);
  };

  const def = form ? editorOf(form.draft.type) : null;
  const FormView = def?.kind === 'form' ? (def.Form as unknown as (p: { value: FormState['draft']; onChange: (v: FormState['draft']) => void; errors: Errors }) => ReactNode) : null;

  return (
    <div className="adm-editor">
      <div className="adm-toolbar" role="toolbar" aria-label={t('admin.editor.toolbar')}>
        <div className="adm-toolbar__group">
          <ToolButton label={t('admin.tool.undo')} shortcut="Ctrl+Z" onClick={run((e) => e.chain().focus().undo().run())} disabled={!state.canUndo}>
            ↶
          </ToolButton>
          <ToolButton label={t('admin.tool.redo')} shortcut="Ctrl+Shift+Z" onClick={run((e) => e.chain().focus().redo().run())} disabled={!state.canRedo}>
            ↷
          </ToolButton>
        </div>
        <div className="adm-toolbar__group">
          <ToolButton label={t('admin.block.paragraph')} pressed={state.paragraph} onClick={run((e) => e.chain().focus().setParagraph().run())}>
            ¶
          </ToolButton>
          <ToolButton label={t('admin.tool.h2')} pressed={state.h2} onClick={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())}>
            H2
          </ToolButton>
          <ToolButton label={t('admin.tool.h3')} pressed={state.h3} onClick={run((e) => e.chain().focus().toggleHeading({ level: 3 }).run())}>
            H3
          </ToolButton>
          <ToolButton label={t('admin.tool.bullets')} pressed={state.bullet} onClick={run((e) => e.chain().focus().toggleBulletList().run())}>
            •≡
          </ToolButton>
          <ToolButton label={t('admin.tool.numbers')} pressed={state.ordered} onClick={run((e) => e.chain().focus().toggleOrderedList().run())}>
            1≡
          </ToolButton>
          <ToolButton label={t('admin.block.quote')} pressed={state.quote} onClick={run((e) => (state.quote ? e.chain().focus().setParagraph().run() : e.chain().focus().setQuote().run()))}>
            ❝
          </ToolButton>
        </div>
        <div className="adm-toolbar__group">
          <ToolButton label={t('admin.tool.bold')} shortcut="Ctrl+B" pressed={state.bold} onClick={run((e) => e.chain().focus().toggleBold().run())}>
            <b>B</b>
          </ToolButton>
          <ToolButton label={t('admin.tool.italic')} shortcut="Ctrl+I" pressed={state.italic} onClick={run((e) => e.chain().focus().toggleItalic().run())}>
            <i>I</i>
          </ToolButton>
          <ToolButton label={t('admin.tool.strike')} pressed={state.strike} onClick={run((e) => e.chain().focus().toggleStrike().run())}>
            <s>S</s>
          </ToolButton>
          <ToolButton label={t('admin.tool.code')} pressed={state.code} onClick={run((e) => e.chain().focus().toggleCode().run())}>
            {'</>'}
          </ToolButton>
          <ToolButton label={t('admin.tool.link')} shortcut="Ctrl+K" pressed={state.link} onClick={() => setLinkOpen(true)}>
            <Icon name="link" size={18} />
          </ToolButton>
          <ToolButton label={t('admin.tool.sub')} pressed={state.subscript} onClick={run((e) => e.chain().focus().toggleMark('subscript').run())}>
            x₂
          </ToolButton>
          <ToolButton label={t('admin.tool.sup')} pressed={state.superscript} onClick={run((e) => e.chain().focus().toggleMark('superscript').run())}>
            x²
          </ToolButton>
          <ToolButton label={t('admin.tool.highlight')} pressed={state.highlight} onClick={run((e) => e.chain().focus().toggleMark('highlight').run())}>
            <span className="adm-tool__mark">ab</span>
          </ToolButton>
        </div>
        <div className="adm-toolbar__group">
          <MenuTrigger>
            <AriaButton className="adm-btn adm-btn--primary adm-toolbar__add">{t('admin.editor.addBlock')}</AriaButton>
            <Popover className="adm-popover" placement="bottom start">
              <Menu className="adm-menu" aria-label={t('admin.editor.addBlock')} onAction={(key) => insert(key as BlockType)}>
                {insertOrder.map((type) => (
                  <MenuItem key={type} id={type} className="adm-menu__item">
                    {t(editorOf(type).label)}
                  </MenuItem>
                ))}
              </Menu>
            </Popover>
          </MenuTrigger>
          <ToolButton label={t('admin.tool.moveUp')} shortcut="Alt+Shift+↑" onClick={run((e) => e.chain().focus().moveBlock(-1).run())} disabled={state.first}>
            ↑
          </ToolButton>
          <ToolButton label={t('admin.tool.moveDown')} shortcut="Alt+Shift+↓" onClick={run((e) => e.chain().focus().moveBlock(1).run())} disabled={state.last}>
            ↓
          </ToolButton>
          <ToolButton label={t('admin.tool.removeBlock')} onClick={run((e) => e.chain().focus().removeBlock().run())}>
            ✕
          </ToolButton>
        </div>
      </div>

      {state.h2 || state.h3 ? (
        <div className="adm-blockbar">
          <TextField
            label={t('admin.editor.anchor')}
            hint={t('admin.editor.anchorHint')}
            value={state.anchor}
            onChange={(e) => editor.chain().updateAttributes('heading', { anchor: e.target.value.replace(/\s+/g, '-') || null }).run()}
          />
        </div>
      ) : null}
      {state.quote ? (
        <div className="adm-blockbar">
          <TextField label={t('admin.editor.cite')} value={state.cite} onChange={(e) => editor.chain().updateAttributes('quote', { cite: e.target.value || null }).run()} />
        </div>
      ) : null}
      {state.atom ? (
        <div className="adm-blockbar">
          <span>{t('admin.editor.selectedBlock', { label: t(editorOf(state.atom.type).label) })}</span>
          <Button onClick={() => editor.storage && (editor.storage as unknown as Record<string, AtomStorage>).mastheadBlock?.onEdit?.(editor.state.selection.from)}>{t('admin.block.edit', { label: t(editorOf(state.atom.type).label) })}</Button>
        </div>
      ) : null}

      {error ? <Notice tone="error">{error}</Notice> : null}
      <EditorContent editor={editor} className="adm-editor__content" />
      <p className="adm-muted adm-editor__help">{t('admin.editor.help')}</p>

      <AdminDialog title={form && def ? t(form.pos === null ? 'admin.block.insertTitle' : 'admin.block.editTitle', { label: t(def.label) }) : ''} isOpen={!!form} onClose={() => setForm(null)} wide>
        {form && FormView ? (
          <form className="adm-form adm-block-form" onSubmit={apply} noValidate>
            <FormView value={form.draft} onChange={(draft) => setForm({ ...form, draft })} errors={form.errors} />
            {form.errors.block ? <Notice tone="error">{form.errors.block}</Notice> : null}
            {Object.keys(form.errors).length ? <p className="adm-field__error">{t('admin.block.fixErrors')}</p> : null}
            <div className="adm-actions">
              <Button type="submit" variant="primary">
                {form.pos === null ? t('admin.block.insert') : t('admin.block.apply')}
              </Button>
              <Button onClick={() => setForm(null)}>{t('admin.cancel')}</Button>
            </div>
          </form>
        ) : null}
      </AdminDialog>

      <LinkDialog
        isOpen={linkOpen}
        initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
        onClose={() => {
          setLinkOpen(false);
          window.setTimeout(() => editor.commands.focus(), 50);
        }}
        onApply={(href) => {
          if (href) editor.chain().extendMarkRange('link').setLink({ href }).run();
          else editor.chain().extendMarkRange('link').unsetLink().run();
          setLinkOpen(false);
          window.setTimeout(() => editor.commands.focus(), 50);
        }}
      />
    </div>
  );
}

function LinkDialog({ isOpen, initial, onClose, onApply }: { isOpen: boolean; initial: string; onClose: () => void; onApply: (href: string) => void }) {
  const t = useT();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (isOpen) {
      setHref(initial);
      setError(undefined);
    }
  }, [isOpen, initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = href.trim();
    if (!value) return onApply('');
    const withScheme = /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(value) && !/^[a-z]+:/i.test(value) ? `https://${value}` : value;
    const safe = safeHref(withScheme);
    if (!safe) return setError(t('admin.editor.badLink'));
    onApply(safe);
  };
  return (
    <AdminDialog title={t('admin.editor.linkTitle')} isOpen={isOpen} onClose={onClose}>
      <form className="adm-form" onSubmit={submit}>
        <TextField label={t('admin.editor.linkUrl')} hint={t('admin.editor.linkHint')} value={href} onChange={(e) => setHref(e.target.value)} error={error} autoFocus inputMode="url" />
        <div className="adm-actions">
          <Button type="submit" variant="primary">
            {t('admin.editor.linkApply')}
          </Button>
          {initial ? <Button onClick={() => onApply('')}>{t('admin.editor.linkRemove')}</Button> : null}
          <Button onClick={onClose}>{t('admin.cancel')}</Button>
        </div>
      </form>
    </AdminDialog>
  );
}

