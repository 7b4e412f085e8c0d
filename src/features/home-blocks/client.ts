/**
 * Block-heading category lists that overflow into a "More" dropdown: the script
 * (./overflow.client.ts) is loaded only on pages that have such a list.
 */
import { enhance } from '../../ui/client/enhance.ts';

let script: Promise<typeof import('./overflow.client.ts')> | null = null;

enhance('ul.block-heading__cats[data-overflow-more]', (list) => {
  script ??= import('./overflow.client.ts');
  script.then((m) => m.initOverflowMore(list)).catch((err: unknown) => console.error('[masthead] block heading script:', err));
});
