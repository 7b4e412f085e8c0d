/**
 * The masonry behaviour of the page (SPEC 9): the home masonry block (`.masonry[data-masonry]`)
 * and masonry galleries (`.gallery--masonry`). Without script the home block is a plain grid and
 * the gallery CSS columns; with it each becomes a masonry grid (features/masonry/masonry.ts, which
 * also lays out items added to it later). A component that owns a masonry grid can call
 * `masonry(element)` itself with its ref.
 */
import { enhance } from '../../ui/client/enhance.ts';
import { masonry } from './masonry.ts';

enhance('.masonry[data-masonry], .gallery--masonry', (grid) => void masonry(grid));
