/** Star rating on posts: the widget's code (rating/widget.ts) loads only where a rating is shown. */
import { enhanceLazy } from '../../ui/client/lazy.ts';

enhanceLazy('.star-rating[data-postid]', () => import('./widget.ts'), (m, el) => m.initRating(el));
