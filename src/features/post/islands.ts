/**
 * Islands inside appended post blocks. Astro islands (`<astro-island>`) hydrate by themselves when
 * connected, provided the page has the `astro-island` element definition and the loader of each
 * `client:*` directive. Astro writes those as inline scripts only before the first island of a
 * page, so a page whose own islands use other directives (or none) lacks them, and inline copies
 * from the fetched page neither run when inserted nor pass the hash-based CSP. The missing pieces
 * are loaded here as a same-origin module chunk, only when an appended block needs them.
 */
type AstroGlobal = Record<string, unknown>;

export function missingIslandRuntime(directives: readonly string[], win: { Astro?: AstroGlobal; customElements?: CustomElementRegistry } = self as never) {
  const astro = win.Astro ?? {};
  return {
    directives: directives.filter((d) => typeof astro[d] !== 'function'),
    element: !win.customElements?.get('astro-island'),
  };
}

export async function ensureIslands(directives: readonly string[]): Promise<void> {
  if (!directives.length) return;
  const missing = missingIslandRuntime(directives);
  if (!missing.directives.length && !missing.element) return;
  const { install } = await import('./island-runtime.ts');
  await install(missing.directives, missing.element);
}
