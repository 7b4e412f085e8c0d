import type { ComponentType, JSX } from 'react';
import type { IslandName } from './islands.ts';
import type { Slots } from './slot.ts';

/**
 * When an island hydrates (the `client:*` directives of Astro): `idle` once the browser is idle,
 * `visible` when it comes within 200 px of the viewport, `media` when a media query matches;
 * `interaction` at the visitor's first pointer over it, press, focus or key inside it (what they
 * did meanwhile is replayed: `ui/client/islands.ts`), for a widget whose server markup needs nothing
 * until it is used; `demand` when a store module asks for it (`ui/client/island-demand.ts`).
 */
export type IslandWhen = 'idle' | 'visible' | 'interaction' | 'demand' | `media:${string}`;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'masthead-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { 'data-island': string; 'data-when': string; 'data-props': string };
    }
  }
}

/**
 * A React island inside a server-rendered React tree. Astro's `client:*` directives only exist in
 * `.astro` templates, and our widgets sit deep inside React trees (an article, a block, the
 * header), so islands are marked here and hydrated by `ui/client/islands.ts`: the server renders
 * `<masthead-island>` (display: contents) around the component's own markup with its props as
 * JSON; the browser loads the component's chunk from the registry (`ui/islands.ts`) and hydrates
 * that markup with the same props. Props must therefore be plain JSON (strings, numbers, arrays,
 * objects; no functions: pass translated strings, not `t`).
 *
 * `replayLinks`: a plain click on one of the island's links before it is hydrated waits for it
 * and is replayed (a gallery's links open its lightbox), rather than followed at once.
 *
 * `slots` is server-rendered content the component places but does not own (the slides of a
 * slider, the cards of a grid): React nodes here, rendered once into the page and never into the
 * props; in the browser the component gets each slot back as that same HTML (see `ui/slot.ts`).
 */
export function Island<P extends object>({ name, of: Component, when, props, slots, replayLinks }: { name: IslandName; of: ComponentType<P>; when: IslandWhen; props: P; slots?: Slots; replayLinks?: boolean }): JSX.Element {
  return (
    <masthead-island data-island={name} data-when={when} data-props={JSON.stringify(props)} data-replay-links={replayLinks ? '' : undefined}>
      <Component {...props} {...((slots ? { slots } : {}) as Partial<P>)} />
    </masthead-island>
  );
}
