import { islands, type IslandName } from '../islands.ts';
import { readSlots } from '../slot.ts';

/**
 * Hydrates one `<masthead-island>` (see `ui/Island.tsx`): loads React and the island's component
 * (its own chunk) and hydrates the server's markup with the props the server wrote.
 */
export async function hydrateIsland(el: HTMLElement, onRoot?: () => void): Promise<void> {
  const name = el.dataset.island as IslandName;
  const load = islands[name];
  if (!load) throw new Error(`unknown island "${name}"`);
  const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
  const [{ hydrateRoot }, { createElement, startTransition, useEffect }, Component] = await Promise.all([import('react-dom/client'), import('react'), load()]);
  // server-rendered slots come back as the HTML the page holds now (ui/slot.ts): read right before
  // React takes over, as document-wide behaviours (lazy loading) may have changed it meanwhile
  const slots = readSlots(el);
  if (Object.keys(slots).length) props.slots = slots;
  // resolves once React has taken the markup over (its effects ran); renders no DOM of its own
  let done!: () => void;
  const hydrated = new Promise<void>((resolve) => (done = resolve));
  function Hydrated() {
    useEffect(() => {
      el.dataset.hydrated = '1';
      done();
    }, []);
    return createElement(Component as never, props as never);
  }
  // as a transition, React hydrates in slices of a few milliseconds and lets the browser paint and
  // answer input between them (a default-priority hydration is one long task per island); an event
  // on the island meanwhile hydrates it at once (React's selective hydration)
  startTransition(() => {
    hydrateRoot(el, createElement(Hydrated), {
      onRecoverableError: (err) => console.error(`[masthead] island ${name}:`, err),
    });
  });
  // from here React listens on the island itself (it replays what arrives while it hydrates)
  onRoot?.();
  await hydrated;
}
