import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { useQuery } from '@tanstack/react-query';
import type { Block } from '../../features/post/blocks.ts';
import { api } from '../shell/api.ts';
import { useT } from '../shell/i18n.tsx';
import { Thumb } from '../media/MediaGrid.tsx';
import { editorOf } from './registry.tsx';
import type { AtomStorage } from './extensions.ts';

/**
 * How a structured block looks in the editor: its kind, a one-line summary, thumbnails of its
 * images, and buttons to edit (its form) or remove it. Selected with the keyboard (arrows), Enter
 * opens the form; the grip drags it elsewhere.
 */
export function BlockCard({ node, editor, getPos, selected, deleteNode }: ReactNodeViewProps) {
  const t = useT();
  const block = node.attrs.block as Block | null;
  const def = block ? editorOf(block.type) : null;
  const ids = block && def?.kind === 'form' && def.media ? def.media(block).filter(Boolean) : [];
  const media = useQuery({ queryKey: ['media.many', ids], queryFn: () => api('media.many', { ids }), enabled: ids.length > 0 });
  if (!block || !def) return <NodeViewWrapper className="adm-block adm-block--broken">{t('admin.block.unknown')}</NodeViewWrapper>;
  const label = t(def.label);
  const summary = def.kind === 'form' ? def.summary(block, t) : '';
  const edit = () => {
    const pos = getPos();
    const storage = (editor.storage as unknown as Record<string, AtomStorage>).mastheadBlock;
    if (typeof pos === 'number') storage?.onEdit?.(pos);
  };
  return (
    <NodeViewWrapper className={`adm-block${selected ? ' is-selected' : ''}`} data-block-type={block.type}>
      <div className="adm-block__inner" contentEditable={false}>
        <span className="adm-block__grip" data-drag-handle="" aria-hidden="true" title={t('admin.block.drag')}>
          ⠿
        </span>
        <div className="adm-block__text">
          <span className="adm-block__type">{label}</span>
          {summary ? <span className="adm-block__summary">{summary}</span> : null}
          {ids.length ? (
            <span className="adm-block__thumbs">
              {ids.slice(0, 6).map((id) => {
                const m = media.data?.[id];
                return m ? <Thumb key={id} media={m} size={120} /> : null;
              })}
              {ids.length > 6 ? <span className="adm-muted">+{ids.length - 6}</span> : null}
            </span>
          ) : null}
        </div>
        <div className="adm-block__tools">
          <button type="button" className="adm-btn" onClick={edit}>
            {t('admin.block.edit', { label })}
          </button>
          <button type="button" className="adm-btn adm-btn--ghost" onClick={() => deleteNode()} aria-label={t('admin.block.removeNamed', { label })}>
            {t('admin.block.remove')}
          </button>
        </div>
      </div>
    </NodeViewWrapper>
  );
}
