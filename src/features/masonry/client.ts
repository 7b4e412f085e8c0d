/**
 * The masonry behaviour of the page (SPEC 9): the home masonry block (`.masonry[data-masonry]`)
 * and masonry galleries (`.gallery--masonry`). Without script the home block is a plain grid and
 * the gallery CSS columns; with it each becomes a masonry grid (features/masonry/masonry.ts, which
 * also lays out items added to it later). A component that owns a masonry grid can call
 * `masonry(element)` itself with its ref. The layout code is a chunk of its own, loaded by the
 * first masonry grid a page has (most pages have none).
 */
import { enhance } from '../../ui/client/enhance.ts';

enhance('.masonry[data-masonry], .gallery--masonry', (grid) => {
  import('./masonry.ts')
    .then((m) => void m.masonry(grid))
    .catch((err: unknown) => console.error('[masthead] masonry:', err));
});
