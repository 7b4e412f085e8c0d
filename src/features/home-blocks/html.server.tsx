import type { Runtime } from '../../server/runtime.server.ts';
import type { Settings } from '../site/settings.ts';
import type { Translate } from '../../i18n/index.ts';
import { staticHtml } from '../../ui/static-html.server.ts';
import { HomeBlocks } from './HomeBlocks.tsx';
import { loadHomeBlocks } from './load.server.ts';

/**
 * The home page's blocks as HTML, rendered once per content version: they depend only on the
 * settings (the blocks, the locale), the translator and their data (`loadHomeBlocks`, memoised
 * the same way). Rendering them was the largest part of an uncached home page (~0.9 ms of React
 * per request); the bytes are those of the component in the template (ui/static-html.server.ts).
 */
export function homeBlocksHtml(runtime: Runtime, settings: Settings, t: Translate): Promise<string> {
  return runtime.memo('html:home-blocks', async () => staticHtml(<HomeBlocks blocks={await loadHomeBlocks(runtime, settings.home.blocks)} t={t} locale={settings.site.locale} />));
}
