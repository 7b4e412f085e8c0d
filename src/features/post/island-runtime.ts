/**
 * Astro's island runtime as a lazily loaded module (see islands.ts): the client directive loaders
 * and the `astro-island` custom element, the same code Astro inlines into pages.
 */
import visible from 'astro/runtime/client/visible.js';
import idle from 'astro/runtime/client/idle.js';
import load from 'astro/runtime/client/load.js';
import media from 'astro/runtime/client/media.js';
import only from 'astro/runtime/client/only.js';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

const loaders: Record<string, unknown> = { visible, idle, load, media, only };

export async function install(directives: readonly string[], element: boolean): Promise<void> {
  const w = self as unknown as { Astro?: Record<string, unknown> };
  const astro = (w.Astro ??= {});
  for (const d of directives) {
    const loader = loaders[d];
    if (!loader || typeof astro[d] === 'function') continue;
    astro[d] = loader;
    // islands waiting for this directive start on this event (as after Astro's inline script)
    window.dispatchEvent(new Event(`astro:${d}`));
  }
  if (element && !customElements.get('astro-island')) {
    const style = document.createElement('style');
    style.textContent = ISLAND_STYLES;
    document.head.append(style);
    await import('astro/runtime/server/astro-island.js');
  }
}
