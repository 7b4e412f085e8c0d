import type { ReactNode } from 'react';

/**
 * Slots of an island (see `ui/Island.tsx`): server-rendered content that a component places but
 * does not own, such as the slides of a slider or the cards of a grid. On the server a slot is a
 * React node, rendered in place. In the browser it is the HTML the server rendered there, read back
 * from the page by the island runtime (`ui/client/hydrate.ts`) and given to React as
 * `dangerouslySetInnerHTML`: React hydrates the element that holds it and leaves its inside alone,
 * so the slot's content is neither sent twice nor needed as JavaScript.
 */
export type SlotContent = ReactNode | { __html: string };
export type Slots = Record<string, SlotContent>;

const isHtml = (c: SlotContent): c is { __html: string } => typeof c === 'object' && c !== null && '__html' in c && typeof c.__html === 'string';

/**
 * Props that make an element the holder of slot `name`: spread them on the element
 * (`<div {...slot(slots, 'slide-0')} className="…" />`).
 */
export function slot(slots: Slots | undefined, name: string): { 'data-slot': string; children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } } {
  const content = slots?.[name];
  if (content !== undefined && isHtml(content)) return { 'data-slot': name, dangerouslySetInnerHTML: content };
  return { 'data-slot': name, children: content as ReactNode };
}

/** The slots of an island's markup (browser): each `[data-slot]` holder that belongs to this island, by name. */
export function readSlots(island: HTMLElement): Record<string, { __html: string }> {
  const out: Record<string, { __html: string }> = {};
  for (const el of island.querySelectorAll<HTMLElement>('[data-slot]')) {
    // not a slot of an island or slot nested inside this one
    if (el.parentElement?.closest('[data-slot], masthead-island') !== island) continue;
    out[el.dataset.slot!] = { __html: el.innerHTML };
  }
  return out;
}
