/**
 * Contact forms: the form script is loaded only on pages that have a form (`.wpcf7`), now or
 * later (appended posts), so other pages stay light. See ./wpcf7.ts.
 */
import { enhance } from '../../ui/client/enhance.ts';

let script: Promise<typeof import('./wpcf7.ts')> | null = null;

enhance('.wpcf7', (wrapper) => {
  script ??= import('./wpcf7.ts');
  script.then((m) => m.start(wrapper)).catch((err: unknown) => console.error('[masthead] contact form script:', err));
});
