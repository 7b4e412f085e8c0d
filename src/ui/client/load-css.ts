/**
 * Adds a stylesheet once and resolves when it has loaded. For the CSS of libraries loaded on
 * demand: imported as `…css?url`, so the bundler does not hoist it into every page's stylesheets.
 */
const loaded = new Map<string, Promise<void>>();

export function loadCss(href: string): Promise<void> {
  let p = loaded.get(href);
  if (!p) {
    p = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      // a missing stylesheet must not block the feature: resolve either way
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
      document.head.append(link);
    });
    loaded.set(href, p);
  }
  return p;
}
