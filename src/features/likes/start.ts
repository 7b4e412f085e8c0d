import { postState } from '../engagement/state.ts';
import type { LikeButtonProps } from './LikeButton.tsx';

/**
 * The like button before React (its island's start, `ui/islands.ts`): the server's markup is the
 * anonymous state of the cached page (not liked, the count of the render), which is right for most
 * visitors. The visitor's own state is asked for at idle (one batched call for the page's posts,
 * `engagement/state.ts`); only when it differs (liked, or a newer count) does the button hydrate to
 * show it. A click before that hydrates it and is replayed (`ui/client/islands.ts`), and the first
 * toggle brings every other like button of the page along (`store.ts`).
 */
export function startLike(props: LikeButtonProps, _el: HTMLElement, hydrate: () => void): void {
  void postState(props.postId).then((s) => {
    if (s && (s.liked || s.likes !== props.count)) hydrate();
  });
}
