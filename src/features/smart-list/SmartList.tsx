import type { Block } from '../post/blocks.ts';
import type { RenderContext } from '../post/render-context.ts';
import { Image } from '../../ui/Image.tsx';
import { sanitizeInline } from '../post/sanitize.ts';
import { Island } from '../../ui/Island.tsx';
import { SmartListNav } from './SmartListNav.tsx';

type SmartListBlock = Extract<Block, { type: 'smartlist' }>;

/** Numbered list article with a dropdown (the `smart-list` island) that navigates to an item. */
export function SmartList({ block, ctx }: { block: SmartListBlock; ctx: RenderContext }) {
  return (
    <div className="smartlist">
      <Island
        name="smart-list"
        of={SmartListNav}
        when="idle"
        props={{ postId: ctx.postId, jump: ctx.t('smartlist.jump'), choose: ctx.t('smartlist.choose'), items: block.items.map((item, i) => ({ url: `${ctx.postUrl}#${item.anchor}`, label: `${i + 1}. ${item.title}` })) }}
      />
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
