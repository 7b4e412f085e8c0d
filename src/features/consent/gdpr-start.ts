import { readGdprOpen } from './gdpr.ts';

/**
 * The GDPR bar before React (its island's start, `ui/islands.ts`): the server renders it open, the
 * state of a first visit, which needs no component until the visitor uses it. A browser that closed
 * it hydrates it at idle to show it closed (until then it is invisible, global.css).
 */
export function startGdprBar(_props: unknown, _el: HTMLElement, hydrate: () => void): void {
  if (!readGdprOpen()) hydrate();
}
