import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import { Image } from '../../ui/Image.tsx';
import { sanitizeInline } from '../post/sanitize.ts';

type SmartListBlock = Extract<Block, { type: 'smartlist' }>;

/** Numbered list article with a dropdown that jumps to an item (the script navigates on change). */
export function SmartList({ block, ctx }: { block: SmartListBlock; ctx: RenderContext }) {
  const selectId = `smartlist-${ctx.postId}`;
  return (
    <div className="smartlist">
      <div className="smartlist__nav" data-smartlist-nav="">
        <label htmlFor={selectId}>{ctx.t('smartlist.jump')}</label>
        <select id={selectId} name="item" defaultValue="">
          <option value="" disabled>
            {ctx.t('smartlist.choose')}
          </option>
          {block.items.map((item, i) => (
            <option key={item.anchor} value={`${ctx.postUrl}#${item.anchor}`}>
              {i + 1}. {item.title}
            </option>
          ))}
        </select>
      </div>
      <ol className="smartlist__items">
        {block.items.map((item) => {
          const img = item.media ? ctx.media[item.media] : undefined;
          return (
            <li key={item.anchor} id={item.anchor} className="smartlist__item">
              <h2 className="smartlist__title">{item.title}</h2>
              {img ? <Image media={img} sizes="(min-width: 820px) 760px, 100vw" /> : null}
              <p dangerouslySetInnerHTML={{ __html: sanitizeInline(item.html) }} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
