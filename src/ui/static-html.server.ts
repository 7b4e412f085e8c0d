import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

const RESOURCE_LINKS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;
const STATIC_SLOTS = /<\/?astro-static-slot\b[^>]*>/g;

/**
 * A React element rendered to HTML the way Astro renders a component without a `client:*`
 * directive (`@astrojs/react` with `experimentalDisableStreaming`: `renderToString`, then the
 * resource hints React hoists and the static-slot markers taken out), so a fragment rendered here
 * and placed with `set:html` is the same bytes as the component placed in the template. Used for
 * the parts of a page that are the same for a whole content version (features/navigation/chrome-html.server.tsx).
 */
export function staticHtml(element: ReactElement): string {
  return renderToString(element).replace(RESOURCE_LINKS, '').replace(STATIC_SLOTS, '');
}
