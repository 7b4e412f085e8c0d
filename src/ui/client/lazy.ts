/**
 * `enhanceLazy(selector, () => import('./module.ts'), (m, el) => m.init(el))`: like `enhance`, but the
 * behaviour's code is a separate chunk fetched only when a matching element is on the page (now or
 * later), so pages without it load nothing for it (NOTES: nothing is loaded "just in case").
 */
import { enhance } from './enhance.ts';

export function enhanceLazy<M>(selector: string, load: () => Promise<M>, init: (mod: M, el: HTMLElement) => void): void {
  let mod: Promise<M> | null = null;
  enhance(selector, (el) => {
    mod ??= load();
    mod.then((m) => init(m, el)).catch((err: unknown) => console.error(`[masthead] ${selector}:`, err));
  });
}
