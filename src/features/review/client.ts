/** Review bars, pie charts and counters (review/charts.ts), loaded only on pages that show them. */
import { enhanceLazy } from '../../ui/client/lazy.ts';

const charts = () => import('./charts.ts');
enhanceLazy('.review-bar__fill[data-width]', charts, (m, el) => m.initBar(el));
enhanceLazy('.pie-chart[data-percent]', charts, (m, el) => m.initPie(el));
enhanceLazy('.counter[data-count]', charts, (m, el) => m.initCounter(el));
