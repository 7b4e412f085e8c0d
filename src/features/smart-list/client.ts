/** Smart-list dropdown (smart-list/nav.ts), loaded only where a smart list is shown. */
import { enhanceLazy } from '../../ui/client/lazy.ts';

enhanceLazy('[data-smartlist-nav] select', () => import('./nav.ts'), (m, el) => m.initSmartListSelect(el));
