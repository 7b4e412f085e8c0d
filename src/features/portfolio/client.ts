/**
 * Portfolio grid behaviour (filter, load more, infinite mode): its script (./grid.client.ts) is
 * loaded only on pages that have a grid, so other pages stay light.
 */
import { enhance } from '../../ui/client/enhance.ts';

let script: Promise<typeof import('./grid.client.ts')> | null = null;

enhance('.portfolio[data-filter]', (root) => {
  script ??= import('./grid.client.ts');
  script.then((m) => m.initPortfolio(root)).catch((err: unknown) => console.error('[masthead] portfolio script:', err));
});
